"""The log panel: one line per move, naming the player who made it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from boardgames.tui.asciimode import asciify


class LogPanel(RichLog):
    """A scrolling log. ``set_lines`` redraws only what changed (undo shortens the log)."""

    DEFAULT_CSS = """
    LogPanel { height: 1fr; min-height: 2; background: $surface; scrollbar-size-vertical: 1; }
    """

    def __init__(self, names: list[str] | None = None, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20, id=id)
        self.ascii = ascii
        self.can_focus = False
        self.names = sorted((asciify(n) if ascii else n for n in names or []), key=len, reverse=True)
        self.shown: list[str] = []
        self._written_width = 0

    def styled(self, line: str) -> Text:
        """A log line as plain text (never markup), its leading player name in bold."""
        text = Text(asciify(line) if self.ascii else line)
        for name in self.names:
            if text.plain.startswith(name):
                text.stylize("bold", 0, len(name))
                break
        return text

    def set_lines(self, lines: list[str]) -> None:
        if lines[: len(self.shown)] == self.shown:
            new = lines[len(self.shown):]
        else:
            self.clear()
            self.shown = []
            new = lines
        for line in new:
            self.write(self.styled(line), scroll_end=True)
        self.shown = list(lines)
        self._written_width = self.size.width

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at the new width (lines keep the width they were written at)."""
        if event.size.width != self._written_width and self.shown:
            lines, self.shown = self.shown, []
            self.clear()
            self.set_lines(lines)
        self.scroll_end(animate=False)
