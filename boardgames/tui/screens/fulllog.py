"""The whole log of a game in one scrollable screen (``L`` on the game screen), newest move at the bottom."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from boardgames.tui.asciimode import asciify
from boardgames.tui.i18n import _
from boardgames.tui.screens.base import SCROLL_BINDINGS, BaseModal, ScrollKeys
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.log import LogPanel
from boardgames.tui.widgets.rendered import Rendered


class FullLogScreen(ScrollKeys, BaseModal):
    """Every log line of the game (names in bold, never read as markup); Escape, q or L closes it."""

    BINDINGS = [
        Binding("escape,q,L", "close", show=False),
        *SCROLL_BINDINGS,
    ]

    AUTO_FOCUS = "#full-log"

    DEFAULT_CSS = """
    FullLogScreen { align: center middle; }
    FullLogScreen #log-box { width: 100%; height: 100%; background: $surface; }
    FullLogScreen #full-log-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    FullLogScreen #full-log { padding: 0 1; }
    """

    def __init__(self, title: str, names: list[str], lines: list[str], ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii
        self.title_text = title
        self.lines = list(lines)
        styler = LogPanel(names, ascii=ascii)
        body = [styler.styled(line) for line in self.lines] or [Text(_("No move has been made yet."), style="dim")]
        self.body = Group(*body)

    def compose(self) -> ComposeResult:
        ascii = self.ascii
        title = _("Log of {title}: {n} lines", title=self.title_text, n=len(self.lines))
        yield Static(Text(asciify(title) if ascii else title), id="full-log-title")
        yield Rendered(self.body, id="full-log")
        bar = KeyBar()
        bar.set_hints([(_("up/down") if ascii else "↑↓", _("scroll")), ("Home/End", _("first/last")),
                       ("Esc", _("close"))])
        yield bar

    @property
    def log_view(self) -> Rendered:
        return self.query_one("#full-log", Rendered)

    def on_mount(self) -> None:
        self.call_after_refresh(self.action_ends, True)  # the latest moves first

    def action_close(self) -> None:
        self.dismiss()

    def scroll_target(self) -> Widget:
        return self.log_view
