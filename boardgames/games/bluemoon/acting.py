"""Acting on the tile reached, a turn's second part (rulings 2, 8, 9): ``box <n>`` starts paying box n
(1 = leftmost) of the building here (the payment is contributing.py's decision, pushed over this one),
``offer`` on the courtyard, ``play pi1|pi2`` right after an offering, ``extra`` / ``extra <cell>`` for an
expansion tile, and ``end``, which hands the turn to the replenish."""

from __future__ import annotations

from typing import Any

from boardgames.core import cards as deck_ops
from boardgames.core.decisions import Decision, Kind, by_trial
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.bluemoon.answers import Move, answer
from boardgames.games.bluemoon.data import ANY
from boardgames.games.bluemoon.log import box_words, building_named, label_of, tile_label
from boardgames.games.bluemoon.pieces import (
    ACT,
    COURTYARD,
    END,
    GRID,
    NO_TILE,
    OFFER,
    PAY,
    REPLENISH,
    Payment,
    value_of,
)
from boardgames.games.bluemoon.state import BlueMoonState
from boardgames.i18n import N_, _, n_


# -- what may be done ----------------------------------------------------------------------------
def legal_act(state: BlueMoonState, d: Decision) -> list[Action]:
    seat = d.seat
    me = state.players[seat]
    actions: list[Action] = []
    b = state.grid[me.pos]
    if not state.jumped:
        if b >= 0 and state.markers_left(seat) > 0:
            for k in state.open_boxes(b):
                box = state.rules.buildings[b].boxes[k]
                if state.reach(me.hand, box.colour) >= box.value:
                    actions.append(Action("box", (k + 1,)))
        if b == COURTYARD and not state.offered and state.can_offer(seat):
            actions.append(OFFER)
        if state.pillar_ready:
            surcharge = state.rules.components.offering_surcharge
            for v in (1, 2):
                if me.hand.get(f"pi{v}") and state.can_offer(seat, surcharge[v]):
                    actions.append(Action("play", (f"pi{v}",)))
        if b >= 0 and not state.extra_used:
            actions += _legal_extra(state, seat, b)
    actions.append(END)
    return actions


def _legal_extra(state: BlueMoonState, seat: int, b: int) -> list[Action]:
    building = state.rules.buildings[b]
    me = state.players[seat]
    if building.extra == "jump":
        return [Action("extra", (GRID.name(c),)) for c in range(GRID.size)
                if state.grid[c] != NO_TILE and c != me.pos]
    if building.extra == "draw" and (state.deck or state.discard):
        return [Action("extra")]
    if building.extra == "offer" and state.can_offer(seat):
        return [Action("extra")]
    return []


# -- doing it ------------------------------------------------------------------------------------
def apply_act(state: BlueMoonState, d: Decision, action: Action) -> None:
    answer(state, d.seat, action, _MOVES, _phrase, _(NOT_NOW), silent=("offer",))


def _box(state: BlueMoonState, seat: int, *args: Any) -> None:
    me = state.players[seat]
    b = state.grid[me.pos]
    if b < 0:
        raise IllegalAction(_("There is no building here to contribute to."))
    if state.jumped:
        raise IllegalAction(_("You came here with the Main Hall: no contributions here this turn."))
    if len(args) != 1 or not isinstance(args[0], int) or not 1 <= args[0] <= len(state.markers[b]):
        raise IllegalAction(_("Choose a box from 1 to {last}.", last=len(state.markers[b])))
    k = args[0] - 1
    if k not in state.open_boxes(b):
        raise IllegalAction(_("That box is already filled."))
    if state.markers_left(seat) == 0:
        raise IllegalAction(_("You have no marker left, so you cannot contribute."))
    box = state.rules.buildings[b].boxes[k]
    if state.reach(me.hand, box.colour) < box.value:
        raise IllegalAction(_("Your hand cannot pay that box."))
    state.pay = Payment(b, k, None if box.colour == ANY else box.colour)
    state.decisions.push(Decision(PAY, seat))


