"""Paying a box (rulings 2, 3, 5, 6, 7): a decision pushed over acting by ``box <n>`` and popped when the box
is filled or the payment cancelled. ``add <card>``, ``pair <mimix> <mimix>``, ``play lu1|lu2 <people>``,
``cancel``; the contribution completes by itself once its total reaches the box, and a building whose last
box is filled is rebuilt and hands out its bonuses."""

from __future__ import annotations

from typing import Any

from boardgames.core import cards as deck_ops
from boardgames.core.decisions import Decision, Kind, by_trial
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.bluemoon.answers import Move, answer
from boardgames.games.bluemoon.data import Bonus
from boardgames.games.bluemoon.log import building_named, label_of, people_name
from boardgames.games.bluemoon.pieces import (
    CANCEL,
    GRID,
    KHIND,
    MIMIX,
    NOBODY,
    PAIRABLE,
    PAY,
    WILD,
    Payment,
    is_card,
    people_of,
    value_of,
)
from boardgames.games.bluemoon.state import BlueMoonState
from boardgames.i18n import N_, _


def payment(state: BlueMoonState) -> Payment:
    """The contribution being paid (there is one while paying)."""
    pay = state.pay
    assert pay is not None, "no box is being paid"
    return pay


# -- what may be done ----------------------------------------------------------------------------
def legal_pay(state: BlueMoonState, d: Decision) -> list[Action]:
    hand = state.players[d.seat].hand
    pay = payment(state)
    actions = [Action("add", (card,)) for card in sorted(hand) if counts_as(pay, card) is not None]
    mimix = sorted(c for c in hand if people_of(c) == MIMIX and value_of(c) in PAIRABLE)
    for i, a in enumerate(mimix):
        for b in mimix[i:]:
            if a != b or hand[a] >= 2:
                actions.append(Action("pair", (a, b)))
    target = pay.colour
    if target is not None:
        held = {people_of(c) for c in hand}
        recolour = state.rules.components.recolour
        for v in sorted(recolour):
            lux = f"lu{v}"
            if not hand.get(lux):
                continue
            for people in sorted(held - {target, KHIND}):
                spare = sum(n for c, n in hand.items() if people_of(c) == people) - (people == "lu")
                if spare > 0:
                    actions.append(Action("play", (lux, people)))
    actions.append(CANCEL)
    return actions


def counts_as(pay: Payment, card: str) -> str | None:
    """What ``card`` would count as if added to the payment now, or None if it cannot join."""
    people = people_of(card)
    if people == KHIND:
        return WILD
    if pay.colour is None:  # an ``any`` box whose colour the first card chooses
        return people
    if people == pay.colour:
        return people
    if pay.converts.get(people, 0) > 0:
        return pay.colour
    return None


# -- doing it ------------------------------------------------------------------------------------
def apply_pay(state: BlueMoonState, d: Decision, action: Action) -> None:
    answer(state, d.seat, action, _MOVES, _phrase, _(NOT_NOW))


def _add(state: BlueMoonState, seat: int, *args: Any) -> None:
    card = args[0] if len(args) == 1 else None
    if not is_card(card):
        raise IllegalAction(_("Say which card to add, such as: add aq2."))
    pay = payment(state)
    counts = counts_as(pay, card)
    if counts is None:
        raise IllegalAction(_("{card} does not match this box; only a Lux played now could recolour it.", card=card))
    state.take_card(seat, card)
    if counts not in (WILD, people_of(card)):  # recoloured by a Lux
        pay.converts[people_of(card)] -= 1
    if counts != WILD and pay.colour is None:
        pay.colour = counts
    pay.cards.append((card, counts))
    pay.total += value_of(card)
    _maybe_complete(state, seat)


def _pair(state: BlueMoonState, seat: int, *args: Any) -> None:
    if len(args) != 2 or not all(is_card(a) and people_of(a) == MIMIX and value_of(a) in PAIRABLE for a in args):
        raise IllegalAction(_("A pair is two Mimix cards of value 1 or 2, such as: pair mi1 mi2."))
    hand = state.players[seat].hand
    if not deck_ops.has(hand, args):
        raise IllegalAction(_("You do not hold both of those Mimix cards."))
    pay = payment(state)
    for card in args:
        state.take_card(seat, card)
        pay.cards.append((card, WILD))
    pay.total += state.rules.components.pair_value
    _maybe_complete(state, seat)


def _lux(state: BlueMoonState, seat: int, *args: Any) -> None:
    if len(args) != 2 or args[0] not in ("lu1", "lu2"):
        raise IllegalAction(_("Only a Lux can be played while paying, such as: play lu1 te."))
    lux, people = args
    pay = payment(state)
    target = pay.colour
    if target is None:
        raise IllegalAction(_("Choose the palace box's colour with a first card before recolouring."))
    if people not in state.rules.people or people in (target, KHIND):
        raise IllegalAction(_("A Lux recolours another people's cards into {people}.",
                              people=people_name(state, target)))
    hand = state.players[seat].hand
    if not hand.get(lux):
        raise IllegalAction(_("You have no card {card} in your hand.", card=lux))
    if sum(n for c, n in hand.items() if people_of(c) == people) - (lux[:2] == people) <= 0:
        raise IllegalAction(_("You hold no {people} card to recolour.", people=people_name(state, people)))
    state.take_card(seat, lux)
    pay.powers.append(lux)
    pay.converts[people] = pay.converts.get(people, 0) + state.rules.components.recolour[value_of(lux)]


