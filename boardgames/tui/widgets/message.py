"""A one- or two-line message under a form or list: errors marked with a cross, notices plain."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from boardgames.tui.asciimode import asciify


class MessageLine(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        #: the text shown now, for tests and screen readers
        self.text = ""
        self.error = True

    def show(self, text: str, error: bool = True) -> None:
        if text == self.text and (error == self.error or not text):
            return  # shown already: no layout (a screen clears its message before each action)
        self.text, self.error = text, error
        out = Text()
        if text:
            ascii = getattr(self.app, "ascii", False)
            out.append(("! " if ascii else "✗ ") if error else "", style="bold red")
            out.append(asciify(text) if ascii else text, style="red" if error else "")
        self.update(out)
