"""Words for Blue Moon City moves: log lines and labels, never a hand or a crystal total.

Each kind of decision words its own moves with a :data:`Phrase` (what the move does, its verbs in the third
person for the log or not for a label); the helpers here turn a phrase into a log line or a label.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardgames.core.engine import Action
from boardgames.games.bluemoon.pieces import COURTYARD, GRID

if TYPE_CHECKING:
    from boardgames.games.bluemoon.state import BlueMoonState

#: (state, seat, action, third person) -> what the move does, or None if the kind does not word it
Phrase = Callable[["BlueMoonState", int, Action, bool], "str | None"]

#: what a phrase may raise on a move the rules are about to refuse (its words are then never used)
_UNWORDABLE = (IndexError, KeyError, TypeError, ValueError)


def action_line(state: BlueMoonState, seat: int, action: Action, phrase: Phrase) -> str:
    """The log line of ``action``, worded from the table before it is applied. It names only what the
    table sees happen."""
    try:
        said = phrase(state, seat, action, True)
    except _UNWORDABLE:
        said = None  # a move the rules are about to refuse: its line is never kept
    return str(action) if said is None else f"{state.names[seat]} {said}."


def label_of(state: BlueMoonState, seat: int, action: Action, phrase: Phrase) -> str:
    """A short phrase for ``seat`` choosing ``action`` ("Move to b2 (Earth Temple)")."""
    try:
        said = phrase(state, seat, action, False)
    except _UNWORDABLE:
        said = None
    return str(action) if said is None else said[0].upper() + said[1:]


def verb(base: str, third_person: bool) -> str:
    """``base`` as the log says it (third person) or as a label does."""
    if not third_person:
        return base
    return base[:-1] + "ies" if base.endswith("y") and base[-2] not in "aeiou" else base + "s"


def tile_label(state: BlueMoonState, cell_name: str) -> str:
    cell = GRID.parse(cell_name)
    if cell is None:
        raise KeyError(cell_name)  # a phrase of a move about to be refused
    b = state.grid[cell]
    title = state.rules.courtyard.name if b == COURTYARD else state.rules.buildings[b].name
    return f"{cell_name} ({title})"
