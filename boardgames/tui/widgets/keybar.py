"""A one-line footer with the keys that work now; clicking a key presses it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from boardgames.tui.asciimode import asciify


class KeyBar(Widget):
    """Shows (key, label) pairs; when the line is too narrow it drops the last optional ones.

    ``keep`` hints (help, menu, save...) always stay, at the end of the line:
    a long list of board keys must not push them out.
    """

    DEFAULT_CSS = """
    KeyBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.optional: list[tuple[str, str]] = []
        self.keep: list[tuple[str, str]] = []
        #: (start column, end column, key to press) for clicks
        self._spans: list[tuple[int, int, str]] = []

    def set_hints(self, hints: list[tuple[str, str]], keep: list[tuple[str, str]] | None = None) -> None:
        keep = list(keep or [])
        if hints != self.optional or keep != self.keep:
            self.optional = list(hints)
            self.keep = keep
            self.refresh()

    @property
    def hints(self) -> list[tuple[str, str]]:
        """Every hint given, shown or not: the optional ones, then the kept ones."""
        return self.optional + self.keep

    @staticmethod
    def width_of(hint: tuple[str, str]) -> int:
        key, label = hint
        return len(key) + len(label) + 3

    def shown(self, width: int) -> list[tuple[str, str]]:
        """The hints that fit in ``width`` columns, in order: optional ones first, the kept ones last."""
        room = width - sum(self.width_of(h) for h in self.keep)
        optional = []
        for hint in self.optional:
            if self.width_of(hint) > room:
                break
            optional.append(hint)
            room -= self.width_of(hint)
        return optional + self.keep

    def render(self) -> Text:
        width = self.size.width or 80
        text = Text(no_wrap=True, overflow="crop")
        self._spans = []
        plain = asciify if getattr(self.app, "ascii", False) else str
        for key, label in self.shown(width):
            start = text.cell_len
            text.append(" ")
            text.append(f" {plain(key)} ", style="bold reverse")
            text.append(plain(label))
            self._spans.append((start, text.cell_len, key))
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                press = PRESS.get(key, key.lower())
                if press:
                    self.app.simulate_key(press)
                return


#: the key names to simulate for the labels used in hints
PRESS = {
    "Enter": "enter",
    "Esc": "escape",
    "?": "question_mark",
    "^s": "ctrl+s",
    "S": "S",
    "L": "L",
    "←→": "",
    "↑↓": "",
    "←→↑↓": "",
    "up/down": "",
    "Left/Right": "",
}
