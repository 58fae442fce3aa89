"""Citizens in the turn (ruling 7): playing one, buying and swapping cards; then housing the citizen played,
or the card a swap discards."""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.lemuria import powers, words
from boardgames.games.lemuria.state import DISCARD, HOUSE, LemuriaState
from boardgames.i18n import _, the


# -- the turn's moves ------------------------------------------------------------------------------
def play(state: LemuriaState, d: Decision, card: str) -> None:
    """Pay the citizen's food (or use a free play), then house it or discard it once its effects are done."""
    seat = d.seat
    player, citizen = state.players[seat], state.rules.citizen[card]
    if state.flags.free_citizens:
        state.flags.free_citizens -= 1
    else:
        player.pay({"food": citizen.food})
    player.hand.remove(card)
    state.emit(_("{name} plays {card}.", name=state.names[seat], card=the(citizen.name)))
    state.decisions.push(Decision(HOUSE, seat, (card,)))
    powers.resolve(state, seat, citizen.effects, citizen.name)


def label_play(state: LemuriaState, d: Decision, action: Action) -> str:
    """'Play Acolyte (no food): 2 VP': what the card gives as a noun, since a hint or a review puts the label in
    a sentence (the card's own text, an order to the player, is on the card in the hand)."""
    citizen = state.rules.citizen[action.args[0]]
    if not citizen.food:
        return _("Play {card} (no food): {effects}", card=the(citizen.name), effects=citizen.noun)
    return _("Play {card} ({food}): {effects}", card=the(citizen.name), food=words.amount(citizen.food, "food"),
             effects=citizen.noun)


def buy(state: LemuriaState, d: Decision) -> None:
    seat = d.seat
    player = state.players[seat]
    if state.flags.free_buys:
        state.flags.free_buys -= 1
        price = 0
    else:
        price = len(player.hand)
        player.pay({"gold": price})
    card = state.draw_citizen(seat)
    assert card is not None  # the turn offers a buy only while the deck holds a card
    name, mine = state.names[seat], the(state.rules.citizen[card].name)
    if price:
        cost = words.amount(price, "gold")
        state.emit(_("{name} buys a citizen card for {price}.", name=name, price=cost),
                   {seat: _("{name} buys {card} for {price}.", name=name, card=mine, price=cost)})
    else:
        state.emit(_("{name} buys a citizen card for free.", name=name),
                   {seat: _("{name} buys {card} for free.", name=name, card=mine)})


def label_buy(state: LemuriaState, d: Decision, action: Action) -> str:
    price = 0 if state.flags.free_buys else len(state.players[d.seat].hand)
    if not price:
        return _("Buy a citizen card for free")
    return _("Buy a citizen card for {price}", price=words.amount(price, "gold"))


def swap(state: LemuriaState, d: Decision) -> None:
    seat = d.seat
    state.players[seat].pay({"gold": state.comp.gold.swap})
    card = state.draw_citizen(seat)
    assert card is not None  # the turn offers a swap only while the deck holds a card
    state.emit(_("{name} pays 2 gold to swap a citizen card.", name=state.names[seat]),
               {seat: _("{name} pays 2 gold and draws {card}.", name=state.names[seat],
                        card=the(state.rules.citizen[card].name))})
    state.decisions.push(Decision(DISCARD, seat))


# -- housing the citizen played --------------------------------------------------------------------
def _played(d: Decision) -> str:
    return str(d.args[0])


def legal_house(state: LemuriaState, d: Decision) -> list[Action]:
    player = state.players[d.seat]
    return [Action("house", (i + 1,)) for i, owned in enumerate(player.buildings) if owned.citizen is None] \
        + [Action("discard")]


def _house(state: LemuriaState, d: Decision, index: int) -> None:
    card = _played(d)
    owned = state.players[d.seat].buildings[index - 1]
    owned.citizen = card
    building = state.rules.building[owned.building]
    vp = state.rules.citizen[card].vp_in(building.colour)
    state.players[d.seat].gain_vp(vp, "citizens")
    state.emit(_("{name} houses {card} in {building} for {vp} VP.", name=state.names[d.seat],
                 card=the(state.rules.citizen[card].name), building=the(building.name), vp=vp))


def _discard_played(state: LemuriaState, d: Decision) -> None:
    card = _played(d)
    state.citizen_discard[card] = state.citizen_discard.get(card, 0) + 1
    state.emit(_("{name} discards {card}.", name=state.names[d.seat], card=the(state.rules.citizen[card].name)))


def apply_house(state: LemuriaState, d: Decision, action: Action) -> None:
    if action.name == "house":
        _house(state, d, action.args[0])
    else:
        _discard_played(state, d)
    state.decisions.pop()


def prompt_house(state: LemuriaState, d: Decision) -> str:
    return _("{name}: house the citizen in an empty building of yours, or discard it.", name=state.names[d.seat])


def label_house(state: LemuriaState, d: Decision, action: Action) -> str:
    if action.name == "discard":
        return _("Discard the citizen")
    if action.name != "house":
        return str(action)
    building = state.rules.building[state.players[d.seat].buildings[action.args[0] - 1].building]
    vp = state.rules.citizen[_played(d)].vp_in(building.colour)
    return _("House in {building} for {vp} VP", building=the(building.name), vp=vp)


def refuse_house(state: LemuriaState, d: Decision, action: Action) -> str:
    return _("A citizen moves into an empty building of yours.") if action.name == "house" else ""


# -- the card a swap discards ----------------------------------------------------------------------
def legal_discard(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("discard", (card,)) for card in sorted(set(state.players[d.seat].hand))]


def apply_discard(state: LemuriaState, d: Decision, action: Action) -> None:
    card = action.args[0]
    state.players[d.seat].hand.remove(card)
    state.citizen_discard[card] = state.citizen_discard.get(card, 0) + 1
    state.emit(_("{name} discards {card}.", name=state.names[d.seat], card=the(state.rules.citizen[card].name)))
    state.decisions.pop()


def prompt_discard(state: LemuriaState, d: Decision) -> str:
    return _("{name}: discard a citizen card.", name=state.names[d.seat])


def label_discard(state: LemuriaState, d: Decision, action: Action) -> str:
    if action.name != "discard" or not action.args:
        return str(action)
    return _("Discard {card}", card=the(state.rules.citizen[action.args[0]].name))


KINDS: dict[str, Kind[LemuriaState]] = {
    HOUSE: Kind(legal_house, apply_house, prompt_house, label_house, refusal=refuse_house, listed=True),
    DISCARD: Kind(legal_discard, apply_discard, prompt_discard, label_discard, listed=True),
}
