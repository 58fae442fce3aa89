"""The greedy bot's evaluation of Lemuria: it values what it should and reads nothing a seat cannot see (that it
beats random bots is tests/core/test_bots.py's ``test_greedy_beats_random``, at the same bar of 9 in 10)."""

from __future__ import annotations

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action
from boardgames.core.rng import Rng
from boardgames.games.lemuria.game import LEMURIA
from boardgames.games.lemuria.pieces import Owned
from boardgames.games.lemuria.strategy import Evaluator, evaluate

NAMES = ["Ana", "Bia", "Caio"]


def _played(seed: int, moves: int):
    """A 3-player game after ``moves`` random moves."""
    state = LEMURIA.new_state(NAMES, {"impact": "true"}, seed)
    bot = make_bot("random", LEMURIA, seed)
    for ply in range(moves):
        state.apply(bot.choose(state, ply))
    return state


def test_a_built_building_is_worth_more_than_none():
    state = _played(3, 60)
    for seat in range(3):
        built = state.clone()
        card = built.trend.slots[0] or next(c for c in built.trend.slots if c)
        building = built.rules.building[card]
        built.players[seat].buildings.append(Owned(card))
        built.players[seat].gain_vp(building.vp, "buildings")
        assert evaluate(built, seat) > evaluate(state, seat)


def test_an_occupied_building_is_worth_more_than_an_empty_one():
    state = _played(5, 60)
    seat = 0
    card = next(c for c in state.trend.slots if c)
    state.players[seat].buildings.append(Owned(card))
    housed = state.clone()
    housed.players[seat].buildings[-1].citizen = "captain"
    housed.players[seat].gain_vp(2, "citizens")
    assert evaluate(housed, seat) > evaluate(state, seat)


def test_another_seats_hand_is_never_read():
    for seed in (1, 2, 3):
        state = _played(seed, 40 + 10 * seed)
        for seat in range(3):
            judge = Evaluator()
            if state.current == seat:
                judge.candidates(state, state.legal_actions())
            value = judge.evaluate(state, seat)
            for other in range(3):
                if other == seat:
                    continue
                scrambled = state.clone()
                if scrambled.scramble_private(other, Rng(1)):
                    assert judge.evaluate(scrambled, seat) == value
                    assert evaluate(scrambled, seat) == evaluate(state, seat)


def test_the_card_passed_in_escrow_is_never_read():
    state = LEMURIA.new_state(NAMES, {"impact": "false"}, 4)
    state.apply(Action("pass", (state.players[0].hand[0],)))
    other = state.clone()
    other.passing[0], other.players[0].hand[0] = other.players[0].hand[0], other.passing[0]
    for seat in (1, 2):
        assert evaluate(other, seat) == evaluate(state, seat)


def test_a_draw_in_the_look_shows_nothing():
    """The bot's look ahead may buy a card: its judge values the new card as an average one, whatever the
    deck would give, and does not look at playing it."""
    for seed in range(1, 40):
        state = _played(seed, 30)
        seat = state.current
        if seat is None or Action("buy") not in state.legal_actions():
            continue
        judge = Evaluator()
        judge.candidates(state, state.legal_actions())
        values, plays = set(), set()
        for salt in (11, 22, 33):
            child = state.clone()
            child.rng = Rng(salt)
            child.apply(Action("buy"))
            values.add(round(judge.evaluate(child, seat), 9))
            plays.add(tuple(a for a in judge.candidates(child, child.legal_actions()) if a.name == "citizen"))
        assert len(values) == 1 and len(plays) == 1
        return
    raise AssertionError("no position with a buy found")
