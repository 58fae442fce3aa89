"""The explore sequence (rulings 3, 8, 9, 10, 15) on hand-built positions of the fixture tables.

Seat 0 (Ana) starts with Hammer 1 (die 3+ -> 1 lantern), Quill 1 (3+ -> 1) and Scout 1 (1+ -> 1, 4+ -> 2);
cave card c01 holds entries 1, 2, 3 (entry die 1-2, 3-4, 5-6).
"""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.games.abovebelow.explore import DICE, ENCOUNTER, PARTY, PENALTY, REWARD, TAKEN_SPECIAL_COINS
from tests.games.abovebelow.helpers import a, cave_top, dice, names, new, own, play


def exploring(entry_die: int, *dice_values: int, party=("s1_hammer", "s1_explorer"), state=None):
    state = state or new()
    cave_top(state, "c01")
    dice(state, entry_die, *dice_values)
    play(state, "explore", *(f"add {v}" for v in party), "go")
    return state


def test_ruling_8_the_party_needs_two_ready_villagers_and_the_top_card_is_public():
    state = new()
    cave_top(state, "c01")
    assert state.view(1)["cave_top"] == "c01"
    play(state, "explore", "add s1_hammer")
    assert a("go") not in state.legal_actions()
    play(state, "add s1_quill", "drop s1_quill", "add s1_explorer")
    assert a("go") in state.legal_actions() and state.players[0].ready == ["s1_quill"]
    play(state, "back")
    assert state.players[0].ready == ["s1_hammer", "s1_quill", "s1_explorer"] and state.explore is None


def test_explore_entry_die_picks_the_cave_cards_entry_and_the_next_top_is_turned_up():
    state = exploring(3)
    assert state.explore.encounter == 2 and state.decisions.top.kind == ENCOUNTER
    assert state.cave_top is not None and state.cave_top != "c01"
    state = exploring(6)
    assert state.explore.encounter == 3


def test_ruling_3_a_threshold_met_pays_the_reward_and_keeps_the_card():
    # entry 1, "Fight" (4: 2 coins and a pot; 6: 4 coins, ore, +1 reputation), +1 lantern per hammer villager
    state = exploring(1, 3, 4)
    play(state, "choose 2")
    assert state.decisions.top.kind == DICE
    assert state.lanterns(0) == 1 + 2 + 1  # hammer's 3, scout's 4, the hammer modifier
    play(state, "done")
    ana = state.players[0]
    assert ana.coins == 7 + 2 and ana.goods == {"pot": 1} and ana.caves == [["c01", None]]
    assert ana.exhausted == ["s1_hammer", "s1_explorer"] and ana.ready == ["s1_quill"]
    assert state.current_player == 1


def test_explore_the_highest_threshold_met_pays():
    state = exploring(1, 6, 5)  # 1 + 2 + 1 = 4 ... and an injury makes 5, still under 6
    play(state, "choose 2", "injure s1_explorer", "injure s1_hammer")  # 4 + 2 = 6
    assert state.lanterns(0) == 6
    play(state, "done")
    ana = state.players[0]
    assert ana.coins == 11 and ana.goods == {"ore": 1} and ana.reputation == 1
    assert sorted(ana.injured) == ["s1_explorer", "s1_hammer"]


def test_ruling_8_an_injured_villager_keeps_its_die_and_adds_one_lantern():
    state = exploring(1, 2, 4)  # hammer 0, scout 2, +1 hammer modifier = 3
    play(state, "choose 2")
    assert state.lanterns(0) == 3
    play(state, "injure s1_explorer")
    assert state.lanterns(0) == 4
    assert a("reroll s1_hammer") not in state.legal_actions()  # injuries come after all rolls
    play(state, "done")
    assert state.players[0].injured == ["s1_explorer"] and state.players[0].exhausted == ["s1_hammer"]
    assert state.players[0].coins == 9


def test_ruling_8_rerolls_one_per_symbol_the_same_die_again_never_the_entry_die():
    state = new()
    own(state, 0, "h11")  # Map Room: reroll 1
    own(state, 0, "o11")  # Lookout: reroll 1
    state = exploring(1, 1, 1, 2, 6, party=("s1_hammer", "s1_explorer"), state=state)
    play(state, "choose 2")
    assert state.lanterns(0) == 0 + 1 + 1
    play(state, "reroll s1_hammer")
    assert state.explore.dice["s1_hammer"] == 2
    play(state, "reroll s1_hammer")  # the same die again
    assert state.explore.dice["s1_hammer"] == 6 and state.lanterns(0) == 1 + 1 + 1
    assert "reroll" not in names(state.legal_actions())  # two symbols, two rerolls
    assert state.view(None)["explore"]["rerolls_left"] == 0


