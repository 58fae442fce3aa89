"""Every villager symbol, card symbol and special villager (rulings 10, 14, 15, 17), on the fixture tables."""

from __future__ import annotations

from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow.data import Reward
from boardgames.games.abovebelow.pieces import Explore
from boardgames.games.abovebelow.rewards import apply_reward
from boardgames.games.abovebelow.roundend import REFRESH
from boardgames.games.abovebelow.rules import TURN
from boardgames.games.abovebelow.scoring import card_bonuses
from tests.games.abovebelow.helpers import RULES, a, cave_top, dice, house_row, names, new, own, play, win_cave


def ready(state, seat, *villagers):
    for v in villagers:
        if v in state.specials:
            state.specials.remove(v)
        state.players[seat].ready.append(v)


def next_round(state):
    """Everyone passes; the stock offer and the refresh are answered with done."""
    start = state.round
    while state.round == start and not state.is_over:
        play(state, "pass" if state.phase == TURN else "done")
    return state


def to_refresh(state):
    start = state.round
    while state.phase == TURN and state.round == start:
        play(state, "pass")
    while state.phase != REFRESH:
        play(state, "done")
    return state


# -- villager symbols -----------------------------------------------------------------------------
def test_villager_explore_profile_one_face_and_two_faces():
    hammer, scout = RULES.villager["s1_hammer"], RULES.villager["s1_explorer"]
    assert [hammer.lanterns(d) for d in range(1, 7)] == [0, 0, 1, 1, 1, 1]
    assert [scout.lanterns(d) for d in range(1, 7)] == [1, 1, 1, 2, 2, 2]


def test_villager_hammer_builds_at_full_price():
    state = new()
    house_row(state, "h07", "h01", "h02", "h03")
    play(state, "build", "use s1_hammer", "card h07")
    assert state.players[0].coins == 7 - 4


def test_villager_hammer_plus_builds_for_one_coin_less():
    state = new()
    ready(state, 0, "r05")
    house_row(state, "h07", "h01", "h02", "h03")
    play(state, "build", "use r05", "card h07")
    assert state.players[0].coins == 7 - 3


def test_villager_quill_trains_at_the_slots_cost_and_quill_plus_for_one_less():
    state = new()
    play(state, "train", "use s1_quill", "slot 3")
    assert state.players[0].coins == 7 - 4
    ready(state, 1, "r10")
    play(state, "train", "use r10", "slot 2")
    assert state.players[1].coins == 8 - 2


def test_villager_bad_reputation_costs_one_reputation_when_gained():
    state = new()
    state.villager_row[0] = "r16"
    play(state, "train", "use s1_quill", "slot 1")
    assert state.players[0].reputation == -1 and "r16" in state.players[0].exhausted


def test_villager_cave_cat_rolls_on_each_use_and_on_1_or_2_the_turn_is_not_spent():
    state = new()
    ready(state, 0, "cave_cat_1")
    dice(state, 1)
    play(state, "labor", "use cave_cat_1")
    assert state.current_player == 0 and state.phase == TURN and "cave_cat_1" in state.players[0].exhausted
    assert state.players[0].coins == 7
    state.players[0].exhausted.remove("cave_cat_1")
    state.players[0].ready.append("cave_cat_1")
    dice(state, 5)
    play(state, "labor", "use cave_cat_1")
    assert state.current_player == 1 and state.players[0].coins == 8


def test_villager_own_bed_and_no_cider_potion_the_mechanical_man():
    state = new()
    ana = state.players[0]
    state.specials.remove("mechanical_man_1")
    ana.injured.append("mechanical_man_1")
    state.give_potions(0, 1)
    state.give_cider(0, 1)
    ana.exhausted, ana.ready = ["s1_quill"], ["s1_hammer", "s1_explorer"]
    to_refresh(state)
    assert "mechanical_man_1" in ana.exhausted  # his own bed moved him one step, by himself
    acts = state.legal_actions()
    assert a("cider mechanical_man_1") not in acts and a("bed mechanical_man_1") not in acts
    assert a("cider s1_quill") in acts


# -- special villagers ---------------------------------------------------------------------------------
def test_special_liquid_woman_costs_one_reputation_on_joining():
    state = new()
    state.explore = Explore("c01")
    apply_reward(state, 0, Reward(villager="liquid_woman"))
    assert state.players[0].reputation == -1 and "liquid_woman" in state.players[0].exhausted


def test_special_glogo_builds_for_one_coin_less_and_discounts_never_exceed_one():
    state = new()
    ready(state, 0, "glogo")
    assert fx.build_discount(RULES, "glogo") == 1
    house_row(state, "h25", "h01", "h02", "h03")
    state.players[0].coins = 8
    play(state, "build", "use glogo", "card h25")  # Chapel costs 9
    assert state.players[0].coins == 0


def test_special_cave_cats_are_two_and_each_is_given_once():
    state = new()
    state.explore = Explore("c01")
    for _ in range(3):
        apply_reward(state, 0, Reward(villager="cave_cat"))
    assert sorted(v for v in state.players[0].exhausted if v.startswith("cave_cat")) == ["cave_cat_1", "cave_cat_2"]
    assert state.specials == ["liquid_woman", "glogo", "mechanical_man_1", "mechanical_man_2"]


def test_special_mechanical_man_from_an_encounter_arrives_exhausted():
    state = new()
    cave_top(state, "c02")  # entries 4, 5, 6
    dice(state, 1, 3, 4)
    play(state, "explore", "add s1_hammer", "add s1_explorer", "go", "choose 1", "done")
    assert "mechanical_man_1" in state.players[0].exhausted


