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

    def show(self, text: str, error: bool = True) -> None:
        self.text = text
        out = Text()
        if text:
            ascii = getattr(self.app, "ascii", False)
            out.append(("! " if ascii else "✗ ") if error else "", style="bold red")
            out.append(asciify(text) if ascii else text, style="red" if error else "")
        self.update(out)
