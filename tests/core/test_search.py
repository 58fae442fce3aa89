"""The search bot (core/search.py): it never sees what its seat cannot see, it is deterministic at a fixed
budget, and it plays whole games of every game legally."""

from __future__ import annotations

import json

import pytest

from boardgames.core.bots import bot_problem, make_bot
from boardgames.core.registry import all_games, get_game
from boardgames.core.rng import Rng
from boardgames.core.search import FLAT_WIDTH, Search, SearchBot, rest_of_turn, win_chances
from boardgames.core.soak import SAMPLE, play_checked
from tests.core.scrambles import scrambled

GAMES = [game.id for game in all_games()]


def _players(game_id: str) -> int:
    return 3 if game_id == "lemuria" else 2


def _positions(game_id: str, seeds: range, every: int):
    """Positions of seeded games of random bots, every ``every`` moves, where the seat to move has a choice (random
    bots: Lemuria's greedy bot took most of these tests' time)."""
    game = get_game(game_id)
    for seed in seeds:
        kinds = ["random"] * _players(game_id)
        bots = [make_bot(kind, game, seed) for kind in kinds]
        state = game.new_state([f"P{i}" for i in range(len(kinds))], {}, seed)
        ply = 0
        while not state.is_over and ply < 400:
            if ply % every == every - 1 and len(state.legal_actions()) > 1:
                yield seed, ply, state.clone()
            state.apply(bots[state.seat_to_move].choose(state, ply))
            ply += 1


def _dump(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinization_depends_only_on_what_the_seat_sees(game_id):
    checked = 0
    for seed, ply, state in _positions(game_id, range(3), every=5):
        seat = state.seat_to_move
        twin = scrambled(state, seat, seed * 1000 + ply)
        one, two = state.clone(), twin.clone()
        one.determinize(seat, Rng(ply))
        two.determinize(seat, Rng(ply))
        one.rng = Rng(0, one.rng.calls)  # the search deals the future draws itself
        two.rng = Rng(0, two.rng.calls)
        one.check_invariants()
        assert one.view(seat) == state.view(seat), "a determinization changed what the seat sees"
        assert _dump(one) == _dump(two), f"seed {seed}, move {ply}: the sample differs with the hidden cards"
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_chooses_the_same_whatever_is_hidden(game_id):
    game = get_game(game_id)
    checked = 0
    for seed, ply, state in _positions(game_id, range(2), every=17):
        seat = state.seat_to_move
        twin = scrambled(state, seat, seed * 7 + ply)
        first = Search(game, seed).analyse(state, iterations=12, seed=ply)
        second = Search(game, seed).analyse(twin, iterations=12, seed=ply)
        assert [(str(m.action), m.visits, round(m.chance, 9)) for m in first.moves] == \
               [(str(m.action), m.visits, round(m.chance, 9)) for m in second.moves], f"seed {seed}, move {ply}"
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_bot_plays_a_whole_game_legally(game_id):
    game = get_game(game_id)
    players = game.min_players
    bots = [make_bot("search:2", game, 5), *(make_bot("random", game, 5) for _ in range(players - 1))]
    state, record = play_checked(game, [f"P{i}" for i in range(players)], bots, {}, 5, SAMPLE, set())
    assert state.is_over and record.actions


def test_a_fixed_budget_is_deterministic():
    game = get_game("sintra")
    [(_, _, state)] = list(_positions("sintra", range(1), every=9))[:1]
    runs = [Search(game, 3).analyse(state, iterations=40, seed=8) for _ in range(2)]
    assert [(str(m.action), m.visits, m.chance) for m in runs[0].moves] == \
           [(str(m.action), m.visits, m.chance) for m in runs[1].moves]
    assert sum(m.visits for m in runs[0].moves) == 40 == runs[0].iterations


def test_a_flat_search_judges_the_greedy_bots_first_moves_at_the_end_of_their_turn():
    """Blue Moon City's search is flat: only the greedy bot's first FLAT_WIDTH moves are tried, none grows a tree,
    each is judged after the rest of its turn, and a focus move is judged too."""
    game = get_game("bluemoon")
    assert game.search_flat and not get_game("sintra").search_flat
    checked = 0
    for _, _, state in _positions("bluemoon", range(2), every=5):
        if len(state.legal_actions()) <= FLAT_WIDTH:
            continue
        search = Search(game, 2)
        analysis = search.analyse(state, iterations=12, seed=5)
        tried = [m for m in analysis.moves if m.visits]
        assert 1 <= len(tried) <= FLAT_WIDTH and sum(m.visits for m in tried) == 12
        greedy_first = {str(a) for _, a in sorted(search.greedy.scored(state.clone()), key=lambda t: -t[0])[:6]}
        assert {str(m.action) for m in tried} <= greedy_first
        last = analysis.moves[-1].action
        focused = search.analyse(state, iterations=12, seed=5, focus=last)
        assert focused.value_of(last).visits >= 3
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_turn_is_finished_up_to_a_move_left_to_chance():
    """rest_of_turn plays the seat's turn on to its end or to a move that draws, never drawing on the way."""
    game = get_game("bluemoon")
    search = Search(game, 1)
    stopped_at_chance = 0
    for _, _, state in _positions("bluemoon", range(2), every=4):
        seat, turn = state.seat_to_move, state.turn
        after = rest_of_turn(search, state.clone(), seat, turn)
        assert after.rng.calls == state.rng.calls
        if after.is_over or after.current_player != seat or after.turn != turn:
            continue
        for action in search.greedy.candidates(after):
            child = after.clone()
            child.apply(action)
            assert child.rng.calls != after.rng.calls
        stopped_at_chance += 1
    assert stopped_at_chance > 5  # (a Blue Moon City turn ends with its draw, so it stops there)


def test_the_search_bot_ranks_every_legal_move_and_focus_judges_the_one_asked():
    game = get_game("abovebelow")
    checked = 0
    for _, _, state in _positions("abovebelow", range(1), every=7):
        legal = {str(a) for a in state.legal_actions()}
        bot = SearchBot(game, 1, iterations=8)
        ranked = bot.rank(state, 0)
        assert {str(a) for a in ranked} <= legal and ranked
        if len(ranked) < 3:
            continue
        checked += 1
        if checked > 3:
            break
        worst = bot.last.moves[-1].action
        focused = Search(game, 1).analyse(state, iterations=20, focus=worst)
        assert focused.value_of(worst).visits >= 5
    assert checked > 3


def test_win_chances_share_the_win_and_follow_the_lead():
    assert win_chances([3.0, 3.0], 5.0) == pytest.approx([0.5, 0.5])
    ahead = win_chances([10.0, 0.0, 0.0], 5.0)
    assert sum(ahead) == pytest.approx(1.0) and ahead[0] > 0.7 and ahead[1] == pytest.approx(ahead[2])
    far = win_chances([100.0, 0.0], 5.0)
    assert 0.85 < far[0] < 1.0  # far behind still leaves a little to play for


@pytest.mark.parametrize(("kind", "problem"), [
    ("search", None), ("search:400", None), ("greedy", None),
    ("search:0", "whole number from 1"), ("search:x", "whole number"), ("search:", "whole number"),
    ("search:99999999", "whole number"), ("minimax", "Unknown bot 'minimax'"),
])
def test_bot_names_are_checked_with_a_sentence(kind, problem):
    found = bot_problem(kind)
    assert (found is None) if problem is None else (problem in found)

