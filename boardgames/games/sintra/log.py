"""A move in words: its label for the player choosing it, and its log line with what it scored.

Each kind words its own moves (a *phrase*): a whole label for the player choosing it ("Take 3 orange from
display 1") or a whole log line with the player's name ("Ana takes 3 orange from display 1."), each its own
sentence to translate. :func:`logged` wraps a kind's apply so that, when the state keeps a log, the move is
logged with its consequences (points, the -18 reset, the round's end) read from a few numbers compared before
and after, so the log never re-implements a rule.
"""

from __future__ import annotations

from collections.abc import Callable

from boardgames.core.decisions import Decision
from boardgames.core.engine import Action
from boardgames.games.sintra.state import SintraState
from boardgames.i18n import _, n_

#: a kind's apply
Apply = Callable[[SintraState, Decision, Action], None]
#: what a move does: its log line with the player's name (True) or its label (False); None if unreadable
Phrase = Callable[[SintraState, Decision, Action, bool], str | None]


def label(phrase: str | None, action: Action) -> str:
    """The phrase as a label ("Take 3 orange from display 1"), or the notation when the move is unreadable."""
    return str(action) if phrase is None else phrase


def logged(apply: Apply, phrase: Phrase) -> Apply:
    """``apply``, logging each move it accepts (when the state keeps a log) in the words of ``phrase``."""

    def apply_and_log(state: SintraState, decision: Decision, action: Action) -> None:
        if not state.keeps_log:
            apply(state, decision, action)
            return
        said = phrase(state, decision, action, True)
        palace = state.players[decision.seat]
        before = (palace.bonus_points, palace.window_points, palace.reset_losses)
        windows = [w[:] for w in palace.windows]
        round_before = state.round
        apply(state, decision, action)  # a refused move raises here and logs nothing
        name = state.names[decision.seat]
        lines = [str(action) if said is None else said]
        if palace.bonus_points > before[0]:
            lines.append(n_("{name} scores a colour bonus of {n}.", "{name} scores a colour bonus of {n}.",
                            palace.bonus_points - before[0], name=name))
        if palace.window_points > before[1]:
            window = 1 + next(i for i, w in enumerate(palace.windows) if w != windows[i])
            lines.append(n_("{name} glazes window {window} and scores {n}.",
                            "{name} glazes window {window} and scores {n}.",
                            palace.window_points - before[1], name=name, window=window))
        if palace.reset_losses > before[2]:
            lines.append(_("{name} reaches the end of the broken-glass track and loses 18.", name=name))
        if state.round != round_before:
            lines.append(_("Round {round} begins; {name} starts.", round=state.round,
                           name=state.names[state.first_player]))
        elif state.current is None:
            lines.append(_("The sixth round is over: final scoring."))
        for line in lines:
            state.emit(line)

    return apply_and_log
