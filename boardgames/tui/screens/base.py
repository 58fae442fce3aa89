"""What every shell screen shares: the size guard and the message line."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from boardgames.tui.widgets.message import MessageLine

#: the smallest terminal the shell draws in; below it the too-small screen replaces the content
MIN_WIDTH, MIN_HEIGHT = 80, 24


class SizeGuard:
    """Mixin for screens: ask the app to check the terminal size after every resize."""

    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)
        if check is not None:
            check()


ResultT = TypeVar("ResultT")


class BaseScreen(SizeGuard, Screen[ResultT]):
    def message(self, text: str, error: bool = True) -> None:
        """Show ``text`` in the screen's MessageLine (screens that take input have one)."""
        self.query_one(MessageLine).show(text, error)

    @property
    def last_message(self) -> str:
        return self.query_one(MessageLine).text


class BaseModal(SizeGuard, ModalScreen[ResultT]):
    pass


#: the keys of a screen that is one long scrolling text (help, the whole log)
SCROLL_BINDINGS = [
    Binding("up,k", "scroll(-1)", show=False),
    Binding("down,j", "scroll(1)", show=False),
    Binding("pageup", "scroll(-10)", show=False),
    Binding("pagedown,space", "scroll(10)", show=False),
    Binding("home", "ends(False)", show=False),
    Binding("end", "ends(True)", show=False),
]


class ScrollKeys:
    """The actions of SCROLL_BINDINGS, on the widget ``scroll_target()`` returns."""

    def scroll_target(self) -> Widget:
        raise NotImplementedError

    def action_ends(self, end: bool) -> None:
        if end:
            self.scroll_target().scroll_end(animate=False, immediate=True)
        else:
            self.scroll_target().scroll_home(animate=False, immediate=True)

    def action_scroll(self, lines: int) -> None:
        self.scroll_target().scroll_relative(y=lines, animate=False)
