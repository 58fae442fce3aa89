"""How a Blue Moon City decision takes an action: by its name, from the moves of the decision's kind.

Every kind answers the same way (:func:`answer`): a name the kind has no move for is refused with the kind's
sentence, a bare move given arguments is refused, the move's log line is emitted, then the move runs. A move
checks all it needs before it changes anything, so a refusal leaves no trace (the engine drops its line).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from boardgames.core.engine import Action, IllegalAction
from boardgames.games.bluemoon.log import Phrase, action_line
from boardgames.i18n import _

if TYPE_CHECKING:
    from boardgames.games.bluemoon.state import BlueMoonState

#: a move of one kind: (state, the deciding seat, the action's arguments)
Move = Callable[..., None]

#: every action name of the notation, whatever the decision
WORDS = frozenset({"go", "play", "stop", "box", "offer", "extra", "end", "add", "pair", "cancel", "discard", "draw"})
#: the moves that take no argument
BARE = frozenset({"stop", "end", "offer", "cancel", "draw"})


def answer(state: BlueMoonState, seat: int, action: Action, moves: Mapping[str, Move], phrase: Phrase,
           not_now: str, silent: Collection[str] = ()) -> None:
    """Carry out ``action`` with its move in ``moves``; ``not_now`` refuses a move of another kind of decision.

    ``silent`` names the moves whose own events say it all (no line of their own).
    """
    move = moves.get(action.name)
    if move is None:
        raise IllegalAction(not_now if action.name in WORDS
                            else _("'{move}' is not a Blue Moon City move.", move=action.name))
    if action.args and action.name in BARE:
        raise IllegalAction(_("'{move}' takes nothing after it.", move=action.name))
    if state.keeps_log and action.name not in silent:
        state.emit(action_line(state, seat, action, phrase))  # the move's events follow; a refusal drops both
    move(state, seat, *action.args)