# -- card symbols -----------------------------------------------------------------------------------
def test_card_vp_printed_scores_at_the_end():
    state = new()
    own(state, 0, "h25")
    state.round = 7
    while not state.is_over:
        play(state, state.legal_actions()[-1].name if state.phase == TURN else "done")
    assert state.result().breakdown[0]["Printed VP"] == 3


def test_card_beds_add_to_the_refresh():
    state = new()
    own(state, 0, "h08")  # Dormitory: 2 beds
    assert fx.beds(RULES, state.players[0]) == 5


def test_card_train_to_ready():
    state = new()
    own(state, 0, "h09")
    newcomer = state.villager_row[0]
    play(state, "train", "use s1_quill", "slot 1")
    assert newcomer in state.players[0].ready


def test_card_coin_on_build_after_paying_full_price_not_for_itself():
    state = new()
    state.players[0].coins = 10
    house_row(state, "h10", "h07", "h01", "h02")
    play(state, "build", "use s1_hammer", "card h10")  # Workshop: no coin for itself
    assert state.players[0].coins == 5
    play(state, "pass")
    state.players[0].ready.append("r01")  # a second hammer villager
    play(state, "build", "use r01", "card h01")  # 3 coins paid, then 1 back
    assert state.players[0].coins == 5 - 3 + 1


def test_card_coin_on_build_needs_the_full_price_in_hand():
    state = new()
    own(state, 0, "h10")
    state.players[0].coins = 2
    house_row(state, "h01", "h07", "h02", "h03")
    assert "build" not in names(state.legal_actions())  # 3 coins are needed before the bonus coin


def test_card_reroll_is_per_encounter():
    state = new()
    own(state, 0, "h11")
    assert fx.rerolls(RULES, state.players[0]) == 1


def test_card_coin_on_explore_only_on_success():
    state = new()
    own(state, 0, "h12")
    cave_top(state, "c01")
    dice(state, 1, 3, 4)
    play(state, "explore", "add s1_hammer", "add s1_explorer", "go", "choose 1", "done")
    assert state.players[0].coins == 7 + 1 + 1


def test_card_cider_as_coin_pays_the_supply_after_the_coins():
    state = new()
    own(state, 0, "h13")
    state.players[0].coins = 3
    state.give_cider(0, 2)
    house_row(state, "h07", "h01", "h02", "h03")
    play(state, "build", "use s1_hammer", "card h07")  # 4: 3 coins and 1 cider
    assert state.players[0].coins == 0 and state.players[0].cider == 1 and state.cider == 8


def test_card_potion_as_coin_and_potion_on_buy():
    state = new()
    house_row(state, "h14", "h01", "h02", "h03")
    play(state, "build", "use s1_hammer", "card h14")  # Apothecary: a potion when bought
    assert state.players[0].potions == 1 and state.potions == 19
    play(state, "pass")
    state.players[0].coins = 0
    play(state, "swap houses")  # paid with the potion
    assert state.players[0].potions == 0 and state.potions == 20


def test_card_goods_stock_two_never_refilled_and_goods_restock_one_refilled():
    state = new()
    house_row(state, "h04", "h01", "h02", "h03")
    state.gain_building(0, "h04", free=True)
    state.gain_building(0, "h01", free=True)
    ana = state.players[0]
    assert ana.card_goods == {"h04": {"rope": 2}, "h01": {"mushroom": 1}}
    play(state, "harvest", "use s1_hammer", "take h04 rope", "pass")
    play(state, "harvest", "use s1_quill", "take h04 rope")
    play(state, "harvest", "use s1_explorer", "take h01 mushroom")
    next_round(state)
    assert ana.card_goods == {"h01": {"mushroom": 1}}
    state.check_invariants()


def test_card_income_and_income_per_goods():
    state = new()
    own(state, 0, "h15", "o03")
    ana = state.players[0]
    ana.track = [["ore", 2], ["amethyst", 1], ["fish", 1]]
    assert fx.income(RULES, ana) == 6 + 1 + 3


def test_card_potion_income_is_paid_at_income():
    state = new()
    own(state, 0, "h16")
    next_round(state)
    assert state.players[0].potions == 1 and state.round == 2


def test_card_gain_reputation_once_on_purchase():
    state = new()
    house_row(state, "h17", "h01", "h02", "h03")
    state.players[0].coins = 8
    play(state, "build", "use s1_hammer", "card h17")
    assert state.players[0].reputation == 1


def test_card_vp_per_empty_cave_and_outposts_are_not_empty():
    state = new()
    own(state, 0, "t01")
    win_cave(state, 0, "c03")
    win_cave(state, 0, "c04")
    assert card_bonuses(RULES, state.players[0]) == 4
    state.players[0].caves[0][1] = "o04"
    assert card_bonuses(RULES, state.players[0]) == 2


def test_reputation_lost_for_a_villager_is_logged_and_specials_are_named_as_on_their_card():
    from boardgames.games.abovebelow.explore import reward_text

    state = new()
    state.keeps_log = True
    state.villager_row[0] = "r16"
    play(state, "train", "use s1_quill")
    state.take_log()
    play(state, "slot 1")
    lines = " ".join(line.public for line in state.take_log())
    assert f"loses 1 reputation for taking {state.vname('r16')}" in lines
    assert reward_text(Reward(villager="mechanical_man")) == "the special villager Mechanical Man"
    assert reward_text(Reward(building=7)) == "a free house or outpost costing up to 7 coins"
