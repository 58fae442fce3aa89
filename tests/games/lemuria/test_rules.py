"""Lemuria's rules engine: set-up, the card pass, the round and the turn menu, by ruling of lemuria.md."""

from __future__ import annotations

import pytest

from boardgames.core.engine import Action, IllegalAction
from boardgames.games.lemuria.altar import MINERAL, VEGETABLE
from boardgames.games.lemuria.data import shared_rules
from boardgames.games.lemuria.pieces import Owned
from boardgames.games.lemuria.rules import HARVEST, HOUSE, PLANT, SPOT, TURN, LemuriaState

NAMES = ["Ana", "Bia", "Caio"]


def new(names=NAMES, impact=False, seed=1) -> LemuriaState:
    return LemuriaState.setup(shared_rules(), list(names), seed, impact=impact)


def after_pass(state: LemuriaState) -> LemuriaState:
    """Everyone passes the first card of their hand."""
    while state.decisions.top.kind == "pass":
        state.apply(state.legal_actions()[0])
    return state


def a(text: str) -> Action:
    return Action.parse(text)


def test_setup_gives_each_player_3_food_3_gold_2_and_2_matter_8_markers_3_cards():
    state = new(["Ana", "Bia", "Caio", "Duda"])
    for p in state.players:
        assert p.resources == {"food": 3, "cloth": 0, "wood": 0, "gold": 3, "brick": 0, "stone": 0}
        assert p.matter == {VEGETABLE: 2, MINERAL: 2} and p.markers == 8 and len(p.hand) == 3
    assert all(state.trend.slots) and len(state.buildings) == 28 - 5 and len(state.citizens) == 36 - 12


def test_ruling_10_the_card_pass_is_held_in_escrow_until_everyone_has_chosen():
    state = new()
    first = state.players[0].hand[0]
    state.apply(a(f"pass {first}"))
    assert state.current_player == 1
    # nobody else sees what Ana passes; Ana does; Bia has not received it yet
    assert state.view(1)["players"][0]["passing"] is None and state.view(1)["players"][0]["has_passed"]
    assert state.view(0)["players"][0]["passing"] == first
    assert len(state.players[1].hand) == 3
    reveals = state.reveals
    state.apply(Action("pass", (state.players[1].hand[0],)))
    state.apply(Action("pass", (state.players[2].hand[0],)))
    assert first in state.players[1].hand and all(len(p.hand) == 3 for p in state.players)
    assert state.reveals == reveals + 1  # the cards turn up: undo never crosses that
    assert state.decisions.top.kind == TURN and state.current_player == 0  # round 1 goes in seat order


def test_ruling_2_plant_several_matter_then_the_turn_may_end():
    state = after_pass(new())
    assert state.legal_actions() and a("end") not in state.legal_actions()  # mandatory while possible
    state.apply(a("plant"))
    assert state.decisions.top.kind == PLANT
    state.apply(a("put 0 vegetable"))
    state.apply(a("put 0 vegetable"))
    assert a("put 0 mineral") not in state.legal_actions()  # one kind of player matter a section
    state.apply(a("put 2 mineral"))
    state.apply(a("done"))
    assert state.decisions.top.kind == TURN and a("plant") not in state.legal_actions()
    assert state.players[0].matter == {VEGETABLE: 0, MINERAL: 1}
    state.apply(a("end"))
    assert state.current_player == 1


def test_ruling_3_a_harvest_gives_the_harvester_all_fillers_and_the_others_half():
    state = after_pass(new())
    # section 2 (4 spaces, slot 2 yields stone for mineral): Ana 1, Bia 1, 2 fillers
    state.altar.plant(2, 0, MINERAL)
    state.altar.plant(2, 1, MINERAL)
    state.altar.add_filler(2)
    state.altar.add_filler(2)
    for seat in (0, 1):
        state.players[seat].matter[MINERAL] -= 1
    state.apply(a("harvest"))
    assert state.decisions.top.kind == HARVEST
    state.apply(a("take 2"))
    assert state.players[0].resources["stone"] == 3 and state.players[1].resources["stone"] == 2
    assert state.players[0].matter[MINERAL] == 2 and state.players[1].matter[MINERAL] == 2
    assert state.decisions.top.kind == TURN and a("end") in state.legal_actions()


