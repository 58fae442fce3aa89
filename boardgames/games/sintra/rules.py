"""Azul: Stained Glass of Sintra - the rules assembled: the state and the kinds of decision it is answered by.

A turn is split into small decisions so every list of legal actions is short, each
the top of the state's decision stack (``core/decisions.py``):
``take <display|C> <colour>`` or ``reset`` (drafting.py); then ``place <strip 1-8>`` or ``break``;
then, when a strip was completed with pieces of several colours, ``keep <colour>`` (placing.py).
Each answered decision is replaced by the next; the stack is empty once the game is over (roundend.py).
"""

from __future__ import annotations

from boardgames.core.decisions import merge
from boardgames.games.sintra import drafting, placing
from boardgames.games.sintra.drafting import RESET
from boardgames.games.sintra.placing import BREAK
from boardgames.games.sintra.state import (
    EMPTY,
    KEEP,
    NCOL,
    OVER,
    PLACE,
    TAKE,
    Palace,
    SintraState,
    colour_count,
    complete_windows,
    end_bonus,
)

SintraState.KINDS = merge(drafting.KINDS, placing.KINDS)

__all__ = [
    "BREAK", "EMPTY", "KEEP", "NCOL", "OVER", "PLACE", "RESET", "TAKE",
    "Palace", "SintraState", "colour_count", "complete_windows", "end_bonus",
]
