"""The whole log of a game in one scrollable screen (``L`` on the game screen), opened at the newest move.

It costs the same late in a long game as early: see :class:`FullLog`. It covers the whole screen, opaque, so the
board under it is not drawn again with each of its frames; the game screen keeps it and shows it again, and
makes it ahead (tui/kept.py, tui/helplog.py)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from boardgames.i18n import _, n_
from boardgames.tui.asciimode import asciify
from boardgames.tui.kept import lay_out_off_screen
from boardgames.tui.screens.base import SCROLL_BINDINGS, BaseModal, ScrollKeys
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.log import FullLog


class FullLogScreen(ScrollKeys, BaseModal):
    """Every log line of the game (names in bold, never read as markup); Escape, q or L closes it."""

    BINDINGS = [
        Binding("escape,q,L", "close", show=False),
        *SCROLL_BINDINGS,
    ]

    AUTO_FOCUS = "#full-log"

    DEFAULT_CSS = """
    FullLogScreen { align: center middle; background: $surface; }
    FullLogScreen #log-box { width: 100%; height: 100%; background: $surface; }
    FullLogScreen #full-log-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    FullLogScreen #full-log { height: 1fr; padding: 0 1; }
    """

    def __init__(self, title: str, names: list[str], lines: Sequence[str], ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii
        self.title_text = title
        #: the log's lines (a sequence that may build each one when asked: only the ones read are)
        self.lines = lines
        self.names = names
        #: the log widget, made when the screen was composed with lines; the lines may grow after (a bot moves
        #: while the screen is open), the widgets stay what compose made
        self.log_view: FullLog | None = None
        #: the number of lines the title counts
        self.counted = 0

    def title_line(self) -> Text:
        self.counted = len(self.lines)
        title = n_("Log of {title}: {n} line", "Log of {title}: {n} lines", self.counted, title=self.title_text)
        return Text(asciify(title) if self.ascii else title)

    def compose(self) -> ComposeResult:
        ascii = self.ascii
        yield Static(self.title_line(), id="full-log-title")
        if self.lines:
            self.log_view = FullLog(self.names, self.lines, ascii=ascii, id="full-log")
            yield self.log_view
        else:
            empty = _("No move has been made yet.")
            yield Static(Text(asciify(empty) if ascii else empty, style="dim"), id="full-log")
        bar = KeyBar()
        bar.set_hints([(_("up/down") if ascii else "↑↓", _("scroll")), ("Home/End", _("first/last")),
                       ("Esc", _("close"))])
        yield bar

    def on_mount(self) -> None:
        if self.made_ahead:  # laid out now, while the board is in front
            lay_out_off_screen(self)

    def shown_again(self, lines: Sequence[str]) -> bool:
        """Kept and opened again (tui/kept.py) on the log as it is now; False when the screen cannot show it (it
        was composed empty and the log has lines now, or the other way round): a new one is made instead."""
        if (self.log_view is None) != (not lines):
            return False
        self.lines = lines
        if len(lines) != self.counted:  # a new title lays the screen out again: only when the count changed
            self.query_one("#full-log-title", Static).update(self.title_line())
        if self.log_view is not None:
            self.log_view.show_lines(lines)
        return True

    def action_ends(self, end: bool) -> None:
        if self.log_view is not None:
            self.log_view.ends(end)

    def action_scroll(self, lines: int) -> None:
        if self.log_view is not None:
            self.log_view.scroll_rows(lines)

    def action_close(self) -> None:
        self.dismiss()

    def scroll_target(self) -> Widget:
        return self.log_view if self.log_view is not None else self.query_one("#full-log")
