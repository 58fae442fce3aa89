"""What every shell screen shares: the size guard and the message line."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import ModalScreen, Screen

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
