"""Lemuria's card powers (powers.py): each of the 36 citizens and 8 Lemurian Impact cards, and its limits.

Each test builds a position by hand and checks hand-computed figures. Every test runs on a small fake state
honouring the contract powers.py is written against, and on the real LemuriaState when rules.py loads.
Players start with 3 food and 3 gold, 2 vegetable and 2 mineral matter (components.yaml).
"""

from __future__ import annotations

import json

import pytest

from boardgames.core import cards
from boardgames.core.cards import Deck
from boardgames.core.decisions import DecidingState, Decision, Decisions
from boardgames.core.engine import Action, IllegalAction
from boardgames.core.rng import Rng
from boardgames.games.lemuria import powers
from boardgames.games.lemuria.altar import MINERAL, VEGETABLE, Altar
from boardgames.games.lemuria.data import shared_rules
from boardgames.games.lemuria.pieces import Owned, Player, TurnFlags
from boardgames.games.lemuria.trend import TrendLine

ANA, BIA, CAIO = 0, 1, 2
NAMES = ["Ana", "Bia", "Caio"]
HOUSE = "house"  # the decision rules.py pushes before resolving a citizen: house it or discard it


class FakeState(DecidingState):
    """The contract of powers.py and nothing more, built from the real pieces."""

    KINDS = powers.KINDS

    def __init__(self, seed: int = 7) -> None:
        self.rules = rules = shared_rules()
        comp = rules.components
        self.names = list(NAMES)
        self.players = [Player(name, {r.id: comp.start.resources.get(r.id, 0) for r in comp.resources},
                               dict(comp.start.matter), comp.start.building_markers) for name in NAMES]
        self.altar = Altar(comp.altar)
        self.trend = TrendLine(comp.trend.bonus, comp.trend.lower)
        self.buildings = Deck({b.id: 1 for b in rules.buildings})
        self.building_discard: dict[str, int] = {}
        self.citizens = Deck({c.id: 1 for c in rules.citizens})
        self.citizen_discard: dict[str, int] = {}
        self.flags = TurnFlags()
        self.decisions = Decisions()
        self.rng = Rng(seed)
        self.turn = 0
        self.round = 1
        self.order = [ANA, BIA, CAIO]
        self.turn_index = 0
        self.reserved: dict[int, int] = {}

    def draw_citizen(self, seat: int) -> str | None:
        if not len(self.citizens):
            return None
        card = self.citizens.draw(self.rng)
        self.players[seat].hand.append(card)
        self.players[seat].hand.sort()
        return card

    def reservable_spaces(self, seat: int) -> list[int]:
        if seat in self.reserved.values():
            return []
        return [space for space in range(1, self.turn_index + 2) if space not in self.reserved]

    def reserve(self, seat: int, space: int) -> None:
        self.reserved[space] = seat


def _real():
    try:
        from boardgames.games.lemuria.rules import LemuriaState
    except Exception:  # rules.py is being written: the fake still runs
        return None
    return LemuriaState


@pytest.fixture(params=["fake", "real"])
def s(request):
    if request.param == "fake":
        state = FakeState()
    else:
        real = _real()
        if real is None:
            pytest.skip("rules.py does not load")
        state = real(shared_rules(), list(NAMES), False, Rng(7))
    state.keeps_log = True
    return state


# -- building positions ----------------------------------------------------------------------------
def take_citizen(s, card: str) -> None:
    """Take ``card`` out of the citizen deck (it must be face down there)."""
    cards.remove(s.citizens.hidden, card)


def give_hand(s, seat: int, *ids: str) -> None:
    for card in ids:
        take_citizen(s, card)
        s.players[seat].hand.append(card)
    s.players[seat].hand.sort()


def stack_citizens(s, *ids: str) -> None:
    """The next citizen draws give ``ids`` in this order."""
    for card in ids:
        take_citizen(s, card)
        s.citizens.top.append(card)


def empty_citizen_deck(s) -> None:
    for card, n in list(s.citizens.hidden.items()):
        cards.add(s.citizen_discard, card, n)
    s.citizens.hidden.clear()


def take_building(s, card: str) -> None:
    cards.remove(s.buildings.hidden, card)


def set_trend(s, *slots: str | None) -> None:
    for card in slots:
        if card is not None:
            take_building(s, card)
    s.trend.slots = list(slots)


def stack_buildings(s, *ids: str) -> None:
    for card in ids:
        take_building(s, card)
        s.buildings.top.append(card)


def own(s, seat: int, building: str, citizen: str | None = None) -> None:
    take_building(s, building)
    if citizen is not None:
        take_citizen(s, citizen)
    s.players[seat].buildings.append(Owned(building, citizen))


def plant(s, seat: int, section: int, kind: str, count: int = 1) -> None:
    s.altar.plant(section, seat, kind, count)
    s.players[seat].matter[kind] -= count


def fill(s, section: int, fillers: int) -> None:
    s.altar.sections[section].fillers += fillers


