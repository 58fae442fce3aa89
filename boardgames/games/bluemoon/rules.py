"""Blue Moon City's rules put together: the state (state.py) answering the decisions of a turn's parts.

A turn is split into small decisions so each list of legal actions stays short, each the top of the
state's decision stack (``core/decisions.py``): ``move`` (moving.py) is replaced by ``act`` (acting.py);
paying a box is a ``pay`` decision (contributing.py) pushed over ``act`` and popped when the box is filled
or the payment cancelled; ``end`` replaces ``act`` with ``replenish`` (replenishing.py), and ``draw``
replaces that with the next player's ``move``. The stack is empty once the game is over. Each module
gives its notation; the help page gives it all.

The names boards, the strategy, the game and the tests import from here stay importable from here.
"""

from __future__ import annotations

from boardgames.core.decisions import merge
from boardgames.games.bluemoon import acting, contributing, moving, replenishing
from boardgames.games.bluemoon.pieces import (
    ACT,
    CANCEL,
    CENTRE,
    CORNERS,
    COURTYARD,
    DRAW,
    END,
    GRID,
    KHIND,
    MIMIX,
    MOVE,
    NO_TILE,
    NOBODY,
    OFF,
    OFFER,
    OVER,
    PAIRABLE,
    PAY,
    PHASES,
    REPLENISH,
    START_CELLS,
    STOP,
    WILD,
    Payment,
    Player,
    is_card,
    people_of,
    value_of,
)
from boardgames.games.bluemoon.state import BlueMoonState

BlueMoonState.KINDS = merge(moving.KINDS, acting.KINDS, contributing.KINDS, replenishing.KINDS)

__all__ = [
    "ACT", "CANCEL", "CENTRE", "CORNERS", "COURTYARD", "DRAW", "END", "GRID", "KHIND", "MIMIX", "MOVE", "NO_TILE",
    "NOBODY", "OFF", "OFFER", "OVER", "PAIRABLE", "PAY", "PHASES", "REPLENISH", "START_CELLS", "STOP", "WILD",
    "BlueMoonState", "Payment", "Player", "is_card", "people_of", "value_of",
]
