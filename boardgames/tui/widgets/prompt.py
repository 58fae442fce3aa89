"""The prompt bar: what the current player must decide, and the last message."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class PromptBar(Static):
    """Two lines: the prompt (bold) and a message; errors carry a mark, not only a colour."""

    DEFAULT_CSS = """
    PromptBar { height: 2; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.prompt = ""
        self.message = ""
        self.error = False

    def set_prompt(self, prompt: str) -> None:
        self.prompt = prompt
        self._redraw()

    def set_message(self, message: str, error: bool = False) -> None:
        self.message = message
        self.error = error
        self._redraw()

    def _redraw(self) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(self.prompt, style="bold")
        if self.message:
            text.append("\n")
            if self.error:
                text.append("! " if self.ascii else "✗ ", style="bold red")
                text.append(self.message, style="red")
            else:
                text.append(self.message, style="italic")
        self.update(text)
