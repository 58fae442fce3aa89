"""What every shell screen shares: the size guard and the message line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from boardgames.tui.widgets.message import MessageLine

if TYPE_CHECKING:
    from textual import getters

    from boardgames.tui.app import BoardgamesApp

    class ShellNode(Screen[Any]):
        """What the mixins below are mixed into, for the type checker: a screen of the shell's app."""

        app = getters.app(BoardgamesApp)
else:
    ShellNode = object

#: the smallest terminal the shell draws in; below it the too-small screen replaces the content
MIN_WIDTH, MIN_HEIGHT = 80, 24


class SizeGuard(ShellNode):
    """Mixin for screens: ask the app to check the terminal size after every resize."""

    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)
        if check is not None:
            check()


async def _nothing() -> None:
    return None


class LiveGuard(ShellNode):
    """Mixin for screens: fast typing must not run anything on a screen that is closing or gone.

    Keys queued for a screen that was dismissed meanwhile, its key actions, its set-up (``on_mount``) when it
    was closed before it got to run and its return to the top (``on_screen_resume``) when it is closing, are
    dropped: the widgets those handlers use may be gone already (the app quitting removes every screen's
    widgets, the stack still standing). A second dismissal (two keys that each answer) does nothing instead of
    closing the screen below too.
    """

    _dismissed = False
    #: made ahead, off screen (tui/kept.py): its set-up runs though it is not in the stack of screens
    made_ahead = False
    #: the theme the screen's styles were last worked out for
    _styled_for = ""

    @property
    def is_live(self) -> bool:
        """Still in the app's stack of screens, attached, and neither dismissed nor closing (its widgets being
        removed)."""
        if self._dismissed or self._closing or self._closed or self._pruning or not self.is_attached:
            return False
        try:
            return self.app.is_running and self in self.app.screen_stack
        except Exception:  # noqa: BLE001 - no app (any more)
            return False

    async def _on_message(self, message: Message) -> None:
        if isinstance(message, events.Compose) and isinstance(self, Screen):
            # Textual's refresh timer waits one whole period (1/60 s) before its first run: begun while the
            # screen composes, that wait is over by the time its first frame is ready
            self._update_timer.resume()
            self._styled_for = self.app.theme  # its styles are worked out as it mounts
        elif isinstance(message, events.ScreenResume):
            # shown (again): its styles are worked out anew only when the theme changed since
            if message.refresh_styles and self._styled_for == self.app.theme:
                message.refresh_styles = False
            self._styled_for = self.app.theme
        if isinstance(message, (events.Mount, events.Key, events.ScreenResume)) and not self.is_live:
            ahead = isinstance(message, events.Mount) and self.made_ahead and self.is_attached
            if not ahead or self._closing or self._closed or self._pruning or not self.app.is_running:
                return
        await super()._on_message(message)

    def reopen(self) -> None:
        """Pushed again after a dismissal (a kept screen, tui/kept.py): live again."""
        self._dismissed = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._dismissed or not self.is_live:
            return AwaitComplete(_nothing())
        self._dismissed = True
        return super().dismiss(result)


ResultT = TypeVar("ResultT")


class BaseScreen(LiveGuard, SizeGuard, Screen[ResultT]):
    def message(self, text: str, error: bool = True) -> None:
        """Show ``text`` in the screen's MessageLine (screens that take input have one)."""
        self.query_one(MessageLine).show(text, error)

    @property
    def last_message(self) -> str:
        return self.query_one(MessageLine).text


class BaseModal(LiveGuard, SizeGuard, ModalScreen[ResultT]):
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
