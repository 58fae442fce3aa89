"""Games are rated in the order they ended, to the microsecond: the same figures live and by a rebuild, whichever
process wrote first and whatever the saves' file names; saves and histories from before keep being read."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

from boardgames.core.record import Seat, read_record
from boardgames.core.saves import SaveStore
from boardgames.history.rebuild import Source, rebuild
from boardgames.history.store import History, finished_game, record_finished

from .games import play_out

T0 = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)

SEAT_ROWS = "SELECT g.fingerprint, s.seat, s.mu_before, s.sigma_before, s.mu_after, s.sigma_after FROM seats s " \
            "JOIN games g ON g.id = s.game_id ORDER BY g.fingerprint, s.seat"


def test_a_game_keeps_when_it_ended_to_the_microsecond(tmp_path):
    session = play_out("sintra", [Seat("Ana"), Seat("Bia")], 3, SaveStore(tmp_path))
    ended = datetime.fromisoformat(read_record(session.path).ended)
    assert read_record(session.path).ended == ended.isoformat(timespec="microseconds")
    with History.open(tmp_path / "history.sqlite3") as history:
        record_finished(history, session.record, session.path.name)
        assert history.db.execute("SELECT ended FROM games").fetchone()[0] == ended.isoformat(timespec="microseconds")


class _Clock(datetime):
    """A clock for the games' ends: each reading a thousandth of a second after the one before, in one second."""

    readings = 0

    @classmethod
    def now(cls, tz=None):
        cls.readings += 1
        return T0 + timedelta(microseconds=1000 * cls.readings + 7)


def test_games_that_end_in_one_second_are_rated_alike_live_and_by_a_rebuild(tmp_path, monkeypatch):
    from boardgames.core import session as session_module

    monkeypatch.setattr(session_module, "datetime", _Clock)
    store = SaveStore(tmp_path / "saves")
    names = [Seat("Ana"), Seat("Bia"), Seat("Cid")]
    with History.open(tmp_path / "live.sqlite3") as live:
        for number, seed in enumerate((3, 4, 5, 6)):  # each game's end as its save keeps it, in the order played
            session = play_out("sintra", names, seed, store)
            path = store.folder / f"{chr(ord('z') - number)}.json"  # the names sort the other way round
            session.path.rename(path)
            record_finished(live, read_record(path), path.name)
        played = live.db.execute(SEAT_ROWS).fetchall()
    rebuild(tmp_path / "rebuilt.sqlite3", [Source(store.folder)])
    with History.open(tmp_path / "rebuilt.sqlite3") as rebuilt:
        assert rebuilt.db.execute(SEAT_ROWS).fetchall() == played


def test_a_game_written_after_one_that_ended_later_is_rated_in_its_place(tmp_path):
    store = SaveStore(tmp_path / "saves")
    sessions = [play_out("sintra", [Seat("Ana"), Seat("Bia")], seed, store) for seed in (3, 4, 5)]
    games = [finished_game(s.record, s.path.name, T0 + timedelta(seconds=n)) for n, s in enumerate(sessions)]
    with History.open(tmp_path / "written.sqlite3") as written:
        for game in (games[0], games[2], games[1]):  # the second game's process was the last to write
            written.add(game)
        changes = written.add(games[1])  # written again (shown again): the same figures
        with History.open(tmp_path / "in-order.sqlite3") as in_order:
            for game in games:
                in_order.add(game)
            assert written.db.execute(SEAT_ROWS).fetchall() == in_order.db.execute(SEAT_ROWS).fetchall()
            assert written.player_stats("ana") == in_order.player_stats("ana")
            assert changes == in_order._changes(2)


def test_a_history_that_kept_ends_to_the_second_is_read_and_written_on(tmp_path):
    path = tmp_path / "history.sqlite3"
    store = SaveStore(tmp_path / "saves")
    sessions = [play_out("sintra", [Seat("Ana"), Seat("Bia")], seed, store) for seed in (3, 4)]
    with History.open(path) as history:
        record_finished(history, sessions[0].record, "", T0)
    with sqlite3.connect(path) as db:  # as version 3 wrote it
        db.execute("UPDATE games SET ended = '2026-11-01T20:00:00+00:00'")
        db.execute("PRAGMA user_version = 3")
        db.execute("DROP TABLE records")
        db.execute("DROP TABLE pairs")
    with History.open(path) as history:
        assert history.db.execute("SELECT ended FROM games").fetchone()[0] == "2026-11-01T20:00:00.000000+00:00"
        record_finished(history, sessions[1].record, "", T0 + timedelta(microseconds=1))
        assert [line.ended for line in history.player_stats("ana").last] == [
            "2026-11-01T20:00:00.000001+00:00", "2026-11-01T20:00:00.000000+00:00"]
