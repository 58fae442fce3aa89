"""Screens built once and shown again: help, the whole log, the results, the lobby and Statistics.

Building a screen (composing its widgets, styling them, laying out its text) costs several key redraws;
pushing one already built costs about one frame. So a screen a player opens again and again is kept installed
on the app under a name and pushed again, brought up to date first by the caller (help's keys that work now,
the log's new lines). Screens kept for a game screen are forgotten with it.

So that even the first opening is a showing again, a screen may be made ahead (``prepare``): a moment after the
screen that opens it has shown its first frame, while the player looks at it, the screen is composed and mounted
off screen; what it reads (the history, the lobby's tables) it reads then, in a worker thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App
from textual.screen import Screen

from boardgames.tui.screens.base import LiveGuard

S = TypeVar("S", bound=Screen[Any])

#: seconds between a screen's layouts off screen (the widgets resized by one take it in meanwhile)
SETTLE = 0.05


def lay_out_off_screen(screen: Screen[Any]) -> None:
    """A moment from now, lay ``screen``, which is not on screen, out at the app's size (its texts measured and
    wrapped), twice (the widgets take in the sizes the first gave them meanwhile), then draw each of its widgets
    once and write the whole out as for a terminal (thrown away), so that showing it next only puts together what
    is drawn. Textual lays a screen out and draws it only as it is shown, and has no public call for sooner."""

    def step(passes: int) -> None:
        if not screen.is_attached or screen in screen.app.screen_stack:
            return  # shown meanwhile: laid out as it is shown
        if passes:
            screen._refresh_layout(screen.app.size)
            screen._layout_required = False  # done here: not again when it is shown
            # its refresh timer's first period passes now (it starts at the timer's first run), not at its showing
            screen._update_timer.resume()
            screen.set_timer(SETTLE, lambda: step(passes - 1))
        else:  # drawn, and written out as for a terminal (Rich keeps each style's escape codes once made)
            screen._compositor.render_full_update().render_segments(screen.app.console)

    screen.set_timer(SETTLE, lambda: step(2))


class KeptScreens:
    """The app's kept screens, by name (``"<owner>:<what>"``: the owner is the screen that opened it)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.screens: dict[str, Screen[Any]] = {}

    @staticmethod
    def name(owner: object, what: str) -> str:
        return f"{id(owner)}:{what}"

    def has(self, owner: object, what: str) -> bool:
        """Whether a screen is kept (or made ahead) for ``owner`` as ``what``."""
        return self.name(owner, what) in self.screens

    def get(self, name: str, kind: type[S]) -> S | None:
        """The screen kept under ``name``, when it is a ``kind`` and not on screen now."""
        screen = self.screens.get(name)
        if not isinstance(screen, kind) or screen in self.app.screen_stack:
            return None
        return screen

    def open(self, owner: object, what: str, kind: type[S], build: Callable[[], S],
             again: Callable[[S], bool]) -> None:
        """Show the screen ``owner`` keeps as ``what``: the kept one brought up to date by ``again`` (False when
        it cannot be, and a new one is needed), or a new one from ``build``."""
        name = self.name(owner, what)
        screen = self.get(name, kind)
        if screen is None or not again(screen):
            screen = build()
        self.show(name, screen)

    def prepare(self, owner: object, what: str, build: Callable[[], Screen[Any]]) -> None:
        """Make the screen ``owner`` shows as ``what`` now, off screen, unless one is kept already: composed and
        mounted, it is then opened as one shown before (``open`` still brings it up to date)."""
        name = self.name(owner, what)
        if name in self.screens or not getattr(self.app, "prepares_ahead", True):  # BoardgamesApp's switch
            return
        screen = build()
        if isinstance(screen, LiveGuard):
            screen.made_ahead = True  # its set-up runs, off screen
        self.app.install_screen(screen, name)
        self.screens[name] = screen
        # Textual mounts an installed screen only when it is first pushed, and has no public call to do it sooner
        self.app._register(self.app, screen)

    def show(self, name: str, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Push ``screen`` (a new one is kept under ``name`` from now on, instead of any kept before)."""
        kept = self.screens.get(name)
        if kept is not screen:
            if kept is not None and kept in self.app.screen_stack:  # the kept one is open further down: this one
                self.app.push_screen(screen, callback)  # is shown once, not kept
                return
            self.forget(name)
            self.app.install_screen(screen, name)
            self.screens[name] = screen
        reopen = getattr(screen, "reopen", None)
        if reopen is not None:
            reopen()
        self.app.push_screen(screen, callback)

    def forget(self, name: str) -> None:
        screen = self.screens.pop(name, None)
        if screen is None:
            return
        self.app.uninstall_screen(name)
        if screen.is_attached and screen not in self.app.screen_stack:
            screen.remove()

    def forget_owner(self, owner: object) -> None:
        """Forget every screen ``owner`` kept (it is closing)."""
        prefix = f"{id(owner)}:"
        for name in [name for name in self.screens if name.startswith(prefix)]:
            if self.screens[name] not in self.app.screen_stack:
                self.forget(name)