def test_ruling_3_each_further_section_costs_1_gold():
    state = after_pass(new())
    for section in (1, 4):  # two sections of 2 spaces, filled by Ana and a filler
        state.altar.plant(section, 0, VEGETABLE)
        state.altar.add_filler(section)
        state.players[0].matter[VEGETABLE] -= 1
    state.apply(a("harvest"))
    state.apply(a("take 1"))
    gold = state.players[0].resources["gold"]
    state.apply(a("take 4"))
    assert state.players[0].resources["gold"] == gold - 1


def test_ruling_4_matter_on_a_turn_order_space_reserves_it_for_next_round():
    state = after_pass(new())
    state.apply(a("plant"))
    assert a("reserve 1 mineral") in state.legal_actions()
    assert a("reserve 2 mineral") not in state.legal_actions()  # Bia has not lifted her pawn yet
    state.apply(a("reserve 1 mineral"))
    assert not [x for x in state.legal_actions() if x.name == "reserve"]  # one reservation a player
    state.apply(a("done"))
    assert state.reserved == {1: 0} and state.players[0].matter[MINERAL] == 1


def buildable(state: LemuriaState, seat: int, position: int) -> None:
    """Give ``seat`` exactly the resources of the building at ``position``."""
    card = state.rules.building[state.trend.slots[position - 1]]
    state.players[seat].resources = {r: card.cost.get(r, 0) for r in state.players[seat].resources}


def test_ruling_5_a_build_pays_the_cost_and_gains_printed_vp_plus_the_trend_bonus_then_a_marker():
    state = after_pass(new())
    buildable(state, 0, 1)
    card = state.rules.building[state.trend.slots[0]]
    state.apply(a("build 1"))
    assert state.players[0].vp == card.vp + 6 and sum(state.players[0].resources.values()) == 0
    assert state.trend.slots[0] is None  # the gap stays until the round ends
    assert state.decisions.top.kind == SPOT
    state.apply(a("spot religious"))
    assert state.areas["religious"] == [0] and state.players[0].markers == 7
    assert not [x for x in state.legal_actions() if x.name == "build"]  # once a turn


def test_ruling_5_the_lower_trend_is_one_resource_cheaper_of_the_builders_choice():
    state = after_pass(new())
    buildable(state, 0, 5)
    card = state.rules.building[state.trend.slots[4]]
    resource = next(iter(card.cost))
    state.players[0].resources[resource] -= 1  # one short: the discount covers it
    builds = [x for x in state.legal_actions() if x.name == "build" and x.args[0] == 5]
    assert Action("build", (5, resource)) in builds
    state.apply(Action("build", (5, resource)))
    assert state.players[0].vp == card.vp  # no trend bonus in position 5


def test_ruling_15_the_political_area_makes_the_upper_trend_cheaper():
    state = after_pass(new())
    state.political = [0]
    buildable(state, 0, 1)
    card = state.rules.building[state.trend.slots[0]]
    resource = next(iter(card.cost))
    state.players[0].resources[resource] -= 1
    assert any(x.name == "build" and x.args[:2] == (1, resource) for x in state.legal_actions())


def test_ruling_6_reform_from_month_8_replaces_a_building_with_a_discount():
    state = after_pass(new())
    old = state.rules.buildings[0]
    state.players[0].buildings = [Owned(old.id, state.players[0].hand[0])]
    buildable(state, 0, 2)
    assert not [x for x in state.legal_actions() if x.name == "reform"]  # not before month 8
    state.round = 8
    reforms = [x for x in state.legal_actions() if x.name == "reform" and x.args[1] == 2]
    assert reforms and all(len(x.args) >= 3 for x in reforms)  # at least one resource off
    vp = state.players[0].vp
    new_card = state.rules.building[state.trend.slots[1]]
    state.apply(reforms[0])
    assert [o.building for o in state.players[0].buildings] == [new_card.id]
    assert state.players[0].vp == vp + new_card.vp + 3
    assert state.building_discard == {old.id: 1}