def _cancel(state: BlueMoonState, seat: int) -> None:
    hand = state.players[seat].hand
    for card in payment(state).all_cards():
        deck_ops.add(hand, card)
    state.pay = None
    state.decisions.pop()


_MOVES: dict[str, Move] = {"add": _add, "pair": _pair, "play": _lux, "cancel": _cancel}

#: the refusal of a move made at another point of the turn
NOT_NOW = N_("Finish this contribution with more cards, or cancel it.")


#: why an action is refused now, in the words applying it would use
refusal_pay = by_trial(apply_pay)


# -- a box filled, a building rebuilt ----------------------------------------------------------------
def _maybe_complete(state: BlueMoonState, seat: int) -> None:
    pay = payment(state)
    building = state.rules.buildings[pay.building]
    box = building.boxes[pay.box]
    if pay.total < box.value:
        return
    for card in pay.all_cards():
        deck_ops.add(state.discard, card)
    state.markers[pay.building][pay.box] = seat
    state.emit(_("{name} fills box {n} of the {building}.", name=state.names[seat], n=pay.box + 1,
                 building=building_named(state, pay.building)))
    state.pay = None
    state.decisions.pop()
    if not state.contributed:
        state.contributed = True
        here = state.players[seat].pos
        dragons = sum(1 for where in state.dragons if where == here)
        if dragons:
            if dragons == 1:
                state.emit(_("The dragon here gives {name} a golden scale.", name=state.names[seat]))
            else:
                state.emit(_("The {count} dragons here give {name} a golden scale each.", count=dragons,
                             name=state.names[seat]))
            _give(state, seat, seat, Bonus(scale=dragons))
    if not state.open_boxes(pay.building):
        _complete(state, seat, pay.building)
    state.check_stalemate()


def _complete(state: BlueMoonState, seat: int, b: int) -> None:
    """The last box of building ``b`` is filled by ``seat``: its bonuses, then it is rebuilt (ruling 6)."""
    building = state.rules.buildings[b]
    row = state.markers[b]
    order = [(seat + i) % len(state.players) for i in range(len(state.players))]
    contributors = [s for s in order if s in row]
    most = max(row.count(s) for s in contributors)
    leader = min((s for s in contributors if row.count(s) == most), key=row.index)
    state.emit(_("The {building} is rebuilt; {name} has the majority.", building=building_named(state, b),
                 name=state.names[leader]))
    _give(state, seat, leader, building.majority)
    for s in contributors:
        _give(state, seat, s, building.construction)
    here = state.grid.index(b)
    for cell in GRID.neighbours(here):
        nb = state.grid[cell]
        if nb >= 0 and state.rebuilt[nb]:
            for s in contributors:
                _give(state, seat, s, state.rules.buildings[nb].neighbourhood)
    state.markers[b] = [NOBODY] * len(row)
    state.rebuilt[b] = True


def _give(state: BlueMoonState, mover: int, seat: int, bonus: Bonus) -> None:
    """Hand ``seat`` one bonus on ``mover``'s turn; the golden scales score the moment the supply runs out."""
    player = state.players[seat]
    player.crystals += bonus.crystal
    if bonus.card:
        drawn = deck_ops.draw(state.deck, state.discard, bonus.card, state.rng)
        into = player.pending if seat == mover else player.hand  # ruling 7
        for card in drawn:
            deck_ops.add(into, card)
    if bonus.scale:
        before = state.scale_supply()
        player.scales += bonus.scale
        if before > 0 and state.scale_supply() == 0:
            _score_scales(state)


def _score_scales(state: BlueMoonState) -> None:
    scoring = state.rules.components.scale_scoring
    counts = [p.scales for p in state.players]
    top = max(counts)
    leaders = [s for s, c in enumerate(counts) if c == top]
    for s, player in enumerate(state.players):
        if s in leaders:
            player.crystals += scoring.most if len(leaders) == 1 else scoring.tied
        elif player.scales >= scoring.others_min:
            player.crystals += scoring.others
        else:
            continue
        player.scales = 0
    state.emit(_("The last golden scale is taken: scales are scored."))


# -- words ---------------------------------------------------------------------------------------
def prompt_pay(state: BlueMoonState, d: Decision) -> str:
    pay = payment(state)
    box = state.rules.buildings[pay.building].boxes[pay.box]
    return _("{name}: add cards to box {n} ({total} of {value}).", name=state.names[d.seat], n=pay.box + 1,
             total=pay.total, value=box.value)


def label_pay(state: BlueMoonState, d: Decision, action: Action) -> str:
    return label_of(state, d.seat, action, _phrase)


def _phrase(state: BlueMoonState, seat: int, action: Action, log: bool) -> str | None:
    name, args = action.name, action.args
    who = state.names[seat]
    if name == "add":
        return _("{name} adds {card}.", name=who, card=args[0]) if log else _("Add {card}", card=args[0])
    if name == "pair":
        if log:
            return _("{name} adds {first} and {second} as a wild pair.", name=who, first=args[0], second=args[1])
        return _("Add {first} and {second} as a wild pair", first=args[0], second=args[1])
    if name == "play":
        people = people_name(state, args[1])
        if log:
            return _("{name} plays {card} to recolour {people} cards.", name=who, card=args[0], people=people)
        return _("Play {card} to recolour {people} cards", card=args[0], people=people)
    if name == "cancel":
        return _("{name} takes the cards back.", name=who) if log else _("Take the cards back")
    return None


KINDS: dict[str, Kind[BlueMoonState]] = {
    PAY: Kind(legal_pay, apply_pay, prompt_pay, label_pay, refusal=refusal_pay),
}
