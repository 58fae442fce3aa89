"""Log lines for Blue Moon City moves: what the table sees happen, never a hand or a crystal total."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.core.engine import Action, IllegalAction
from boardgames.games.bluemoon.pieces import COURTYARD, GRID, people_of

if TYPE_CHECKING:
    from boardgames.games.bluemoon.rules import BlueMoonState


def describe(state: BlueMoonState, action: Action) -> str:
    """A log line for ``action``; it names only what the table sees happen."""
    name = state.names[state.current]
    trial = state.clone()
    try:
        trial.apply(action)
    except IllegalAction:
        return f"{name}: {action}"
    words = action.name
    args = action.args
    if words == "go":
        line = f"{name} moves to {tile_label(state, args[0])}."
    elif words == "play" and people_of(args[0]) in ("vu", "te", "aq"):
        colour = state.rules.people[people_of(args[0])].dragon
        place = "beside the city" if args[1] == "off" else f"to {tile_label(state, args[1])}"
        line = f"{name} plays {args[0]}: the {colour} dragon goes {place}."
    elif words == "play" and args[0] == "ve1":
        line = f"{name} plays ve1 and flies to {tile_label(state, args[1])}."
    elif words == "play" and args[0] == "ve2":
        steps = state.rules.components.fly_steps
        line = f"{name} plays ve2 for 1 more step." if steps == 1 else f"{name} plays ve2 for {steps} more steps."
    elif words == "play" and people_of(args[0]) == "lu":
        line = f"{name} plays {args[0]} to recolour {state.rules.people[args[1]].name} cards."
    elif words == "play":
        line = f"{name} plays {args[0]} for one more offering."
    elif words == "stop":
        line = f"{name} stops on {tile_label(state, GRID.name(state.players[state.current].pos))}."
    elif words == "box":
        b = state.grid[state.players[state.current].pos]
        box = state.rules.buildings[b].boxes[args[0] - 1]
        # the box is filled only once the cards reach its value; rules.py logs that moment
        line = f"{name} starts paying box {args[0]} ({box.colour} {box.value}) of the {state.rules.buildings[b].name}."
    elif words == "add":
        line = f"{name} adds {args[0]}."
    elif words == "pair":
        line = f"{name} adds {args[0]} and {args[1]} as a wild pair."
    elif words == "cancel":
        line = f"{name} takes the cards back."
    elif words == "offer":
        line = ""
    elif words == "extra":
        line = (f"{name} uses the Main Hall to go to {tile_label(state, args[0])}." if args
                else f"{name} uses the extra action of the tile.")
    elif words == "end":
        line = f"{name} ends their actions."
    elif words == "discard":
        line = f"{name} discards {args[0]}."
    elif words == "draw":
        drawn = state.discarded + state.rules.components.draw_more
        line = f"{name} draws 1 card." if drawn == 1 else f"{name} draws {drawn} cards."
    else:
        line = str(action)
    return " ".join(part for part in [line, *trial.events] if part)

def tile_label(state: BlueMoonState, cell_name: str) -> str:
    cell = GRID.parse(cell_name)
    b = state.grid[cell]
    title = state.rules.courtyard.name if b == COURTYARD else state.rules.buildings[b].name
    return f"{cell_name} ({title})"
