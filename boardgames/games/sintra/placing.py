"""Placing the glass taken: on one strip in the glazier's reach (``place 5``; what does not fit breaks), or all
of it breaks when no strip in reach has room (``break``). A strip filled up scores its colour bonus and one of
its pieces goes into the window above: ``keep yellow`` when the strip holds more than one colour.
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind, by_trial
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.sintra.data import SLOTS, STRIP_LEN
from boardgames.games.sintra.log import label, logged
from boardgames.games.sintra.roundend import end_turn
from boardgames.games.sintra.state import EMPTY, KEEP, PLACE, SintraState

BREAK = Action("break")

#: the refusals of a move that is not a place or a break, and of one that is not a keep
NOT_A_PLACE = "Now place the glass you took on a strip (or break it if nothing fits)."
NOT_A_KEEP = "Now choose which piece of the completed strip goes into the window."


# -- place <strip> or break ------------------------------------------------------------
def legal_place(state: SintraState, d: Decision) -> list[Action]:
    slots = state.placeable_slots(d.seat, state.held[0])
    return [Action("place", (s + 1,)) for s in slots] if slots else [BREAK]


def apply_place(state: SintraState, d: Decision, action: Action) -> None:
    if action.name == "place":
        _place(state, d.seat, action.args)
    elif action.name == "break":
        _break_all(state, d.seat, action.args)
    else:
        raise IllegalAction(NOT_A_PLACE)


def _place(state: SintraState, seat: int, args: tuple[object, ...]) -> None:
    strip = args[0] if len(args) == 1 else None
    if not isinstance(strip, int) or not 1 <= strip <= SLOTS:
        raise IllegalAction(f"Choose a strip from 1 to {SLOTS}.")
    slot = strip - 1
    palace = state.players[seat]
    colour, count = state.held
    if palace.strip_ids[slot] is None:
        raise IllegalAction(f"Strip {slot + 1} has been removed; its window is complete.")
    if slot < palace.glazier:
        raise IllegalAction(f"Strip {slot + 1} is left of your glazier; place on it or to its right.")
    if state.fitting_spaces(seat, slot, colour) == 0:
        if state.placeable_slots(seat, colour):
            raise IllegalAction(
                f"Strip {slot + 1} has no empty space for this glass, and another strip in reach has one."
            )
        raise IllegalAction("No strip in reach has room for this glass; it must break.")
    palace.glazier = slot
    row = palace.filled[slot]
    spaces = state.placement(seat, slot, colour, count)
    for k in spaces:
        row[k] = colour
    state.held = (EMPTY, 0)
    if count > len(spaces):
        _break_pieces(state, seat, colour, count - len(spaces))
    if EMPTY in row:
        end_turn(state, seat)
        return
    _complete(state, seat, slot)


def _break_all(state: SintraState, seat: int, args: tuple[object, ...]) -> None:
    if args:
        raise IllegalAction("Write just 'break', with nothing after it.")
    colour, count = state.held
    if state.placeable_slots(seat, colour):
        raise IllegalAction("A strip in reach still has room for this glass, so it must be placed there.")
    state.held = (EMPTY, 0)
    _break_pieces(state, seat, colour, count)
    end_turn(state, seat)


def _break_pieces(state: SintraState, seat: int, colour: int, count: int) -> None:
    state.tower[colour] += count
    state.step_down(seat, count)


def prompt_place(state: SintraState, d: Decision) -> str:
    name = state.names[d.seat]
    colour = state.rules.colours[state.held[0]].name.lower()
    if state.placeable_slots(d.seat, state.held[0]):
        return f"{name}: choose the strip for your {state.held[1]} {colour} glass."
    return f"{name}: no strip in reach has room for your {colour} glass; it breaks."


def phrase_place(state: SintraState, d: Decision, action: Action, third_person: bool) -> str | None:
    """What the place or break does ("place 2 blue on strip 5 and break 1"), for its label and its log line."""
    s = "s" if third_person else ""
    colour, count = state.held
    if action.name == "break":
        return f"break{s} the one piece taken" if count == 1 else f"break{s} all {count} pieces taken"
    if action.name != "place" or len(action.args) != 1 or not isinstance(action.args[0], int):
        return None
    try:
        placed = min(count, state.fitting_spaces(d.seat, action.args[0] - 1, colour))
        colour_name = state.rules.colours[colour].name.lower()
    except IndexError:
        return None
    if placed < count:
        return f"place{s} {placed} {colour_name} on strip {action.args[0]} and break{s} {count - placed}"
    return f"place{s} {placed} {colour_name} on strip {action.args[0]}"


def label_place(state: SintraState, d: Decision, action: Action) -> str:
    return label(phrase_place(state, d, action, False), action)


refusal_place = by_trial(apply_place)


# -- a completed strip: its colour bonus, then keep <colour> for the window ---------------
def _complete(state: SintraState, seat: int, slot: int) -> None:
    palace = state.players[seat]
    pieces = palace.filled[slot]
    bonus = pieces.count(state.indicator[0])
    palace.score += bonus
    palace.bonus_points += bonus
    state.keep_slot = slot
    state.keep_pieces = pieces[:]
    palace.filled[slot] = [EMPTY] * STRIP_LEN
    if len(set(pieces)) == 1:
        _glaze(state, seat, pieces[0])
    else:
        state.next_decision(KEEP, seat)


def legal_keep(state: SintraState, d: Decision) -> list[Action]:
    colours = sorted(set(state.keep_pieces))
    return [Action("keep", (state.colour_id(c),)) for c in colours]


def apply_keep(state: SintraState, d: Decision, action: Action) -> None:
    if action.name != "keep":
        raise IllegalAction(NOT_A_KEEP)
    if len(action.args) != 1:
        raise IllegalAction("Say which colour to keep, for example 'keep yellow'.")
    colour = state.colour_index(str(action.args[0]))
    if colour not in state.keep_pieces:
        raise IllegalAction("The completed strip holds no piece of that colour.")
    _glaze(state, d.seat, colour)


def _glaze(state: SintraState, seat: int, kept: int) -> None:
    """The kept piece goes into the window above the completed strip (the rest to the tower); the window scores
    its value and the value of every glazed window to its right."""
    slot = state.keep_slot
    palace = state.players[seat]
    rest = state.keep_pieces[:]
    rest.remove(kept)
    for colour in rest:
        state.tower[colour] += 1
    window = palace.windows[slot]
    if window[0] == EMPTY:
        window[0] = kept
        palace.sides[slot] = 1 - palace.sides[slot]
    else:
        window[1] = kept
        palace.strip_ids[slot] = None
    values = state.rules.palace[state.side].window_values
    points = values[slot] + sum(
        values[w] for w in range(slot + 1, SLOTS) if palace.windows[w][0] != EMPTY
    )
    palace.score += points
    palace.window_points += points
    state.keep_slot = EMPTY
    state.keep_pieces = []
    end_turn(state, seat)


def prompt_keep(state: SintraState, d: Decision) -> str:
    return f"{state.names[d.seat]}: choose which piece of the completed strip goes into the window."


def phrase_keep(state: SintraState, d: Decision, action: Action, third_person: bool) -> str | None:
    if action.name != "keep" or not action.args:
        return None
    return f"keep{'s' if third_person else ''} the {action.args[0]} piece for the window"


def label_keep(state: SintraState, d: Decision, action: Action) -> str:
    return label(phrase_keep(state, d, action, False), action)


refusal_keep = by_trial(apply_keep)


KINDS = {
    PLACE: Kind(legal_place, logged(apply_place, phrase_place), prompt_place, label_place, refusal=refusal_place),
    KEEP: Kind(legal_keep, logged(apply_keep, phrase_keep), prompt_keep, label_keep, refusal=refusal_keep),
}