def play(s, seat: int, card: str) -> None:
    """Play citizen ``card`` as rules.py does: out of the hand, a house-or-discard decision, then its effects."""
    if card in s.players[seat].hand:
        s.players[seat].hand.remove(card)
    else:
        take_citizen(s, card)
    s.decisions.push(Decision(HOUSE, seat, (card,)))
    citizen = s.rules.citizen[card]
    powers.resolve(s, seat, citizen.effects, citizen.name)


def use_impact(s, seat: int, number: int) -> None:
    card = s.rules.impact[number - 1]
    s.players[seat].impact = number
    powers.resolve(s, seat, card.effects, card.name)


def act(s, text: str) -> None:
    top = s.decisions.top
    powers.KINDS[top.kind].apply(s, top, Action.parse(text))


def legal(s) -> list[str]:
    top = s.decisions.top
    return [str(a) for a in powers.KINDS[top.kind].legal(s, top)]


def top_kind(s) -> str | None:
    return s.decisions.top.kind if s.decisions.top else None


def log(s) -> list[str]:
    return [line.public for line in s.take_log()]


def res(s, seat: int = ANA) -> dict[str, int]:
    """The seat's resources, zeros left out."""
    return {r: n for r, n in s.players[seat].resources.items() if n}


def conserved(s) -> None:
    check = getattr(s, "check_invariants", None)
    if check is not None and not isinstance(s, FakeState):
        check()
    s.altar.check()


# -- military ----------------------------------------------------------------------------------------
def test_sentry_gains_1_brick(s):
    play(s, ANA, "sentry")
    assert res(s) == {"food": 3, "gold": 3, "brick": 1} and res(s, BIA) == {"food": 3, "gold": 3}
    assert top_kind(s) == HOUSE  # nothing to choose: the house-or-discard choice is next
    assert log(s) == ["Sentry: Ana gains 1 brick."]
    conserved(s)


def test_stonebreaker_gains_2_stone(s):
    play(s, ANA, "stonebreaker")
    assert res(s) == {"food": 3, "gold": 3, "stone": 2}


def test_quartermaster_gains_1_brick_and_1_wood(s):
    play(s, BIA, "quartermaster")
    assert res(s, BIA) == {"food": 3, "gold": 3, "brick": 1, "wood": 1}
    assert log(s) == ["Quartermaster: Bia gains 1 brick and 1 wood."]


def test_siege_engineer_removes_one_filler_from_a_section_of_the_players_choice(s):
    fill(s, 2, 1)
    fill(s, 5, 2)
    play(s, ANA, "siege_engineer")
    assert top_kind(s) == powers.REMOVE_FILLER and legal(s) == ["section 2", "section 5"]
    act(s, "section 5")
    assert [sec.fillers for sec in s.altar.sections] == [0, 0, 1, 0, 0, 1, 0, 0, 0]  # one, not more
    assert top_kind(s) == HOUSE
    conserved(s)


def test_siege_engineer_refuses_a_section_without_a_filler_and_changes_nothing(s):
    fill(s, 2, 1)
    play(s, ANA, "siege_engineer")
    with pytest.raises(IllegalAction, match="holds a filler"):
        act(s, "section 3")
    assert s.altar.sections[2].fillers == 1 and top_kind(s) == powers.REMOVE_FILLER


def test_remove_filler_with_none_on_the_altar_does_nothing(s):
    play(s, ANA, "siege_engineer")
    assert top_kind(s) == HOUSE
    assert log(s) == ["Siege Engineer: no section holds a filler; nothing happens."]


def test_vanguard_adds_a_filler_only_to_a_section_with_the_players_matter_and_room(s):
    plant(s, ANA, 1, VEGETABLE)  # section 1: 2 spaces, 1 free
    plant(s, ANA, 3, MINERAL)  # section 3: 3 spaces, full with Bia's 2
    plant(s, BIA, 3, MINERAL, 2)
    plant(s, BIA, 4, VEGETABLE)  # Bia's alone: not Ana's to fill
    play(s, ANA, "vanguard")
    assert legal(s) == ["section 1"]
    act(s, "section 1")
    assert s.altar.sections[1].fillers == 1 and s.altar.sections[1].full
    assert top_kind(s) == HOUSE
    conserved(s)


def test_vanguard_with_no_room_beside_the_players_matter_does_nothing(s):
    plant(s, ANA, 1, VEGETABLE, 2)  # full
    fill(s, 0, 1)
    play(s, ANA, "vanguard")
    assert top_kind(s) == HOUSE and s.altar.sections[0].fillers == 1 and s.altar.sections[1].fillers == 0
    assert "nothing happens" in log(s)[0]


def test_captain_gains_3_vp(s):
    play(s, ANA, "captain")
    assert s.players[ANA].vp == 3 and s.players[ANA].sources == {"cards": 3}


