"""A one-line footer with the keys that work now; clicking a key presses it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget


class KeyBar(Widget):
    """Shows (key, label) pairs; drops the last ones when the line is too narrow."""

    DEFAULT_CSS = """
    KeyBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hints: list[tuple[str, str]] = []
        #: (start column, end column, key to press) for clicks
        self._spans: list[tuple[int, int, str]] = []

    def set_hints(self, hints: list[tuple[str, str]]) -> None:
        if hints != self.hints:
            self.hints = list(hints)
            self.refresh()

    def render(self) -> Text:
        width = self.size.width or 80
        text = Text(no_wrap=True, overflow="crop")
        self._spans = []
        for key, label in self.hints:
            piece = len(key) + len(label) + 3
            if text.cell_len + piece > width:
                break
            start = text.cell_len
            text.append(" ")
            text.append(f" {key} ", style="bold reverse")
            text.append(f"{label}" if label else "")
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
    "←→": "",
    "↑↓": "",
    "←→↑↓": "",
}
