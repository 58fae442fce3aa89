"""Above and Below's turn, free actions, worker actions and round end, by ruling of abovebelow.md (fixture tables).

Seat 0 (Ana) starts with Hammer 1, Quill 1 and Scout 1; seat 1 (Bia) with Hammer 2, Quill 2 and Scout 2.
"""

from __future__ import annotations

import json
import re

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.core.rng import Rng
from boardgames.games.abovebelow.data import shared_rules
from boardgames.games.abovebelow.income import income_step
from boardgames.games.abovebelow.roundend import REFRESH, STOCK
from boardgames.games.abovebelow.rules import BUILD, OFFER, TURN, WORKER, AboveBelowState
from tests.games.abovebelow.helpers import RULES, a, dice, house_row, names, new, outpost_row, play, take_card, win_cave


def pass_all(state: AboveBelowState) -> AboveBelowState:
    """Everyone still in the round passes; stock and refresh decisions are answered with done."""
    start = state.round
    while state.phase == TURN and state.round == start:
        play(state, "pass")
    return state


def finish_interlude(state: AboveBelowState) -> AboveBelowState:
    while state.phase in (STOCK, REFRESH):
        play(state, "done")
    return state


# -- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "coins"), [(2, [7, 8]), (3, [7, 8, 8]), (4, [7, 7, 7, 8])])
def test_setup_coins_villagers_rows_and_piles(players, coins):
    state = new(players)
    assert [p.coins for p in state.players] == coins
    assert state.players[1].buildings == ["s02"] and state.players[1].ready[0] == "s2_hammer"
    assert len(state.star_row) == 6 and len(state.key_row) == 4 and len(state.house_row) == 4
    assert len(state.outpost_row) == 4 and len(state.houses) == 21 and len(state.outposts) == 20
    assert None not in state.villager_row and len(state.villagers) == 18 - 5 and len(state.specials) == 6
    assert state.cider_on_board and state.cider == 9 and state.cave_top is not None and len(state.caves) == 25
    assert all(p.reputation == 0 for p in state.players) and state.current_player == 0
    state.check_invariants()


def test_ruling_14_four_players_start_with_the_non_hammer_villagers_exhausted_until_round_1s_refresh():
    state = new(4)
    assert state.players[0].ready == ["s1_hammer"] and state.players[0].exhausted == ["s1_quill", "s1_explorer"]
    state.players[0].buildings.remove("s01")  # no beds at all: they still wake
    pass_all(state)
    finish_interlude(state)
    assert state.round == 2 and state.players[0].ready == ["s1_hammer", "s1_quill", "s1_explorer"]


# -- ruling 1: the turn ----------------------------------------------------------------------------
def test_ruling_1_no_ready_villager_free_actions_then_pass():
    state = new()
    ana = state.players[0]
    ana.exhausted, ana.ready = ana.ready, []
    ana.goods = {"fish": 1}
    state.supply["fish"] -= 1
    assert names(state.legal_actions()) <= {"sell", "swap", "track", "buy", "pass"}
    assert "pass" in names(state.legal_actions())


def test_ruling_1_one_action_per_turn_and_the_round_ends_when_everyone_has_passed():
    state = new()
    play(state, "labor", "use s1_hammer")
    assert state.current_player == 1 and state.turn == 1
    play(state, "pass")
    assert state.current_player == 0  # Bia passed: Ana plays on alone
    play(state, "labor", "use s1_quill")
    assert state.current_player == 0
    play(state, "pass")
    finish_interlude(state)
    assert state.round == 2 and state.first == 1 and state.current_player == 1


# -- rulings 2 and 12: selling and buying ------------------------------------------------------
def test_ruling_12_one_item_for_sale_changed_once_a_turn():
    state = new()
    ana = state.players[0]
    state.give_goods(0, "fish", 2)
    state.give_cider(0, 1)
    play(state, "sell fish")
    assert ana.for_sale == "fish" and ana.goods == {"fish": 1} and ana.owns("fish") == 2
    assert not names(state.legal_actions()) & {"sell", "unsell"}  # changed once this turn
    play(state, "labor", "use s1_hammer", "pass")
    play(state, "sell cider")  # swapped: the fish comes back
    assert ana.for_sale == "cider" and ana.goods == {"fish": 2} and ana.cider == 1  # the other: labor's
    state.check_invariants()


def test_ruling_2_a_buyer_offers_at_least_3_coins_and_the_seller_answers_even_after_passing():
    state = new()
    state.give_goods(0, "ore", 1)
    play(state, "sell ore", "pass")  # Ana passes with the ore for sale
    offers = [act for act in state.legal_actions() if act.name == "buy"]
    assert [act.args[1] for act in offers] == list(range(3, 9))  # Bia has 8 coins
    play(state, "buy 0 3")
    assert state.phase == OFFER and state.current_player == 0
    play(state, "refuse")
    assert state.current_player == 1
    play(state, "labor", "use s2_hammer")  # Bia plays on; Ana has passed
    play(state, "buy 0 5", "accept")
    assert state.players[1].goods == {"ore": 1} and state.players[1].coins == 8 + 1 - 5
    assert state.players[0].coins == 12 and state.players[0].for_sale is None
    state.check_invariants()