def test_warden_takes_one_matter_back_to_the_players_supply(s):
    plant(s, ANA, 0, VEGETABLE)
    plant(s, ANA, 2, MINERAL, 2)
    plant(s, BIA, 5, MINERAL)
    play(s, ANA, "warden")
    assert legal(s) == ["section 0", "section 2"]  # never Bia's matter
    act(s, "section 2")
    assert s.altar.sections[2].matter == {ANA: 1}
    assert s.players[ANA].matter == {"vegetable": 1, "mineral": 1}  # one taken back, of two planted
    assert top_kind(s) == HOUSE
    conserved(s)


def test_warden_taking_the_last_matter_empties_the_section_for_any_kind(s):
    plant(s, ANA, 0, VEGETABLE)
    play(s, ANA, "warden")
    act(s, "section 0")
    assert s.altar.sections[0].kind is None and s.players[ANA].matter["vegetable"] == 2


def test_warden_with_no_matter_on_the_altar_does_nothing(s):
    plant(s, BIA, 0, VEGETABLE)
    play(s, ANA, "warden")
    assert top_kind(s) == HOUSE and s.altar.sections[0].matter == {BIA: 1}
    assert log(s) == ["Warden: Ana has no matter on the altar; nothing happens."]


def test_marshal_gains_1_vp_per_building_occupied_or_not(s):
    own(s, ANA, "granary", "sentry")
    own(s, ANA, "shrine")
    own(s, ANA, "forge")
    own(s, BIA, "kiln")
    play(s, ANA, "marshal")
    assert s.players[ANA].vp == 3 and s.players[BIA].vp == 0
    conserved(s)


def test_marshal_without_buildings_gains_nothing(s):
    play(s, ANA, "marshal")
    assert s.players[ANA].vp == 0


def test_conqueror_makes_the_next_build_2_resources_cheaper_without_trend_bonus(s):
    play(s, ANA, "conqueror")
    assert s.flags.discounts == [(2, False)] and s.players[ANA].vp == 0


# -- commerce ----------------------------------------------------------------------------------------
def test_peddler_gains_1_gold(s):
    play(s, ANA, "peddler")
    assert res(s) == {"food": 3, "gold": 4}


def test_moneychanger_exchanges_up_to_three_one_for_one(s):
    play(s, ANA, "moneychanger")
    assert legal(s) == ["give food", "give gold", "done"]
    act(s, "give gold")
    assert "take gold" not in legal(s) and len(legal(s)) == 5
    act(s, "take stone")
    act(s, "give gold")
    act(s, "take brick")
    act(s, "give food")
    act(s, "take cloth")
    assert res(s) == {"food": 2, "cloth": 1, "gold": 1, "brick": 1, "stone": 1}  # 3 for 3, then it stops
    assert top_kind(s) == HOUSE
    assert log(s)[-1] == "Moneychanger: Ana exchanges 1 food for 1 cloth."


def test_moneychanger_may_stop_early_but_not_between_give_and_take(s):
    play(s, ANA, "moneychanger")
    act(s, "give gold")
    with pytest.raises(IllegalAction):
        act(s, "done")
    with pytest.raises(IllegalAction):
        act(s, "give food")
    act(s, "take wood")
    act(s, "done")
    assert res(s) == {"food": 3, "wood": 1, "gold": 2} and top_kind(s) == HOUSE


def test_moneychanger_cannot_give_what_the_player_lacks(s):
    play(s, ANA, "moneychanger")
    with pytest.raises(IllegalAction):
        act(s, "give stone")
    assert res(s) == {"food": 3, "gold": 3}


def test_moneychanger_with_no_resources_does_nothing(s):
    s.players[ANA].resources.update(food=0, gold=0)
    play(s, ANA, "moneychanger")
    assert top_kind(s) == HOUSE and log(s) == ["Moneychanger: Ana has no resource to exchange."]


def test_clothier_gains_2_cloth(s):
    play(s, ANA, "clothier")
    assert res(s) == {"food": 3, "cloth": 2, "gold": 3}


def test_broker_draws_two_then_discards_one(s):
    give_hand(s, ANA, "sentry")
    stack_citizens(s, "banker", "scribe")
    play(s, ANA, "broker")
    assert s.players[ANA].hand == ["banker", "scribe", "sentry"]
    assert legal(s) == ["discard banker", "discard scribe", "discard sentry"]  # the new ones included
    act(s, "discard sentry")
    assert s.players[ANA].hand == ["banker", "scribe"] and s.citizen_discard == {"sentry": 1}
    assert top_kind(s) == HOUSE
    lines = s.take_log()
    assert lines[0].public == "Broker: Ana draws 2 citizen cards."
    assert lines[0].text_for(ANA) == "Broker: Ana draws Banker and Scribe."
    assert lines[1].public == "Broker: Ana discards Sentry."
    conserved(s)