def test_ruling_3_failure_pays_the_penalty_and_the_card_goes_to_the_bottom():
    state = exploring(1, 1, 1)  # 0 + 1 + 1 = 2 < 4
    play(state, "choose 2", "done")
    assert state.decisions.top.kind == PENALTY  # injure 1 of the party; the coin is lost at once
    assert state.players[0].coins == 6
    assert names(state.legal_actions()) == {"injure"}
    play(state, "injure s1_explorer")
    ana = state.players[0]
    assert ana.injured == ["s1_explorer"] and ana.exhausted == ["s1_hammer"] and ana.caves == []
    assert state.caves.bottom == ["c01"] and state.current_player == 1


def test_ruling_8_a_follow_up_is_read_at_once_by_the_villagers_still_on_the_card():
    state = exploring(3, 3, 4, 3, 1)  # entry 2: "Follow the glow" 3 -> follow-up 101
    play(state, "choose 1", "done")
    assert state.decisions.top.kind == ENCOUNTER and state.explore.encounter == 101
    assert state.players[0].caves == [["c01", None]]  # a threshold leading to a follow-up is a success
    play(state, "choose 1")  # "Press on": 2 -> 2 coins
    assert state.lanterns(0) == 1 + 1
    play(state, "done")
    assert state.players[0].coins == 9 and state.current_player == 1


def test_a_failed_follow_up_keeps_the_card_and_pays_its_penalty():
    state = exploring(3, 3, 4, 1, 1)
    play(state, "choose 1", "done", "choose 2", "done")  # "Dig" 4: 0 + 1 lanterns, fails: lose 2 coins
    ana = state.players[0]
    assert ana.caves == [["c01", None]] and ana.coins == 5 and state.caves.bottom == []


def test_modifier_pay_one_coin_for_two_lanterns():
    state = exploring(3, 3, 4)  # entry 2, "Pay the ferryman": 5 -> Liquid Woman, pay 1 for +2
    play(state, "choose 2")
    assert state.lanterns(0) == 3
    play(state, "pay")
    assert state.lanterns(0) == 5 and state.players[0].coins == 6 and "pay" not in names(state.legal_actions())
    play(state, "done")
    ana = state.players[0]
    assert "liquid_woman" in ana.exhausted and ana.reputation == -1  # arrives exhausted, bad reputation
    assert "liquid_woman" not in state.specials


def test_modifier_own_a_rope_counts_the_for_sale_space():
    state = new()
    state.players[0].for_sale = "rope"
    state.supply["rope"] -= 1
    state = exploring(5, 3, 1, state=state)  # entry 3, "Lasso the cat" 4, +2 for owning a rope
    play(state, "choose 2")
    assert state.lanterns(0) == 1 + 1 + 2
    play(state, "done")
    assert "cave_cat_1" in state.players[0].exhausted


def test_modifier_glogo_in_the_party_and_a_free_building():
    state = new()
    state.specials.remove("glogo")
    state.players[0].ready.append("glogo")
    state = exploring(1, 1, 1, party=("s1_hammer", "glogo"), state=state)
    state.explore.encounter = 4  # entry 4, "Ask Glogo": 3 -> a free building up to 7, +3 with Glogo
    play(state, "choose 2")
    assert state.lanterns(0) == 3
    play(state, "done")
    assert state.decisions.top.kind == REWARD
    offered = [act.args[0] for act in state.legal_actions()]
    assert all(state.rules.building[c].cost <= 7 for c in offered)
    assert any(state.rules.building[c].kind == "outpost" for c in offered)  # the card just won is an open cave
    coins = state.players[0].coins
    play(state, f"card {offered[0]}")
    assert offered[0] in state.players[0].buildings and state.players[0].coins == coins


def test_modifier_per_quill_and_the_row_villager_reward():
    state = exploring(1, 3, 4, party=("s1_quill", "s1_explorer"))
    state.explore.encounter = 5  # "Recruit": 4 -> the cheapest villager of the row, -1 reputation; +1 per quill
    slot1 = state.villager_row[0]
    play(state, "choose 2", "done")
    ana = state.players[0]
    assert slot1 in ana.exhausted and ana.reputation == -1 and state.villager_row[0] is None


def test_reward_extra_cave_card_is_the_piles_top():
    state = exploring(1, 3, 4)
    state.explore.encounter = 5  # "Map it": 2 -> an extra cave card
    top = state.cave_top
    play(state, "choose 1", "done")
    assert [c for c, _ in state.players[0].caves] == ["c01", top] and state.cave_top not in (None, top)


