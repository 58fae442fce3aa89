"""Taking glass: all of one colour from a display (the rest goes to the centre) or from the centre (the first
to do so takes the first-player marker and a broken-glass step): ``take 3 orange``, ``take C blue``. Instead
of taking, a player may move the glazier back to the leftmost strip: ``reset``.
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind, by_trial
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.sintra.log import label, logged
from boardgames.games.sintra.roundend import end_turn
from boardgames.games.sintra.state import NCOL, PLACE, TAKE, SintraState

RESET = Action("reset")

#: the refusal of a move that is not a take or a reset
NOT_A_TAKE = "Now take glass from a display or the centre, or reset the glazier."


def legal_take(state: SintraState, d: Decision) -> list[Action]:
    actions = []
    for i, factory in enumerate(state.factories, 1):
        for colour, count in enumerate(factory):
            if count:
                actions.append(Action("take", (i, state.colour_id(colour))))
    for colour, count in enumerate(state.centre):
        if count:
            actions.append(Action("take", ("C", state.colour_id(colour))))
    if state.can_reset(d.seat):
        actions.append(RESET)
    return actions


def apply_take(state: SintraState, d: Decision, action: Action) -> None:
    if action.name == "take":
        _take(state, d.seat, action.args)
    elif action.name == "reset":
        _reset(state, d.seat, action.args)
    else:
        raise IllegalAction(NOT_A_TAKE)


def _take(state: SintraState, seat: int, args: tuple[object, ...]) -> None:
    if len(args) != 2:
        raise IllegalAction("Say where to take from and which colour, for example 'take 3 orange'.")
    source = state.source(args[0])
    colour = state.colour_index(str(args[1]))
    count = source[colour]
    if count == 0:
        where = "the centre" if args[0] == "C" else f"display {args[0]}"
        raise IllegalAction(f"There is no {state.rules.colours[colour].name.lower()} glass on {where}.")
    source[colour] = 0
    if source is not state.centre:
        for c in range(NCOL):
            state.centre[c] += source[c]
            source[c] = 0
    elif state.marker_in_centre:
        state.marker_in_centre = False
        state.first_player = seat
        state.step_down(seat, 1)
    state.held = (colour, count)
    state.next_decision(PLACE, seat)


def _reset(state: SintraState, seat: int, args: tuple[object, ...]) -> None:
    if args:
        raise IllegalAction("Write just 'reset', with nothing after it.")
    palace = state.players[seat]
    leftmost = palace.leftmost()
    if leftmost is None or not state.can_reset(seat):
        if palace.glazier == leftmost:
            raise IllegalAction("Your glazier is already above your leftmost strip; take glass instead.")
        raise IllegalAction("Your glazier has no strip to its left to move back to; take glass instead.")
    palace.glazier = leftmost
    end_turn(state, seat)


def prompt_take(state: SintraState, d: Decision) -> str:
    name = state.names[d.seat]
    if state.can_reset(d.seat):
        return f"{name}: take all the glass of one colour from a display or the centre, or reset your glazier."
    return f"{name}: take all the glass of one colour from a display or the centre."


def phrase_take(state: SintraState, d: Decision, action: Action, third_person: bool) -> str | None:
    """What the take or reset does ("take 3 orange from display 1"), for its label and its log line."""
    s = "s" if third_person else ""
    if action.name == "reset":
        return f"move{s} the glazier back to the leftmost strip"
    if action.name != "take" or len(action.args) != 2:
        return None
    try:
        colour = state.colour_index(str(action.args[1]))
        count = state.source(action.args[0])[colour]
    except (IllegalAction, IndexError):
        return None
    colour_name = state.rules.colours[colour].name.lower()
    if action.args[0] != "C":
        return f"take{s} {count} {colour_name} from display {action.args[0]}"
    if state.marker_in_centre:
        return f"take{s} {count} {colour_name} from the centre, and the first-player marker"
    return f"take{s} {count} {colour_name} from the centre"


def label_take(state: SintraState, d: Decision, action: Action) -> str:
    return label(phrase_take(state, d, action, False), action)


refusal_take = by_trial(apply_take)


KINDS = {
    TAKE: Kind(legal_take, logged(apply_take, phrase_take), prompt_take, label_take, refusal=refusal_take),
}