def _offer(state: BlueMoonState, seat: int) -> None:
    if state.grid[state.players[seat].pos] != COURTYARD:
        raise IllegalAction(_("Offerings are made on the courtyard."))
    if state.jumped:
        raise IllegalAction(_("You came here with the Main Hall: no offering here this turn."))
    if state.offered:
        raise IllegalAction(
            _("You have already made your offering this turn; a Pillar card allows one more."))
    _make_offering(state, seat, 0)
    state.pillar_ready = True


def _pillar(state: BlueMoonState, seat: int, *args: Any) -> None:
    card = args[0] if args else None
    if card not in ("pi1", "pi2") or len(args) != 1:
        raise IllegalAction(_("Only a Pillar card can be played now, right after an offering."))
    if not state.pillar_ready:
        raise IllegalAction(_("A Pillar card adds an offering only right after one on the courtyard."))
    surcharge = state.rules.components.offering_surcharge[value_of(card)]
    if not state.players[seat].hand.get(card):
        raise IllegalAction(_("You have no card {card} in your hand.", card=card))
    if not state.can_offer(seat, surcharge):
        raise IllegalAction(n_("An extra offering costs {n} more crystal than the space and needs a marker.",
                               "An extra offering costs {n} more crystals than the space and needs a marker.",
                               surcharge))
    state.take_card(seat, card)
    _make_offering(state, seat, surcharge)
    deck_ops.add(state.discard, card)


def _make_offering(state: BlueMoonState, seat: int, surcharge: int) -> None:
    cost = state.next_cost()
    if cost is None:
        raise IllegalAction(_("The obelisk is full."))
    if state.markers_left(seat) == 0:
        raise IllegalAction(_("You have no marker left for the obelisk."))
    me = state.players[seat]
    if me.crystals < cost + surcharge:
        raise IllegalAction(n_("This offering costs {n} crystal.", "This offering costs {n} crystals.",
                               cost + surcharge))
    me.crystals -= cost + surcharge
    me.offerings += 1
    state.obelisk.append(seat)
    state.offered = True
    state.emit(n_("{name} makes offering {count} of {to_win} for {n} crystal.",
                  "{name} makes offering {count} of {to_win} for {n} crystals.", cost + surcharge,
                  name=state.names[seat], count=me.offerings, to_win=state.to_win))
    if me.offerings >= state.to_win:
        state.finish("offerings")
    state.check_stalemate()


def _extra(state: BlueMoonState, seat: int, *args: Any) -> None:
    me = state.players[seat]
    b = state.grid[me.pos]
    building = state.rules.buildings[b] if b >= 0 else None
    if building is None or building.extra in (None, "none"):
        raise IllegalAction(_("This tile has no extra action."))
    if state.extra_used or state.jumped:
        raise IllegalAction(_("You have used an extra action this turn."))
    if building.extra != "jump" and args:
        raise IllegalAction(_("This tile's extra action takes no target: just extra."))
    if building.extra == "jump":
        if len(args) != 1:
            raise IllegalAction(_("Say where the Main Hall takes you, such as: extra b2."))
        cell = state.tile(args[0], "go")
        if cell == me.pos:
            raise IllegalAction(_("You are already there."))
        me.pos = cell
        state.jumped = True
        state.pillar_ready = False
    elif building.extra == "draw":
        drawn = deck_ops.draw(state.deck, state.discard, building.extra_cards, state.rng)
        if not drawn:
            raise IllegalAction(_("There are no cards left to draw."))
        for card in drawn:
            deck_ops.add(me.hand, card)
    else:
        _make_offering(state, seat, 0)
        state.pillar_ready = False
    state.extra_used = True


def _end(state: BlueMoonState, seat: int) -> None:
    state.decisions.replace(Decision(REPLENISH, seat))
    state.pillar_ready = False


_MOVES: dict[str, Move] = {"box": _box, "offer": _offer, "play": _pillar, "extra": _extra, "end": _end}

#: the refusal of a move made at another point of the turn
NOT_NOW = N_("Contribute here, make an offering on the courtyard, or end your actions.")


#: why an action is refused now, in the words applying it would use
refusal_act = by_trial(apply_act)