def test_broker_refuses_a_discard_of_a_card_not_in_hand(s):
    stack_citizens(s, "banker", "scribe")
    play(s, ANA, "broker")
    with pytest.raises(IllegalAction, match="in your hand"):
        act(s, "discard sentry")
    assert s.players[ANA].hand == ["banker", "scribe"]


def test_broker_with_an_empty_deck_draws_nothing_and_still_discards_one(s):
    give_hand(s, ANA, "sentry", "acolyte")
    take_citizen(s, "broker")
    s.decisions.push(Decision(HOUSE, ANA, ("broker",)))
    empty_citizen_deck(s)
    powers.resolve(s, ANA, s.rules.citizen["broker"].effects, "Broker")
    assert legal(s) == ["discard acolyte", "discard sentry"]
    act(s, "discard acolyte")
    assert s.players[ANA].hand == ["sentry"]
    assert log(s)[0] == "Broker: Ana draws 0 citizen cards; the citizen deck is empty."


def test_broker_with_an_empty_deck_and_hand_does_nothing(s):
    take_citizen(s, "broker")
    s.decisions.push(Decision(HOUSE, ANA, ("broker",)))
    empty_citizen_deck(s)
    powers.resolve(s, ANA, s.rules.citizen["broker"].effects, "Broker")
    assert top_kind(s) == HOUSE
    assert log(s)[-1] == "Broker: Ana has no citizen card to discard."


def test_caravan_master_gains_1_gold_1_cloth_1_wood(s):
    play(s, ANA, "caravan_master")
    assert res(s) == {"food": 3, "cloth": 1, "wood": 1, "gold": 4}


def test_patron_makes_the_next_build_1_resource_cheaper(s):
    play(s, ANA, "patron")
    assert s.flags.discounts == [(1, True)]


def test_patron_and_conqueror_discounts_wait_in_order(s):
    play(s, ANA, "conqueror")
    play(s, ANA, "patron")
    assert s.flags.discounts == [(2, False), (1, True)]


def test_auctioneer_replaces_a_trend_card_with_the_top_building_card_without_sliding(s):
    set_trend(s, "forge", "shrine", None, "kiln", "granary")
    stack_buildings(s, "harbour")
    reveals = s.reveals
    play(s, ANA, "auctioneer")
    assert legal(s) == ["position 1", "position 2", "position 4", "position 5"]  # the gap is no card
    act(s, "position 2")
    assert s.trend.slots == ["forge", "harbour", None, "kiln", "granary"]
    assert s.building_discard == {"shrine": 1} and top_kind(s) == HOUSE
    assert s.reveals == reveals + 1  # a known card turned up without a draw from the generator
    assert log(s) == ["Auctioneer: Ana discards Shrine from trend position 2; Harbour takes its place."]
    conserved(s)


def test_auctioneer_with_an_empty_building_deck_shuffles_the_discards_in(s):
    set_trend(s, "forge", None, None, None, None)
    take_building(s, "treasury")
    s.building_discard.update({"treasury": 1})
    for card, n in list(s.buildings.hidden.items()):  # the rest is out of the game for this test
        cards.remove(s.buildings.hidden, card, n)
    play(s, ANA, "auctioneer")
    act(s, "position 1")
    assert s.trend.slots[0] == "treasury" and s.building_discard == {"forge": 1} and not len(s.buildings)


def test_auctioneer_with_no_building_card_left_does_nothing(s):
    set_trend(s, "forge", None, None, None, None)
    s.buildings.hidden.clear()
    play(s, ANA, "auctioneer")
    assert top_kind(s) == HOUSE and s.trend.slots[0] == "forge"
    assert log(s) == ["Auctioneer: no trend card can be replaced; nothing happens."]


def test_auctioneer_with_an_empty_trend_line_does_nothing(s):
    play(s, ANA, "auctioneer")
    assert top_kind(s) == HOUSE


def test_banker_gains_4_gold(s):
    play(s, ANA, "banker")
    assert res(s) == {"food": 3, "gold": 7}


def test_guildmaster_gains_2_vp_per_commerce_building(s):
    own(s, ANA, "market_stall")
    own(s, ANA, "harbour", "sentry")
    own(s, ANA, "forge")
    own(s, BIA, "treasury")
    play(s, ANA, "guildmaster")
    assert s.players[ANA].vp == 4  # 2 commerce buildings, occupied or not; the Forge is production
    assert log(s) == ["Guildmaster: Ana gains 4 VP (2 for each of 2 commerce buildings)."]


# -- production --------------------------------------------------------------------------------------
def test_forager_gains_1_food(s):
    play(s, ANA, "forager")
    assert res(s) == {"food": 4, "gold": 3}


def test_woodcutter_gains_2_wood(s):
    play(s, ANA, "woodcutter")
    assert res(s) == {"food": 3, "wood": 2, "gold": 3}


def test_brickmaker_gains_2_brick(s):
    play(s, ANA, "brickmaker")
    assert res(s) == {"food": 3, "gold": 3, "brick": 2}


