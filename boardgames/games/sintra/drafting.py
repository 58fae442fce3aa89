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
from boardgames.games.sintra.words import colour_name, glass
from boardgames.i18n import N_, _

RESET = Action("reset")

#: the refusal of a move that is not a take or a reset
NOT_A_TAKE = N_("Now take glass from a display or the centre, or reset the glazier.")


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
        raise IllegalAction(_(NOT_A_TAKE))


def _take(state: SintraState, seat: int, args: tuple[object, ...]) -> None:
    if len(args) != 2:
        raise IllegalAction(_("Say where to take from and which colour, for example 'take 3 orange'."))
    source = state.source(args[0])
    colour = state.colour_index(str(args[1]))
    count = source[colour]
    if count == 0:
        name = colour_name(state.rules.colours[colour].name)
        if args[0] == "C":
            raise IllegalAction(_("There is no {colour} glass on the centre.", colour=name))
        raise IllegalAction(_("There is no {colour} glass on display {display}.", colour=name, display=args[0]))
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
        raise IllegalAction(_("Write just 'reset', with nothing after it."))
    palace = state.players[seat]
    leftmost = palace.leftmost()
    if leftmost is None or not state.can_reset(seat):
        if palace.glazier == leftmost:
            raise IllegalAction(_("Your glazier is already above your leftmost strip; take glass instead."))
        raise IllegalAction(_("Your glazier has no strip to its left to move back to; take glass instead."))
    palace.glazier = leftmost
    end_turn(state, seat)


def prompt_take(state: SintraState, d: Decision) -> str:
    name = state.names[d.seat]
    if state.can_reset(d.seat):
        return _("{name}: take all the glass of one colour from a display or the centre, or reset your glazier.",
                 name=name)
    return _("{name}: take all the glass of one colour from a display or the centre.", name=name)


def phrase_take(state: SintraState, d: Decision, action: Action, log: bool) -> str | None:
    """What the take or reset does: its log line ("Ana takes 3 orange from display 1.") or its label."""
    name = state.names[d.seat]
    if action.name == "reset":
        if log:
            return _("{name} moves the glazier back to the leftmost strip.", name=name)
        return _("Move the glazier back to the leftmost strip")
    if action.name != "take" or len(action.args) != 2:
        return None
    try:
        colour = state.colour_index(str(action.args[1]))
        count = state.source(action.args[0])[colour]
    except (IllegalAction, IndexError):
        return None
    pieces = glass(count, state.colour_id(colour))
    if action.args[0] != "C":
        if log:
            return _("{name} takes {glass} from display {display}.", name=name, glass=pieces,
                     display=action.args[0])
        return _("Take {glass} from display {display}", glass=pieces, display=action.args[0])
    if state.marker_in_centre:
        if log:
            return _("{name} takes {glass} from the centre, and the first-player marker.", name=name, glass=pieces)
        return _("Take {glass} from the centre, and the first-player marker", glass=pieces)
    if log:
        return _("{name} takes {glass} from the centre.", name=name, glass=pieces)
    return _("Take {glass} from the centre", glass=pieces)


def label_take(state: SintraState, d: Decision, action: Action) -> str:
    return label(phrase_take(state, d, action, False), action)


refusal_take = by_trial(apply_take)


KINDS = {
    TAKE: Kind(legal_take, logged(apply_take, phrase_take), prompt_take, label_take, refusal=refusal_take),
}
