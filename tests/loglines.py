"""Reading what a state logged, for tests that look at one move's line."""

from __future__ import annotations

from boardgames.core.engine import Action, State
from boardgames.core.log import LogLine


def logged_line(state: State, action: Action) -> LogLine:
    """Apply ``action`` to ``state`` and return its whole log line (public text and private ones)."""
    state.keeps_log = True
    state.take_log()
    state.apply(action)
    return LogLine.join(state.take_log())


def logged(state: State, action: Action, seat: int | None = None) -> str:
    """Apply ``action`` to ``state`` and return its log line as ``seat`` reads it (None: the public line)."""
    return logged_line(state, action).text_for(seat)


def line_of(state: State, action: Action, seat: int | None = None) -> str:
    """The log line ``action`` would give, leaving ``state`` as it is."""
    return logged(state.clone(), action, seat)
