"""Words for Blue Moon City moves: log lines and labels, never a hand or a crystal total.

Each kind of decision words its own moves with a :data:`Phrase`: a whole sentence for the log (with the
player's name) or for a label, each its own translatable sentence (word order differs between languages);
the helpers here call a phrase and name the tiles, boxes and dragons in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardgames.core.engine import Action
from boardgames.games.bluemoon.data import ANY, Box
from boardgames.games.bluemoon.pieces import COURTYARD, GRID
from boardgames.i18n import _, p_, the

if TYPE_CHECKING:
    from boardgames.games.bluemoon.state import BlueMoonState

#: (state, seat, action, for the log) -> the log line (True) or the label (False), or None if the kind does not
#: word the move
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
    return str(action) if said is None else said


def label_of(state: BlueMoonState, seat: int, action: Action, phrase: Phrase) -> str:
    """A short phrase for ``seat`` choosing ``action`` ("Move to b2 (Earth Temple)")."""
    try:
        said = phrase(state, seat, action, False)
    except _UNWORDABLE:
        said = None
    return str(action) if said is None else said


def building_name(state: BlueMoonState, b: int) -> str:
    """The name of building ``b`` (or the courtyard) in the reader's language."""
    return _(state.rules.courtyard.name) if b == COURTYARD else _(state.rules.buildings[b].name)


def building_named(state: BlueMoonState, b: int) -> str:
    """Building ``b`` (or the courtyard) as a sentence names it, with its article ("o Aqueduto")."""
    return the(state.rules.courtyard.name if b == COURTYARD else state.rules.buildings[b].name)


def people_name(state: BlueMoonState, people: str) -> str:
    """The name of a people (by its code) in the reader's language."""
    return _(state.rules.people[people].name)


def dragon_colour(colour: str | None) -> str:
    """A dragon's colour as the words "the {dragon} dragon" take it."""
    colour = colour or ""
    return {"red": p_("dragon", "red"), "green": p_("dragon", "green"),
            "blue": p_("dragon", "blue")}.get(colour, colour)


def box_words(box: Box) -> str:
    """A box as a label shows it: its people's code and value ("aq 5"), or "any 5" for a Royal Palace box."""
    return _("any {value}", value=box.value) if box.colour == ANY else f"{box.colour} {box.value}"


def tile_label(state: BlueMoonState, cell_name: str) -> str:
    cell = GRID.parse(cell_name)
    if cell is None:
        raise KeyError(cell_name)  # a phrase of a move about to be refused
    return _("{cell} ({tile})", cell=cell_name, tile=building_name(state, state.grid[cell]))
