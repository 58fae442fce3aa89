"""The history's store: a finished game written once, with scores, ranks and ratings that follow the results."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from boardgames.core.session import Session
from boardgames.history import ratings
from boardgames.history.store import History, fingerprint, finished_game, player_key, record_finished

from .games import finished

T0 = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


@pytest.fixture
def history(tmp_path):
    with History.open(tmp_path / "history.sqlite3") as opened:
        yield opened


def test_a_finished_game_is_written_with_its_seats_scores_breakdown_and_moves(history):
    record = finished(seed=3)
    result = Session.from_record(record).state.result()
    record_finished(history, record, "sintra-1.json", T0)
    game = history.db.execute("SELECT game, seed, moves, players, save, ended, options, rules_version "
                              "FROM games").fetchone()
    assert game == ("sintra", record.seed, len(record.actions), 2, "sintra-1.json", "2026-11-01T20:00:00.000000+00:00",
                    json.dumps(record.options, sort_keys=True), record.rules_version)
    seats = history.db.execute("SELECT name, kind, score, rank, breakdown FROM seats ORDER BY seat").fetchall()
    assert [(name, score, rank) for name, _kind, score, rank, _b in seats] == [
        (seat.name, score, rank) for seat, score, rank in zip(record.seats, result.scores, result.ranks)]
    assert [json.loads(b) for *_rest, b in seats] == result.breakdown
    assert sum(json.loads(seats[0][4]).values()) == result.scores[0]


def test_the_same_game_twice_is_one_game_and_gives_the_same_ratings(history):
    first = record_finished(history, finished(seed=3), "a.json", T0)
    again = record_finished(history, finished(seed=3), "copy-of-a.json", T0 + timedelta(hours=1))
    assert history.count() == 1
    assert again == first


def test_the_winner_rises_and_the_loser_falls_from_the_starting_rating(history):
    record = finished(seed=3)
    ranks = Session.from_record(record).state.result().ranks
    changes = record_finished(history, record, "", T0)
    start = ratings.initial()
    assert all(change.before == start for change in changes)
    winner = ranks.index(1)
    loser = 1 - winner
    assert changes[winner].after.mu > start.mu > changes[loser].after.mu
    assert changes[winner].after.shown > 0 > changes[loser].after.shown


def test_each_game_starts_from_the_rating_the_last_one_left(history):
    last: list = []
    for n, seed in enumerate((3, 4, 5)):
        changes = record_finished(history, finished(seed=seed), "", T0 + timedelta(minutes=n))
        if last:
            assert [c.before for c in changes] == last
        last = [c.after for c in changes]
    row = history.db.execute("SELECT mu, sigma, games FROM ratings WHERE player = 'ana'").fetchone()
    assert (row[0], row[1]) == (last[0].mu, last[0].sigma) and row[2] == 3


def test_bots_are_rated_by_kind_and_one_kind_on_two_seats_counts_once(history):
    record = finished(names=("Ana", "B1", "B2"), kinds=("human", "bot:greedy", "bot:greedy"), seed=2)
    changes = record_finished(history, record, "", T0)
    assert [c.player for c in changes] == ["ana", "bot:greedy", "bot:greedy"]
    assert changes[1].after == changes[2].after  # the mean of its two seats' updates
    assert history.db.execute("SELECT games FROM ratings WHERE player = 'bot:greedy'").fetchone() == (1,)
    assert dict(history.players())["bot:greedy"] == "greedy bot"


def test_names_count_whatever_their_capitals_and_a_name_like_a_key_is_kept_apart():
    from boardgames.core.record import Seat

    assert player_key(Seat(" ANA ")) == player_key(Seat("ana")) == "ana"
    assert player_key(Seat("bot:greedy")) == "player:bot:greedy"
    assert player_key(Seat("x", "bot:greedy")) == "bot:greedy"
    assert player_key(Seat("Ana"), "user:ana") == "user:ana"


def test_a_tie_shares_the_rank_and_neither_seat_gains_on_the_other():
    after = ratings.rate(["a", "b"], [ratings.initial()] * 2, [1, 1])
    assert after[0] == after[1]
    assert after[0].sigma < ratings.initial().sigma


def test_player_stats_chart_and_head_to_head_count_what_was_recorded(history):
    wins = {"ana": 0, "bia": 0}
    for n, seed in enumerate(range(1, 6)):
        record = finished(seed=seed)
        ranks = Session.from_record(record).state.result().ranks
        for key, rank in zip(("ana", "bia"), ranks):
            wins[key] += rank == 1
        record_finished(history, record, f"{seed}.json", T0 + timedelta(days=n))
    stats = history.player_stats("ana")
    assert (stats.games, stats.wins, stats.name) == (5, wins["ana"], "Ana")
    assert [line.save for line in stats.last] == ["5.json", "4.json", "3.json", "2.json", "1.json"]
    points = history.chart("ana", "sintra")
    assert len(points) == 5 and points[-1].rating == pytest.approx(stats.per_game[0].rating.shown)
    duel = history.head_to_head("ana", "bia")
    assert duel.games == 5 and duel.first_ahead + duel.second_ahead + duel.level == 5
    assert duel.first_ahead >= wins["ana"] - duel.level


def test_the_leaderboard_shows_named_players_with_enough_games_only(history):
    for n, seed in enumerate(range(1, 7)):
        names = ("ana", "bia") if n < 5 else ("ana", "cid")
        identities = {0: "user:ana", 1: f"user:{names[1]}"} if n != 3 else {0: "user:ana", 1: "guest:77"}
        record_finished(history, finished(names=names, seed=seed), "", T0 + timedelta(days=n), identities)
    board = history.leaderboard("sintra", min_games=5)
    assert [row.player for row in board] == ["user:ana"]  # bia has 4 as herself (one was a guest's), cid 1
    assert {row.player for row in history.leaderboard("sintra", 1)} == {"user:ana", "user:bia", "user:cid"}
    assert "guest:77" in {row.player for row in history.leaderboard("sintra", 1, named_only=False)}


def test_games_that_ended_before_the_ones_held_are_rated_in_order(history):
    early = finished_game(finished(seed=4), "", T0)
    late = finished_game(finished(seed=5), "", T0 + timedelta(days=1))
    history.add_many([late])
    history.add_many([early])  # read in later, but it ended first
    late_rated = [c.after for c in history._changes(1)]  # written first, rated again after the earlier game
    with History.open(history.path.with_name("fresh.sqlite3")) as fresh:
        fresh.add_many([early, late])
        assert [c.after for c in fresh._changes(2)] == late_rated


def test_fingerprints_tell_games_apart_by_any_move_and_match_copies():
    a, b = finished(seed=3), finished(seed=3)
    assert fingerprint(a) == fingerprint(b)
    b.actions = b.actions[:-1]
    assert fingerprint(a) != fingerprint(b)


def test_a_bot_kind_at_two_seats_is_one_player_of_one_game_placed_by_its_best_seat(history):
    record = finished(names=("Ana", "B1", "B2"), kinds=("human", "bot:greedy", "bot:greedy"), seed=2)
    ranks = Session.from_record(record).state.result().ranks
    record_finished(history, record, "", T0)
    bot = history.player_stats("bot:greedy")
    assert (bot.games, bot.wins) == (1, int(min(ranks[1:]) == 1))
    assert bot.last[0].rank == min(ranks[1:]) and bot.last[0].opponents == ("Ana",)  # never its own opponent
    assert len(history.chart("bot:greedy", "sintra")) == 1
    duel = history.head_to_head("ana", "bot:greedy")
    assert duel.games == 1 and (duel.first_ahead, duel.second_ahead) == ((1, 0) if ranks[0] < min(ranks[1:]) else
                                                                          (0, 1) if ranks[0] > min(ranks[1:]) else
                                                                          (0, 0))
    assert history.head_to_head("bot:greedy", "bot:greedy").games == 0
    board = history.leaderboard("sintra", 1, named_only=False)
    assert next(row for row in board if row.player == "bot:greedy").games == 1
