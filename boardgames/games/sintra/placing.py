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
from boardgames.games.sintra.words import colour_name, glass
from boardgames.i18n import N_, _, n_

BREAK = Action("break")

#: the refusals of a move that is not a place or a break, and of one that is not a keep
NOT_A_PLACE = N_("Now place the glass you took on a strip (or break it if nothing fits).")
NOT_A_KEEP = N_("Now choose which piece of the completed strip goes into the window.")


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
        raise IllegalAction(_(NOT_A_PLACE))


def _place(state: SintraState, seat: int, args: tuple[object, ...]) -> None:
    strip = args[0] if len(args) == 1 else None
    if not isinstance(strip, int) or not 1 <= strip <= SLOTS:
        raise IllegalAction(_("Choose a strip from 1 to {last}.", last=SLOTS))
    slot = strip - 1
    palace = state.players[seat]
    colour, count = state.held
    if palace.strip_ids[slot] is None:
        raise IllegalAction(_("Strip {strip} has been removed; its window is complete.", strip=strip))
    if slot < palace.glazier:
        raise IllegalAction(_("Strip {strip} is left of your glazier; place on it or to its right.", strip=strip))
    if state.fitting_spaces(seat, slot, colour) == 0:
        if state.placeable_slots(seat, colour):
            raise IllegalAction(
                _("Strip {strip} has no empty space for this glass, and another strip in reach has one.", strip=strip)
            )
        raise IllegalAction(_("No strip in reach has room for this glass; it must break."))
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
        raise IllegalAction(_("Write just 'break', with nothing after it."))
    colour, count = state.held
    if state.placeable_slots(seat, colour):
        raise IllegalAction(_("A strip in reach still has room for this glass, so it must be placed there."))
    state.held = (EMPTY, 0)
    _break_pieces(state, seat, colour, count)
    end_turn(state, seat)


def _break_pieces(state: SintraState, seat: int, colour: int, count: int) -> None:
    state.tower[colour] += count
    state.step_down(seat, count)


def prompt_place(state: SintraState, d: Decision) -> str:
    name = state.names[d.seat]
    colour = state.held[0]
    if state.placeable_slots(d.seat, colour):
        return _("{name}: choose the strip for your {glass} glass.", name=name,
                 glass=glass(state.held[1], state.colour_id(colour)))
    return _("{name}: no strip in reach has room for your {colour} glass; it breaks.", name=name,
             colour=colour_name(state.rules.colours[colour].name))


def phrase_place(state: SintraState, d: Decision, action: Action, log: bool) -> str | None:
    """What the place or break does: its log line ("Ana places 2 blue on strip 5 and breaks 1.") or its label."""
    name = state.names[d.seat]
    colour, count = state.held
    if action.name == "break":
        if log:
            return n_("{name} breaks the one piece taken.", "{name} breaks all {n} pieces taken.", count, name=name)
        return n_("Break the one piece taken", "Break all {n} pieces taken", count)
    if action.name != "place" or len(action.args) != 1 or not isinstance(action.args[0], int):
        return None
    try:
        placed = min(count, state.fitting_spaces(d.seat, action.args[0] - 1, colour))
        pieces = glass(placed, state.colour_id(colour))
    except IndexError:
        return None
    strip = action.args[0]
    if placed < count:
        if log:
            return _("{name} places {glass} on strip {strip} and breaks {broken}.", name=name, glass=pieces,
                     strip=strip, broken=count - placed)
        return _("Place {glass} on strip {strip} and break {broken}", glass=pieces, strip=strip,
                 broken=count - placed)
    if log:
        return _("{name} places {glass} on strip {strip}.", name=name, glass=pieces, strip=strip)
    return _("Place {glass} on strip {strip}", glass=pieces, strip=strip)


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
        raise IllegalAction(_(NOT_A_KEEP))
    if len(action.args) != 1:
        raise IllegalAction(_("Say which colour to keep, for example 'keep yellow'."))
    colour = state.colour_index(str(action.args[0]))
    if colour not in state.keep_pieces:
        raise IllegalAction(_("The completed strip holds no piece of that colour."))
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
    return _("{name}: choose which piece of the completed strip goes into the window.", name=state.names[d.seat])


def phrase_keep(state: SintraState, d: Decision, action: Action, log: bool) -> str | None:
    """What the keep does: its log line ("Ana keeps the yellow piece for the window.") or its label."""
    if action.name != "keep" or not action.args:
        return None
    known = {c.id: c.name for c in state.rules.colours}
    colour = str(action.args[0])
    name = colour_name(known[colour]) if colour in known else colour
    if log:
        return _("{name} keeps the {colour} piece for the window.", name=state.names[d.seat], colour=name)
    return _("Keep the {colour} piece for the window", colour=name)


def label_keep(state: SintraState, d: Decision, action: Action) -> str:
    return label(phrase_keep(state, d, action, False), action)


refusal_keep = by_trial(apply_keep)


KINDS = {
    PLACE: Kind(legal_place, logged(apply_place, phrase_place), prompt_place, label_place, refusal=refusal_place),
    KEEP: Kind(legal_keep, logged(apply_keep, phrase_keep), prompt_keep, label_keep, refusal=refusal_keep),
}