def test_ruling_2_the_buyer_bargains_with_higher_offers_after_a_refusal_up_to_all_its_coins():
    """Guards issue 18: after a refusal the buyer had no further offer that turn, and offers stopped at 15."""
    state = new()
    state.give_goods(0, "ore", 1)
    play(state, "sell ore", "pass")
    state.players[1].coins = 20
    prices = [act.args[1] for act in state.legal_actions() if act.name == "buy"]
    assert prices == list(range(3, 21))  # up to all of Bia's coins
    play(state, "buy 0 4", "refuse")
    assert state.current_player == 1
    prices = [act.args[1] for act in state.legal_actions() if act.name == "buy"]
    assert prices == list(range(5, 21))  # only higher than the refused offer
    with pytest.raises(IllegalAction, match="more than the refused offer"):
        state.apply(a("buy 0 4"))
    play(state, "buy 0 20", "refuse")
    assert not [act for act in state.legal_actions() if act.name == "buy"]  # all her coins refused: no more
    restored = AboveBelowState.from_json(RULES, json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()
    assert "buy" not in names(restored.legal_actions())


# -- ruling 4: harvest, labor, build, train ------------------------------------------------------
def test_ruling_4_labor_gives_a_coin_and_the_first_laborer_the_cider():
    state = new()
    play(state, "labor", "use s1_explorer")
    assert state.players[0].coins == 8 and state.players[0].cider == 1 and not state.cider_on_board
    play(state, "labor", "use s2_explorer")
    assert state.players[1].coins == 9 and state.players[1].cider == 0
    assert state.players[0].exhausted == ["s1_explorer"]


def test_ruling_4_harvest_takes_one_good_from_a_card():
    state = new()
    house_row(state, "h01", "h02", "h03", "h04")
    play(state, "build", "use s1_hammer", "card h04")  # Rope Walk: 2 rope on the card
    assert state.players[0].card_goods == {"h04": {"rope": 2}} and state.players[0].coins == 2
    play(state, "pass")
    play(state, "harvest", "use s1_quill", "take h04 rope")
    assert state.players[0].goods == {"rope": 1} and state.players[0].card_goods == {"h04": {"rope": 1}}
    assert state.players[0].exhausted == ["s1_hammer", "s1_quill"]


def test_ruling_4_build_needs_a_hammer_villager_and_train_a_quill_villager():
    state = new()
    play(state, "build")
    assert [act.args[0] for act in state.legal_actions() if act.name == "use"] == ["s1_hammer"]
    play(state, "back", "train")
    assert [act.args[0] for act in state.legal_actions() if act.name == "use"] == ["s1_quill"]
    newcomer = state.villager_row[0]
    play(state, "use s1_quill", "slot 1")
    ana = state.players[0]
    assert newcomer in ana.exhausted and ana.coins == 5 and state.villager_row[0] is None


def test_a_target_may_be_left_for_another_villager_back():
    state = new()
    play(state, "build", "use s1_hammer")
    assert state.phase == BUILD
    play(state, "back")
    assert state.phase == WORKER and state.players[0].ready == ["s1_hammer", "s1_quill", "s1_explorer"]


# -- rulings 5 and 11: the progress track --------------------------------------------------------
def test_ruling_5_goods_go_on_the_track_left_to_right_one_stack_per_kind_and_stay():
    state = new()
    state.give_goods(0, "fish", 2)
    state.give_goods(0, "ore", 1)
    play(state, "track fish", "track ore", "track fish")
    assert state.players[0].track == [["fish", 2], ["ore", 1]] and state.players[0].goods == {}
    assert state.players[0].owns("fish") == 2


def test_ruling_11_after_the_last_pass_every_player_may_stock_the_track():
    state = new()
    state.give_goods(1, "pot", 1)
    pass_all(state)
    assert state.phase == STOCK and state.current_player == 1  # Ana has no goods: only Bia is asked
    assert names(state.legal_actions()) == {"track", "done"}
    play(state, "track pot")  # nothing more to place: the round ends
    assert state.players[1].track == [["pot", 1]] and state.round == 2


def test_ruling_11_the_track_is_full_at_8_kinds():
    state = new()
    ana = state.players[0]
    ana.track = [[g, 1] for g in ("fruit", "fish", "mushroom", "pot", "rope", "paper", "ore")]
    state.give_goods(0, "amethyst", 1)
    assert a("track amethyst") in state.legal_actions()
    ana.track.append(["paper", 0])  # a full track takes no new kind
    ana.track[-1] = ["amethyst_", 1]
    assert a("track amethyst") not in state.legal_actions()


# -- ruling 6: the round's end ---------------------------------------------------------------------
def test_ruling_6_round_end_cider_back_row_slides_income_restock_first_player_left():
    state = new()
    house_row(state, "h01", "h02", "h03", "h04")
    play(state, "build", "use s1_hammer", "card h01")  # Mushroom Farm: 1 mushroom, refilled when empty
    play(state, "train", "use s2_quill", "slot 2")
    play(state, "harvest", "use s1_explorer", "take h01 mushroom")
    play(state, "labor", "use s2_explorer")  # Bia takes the board's cider
    pile_before = len(state.villagers)
    third = state.villager_row[2]
    pass_all(state)
    assert state.phase == STOCK  # Ana's mushroom may go on the track
    play(state, "done")
    assert state.phase == REFRESH  # Ana has beds; Bia too
    finish_interlude(state)
    assert state.round == 2 and state.first == 1
    assert state.cider_on_board and state.villager_row[1] == third and None not in state.villager_row
    assert len(state.villagers) == pile_before - 1
    ana, bia = state.players
    assert ana.card_goods == {"h01": {"mushroom": 1}}  # restocked
    assert ana.coins == 7 - 3 + 4 and bia.coins == 8 - 3 + 1 + 4


def test_ruling_18_after_round_7_no_refresh_income_or_new_villagers():
    state = new()
    state.round = 7
    row = list(state.villager_row)
    pass_all(state)
    assert state.is_over and state.villager_row == row and state.players[0].coins == 7
    # a building each; tied for first in reputation in 2 players: (3 + 0) / 2 rounded up (ruling 17)
    assert state.result().scores == [1 + 2, 1 + 2]


# -- ruling 13: rows ---------------------------------------------------------------------------------
def test_ruling_13_rows_refill_after_a_build_star_and_key_rows_never():
    state = new()
    state.players[0].coins = 30
    house_row(state, "h01", "h02", "h03", "h04")
    play(state, "build", "use s1_hammer", "card h02")
    assert len(state.house_row) == 4 and "h02" not in state.house_row and len(state.houses) == 20
    play(state, "pass")
    state.players[0].ready.append("r01")  # a second hammer villager
    play(state, "build", "use r01", "card t01")
    assert len(state.star_row) == 5


def test_ruling_13_the_swap_puts_the_row_under_the_deck_for_1_coin_once_a_turn():
    state = new()
    old = list(state.house_row)
    play(state, "swap houses")
    assert state.houses.bottom == old and len(state.house_row) == 4 and not set(old) & set(state.house_row)
    assert state.players[0].coins == 6 and "swap" not in names(state.legal_actions())


def test_ruling_13_an_outpost_needs_an_open_cave_card_and_sits_on_it():
    state = new()
    outpost_row(state, "o04", "o05", "o06", "o07")
    play(state, "build", "use s1_hammer")
    assert not [act for act in state.legal_actions() if act.name == "outpost"]
    play(state, "back", "back")
    win_cave(state, 0, "c05")
    play(state, "build", "use s1_hammer", "outpost o04 c05")
    assert state.players[0].caves == [["c05", "o04"]] and "o04" in state.players[0].buildings
    assert state.players[0].coins == 3


# -- ruling 14: refresh ------------------------------------------------------------------------------
def refreshing(seed=1) -> AboveBelowState:
    state = new(seed=seed)
    ana = state.players[0]
    ana.injured, ana.exhausted, ana.ready = ["s1_hammer"], ["s1_quill", "s1_explorer"], []
    state.give_potions(0, 1)
    state.give_cider(0, 1)
    pass_all(state)
    assert state.phase == REFRESH and state.current_player == 0
    return state


def test_ruling_14_potions_then_cider_then_beds():
    state = refreshing()
    assert names(state.legal_actions()) == {"potion", "cider", "bed", "done"}
    play(state, "cider s1_quill")
    assert "potion" not in names(state.legal_actions())  # cider comes after potions
    play(state, "bed s1_hammer")
    assert not names(state.legal_actions()) & {"potion", "cider"}
    assert a("bed s1_hammer") not in state.legal_actions()  # never two beds


def test_ruling_14_a_potion_then_a_bed_for_one_villager():
    state = refreshing()
    play(state, "potion s1_hammer", "bed s1_hammer")
    ana = state.players[0]
    assert "s1_hammer" in ana.ready and ana.potions == 0


def test_ruling_14_a_potion_and_a_cider_for_one_villager():
    state = refreshing()
    play(state, "potion s1_hammer", "cider s1_hammer")
    assert state.players[0].ready == ["s1_hammer"]


def test_ruling_14_three_beds_move_three_villagers_one_step():
    state = refreshing()
    play(state, "bed s1_hammer", "bed s1_quill", "bed s1_explorer")
    ana = state.players[0]
    assert ana.exhausted == ["s1_hammer"] and ana.ready == ["s1_quill", "s1_explorer"]
    assert state.current_player != 0 or state.phase != REFRESH  # the third bed ends Ana's refresh


# -- ruling 16: running out --------------------------------------------------------------------------
def test_ruling_16_goods_give_what_is_left_and_an_empty_deck_leaves_a_short_row():
    state = new()
    state.supply["rope"] = 1
    house_row(state, "h04", "h01", "h02", "h03")
    play(state, "build", "use s1_hammer", "card h04")
    assert state.players[0].card_goods == {"h04": {"rope": 1}} and state.supply["rope"] == 0
    state.houses.hidden.clear()
    state.players[1].coins = 10
    play(state, "build", "use s2_hammer", f"card {state.house_row[0]}")
    assert len(state.house_row) == 3


def test_ruling_17_reputation_stops_at_minus_3_and_8():
    state = new()
    assert state.change_reputation(0, -5) == -3 and state.players[0].reputation == -3
    assert state.change_reputation(0, 20) == 11 and state.players[0].reputation == 8


# -- the contract ------------------------------------------------------------------------------------
def test_json_round_trip_mid_explore_and_refresh():
    state = new()
    dice(state, 1, 3, 4)
    play(state, "explore", "add s1_hammer", "add s1_explorer", "go", "choose 2")
    del state.roll
    for s in (state, refreshing()):
        data = json.loads(json.dumps(s.to_json()))
        copy = AboveBelowState.from_json(RULES, data)
        assert copy.to_json() == s.to_json() and copy.view(0) == s.view(0)
        assert copy.legal_actions() == s.legal_actions()


def test_scramble_hidden_changes_no_view():
    state = new()
    play(state, "swap houses")
    before = [state.view(seat) for seat in (None, 0, 1)]
    state.scramble_hidden(Rng(5))
    assert [state.view(seat) for seat in (None, 0, 1)] == before


def test_refused_actions_change_nothing():
    state = new()
    dump = json.dumps(state.to_json(), sort_keys=True)
    for text in ("buy 1 3", "track fish", "use s1_hammer", "explore 2", "unsell"):
        with pytest.raises(IllegalAction):
            state.apply(a(text))
    assert json.dumps(state.to_json(), sort_keys=True) == dump


def test_labels_and_prompts_are_sentences_for_people():
    state = new()
    labels = {str(act): state.label(act) for act in state.legal_actions()}
    assert labels["labor"] == "Labor for 1 coin and the cider" and labels["explore"].startswith("Explore ")
    play(state, "explore", "add s1_hammer", "add s1_explorer")
    assert state.label(a("go")) == "Explore with Hammer 1 and Scout 1"
    assert state.prompt().startswith("Ana: put two or more ready villagers")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_move_writes_a_sentence_to_the_log_never_its_notation(players, seed):
    """The log reads as sentences: forming a party, choosing a villager, going back and being done each say so
    (a move that emits nothing would be logged as its notation, 'add ana_hammer')."""
    import random

    state = new(players, seed)
    state.keeps_log = True
    pick = random.Random(seed)
    for _ in range(4000):
        if state.is_over:
            break
        action = pick.choice(state.legal_actions())
        state.take_log()
        state.apply(action)
        lines = [line.public for line in state.take_log()]
        assert lines and all(line.rstrip().endswith((".", "?", ")")) for line in lines), (action, lines)
        assert str(action) not in lines
        ids = [word for line in lines for word in re.findall(r"\b[a-z]+_[a-z0-9_]+\b|\b[hotkc]\d\d\b", line)]
        assert not ids, (action, lines)  # names, never table ids ("s1_hammer", "h01", "c17")
    assert state.is_over


def test_a_restock_card_refills_only_when_no_good_at_all_lies_on_it():
    """Tidepool Kiln (restock pot, stock fish): a fish left on it keeps the pot from coming back."""
    state = AboveBelowState.setup(shared_rules(), ["Ana", "Bia"], 1)
    take_card(state, "o23")
    state.gain_building(0, "o23", free=True)
    ana = state.players[0]
    assert ana.card_goods["o23"] == {"pot": 1, "fish": 2}
    ana.card_goods["o23"] = {"fish": 1}  # the pot and one fish harvested
    state.supply["pot"] += 1
    state.supply["fish"] += 1
    income_step(state)
    assert ana.card_goods["o23"] == {"fish": 1}  # a fish still lies on it: no pot
    del ana.card_goods["o23"]
    state.supply["fish"] += 1
    income_step(state)
    assert ana.card_goods["o23"] == {"pot": 1}  # empty: the pot comes back