def test_sower_allows_planting_1_more_matter_this_turn(s):
    s.flags.planted_or_harvested = True
    play(s, ANA, "sower")
    assert s.flags.extra_plants == 1 and s.flags.planted_or_harvested


def test_reaper_allows_1_more_free_section_in_this_turns_harvest(s):
    play(s, ANA, "reaper")
    assert s.flags.free_harvests == 1


def test_mason_gains_1_stone_1_brick_1_wood(s):
    play(s, ANA, "mason")
    assert res(s) == {"food": 3, "wood": 1, "gold": 3, "brick": 1, "stone": 1}


def test_surveyor_reserves_an_empty_turn_order_space_without_matter(s):
    s.turn_index = 2  # Ana plays third: spaces 1 to 3 are lifted
    s.reserved[1] = BIA
    play(s, ANA, "surveyor")
    assert legal(s) == ["space 2", "space 3"]
    act(s, "space 3")
    assert s.reserved == {1: BIA, 3: ANA}
    assert s.players[ANA].matter == {"vegetable": 2, "mineral": 2}  # no matter spent
    assert top_kind(s) == HOUSE


def test_surveyor_is_the_one_reservation_a_player_holds(s):
    s.turn_index = 2
    s.reserved[2] = ANA
    play(s, ANA, "surveyor")
    assert top_kind(s) == HOUSE and s.reserved == {2: ANA}
    assert log(s) == ["Surveyor: Ana can reserve no turn-order space; nothing happens."]


def test_surveyor_with_every_lifted_space_reserved_does_nothing(s):
    s.turn_index = 0  # Ana plays first: only space 1 is lifted
    s.reserved[1] = BIA
    play(s, ANA, "surveyor")
    assert top_kind(s) == HOUSE and s.reserved == {1: BIA}


def test_architect_allows_one_more_build(s):
    play(s, ANA, "architect")
    assert s.flags.extra_builds == 1


def test_steward_gains_2_food_and_2_resources_of_choice(s):
    play(s, ANA, "steward")
    assert res(s) == {"food": 5, "gold": 3}  # the food at once
    assert legal(s) == ["gain food", "gain cloth", "gain wood", "gain gold", "gain brick", "gain stone"]
    act(s, "gain stone")
    assert top_kind(s) == powers.GAIN
    act(s, "gain stone")
    assert res(s) == {"food": 5, "gold": 3, "stone": 2} and top_kind(s) == HOUSE


def test_steward_refuses_an_unknown_resource(s):
    play(s, ANA, "steward")
    with pytest.raises(IllegalAction, match="Name a resource"):
        act(s, "gain diamonds")
    assert res(s) == {"food": 5, "gold": 3}


# -- religion ----------------------------------------------------------------------------------------
def test_acolyte_gains_1_vp(s):
    play(s, ANA, "acolyte")
    assert s.players[ANA].vp == 1


def test_pilgrim_gains_1_food_and_1_stone(s):
    play(s, ANA, "pilgrim")
    assert res(s) == {"food": 4, "gold": 3, "stone": 1}


def test_scribe_draws_1_citizen_card_seen_only_by_its_holder(s):
    stack_citizens(s, "banker")
    play(s, ANA, "scribe")
    assert s.players[ANA].hand == ["banker"] and top_kind(s) == HOUSE
    line = s.take_log()[0]
    assert line.public == "Scribe: Ana draws one citizen card." and line.text_for(ANA) == "Scribe: Ana draws Banker."
    conserved(s)


def test_scribe_with_an_empty_deck_draws_nothing(s):
    take_citizen(s, "scribe")
    empty_citizen_deck(s)
    s.decisions.push(Decision(HOUSE, ANA, ("scribe",)))
    powers.resolve(s, ANA, s.rules.citizen["scribe"].effects, "Scribe")
    assert s.players[ANA].hand == [] and top_kind(s) == HOUSE


def test_altar_mage_turns_the_altar_one_section_either_way(s):
    play(s, ANA, "altar_mage")
    assert legal(s) == ["turn cw 1", "turn ccw 1"]
    with pytest.raises(IllegalAction):
        act(s, "turn cw 2")
    act(s, "turn ccw 1")
    assert s.altar.turns == 8 and top_kind(s) == HOUSE
    assert s.altar.resource(0, VEGETABLE) == "cloth"  # slot 1 (cloth / brick) now over section 0
    assert log(s) == ["Altar Mage: Ana turns the altar one section anticlockwise."]


