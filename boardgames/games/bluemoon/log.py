"""Log lines for Blue Moon City moves: what the table sees happen, never a hand or a crystal total.

Only the drawer's own line of the end-of-turn draw names the cards drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.core.engine import Action
from boardgames.games.bluemoon.pieces import COURTYARD, GRID, people_of

DRAW = Action("draw")

if TYPE_CHECKING:
    from boardgames.games.bluemoon.rules import BlueMoonState


def action_line(state: BlueMoonState, action: Action) -> str | None:
    """The log line of ``action``, worded from the table before it is applied; None for a move whose
    own events say it all (an offering). It names only what the table sees happen."""
    if action.name == "offer":
        return None
    try:
        phrase = _phrase(state, action, third_person=True)
    except (IndexError, KeyError, TypeError, ValueError):
        phrase = None  # a move the rules are about to refuse: its line is never kept
    return str(action) if phrase is None else f"{state.names[state.current]} {phrase}."


def draw_line(state: BlueMoonState, drawn: list[str]) -> tuple[str, dict[int, str]]:
    """The line of the end-of-turn draw, before the turn passes: the table reads how many cards,
    the drawer also which ones (they are in the drawer's hand on screen anyway)."""
    seat = state.current
    public = f"{state.names[seat]} {_phrase(state, DRAW, third_person=True)}."
    if not drawn:
        return public, {}
    cards = sorted(drawn)
    listed = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]
    count = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
    return public, {seat: f"{state.names[seat]} draws {count}: {listed}."}


def label(state: BlueMoonState, action: Action) -> str:
    """A short phrase for the current player choosing ``action`` ("Move to b2 (Earth Temple)")."""
    try:
        phrase = _phrase(state, action, third_person=False)
    except (IndexError, KeyError, TypeError, ValueError):
        phrase = None
    return str(action) if phrase is None else phrase[0].upper() + phrase[1:]


def _phrase(state: BlueMoonState, action: Action, third_person: bool) -> str | None:
    """What ``action`` does, its verbs in the third person (the log) or not (a label); None if unknown."""

    def verb(base: str) -> str:
        if not third_person:
            return base
        return base[:-1] + "ies" if base.endswith("y") and base[-2] not in "aeiou" else base + "s"

    words = action.name
    args = action.args
    if words == "go":
        return f"{verb('move')} to {tile_label(state, args[0])}"
    if words == "play" and people_of(args[0]) in ("vu", "te", "aq"):
        colour = state.rules.people[people_of(args[0])].dragon
        place = "beside the city" if args[1] == "off" else f"to {tile_label(state, args[1])}"
        return f"{verb('play')} {args[0]}: the {colour} dragon goes {place}"
    if words == "play" and args[0] == "ve1":
        return f"{verb('play')} ve1 and {verb('fly')} to {tile_label(state, args[1])}"
    if words == "play" and args[0] == "ve2":
        steps = state.rules.components.fly_steps
        return f"{verb('play')} ve2 for 1 more step" if steps == 1 else f"{verb('play')} ve2 for {steps} more steps"
    if words == "play" and people_of(args[0]) == "lu":
        return f"{verb('play')} {args[0]} to recolour {state.rules.people[args[1]].name} cards"
    if words == "play":
        return f"{verb('play')} {args[0]} for one more offering"
    if words == "stop":
        return f"{verb('stop')} on {tile_label(state, GRID.name(state.players[state.current].pos))}"
    if words == "box":
        b = state.grid[state.players[state.current].pos]
        box = state.rules.buildings[b].boxes[args[0] - 1]
        # the box is filled only once the cards reach its value; rules.py logs that moment
        return f"{verb('start')} paying box {args[0]} ({box.colour} {box.value}) of the {state.rules.buildings[b].name}"
    if words == "add":
        return f"{verb('add')} {args[0]}"
    if words == "pair":
        return f"{verb('add')} {args[0]} and {args[1]} as a wild pair"
    if words == "cancel":
        return f"{verb('take')} the cards back"
    if words == "offer":
        return f"{verb('make')} an offering for {state.next_cost()} crystals"
    if words == "extra" and args:
        return f"{verb('use')} the Main Hall to go to {tile_label(state, args[0])}"
    if words == "extra":
        return f"{verb('use')} the extra action of the tile"
    if words == "end":
        return f"{verb('end')} {'their' if third_person else 'your'} actions"
    if words == "discard":
        return f"{verb('discard')} {args[0]}"
    if words == "draw":
        drawn = state.discarded + state.rules.components.draw_more
        return f"{verb('draw')} 1 card" if drawn == 1 else f"{verb('draw')} {drawn} cards"
    return None


def tile_label(state: BlueMoonState, cell_name: str) -> str:
    cell = GRID.parse(cell_name)
    b = state.grid[cell]
    title = state.rules.courtyard.name if b == COURTYARD else state.rules.buildings[b].name
    return f"{cell_name} ({title})"
