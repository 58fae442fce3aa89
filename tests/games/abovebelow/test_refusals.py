"""Why a move is refused, in the words of the case at hand: the kinds' refusals, which a board shows for a key
or click that asks for a move the rules do not allow (Board.explain -> State.refusal)."""

from __future__ import annotations

import json

from boardgames.core.decisions import Decision
from boardgames.core.engine import IllegalAction
from boardgames.games.abovebelow.state import NO_OPEN_CAVE, REFUSALS, REWARD
from tests.games.abovebelow.helpers import a, cave_top, dice, house_row, new, outpost_row, play, win_cave
from tests.games.abovebelow.test_rules import refreshing


def refused(state, move: str) -> str:
    """The reason ``move`` is refused; applying it raises the same sentence and changes nothing."""
    before = json.dumps(state.to_json())
    reason = state.refusal(a(move))
    try:
        state.apply(a(move))
    except IllegalAction as refusal:
        assert str(refusal) == reason
    else:
        raise AssertionError(f"{move} was taken")
    assert json.dumps(state.to_json()) == before
    return reason


def test_the_refresh_says_which_step_of_ruling_14_stands_in_the_way():
    state = refreshing()  # Ana: Hammer injured, Quill and Scout exhausted; 1 potion, 1 cider
    hammer, quill = state.vname("s1_hammer"), state.vname("s1_quill")
    assert refused(state, "cider s1_hammer") == \
        f"Only exhausted villagers take cider: {hammer} is injured (a potion or a bed first)."
    assert refused(state, "potion s1_quill") == f"Potions are for injured villagers: {quill} is not injured."
    play(state, "cider s1_quill")
    assert refused(state, "bed s1_quill") == f"{quill} is ready already."
    assert refused(state, "potion s1_hammer") == \
        "Potions come before cider and beds: it is too late for a potion now."
    assert refused(state, "cider s1_explorer") == "You have no cider."
    play(state, "bed s1_hammer")
    assert refused(state, "bed s1_hammer") == f"{hammer} already used a bed this round."
    assert refused(state, "cider s1_explorer") == "Cider comes before beds: it is too late for cider now."
    assert refused(state, "track ore") == REFUSALS["track"]  # a turn move's need, as before


def test_the_dice_say_why_a_die_stays_or_a_villager_cannot_be_injured():
    state = new()
    cave_top(state, "c01")
    dice(state, 1, 2, 4)
    play(state, "explore", "add s1_hammer", "add s1_explorer", "go", "choose 2")
    scout = state.vname("s1_explorer")
    assert refused(state, "reroll s1_hammer") == \
        "No rerolls left: each reroll symbol on your buildings gives one per encounter."
    play(state, "injure s1_explorer")
    assert refused(state, "injure s1_explorer") == f"{scout} is injured for a lantern already."
    assert refused(state, "reroll s1_explorer") == f"{scout} was injured for a lantern: that die stays as it is."
    assert refused(state, "reroll s1_hammer") == "No more rerolls once a villager is injured for a lantern."
    assert refused(state, "reroll nobody").startswith("'reroll nobody' is not a move now: Ana: lanterns so far")


def test_training_says_the_price_or_the_empty_slot():
    state = new()
    play(state, "train", "use s1_quill")
    state.players[0].coins = 1
    who = state.vname(state.villager_row[4])
    assert refused(state, "slot 5") == f"{who} costs 5 coins to train and you have 1."
    state.villager_row[1] = None
    assert refused(state, "slot 2") == "That slot of the row is empty."
    assert refused(state, "slot 9").startswith("'slot 9' is not a move now: ")


def test_building_says_the_price_or_that_an_outpost_needs_an_open_cave():
    state = new()
    house_row(state, "h01", "h02", "h03", "h04")
    outpost_row(state, "o04", "o05", "o06", "o07")
    play(state, "build", "use s1_hammer")
    state.players[0].coins = 0
    house, outpost = state.rules.building["h01"], state.rules.building["o04"]
    assert refused(state, "card h01") == f"{house.name} costs {house.cost} coins and you have 0."
    assert refused(state, "card o04") == NO_OPEN_CAVE
    win_cave(state, 0, "c05")
    assert refused(state, "outpost o04 c05") == f"{outpost.name} costs {outpost.cost} coins and you have 0."


def test_a_free_building_says_what_the_reward_does_not_give():
    state = new()
    house_row(state, "h01", "h02", "h03", "h04")
    outpost_row(state, "o04", "o05", "o06", "o07")
    state.decisions.push(Decision(REWARD, 0, (99,)))
    star = state.star_row[0]
    assert refused(state, f"card {star}") == \
        f"{state.rules.building[star].name} is not among the buildings this reward gives."
    assert refused(state, "card o04") == NO_OPEN_CAVE