def test_ruling_7_a_citizen_costs_its_food_then_is_housed_for_its_vp():
    state = after_pass(new())
    seat = 0
    building = state.rules.buildings[0]
    state.players[seat].buildings = [Owned(building.id)]
    card = state.players[seat].hand[0]
    citizen = state.rules.citizen[card]
    food = state.players[seat].resources["food"]
    state.apply(Action("citizen", (card,)))
    assert state.players[seat].resources["food"] == food - citizen.food
    # the card's own choices come first; then house or discard
    while state.decisions.top.kind != HOUSE:
        state.apply(state.legal_actions()[0])
    state.apply(a("house 1"))
    assert state.players[seat].buildings[0].citizen == card
    assert state.players[seat].sources["citizens"] == citizen.vp_in(building.colour)


def test_ruling_7_buying_costs_gold_equal_to_the_hand_and_a_swap_costs_2():
    state = after_pass(new())
    player = state.players[0]
    state.apply(a("buy"))
    assert player.resources["gold"] == 0 and len(player.hand) == 4  # 3 cards in hand: 3 gold
    player.resources["gold"] = 2
    state.apply(a("swap"))
    assert player.resources["gold"] == 0 and len(player.hand) == 5
    state.apply(state.legal_actions()[0])  # discard any one card
    assert len(player.hand) == 4 and sum(state.citizen_discard.values()) == 1


def test_ruling_11_and_12_the_round_end_grows_the_altar_and_refills_the_trend():
    state = after_pass(new())
    state.altar.plant(0, 0, VEGETABLE)
    state.players[0].matter[VEGETABLE] -= 1
    state.trend.take(1)
    for _ in range(3):  # three players plant one matter each and end
        state.apply(a("plant"))
        state.apply(next(x for x in state.legal_actions() if x.name == "put" and x.args[0] != 0))
        state.apply(a("done"))
        state.apply(a("end"))
    assert state.round == 2
    assert state.altar.sections[0].fillers == 1
    assert all(state.trend.slots)


def test_ruling_13_round_2_orders_by_lowest_vp():
    state = after_pass(new())
    state.players[0].vp, state.players[1].vp, state.players[2].vp = 9, 1, 5
    for seat in range(3):
        state.players[seat].sources = {"cards": state.players[seat].vp}
    for _ in range(3):
        state.apply(a("plant"))
        state.apply(next(x for x in state.legal_actions() if x.name == "put"))
        state.apply(a("done"))
        state.apply(a("end"))
    assert state.order == [1, 2, 0] and state.current_player == 1


