"""A change to a shared table made from a screen, never waiting for the table's lock on the event loop.

Another process may hold a table's ``.lock`` for long (a terminal stopped with ctrl+z, a debugger, a slow disk).
A change from the lobby, the room, the chat or the table's game takes the lock without waiting (``wait=0``:
TableBusy at once when it is held), and is tried again on a timer while the lock stays held, for
:data:`~boardgames.lobby.table.LOCK_WAIT` seconds; then the screen says the table is busy. Meanwhile every key is
answered, ctrl+q included, and a second change asked for on that screen is refused with a sentence (one waits at
a time, so a key pressed twice never makes its change twice).
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable

from boardgames.i18n import _
from boardgames.lobby.table import LOCK_WAIT, TableBusy, TableError
from boardgames.tui.screens.base import BaseScreen

#: how often a change waiting for another terminal to let go of the table tries again
RETRY = 0.1

#: the screens with a change waiting for the lock
_waiting: weakref.WeakSet[BaseScreen] = weakref.WeakSet()


def change_table(screen: BaseScreen, change: Callable[[], None],
                 failed: Callable[[TableBusy], None] | None = None) -> None:
    """Make ``change`` (which takes the table's lock without waiting, and lets TableBusy out) now or, while another
    terminal holds the lock, every RETRY s for LOCK_WAIT s; then ``failed`` (by default: the screen says the table
    is busy). A TableError that ``change`` lets out is said on the screen; nothing is tried once it has closed."""
    if screen in _waiting:
        screen.message(_("Your last change to this table is still waiting for another terminal to let go of it; "
                         "try again in a moment."), error=True)
        return
    _attempt(screen, change, failed, time.monotonic() + LOCK_WAIT)


def _attempt(screen: BaseScreen, change: Callable[[], None], failed: Callable[[TableBusy], None] | None,
             until: float) -> None:
    _waiting.discard(screen)
    if not screen.is_live:
        return
    try:
        change()
    except TableBusy as exc:
        if time.monotonic() < until:
            _waiting.add(screen)
            screen.set_timer(RETRY, lambda: _attempt(screen, change, failed, until))
        elif failed is not None:
            failed(exc)
        else:
            screen.message(str(exc), error=True)
    except TableError as exc:
        screen.message(str(exc), error=True)