# -- words ---------------------------------------------------------------------------------------
def prompt_act(state: BlueMoonState, d: Decision) -> str:
    """What this tile allows now: an offering only on the courtyard (or by the Golden Temple). Every seat reads
    the prompt, so it says only what every seat sees: whether the hidden hand or crystal total pays is not said
    (the list of moves, the deciding player's own, has only what they pay)."""
    name, seat = state.names[d.seat], d.seat
    if state.jumped:
        return _("{name}: the Main Hall brought you here; end your actions.", name=name)
    here = state.grid[state.players[seat].pos]
    offering_left = state.next_cost() is not None and state.markers_left(seat) > 0
    if here == COURTYARD:
        if state.pillar_ready and offering_left:
            return _("{name}: a Pillar card may add one more offering; otherwise end your actions.", name=name)
        if not state.offered and offering_left:
            return _("{name}: make an offering here if your crystals pay for it, or end your actions.", name=name)
        return _("{name}: no offering can be made now; end your actions.", name=name)
    boxes = state.markers_left(seat) > 0 and bool(state.open_boxes(here))
    extra = state.rules.buildings[here].extra
    usable = {"jump": True, "draw": bool(state.deck or state.discard), "offer": offering_left}
    if extra in usable and usable[extra] and not state.extra_used:
        with_box, alone = _EXTRA_PROMPTS[extra]
        return _(with_box if boxes else alone, name=name)
    if boxes:
        return _("{name}: contribute to a box here, or end your actions.", name=name)
    return _("{name}: nothing here can be paid now; end your actions.", name=name)


#: an expansion tile's extra action in the prompt: (with a box to pay too, alone), by the tile's ``extra``
_EXTRA_PROMPTS = {
    "jump": (N_("{name}: contribute to a box here, go to any tile with the Main Hall, or end your actions."),
             N_("{name}: go to any tile with the Main Hall, or end your actions.")),
    "draw": (N_("{name}: contribute to a box here, draw cards with the Hospital, or end your actions."),
             N_("{name}: draw cards with the Hospital, or end your actions.")),
    "offer": (N_("{name}: contribute to a box here, make an offering with the Golden Temple if your crystals pay "
                 "for it, or end your actions."),
              N_("{name}: make an offering with the Golden Temple if your crystals pay for it, or end your actions.")),
}


def label_act(state: BlueMoonState, d: Decision, action: Action) -> str:
    return label_of(state, d.seat, action, _phrase)


def _phrase(state: BlueMoonState, seat: int, action: Action, log: bool) -> str | None:
    name, args = action.name, action.args
    who = state.names[seat]
    if name == "box":
        b = state.grid[state.players[seat].pos]
        box = state.rules.buildings[b].boxes[args[0] - 1]
        # the box is filled only once the cards reach its value; contributing.py logs that moment
        values = dict(name=who, n=args[0], box=box_words(box), building=building_named(state, b))
        if log:
            return _("{name} starts paying box {n} ({box}) of the {building}.", **values)
        return _("Start paying box {n} ({box}) of the {building}", **values)
    if name == "offer":
        cost = state.next_cost()
        if cost is None:
            raise ValueError("no offering is left")
        if log:
            return n_("{name} makes an offering for {n} crystal.", "{name} makes an offering for {n} crystals.",
                      cost, name=who)
        return n_("Make an offering for {n} crystal", "Make an offering for {n} crystals", cost)
    if name == "play":
        if log:
            return _("{name} plays {card} for one more offering.", name=who, card=args[0])
        return _("Play {card} for one more offering", card=args[0])
    if name == "extra" and args:
        tile = tile_label(state, args[0])
        if log:
            return _("{name} uses the Main Hall to go to {tile}.", name=who, tile=tile)
        return _("Use the Main Hall to go to {tile}", tile=tile)
    if name == "extra":
        if log:
            return _("{name} uses the extra action of the tile.", name=who)
        return _("Use the extra action of the tile")
    if name == "end":
        return _("{name} ends their actions.", name=who) if log else _("End your actions")
    return None


KINDS: dict[str, Kind[BlueMoonState]] = {
    ACT: Kind(legal_act, apply_act, prompt_act, label_act, refusal=refusal_act),
}