def test_oracle_looks_at_three_puts_one_in_the_trend_and_two_under_the_deck(s):
    set_trend(s, "granary", "shrine", "kiln", "sawmill", "harbour")
    stack_buildings(s, "forge", "chapel", "treasury")
    play(s, ANA, "oracle")
    top = s.decisions.top
    assert top.kind == powers.SCOUT and top.args[2:] == ("forge", "chapel", "treasury")
    assert len(legal(s)) == 15  # 3 cards x 5 positions
    lines = s.take_log()
    assert lines[0].public == "Oracle: Ana looks at the top 3 building cards."
    assert lines[0].text_for(ANA) == "Oracle: Ana looks at Forge, Chapel and Treasury."
    act(s, "place treasury 1")
    assert s.trend.slots == ["treasury", "shrine", "kiln", "sawmill", "harbour"]
    assert s.building_discard == {"granary": 1}
    assert sorted(s.buildings.bottom) == ["chapel", "forge"] and top_kind(s) == HOUSE
    assert log(s) == ["Oracle: Ana puts Treasury in trend position 1, discarding Granary.",
                      "The other 2 cards go under the building deck."]
    conserved(s)


def test_oracle_may_fill_a_gap_and_refuses_a_card_not_seen(s):
    set_trend(s, "granary", None, None, None, None)
    stack_buildings(s, "forge", "chapel", "treasury")
    play(s, ANA, "oracle")
    with pytest.raises(IllegalAction):
        act(s, "place aqueduct 3")
    with pytest.raises(IllegalAction):
        act(s, "place forge 6")
    act(s, "place forge 3")
    assert s.trend.slots == ["granary", None, "forge", None, None] and s.building_discard == {}


def test_oracle_with_fewer_than_three_building_cards_sees_what_there_is(s):
    for card, n in list(s.buildings.hidden.items()):
        cards.remove(s.buildings.hidden, card, n)
    s.buildings.hidden["forge"] = 1
    play(s, ANA, "oracle")
    assert s.decisions.top.args[2:] == ("forge",) and len(legal(s)) == 5
    act(s, "place forge 5")
    assert s.trend.slots[4] == "forge" and not len(s.buildings)


def test_oracle_with_no_building_card_does_nothing(s):
    s.buildings.hidden.clear()
    play(s, ANA, "oracle")
    assert top_kind(s) == HOUSE and log(s) == ["Oracle: there is no building card to look at."]


def test_priestess_gains_1_vp_per_occupied_building(s):
    own(s, ANA, "granary", "sentry")
    own(s, ANA, "shrine", "forager")
    own(s, ANA, "forge")
    play(s, ANA, "priestess")
    assert s.players[ANA].vp == 2  # the empty Forge does not count, nor the Priestess herself (housed after)


def test_astronomer_turns_up_to_two_sections_either_way(s):
    s.altar.turn(1)
    play(s, ANA, "astronomer")
    assert legal(s) == ["turn cw 1", "turn ccw 1", "turn cw 2", "turn ccw 2"]
    with pytest.raises(IllegalAction):
        act(s, "turn cw 3")
    act(s, "turn ccw 2")
    assert s.altar.turns == 8 and top_kind(s) == HOUSE


def test_astronomer_turns_two_clockwise(s):
    play(s, ANA, "astronomer")
    act(s, "turn cw 2")
    assert s.altar.turns == 2 and s.altar.resource(2, MINERAL) == "gold"  # slot 0 over section 2


def test_high_priest_gains_5_vp(s):
    play(s, ANA, "high_priest")
    assert s.players[ANA].vp == 5


def test_star_seer_gains_3_vp_and_draws_1_citizen_card(s):
    """The log words each count as a whole sentence (issue 18 item 22): "one citizen card", never "1 cards"."""
    stack_citizens(s, "forager")
    play(s, ANA, "star_seer")
    assert s.players[ANA].vp == 3 and s.players[ANA].hand == ["forager"]
    assert log(s) == ["Star Seer: Ana gains 3 VP.", "Star Seer: Ana draws one citizen card."]


def test_star_seer_with_an_empty_deck_still_gains_3_vp(s):
    take_citizen(s, "star_seer")
    empty_citizen_deck(s)
    s.decisions.push(Decision(HOUSE, ANA, ("star_seer",)))
    powers.resolve(s, ANA, s.rules.citizen["star_seer"].effects, "Star Seer")
    assert s.players[ANA].vp == 3 and s.players[ANA].hand == []


# -- Lemurian Impact cards -----------------------------------------------------------------------------
def test_abundance_gains_3_resources_of_choice(s):
    use_impact(s, ANA, 1)
    act(s, "gain food")
    act(s, "gain wood")
    assert top_kind(s) == powers.GAIN and s.decisions.top.args[2] == 1
    act(s, "gain wood")
    assert res(s) == {"food": 4, "wood": 2, "gold": 3} and top_kind(s) is None


def test_feast_makes_the_next_3_citizens_free_of_food(s):
    use_impact(s, ANA, 2)
    assert s.flags.free_citizens == 3 and res(s) == {"food": 3, "gold": 3}


def test_census_draws_3_citizen_cards_and_makes_the_next_buy_free(s):
    stack_citizens(s, "sentry", "banker", "oracle")
    use_impact(s, ANA, 3)
    assert s.players[ANA].hand == ["banker", "oracle", "sentry"] and s.flags.free_buys == 1
    assert top_kind(s) is None  # no discard
    conserved(s)