def test_a_refused_move_says_why_and_changes_nothing():
    state = after_pass(new())
    before = state.to_json()
    for bad in ("end", "build 1", "harvest", "reform 1 1", "citizen nobody", "fly"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(a(bad))
        assert str(refused.value).strip()
        assert state.to_json() == before


def test_json_round_trip_and_view_hide_hands():
    state = after_pass(new(impact=True))
    state.apply(a("plant"))
    copy = LemuriaState.from_json(shared_rules(), state.to_json())
    assert copy.to_json() == state.to_json()
    view = state.view(1)
    assert view["players"][0]["hand"] is None and view["players"][0]["hand_size"] == 3
    assert view["players"][1]["hand"] == state.players[1].hand
    assert isinstance(view["citizen_deck"], int)  # the deck is a size, never its order


def end_month(state: LemuriaState) -> None:
    """Every player plants one matter (or skips when nothing fits) and ends, until the month changes."""
    month = state.round
    while state.round == month and not state.is_over:
        top = state.decisions.top
        if top.kind == "altar":
            state.apply(a("altar stay"))
        elif top.kind == TURN and a("plant") in state.legal_actions():
            state.apply(a("plant"))
            state.apply(next(x for x in state.legal_actions() if x.name == "put"))
            if state.decisions.top.kind == PLANT:
                state.apply(a("done"))
            state.apply(a("end"))
        elif top.kind == TURN:
            state.apply(a("end") if a("end") in state.legal_actions() else state.legal_actions()[0])
        else:
            state.apply(state.legal_actions()[0])


def test_ruling_1_area_bonuses_from_month_2_to_the_majority_and_to_everyone_in_festival_months():
    state = after_pass(new())
    state.areas["market"] = [0, 0, 1]  # Ana leads the market
    state.areas["religious"] = [1, 2]  # a tie: nobody
    gold = [p.resources["gold"] for p in state.players]
    end_month(state)
    assert state.round == 2
    assert [p.resources["gold"] for p in state.players] == [gold[0] + 1, gold[1], gold[2]]
    assert all(p.sources.get("areas", 0) == 0 for p in state.players)
    state.round = 3
    end_month(state)  # month 4 is a festival: everyone with a marker there gets the bonus
    assert state.round == 4
    assert [p.sources.get("areas", 0) for p in state.players] == [0, 3, 3]


def test_ruling_1_from_month_4_the_altar_turns_and_the_leader_may_pay_for_one_more_either_way():
    state = after_pass(new())
    state.round = 3
    end_month(state)
    assert state.round == 4 and state.altar.turns == 1
    leader = state.order[0]
    assert state.decisions.top.kind == "altar" and state.current_player == leader
    gold = state.players[leader].resources["gold"]
    state.apply(a("altar ccw"))
    assert state.altar.turns == 0 and state.players[leader].resources["gold"] == gold - 1
    assert state.decisions.top.kind == TURN and state.current_player == leader


def test_ruling_14_a_player_who_can_neither_plant_nor_harvest_may_just_end():
    state = after_pass(new())
    state.players[0].matter = {VEGETABLE: 0, MINERAL: 0}
    state.altar.plant(0, 1, VEGETABLE)  # Bia's matter stands there: the leftover is hers
    state.players[1].matter[VEGETABLE] -= 1
    legal = state.legal_actions()
    assert a("plant") not in legal and a("harvest") not in legal and a("end") in legal


def test_ruling_14_the_turn_is_a_menu_in_any_order():
    state = after_pass(new())
    state.apply(a("buy"))  # a buy before the plant
    state.apply(a("plant"))
    state.apply(a("put 0 vegetable"))
    state.apply(a("done"))
    assert a("end") in state.legal_actions()
    assert any(x.name == "citizen" for x in state.legal_actions())  # citizens after the plant too


def test_ruling_16_the_citizen_deck_is_reshuffled_from_the_discards_only_at_the_months_end():
    state = after_pass(new())
    state.citizen_discard = dict(state.citizens.hidden)
    state.citizens.hidden = {}
    player = state.players[0]
    assert a("buy") not in state.legal_actions() and a("swap") not in state.legal_actions()
    end_month(state)
    assert len(state.citizens) > 0 and not state.citizen_discard
    assert player.hand  # nothing else changed hands


def test_ruling_17_an_impact_cards_modifier_ends_with_the_turn_and_a_gain_stays():
    state = after_pass(new(impact=True))
    state.flags.free_citizens = 3  # as Feast leaves it
    state.players[0].gain({"stone": 2})
    end_month(state)
    assert state.flags.free_citizens == 0 and state.players[0].resources["stone"] >= 2


def test_ruling_8_festival_scoring_in_month_4_counts_occupied_buildings_and_colour_majorities():
    state = after_pass(new())
    rules = state.rules
    military = [b.id for b in rules.buildings if b.colour == "military"]
    state.players[0].buildings = [Owned(military[0], "sentry"), Owned(military[1], "captain"), Owned(military[2])]
    state.players[1].buildings = [Owned(military[3], "warden")]
    for card in ("sentry", "captain", "warden"):
        for p in state.players:
            if card in p.hand:
                p.hand.remove(card)
        state.citizens.hidden.pop(card, None)
    state.round = 4
    end_month(state)
    assert state.players[0].sources["festivals"] == 2 + 2 * 2  # 2 occupied + military majority (2 buildings)
    assert state.players[1].sources["festivals"] == 1


def test_ruling_19_the_card_being_passed_is_hidden_from_everyone_but_its_passer():
    state = new()
    state.apply(Action("pass", (state.players[0].hand[0],)))
    other = next(c for c in state.citizens.hidden if c != state.passing[0])
    swapped = state.clone()
    swapped.passing[0] = other
    for viewer in (None, 1, 2):
        assert swapped.view(viewer) == state.view(viewer)
    assert swapped.view(0) != state.view(0)


def test_ruling_6_a_reform_keeps_the_old_marker_and_places_no_new_one():
    """Guards issue 18 item 4: every reform asked for a marker, so random games got 6 to 11 unearned ones."""
    state = after_pass(new())
    state.round = 8
    old = state.rules.building["barracks"]
    state.players[0].buildings = [Owned(old.id)]
    state.areas["farm"] = [0]
    state.players[0].markers -= 1
    buildable(state, 0, 1)
    reform = next(x for x in state.legal_actions() if x.name == "reform" and x.args[:2] == (1, 1))
    state.apply(reform)
    assert state.decisions.top.kind == TURN  # no marker to place
    assert state.areas["farm"] == [0] and state.players[0].markers == 7


def test_the_impact_cards_are_dealt_at_random_from_the_seed_then_laid_out_in_number_order():
    """Guards issue 18 item 5: cards 1..n were always dealt, so cards 5 to 8 never came up."""
    deals = [new(impact=True, seed=seed).impact_left for seed in range(40)]
    assert all(len(deal) == 3 and deal == sorted(deal) and len(set(deal)) == 3 for deal in deals)
    assert {number for deal in deals for number in deal} == set(range(1, 9))
    assert new(impact=True, seed=7).impact_left == new(impact=True, seed=7).impact_left
    assert len(new(names=["Ana", "Bia", "Caio", "Duda"], impact=True, seed=2).impact_left) == 4
    assert new(impact=False).impact_left == []


def _reform_ready(month: int = 8) -> LemuriaState:
    """Issue 18's reproduction: Ana owns a Barracks with its marker in the farm; Armory (gold, brick, stone,
    military as well: two off) heads the trend; she holds one stone."""
    state = after_pass(new())
    state.round = month
    state.players[0].buildings = [Owned("barracks")]
    state.areas["farm"] = [0]
    state.players[0].markers -= 1
    state.trend.slots[0] = "armory"
    state.players[0].resources = {r: 0 for r in state.players[0].resources} | {"stone": 1}
    return state


@pytest.mark.parametrize("typed", ["reform 1 1 gold brick", "reform 1 1 brick gold"])
def test_a_reforms_resources_off_may_be_typed_in_any_order(typed):
    """Guards issue 18 item 6: only the engine's order (brick gold) was accepted."""
    state = _reform_ready()
    state.apply(a(typed))
    assert [o.building for o in state.players[0].buildings] == ["armory"]
    assert state.players[0].resources["stone"] == 0 and state.decisions.top.kind == TURN


@pytest.mark.parametrize(("month", "typed", "said"), [
    (7, "reform 1 1 gold brick", "Reforms are allowed from month 8; this is month 7."),
    (8, "reform 1 1 gold", "Exactly 2 resources come off Armory's cost: name them after the position."),
    (8, "reform 1 1 cloth gold", "The cost of Armory (1 gold, 1 brick, 1 stone) has no cloth to take off."),
    (8, "reform 2 1 gold brick", "You own one building: reform building 1."),
    (8, "reform 1 1 stone gold", "You cannot pay Armory (1 gold, 1 brick, 1 stone) with those resources taken off."),
    (8, "build 1 gold", "Nothing comes off Armory's cost now: write the move without resources."),
])
def test_a_refused_build_or_reform_says_what_is_wrong(month, typed, said):
    """Guards issue 18 item 6: in month 8 a refused reform said that reforms start in month 8."""
    state = _reform_ready(month)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(a(typed))
    assert str(refused.value) == said
    assert state.to_json() == before