def test_reward_potions_and_cider_come_from_the_supply():
    state = exploring(1, 3, 4)
    state.explore.encounter = 6
    play(state, "choose 2", "done")  # 3 -> 1 cider and 1 coin
    assert state.players[0].cider == 1 and state.cider == 8 and state.players[0].coins == 8


def test_a_special_already_taken_pays_coins_of_its_worth():
    """Guards issue 18: a special already taken gave nothing (ruling 15), so its threshold could pay less than a
    lower one; it now pays coins of the special's worth on the book's yardstick, and the reward box says so."""
    state = new()
    state.specials.remove("glogo")
    state.players[1].exhausted.append("glogo")
    state = exploring(5, 3, 4, state=state)  # entry 3, "Wave": 2 -> Glogo
    state.keeps_log = True
    play(state, "choose 1")
    state.take_log()
    play(state, "done")
    ana = state.players[0]
    assert "glogo" not in ana.villagers and ana.caves == [["c01", None]] and ana.coins == 7 + TAKEN_SPECIAL_COINS
    assert TAKEN_SPECIAL_COINS == 5
    lines = [line.public for line in state.take_log()]
    assert any("Reward: 5 coins for the special villager Glogo, none being left." in line for line in lines)
    assert any("takes 5 coins instead" in line for line in lines)


def test_a_follow_up_reached_by_injuring_the_whole_party_is_read_by_that_party():
    """Guards issue 18: injured villagers leave the card, so a follow-up reached by injuring everyone on it was
    read by nobody and always failed; the party that reached it now rolls for it."""
    state = exploring(3, 1, 1, 3, 4)  # entry 2, "Follow the glow" 3: Hammer 0 + Scout 1 lanterns
    play(state, "choose 1", "injure s1_hammer", "injure s1_explorer")  # + 2: 3 lanterns
    state.keeps_log = True
    play(state, "done")
    assert state.explore.encounter == 101 and state.explore.party == []
    play(state, "choose 1")  # "Press on" 2: Hammer 3 -> 1, Scout 4 -> 2
    assert state.explore.dice == {"s1_hammer": 3, "s1_explorer": 4} and state.lanterns(0) == 3
    assert names(state.legal_actions()) == {"done"}  # off the card: no second injury
    state.take_log()
    play(state, "done")
    ana = state.players[0]
    assert ana.coins == 7 + 2 and sorted(ana.injured) == ["s1_explorer", "s1_hammer"]
    assert any("the follow-up succeeds" in line.public for line in state.take_log())
    assert state.current_player == 1


def test_ruling_15_the_explore_coin_only_on_success():
    state = new()
    own(state, 0, "h12")  # Guide Hut: coin_on_explore 1
    won = exploring(1, 3, 4, state=state.clone())
    play(won, "choose 1", "done")  # 2 -> 1 coin
    assert won.players[0].coins == 7 + 1 + 1
    lost = exploring(1, 1, 1, state=state.clone())
    play(lost, "choose 2", "done", "injure s1_hammer")
    assert lost.players[0].coins == 7 - 1


def test_ruling_9_rewards_and_failure_text_are_hidden_until_the_roll_is_resolved():
    state = exploring(1, 1, 1)
    play(state, "choose 2")
    for seat in (None, 0, 1):
        text = str(state.view(seat)["explore"])
        assert "pot" not in text and "coin" not in text and "The beast bites" not in text
    reveals = state.reveals
    play(state, "done")
    assert state.reveals == reveals + 1  # undo never goes back past the reading of the outcome
    outcome = state.view(None)["explore"]["outcome"]
    assert outcome["success"] is False and "The beast bites" in outcome["failure"]


def test_no_explore_when_the_cave_pile_is_empty():
    state = new()
    state.caves.top.clear()
    state.caves.hidden.clear()
    assert "explore" not in names(state.legal_actions())


def test_ruling_10_a_cave_cat_joining_a_party_rolls_and_may_wander_off():
    state = new()
    state.specials.remove("cave_cat_1")
    state.players[0].ready.append("cave_cat_1")
    cave_top(state, "c01")
    dice(state, 2)
    play(state, "explore", "add cave_cat_1")
    assert state.decisions.top.kind == PARTY and "cave_cat_1" in state.players[0].exhausted
    assert state.explore.party == []
    dice(state, 3)
    state.players[0].exhausted.remove("cave_cat_1")
    state.players[0].ready.append("cave_cat_1")
    play(state, "add cave_cat_1")
    assert state.explore.party == ["cave_cat_1"]


def test_illegal_explore_moves_are_refused_without_change():
    state = exploring(1, 3, 4)
    with pytest.raises(IllegalAction):
        state.apply(a("choose 3"))
    play(state, "choose 1")
    with pytest.raises(IllegalAction):
        state.apply(a("reroll s1_hammer"))  # no reroll symbol
