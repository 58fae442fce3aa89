"""Screens built once and shown again: help, the whole log, the results and the lobby.

Building a screen (composing its widgets, styling them, laying out its text) costs several key redraws;
pushing one already built costs about one frame. So a screen a player opens again and again is kept installed
on the app under a name and pushed again, brought up to date first by the caller (help's keys that work now,
the log's new lines). Screens kept for a game screen are forgotten with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App
from textual.screen import Screen

S = TypeVar("S", bound=Screen[Any])


class KeptScreens:
    """The app's kept screens, by name (``"<owner>:<what>"``: the owner is the screen that opened it)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.screens: dict[str, Screen[Any]] = {}

    @staticmethod
    def name(owner: object, what: str) -> str:
        return f"{id(owner)}:{what}"

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