def test_census_with_2_cards_left_draws_2(s):
    empty_citizen_deck(s)
    cards.remove(s.citizen_discard, "sentry")
    cards.remove(s.citizen_discard, "banker")
    s.citizens.top.extend(["sentry", "banker"])
    use_impact(s, ANA, 3)
    assert s.players[ANA].hand == ["banker", "sentry"] and s.flags.free_buys == 1


def test_double_harvest_allows_up_to_2_more_free_sections(s):
    use_impact(s, ANA, 4)
    assert s.flags.free_harvests == 2


def test_star_alignment_turns_the_altar_to_any_of_its_9_positions(s):
    s.altar.turn(2)
    use_impact(s, ANA, 5)
    assert legal(s) == [f"altar {p}" for p in range(9)]
    with pytest.raises(IllegalAction):
        act(s, "altar 9")
    act(s, "altar 5")
    assert s.altar.turns == 5 and top_kind(s) is None
    assert log(s) == ["Star Alignment: Ana turns the altar to position 5 (3 sections clockwise)."]


def test_master_builder_allows_up_to_2_more_builds(s):
    play(s, ANA, "architect")
    use_impact(s, ANA, 6)
    assert s.flags.extra_builds == 3  # modifiers add up


def test_golden_trend_makes_every_trend_position_a_6_vp_bonus(s):
    use_impact(s, ANA, 7)
    assert s.flags.trend_bonus == 6 and s.players[ANA].vp == 0


def test_homecoming_gains_2_vp_per_occupied_building(s):
    own(s, ANA, "granary", "sentry")
    own(s, ANA, "shrine", "forager")
    own(s, ANA, "forge")
    use_impact(s, ANA, 8)
    assert s.players[ANA].vp == 4 and s.players[ANA].sources == {"cards": 4}


# -- the decisions themselves ------------------------------------------------------------------------
def open_every_kind(s) -> list[Decision]:
    """A position where every kind of power decision has legal answers; one decision of each kind."""
    fill(s, 2, 1)
    plant(s, ANA, 0, VEGETABLE)
    set_trend(s, "granary", "shrine", None, None, None)
    s.turn_index = 2
    give_hand(s, ANA, "sentry")
    seen = ("forge", "chapel", "treasury")
    for card in seen:
        take_building(s, card)
    return [Decision(powers.GAIN, ANA, ("Steward", 2, 2)),
            Decision(powers.EXCHANGE, ANA, ("Moneychanger", 1, 3, None)),
            Decision(powers.EXCHANGE, ANA, ("Moneychanger", 1, 3, "gold")),
            Decision(powers.TURN_ALTAR, ANA, ("Astronomer", 1, 2)),
            Decision(powers.SET_ALTAR, ANA, ("Star Alignment", 1)),
            Decision(powers.REMOVE_FILLER, ANA, ("Siege Engineer", 1, 1)),
            Decision(powers.ADD_FILLER, ANA, ("Vanguard", 1, 1)),
            Decision(powers.RECALL, ANA, ("Warden", 1, 1)),
            Decision(powers.RESERVE, ANA, ("Surveyor", 1)),
            Decision(powers.REPLACE_TREND, ANA, ("Auctioneer", 1)),
            Decision(powers.SCOUT, ANA, ("Oracle", 1, *seen)),
            Decision(powers.DISCARD, ANA, ("Broker", 1, 1))]


def test_every_kind_has_a_prompt_and_a_label_for_each_legal_action(s):
    decisions = open_every_kind(s)
    assert {d.kind for d in decisions} == set(powers.KINDS)
    for d in decisions:
        kind = powers.KINDS[d.kind]
        actions = kind.legal(s, d)
        assert actions and len(actions) <= 15, d.kind
        prompt = kind.prompt(s, d)
        assert prompt.endswith(".") and prompt[0].isupper(), prompt
        for action in actions:
            label = kind.label(s, d, action)
            assert label and label[0].isupper() and not label.endswith("."), label
            assert Action.parse(str(action)) == action  # the notation reads back


def test_labels_read_as_phrases_for_a_person(s):
    decisions = {d.kind: d for d in open_every_kind(s)}

    def label(kind: str, text: str) -> str:
        return powers.KINDS[kind].label(s, decisions[kind], Action.parse(text))

    assert label(powers.GAIN, "gain stone") == "Take 1 stone"
    # what tells two moves apart comes first: the list of moves shows about 24 characters at 80 columns
    assert label(powers.TURN_ALTAR, "turn cw 2") == "Clockwise, 2 sections"
    assert label(powers.TURN_ALTAR, "turn ccw 1") == "Anticlockwise, one section"
    assert label(powers.SET_ALTAR, "altar 0") == "Position 0: leave the altar where it is"
    assert label(powers.SET_ALTAR, "altar 4") == "Position 4: turn the altar 4 sections clockwise"
    assert label(powers.REMOVE_FILLER, "section 2") == "Section 2: remove its filler"
    assert label(powers.RECALL, "section 0") == "Section 0: take back 1 vegetable matter"
    assert label(powers.RESERVE, "space 3") == "Reserve space 3 of the turn order"
    assert label(powers.REPLACE_TREND, "position 2") == "Position 2: replace Shrine"
    assert label(powers.SCOUT, "place forge 1") == "Position 1: put Forge instead of Granary"
    assert label(powers.DISCARD, "discard sentry") == "Discard Sentry"
    assert label(powers.EXCHANGE, "done") == "Stop exchanging"


