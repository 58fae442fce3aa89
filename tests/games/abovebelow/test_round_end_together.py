"""After the last pass every player stocks the progress track (ruling 11), and at the round's end every player
refreshes (ruling 14), each with its own pieces: choices all seats make at once (``together`` decisions,
core/decisions.py). At a shared table they answer in any order, moves of several seats interleaved; at one keyboard
the first player still goes first."""

from __future__ import annotations

import json

from boardgames.core.rng import Rng
from boardgames.games.abovebelow.roundend import REFRESH, STOCK
from boardgames.games.abovebelow.rules import TURN, AboveBelowState
from tests.games.abovebelow.helpers import a, new, play

#: each seat's moves: a good on the track (which ends its stocking), then a potion, a cider and done
SCRIPTS = {seat: ["track pot", f"potion s{seat + 1}_hammer", f"cider s{seat + 1}_quill", "done"] for seat in range(3)}


def tired_table() -> AboveBelowState:
    state = new(players=3)
    for seat, player in enumerate(state.players):
        player.injured, player.exhausted = [f"s{seat + 1}_hammer"], [f"s{seat + 1}_quill"]
        player.ready = [f"s{seat + 1}_explorer"]
        state.give_goods(seat, "pot", 1)
        state.give_potions(seat, 1)
        state.give_cider(seat, 1)
    while state.phase == TURN:
        play(state, "pass")
    return state


def answer(state: AboveBelowState, seats: list[int]) -> str:
    """Each listed seat plays its next scripted move."""
    left = {seat: list(moves) for seat, moves in SCRIPTS.items()}
    for seat in seats:
        state.apply_as(seat, a(left[seat].pop(0)))
    return json.dumps(state.to_json(), sort_keys=True)


def test_every_seat_stocks_and_refreshes_at_once_and_one_keyboard_keeps_the_order_from_the_first_player():
    state = tired_table()
    assert state.phase == STOCK and state.active_players == (0, 1, 2)
    state.apply_as(2, a("track pot"))
    assert state.active_players == (0, 1) and state.players[2].track == [["pot", 1]]
    state.apply(a("track pot"))
    state.apply(a("track pot"))
    assert state.phase == REFRESH and state.active_players == (0, 1, 2)


def test_the_seats_moves_interleaved_in_any_order_give_the_position_of_the_hot_seat_order():
    in_order = answer(tired_table(), [0, 1, 2] + [0] * 3 + [1] * 3 + [2] * 3)
    rng = Rng(11)
    for _ in range(12):
        seats = [0, 1, 2]
        rng.shuffle(seats)
        refresh = [seat for seat in range(3) for _ in range(3)]
        rng.shuffle(refresh)
        state = tired_table()
        assert answer(state, seats + refresh) == in_order, (seats, refresh)
        assert state.round == 2
