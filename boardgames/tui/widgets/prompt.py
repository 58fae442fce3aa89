"""The prompt bar: what the current player must decide, and the last message, both in full."""

from __future__ import annotations

from rich.text import Text
from textual.visual import visualize
from textual.widgets import Static

from boardgames.tui.asciimode import asciify


class PromptBar(Static):
    """The prompt (bold) and a message under it; errors carry a mark, not only a colour.

    Both wrap and the bar grows to show them whole (up to six lines): a long
    prompt must never push a message out of sight or cut it off.
    """

    DEFAULT_CSS = """
    PromptBar { height: auto; min-height: 2; max-height: 6; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.prompt = ""
        self.message = ""
        self.error = False
        self._rows: int | None = None

    def set_prompt(self, prompt: str) -> None:
        if prompt != self.prompt:
            self.prompt = prompt
            self._redraw()

    def set_message(self, message: str, error: bool = False) -> None:
        if (message, error) != (self.message, self.error):
            self.message = message
            self.error = error
            self._redraw()

    @property
    def text(self) -> str:
        """The prompt and the message as shown, for tests."""
        return self._content().plain

    def _content(self) -> Text:
        plain = asciify if self.ascii else str  # --ascii: names and rules text may hold other characters
        text = Text()
        text.append(plain(self.prompt), style="bold")
        if self.message:
            text.append("\n")
            if self.error:
                text.append("! " if self.ascii else "✗ ", style="bold red")
                text.append(plain(self.message), style="red")
            else:
                text.append(plain(self.message), style="italic")
        return text

    def _redraw(self) -> None:
        """Redraw the bar; a layout pass of the whole screen only when its height changes."""
        content = self._content()
        width = self.content_region.width
        rows = None
        if width:  # the height the bar takes (its CSS keeps it between two and six rows)
            # Textual's own Widget passes its styles here too; get_height's annotation asks for a RulesMap
            height = visualize(self, content, markup=False).get_height(self.styles, width)  # type: ignore[arg-type]
            rows = min(6, max(2, height))
        self.update(content, layout=rows is None or rows != self._rows)
        self._rows = rows
