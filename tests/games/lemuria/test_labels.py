"""Lemuria's move labels: distinct within what the list of moves shows at 80 columns, and saying what a move
brings (issue 18, item 18)."""

from __future__ import annotations

from boardgames.core.bots import make_bot
from boardgames.games.lemuria.altar import MINERAL, VEGETABLE
from boardgames.games.lemuria.game import LEMURIA
from tests.games.lemuria.test_rules import _reform_ready, a, after_pass, new

#: the characters of a label the list of moves shows at 80x24 (its number and a scroll bar take the rest)
SHOWN = 22


def test_every_decisions_labels_differ_within_what_the_list_shows():
    """Guards the list showing "Plant vegetable matter i…" seven times."""
    for seed in range(8):
        players = 3 + seed % 2
        state = LEMURIA.new_state([f"Player {i}" for i in range(players)], {"impact": "true"}, seed)
        bot = make_bot("random", LEMURIA, seed)
        move = 0
        while not state.is_over:
            labels = [state.label(action)[:SHOWN] for action in state.legal_actions()]
            assert len(set(labels)) == len(labels), (seed, move, labels)
            state.apply(bot.choose(state, move))
            move += 1


def test_a_harvest_label_says_who_gets_what_and_whether_it_costs_gold():
    state = after_pass(new())
    for section in (1, 4):  # two sections of 2 spaces: Ana's matter and Bia's, or Ana's and a filler
        state.altar.plant(section, 0, VEGETABLE)
        state.players[0].matter[VEGETABLE] -= 1
    state.altar.plant(1, 1, VEGETABLE)
    state.players[1].matter[VEGETABLE] -= 1
    state.altar.add_filler(4)
    state.apply(a("harvest"))
    cloth = state.altar.resource(1, VEGETABLE)
    assert state.label(a("take 1")) == f"Harvest 1: you get 1 {cloth}, Bia 1"
    state.apply(a("take 1"))
    food = state.altar.resource(4, VEGETABLE)
    assert state.label(a("take 4")) == f"Harvest 4 for 1 gold: you get 2 {food}"


def test_build_reform_and_housing_labels_say_what_they_bring():
    state = _reform_ready()
    assert state.label(a("reform 1 1 gold brick")) == "Reform 1 to 1 -GB: Barracks into Armory for 8 VP"
    state.players[0].hand.append(state.citizens.draw(state.rng))
    card = state.players[0].hand[-1]
    citizen = state.rules.citizen[card]
    state.players[0].resources["food"] = citizen.food
    state.apply(a(f"citizen {card}"))
    while state.decisions.top.kind != "house":
        state.apply(state.legal_actions()[0])
    vp = citizen.vp_in(state.rules.building["barracks"].colour)
    assert state.label(a("house 1")) == f"House in Barracks for {vp} VP"


def test_plant_labels_say_the_section_first_and_what_it_yields():
    state = after_pass(new())
    state.apply(a("plant"))
    assert state.label(a("put 3 mineral")) == f"Plant in 3: mineral for {state.altar.resource(3, MINERAL)}"