def test_decision_args_are_scalars_and_survive_json(s):
    for d in open_every_kind(s):
        assert all(a is None or isinstance(a, (str, int, bool)) for a in d.args)
        assert Decision.from_json(json.loads(json.dumps(d.to_json()))) == d


def test_a_refused_action_leaves_the_position_and_the_stack_untouched(s):
    fill(s, 2, 1)
    play(s, ANA, "siege_engineer")
    before = (list(s.decisions), [sec.fillers for sec in s.altar.sections])
    for text in ("section 9", "section -1", "turn cw 1", "done", "section"):
        with pytest.raises(IllegalAction):
            act(s, text)
    assert (list(s.decisions), [sec.fillers for sec in s.altar.sections]) == before


def test_a_choice_sits_above_the_house_decision_of_its_citizen(s):
    fill(s, 2, 1)
    play(s, BIA, "siege_engineer")
    assert [d.kind for d in s.decisions] == [HOUSE, powers.REMOVE_FILLER]
    assert s.decisions.seat == BIA


def test_effects_after_a_choice_wait_for_it(s, monkeypatch):
    """A card whose choice is not its last effect: the later effect comes once the choice is made."""
    card = s.rules.citizen["steward"]
    reordered = (card.effects[1], card.effects[0])  # gain 2 of choice, then 2 food
    monkeypatch.setattr(powers, "_card_effects", lambda rules, source: reordered if source == "Test" else None)
    powers.resolve(s, ANA, reordered, "Test")
    assert res(s) == {"food": 3, "gold": 3} and top_kind(s) == powers.GAIN  # the food waits
    act(s, "gain gold")
    act(s, "gain gold")
    assert res(s) == {"food": 5, "gold": 5} and top_kind(s) is None


def test_a_part_of_a_card_with_effects_after_a_choice_is_refused(s):
    card = s.rules.citizen["steward"]
    with pytest.raises(ValueError):
        powers.resolve(s, ANA, (card.effects[1], card.effects[0]), "Steward")


def test_a_lone_choice_of_a_card_stops_after_it(s):
    card = s.rules.citizen["steward"]
    powers.resolve(s, ANA, (card.effects[1],), "Steward")  # not the whole card: nothing follows the choice
    act(s, "gain gold")
    act(s, "gain gold")
    assert res(s) == {"food": 3, "gold": 5} and top_kind(s) is None


def _merged_real_state():
    """A real state in Ana's turn menu, with the Impact module, once rules.py merges POWER_KINDS."""
    real = _real()
    if real is None:
        pytest.skip("rules.py does not load")
    if not set(powers.KINDS) <= set(getattr(real, "KINDS", {})):
        pytest.skip("rules.py does not merge POWER_KINDS into its KINDS yet")
    state = real(shared_rules(), list(NAMES), True, Rng(3))
    state.decisions.reset(Decision("turn", ANA))
    return state


def test_a_citizen_played_from_the_real_turn_menu_chooses_then_is_housed_or_discarded():
    state = _merged_real_state()
    give_hand(state, ANA, "siege_engineer")
    fill(state, 2, 1)
    state.apply(Action("citizen", ("siege_engineer",)))
    assert state.decisions.top.kind == powers.REMOVE_FILLER and state.legal_actions() == [Action("section", (2,))]
    assert state.label(Action("section", (2,))) == "Section 2: remove its filler"
    state.apply(Action("section", (2,)))
    assert state.altar.sections[2].fillers == 0 and state.decisions.top.kind == HOUSE
    state.apply(Action("discard"))
    assert state.decisions.top.kind == "turn" and state.citizen_discard == {"siege_engineer": 1}
    assert res(state) == {"food": 1, "gold": 3}  # 2 food paid
    state.check_invariants()


def test_the_real_turn_menu_uses_the_lowest_impact_card_left():
    state = _merged_real_state()
    state.impact_left = [1, 5, 7]  # as a deal of three may lay them out
    state.apply(Action("impact"))
    assert state.players[ANA].impact == 1 and state.impact_left == [5, 7]
    assert state.decisions.top.kind == powers.GAIN  # Abundance
    for resource in ("stone", "stone", "brick"):
        state.apply(Action("gain", (resource,)))
    assert res(state) == {"food": 3, "gold": 3, "brick": 1, "stone": 2} and state.decisions.top.kind == "turn"
