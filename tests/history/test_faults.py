"""A history that is damaged, busy, newer or older: a sentence, never a traceback; an older one is migrated."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from boardgames.core.record import Seat
from boardgames.core.saves import SaveStore
from boardgames.core.session import Session
from boardgames.history import schema, store
from boardgames.history.rebuild import Source, rebuild
from boardgames.history.store import History, HistoryError, fingerprint, finished_game, record_finished

from .games import finished, play_out, saved

T0 = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


def test_a_history_from_a_newer_version_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {schema.VERSION + 1}")
    with pytest.raises(HistoryError, match="newer version of boardgames"):
        History.open(path)
    with pytest.raises(HistoryError, match="newer version"):  # a rebuild does not overwrite it either
        rebuild(path, [])
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION + 1


def test_a_damaged_history_gives_a_sentence_and_a_rebuild_sets_it_aside(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"not a database at all, " * 200)
    with pytest.raises(HistoryError, match="damaged; rebuild it from the saves with: boardgames stats --rebuild"):
        History.open(path)
    found = rebuild(path, [])
    assert found.set_aside.startswith("history.sqlite3.damaged-")
    assert (tmp_path / found.set_aside).read_bytes().startswith(b"not a database")
    with History.open(path) as history:
        assert history.count() == 0


def test_a_busy_history_gives_a_sentence_after_its_timeout(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite3"
    History.open(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program writes, and keeps at it
    monkeypatch.setattr(store, "BUSY_TIMEOUT", 0.2)
    try:
        with History.open(path) as history, pytest.raises(HistoryError, match="busy in another program"):
            record_finished(history, finished(seed=3), "", T0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with History.open(path) as history:
        record_finished(history, finished(seed=3), "", T0)  # once it is free, the game goes in
        assert history.count() == 1


def _version_1(path, games):
    """A history as version 1 wrote it: games and seats, no ratings."""
    with sqlite3.connect(path) as db:
        schema.create_v1(db)
        for number, item in enumerate(games, 1):
            record, result = item.record, item.result
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (number, fingerprint(record), record.game, record.rules_version, "{}", record.seed,
                        record.created, item.ended.isoformat(), 0.0, len(record.actions), len(record.seats), ""))
            for seat, player in enumerate(record.seats):
                db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (number, seat, player.name.casefold(), player.name, player.kind, result.scores[seat],
                            result.ranks[seat], json.dumps(result.breakdown[seat])))
        db.execute("PRAGMA user_version = 1")


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_history_from_an_older_version_is_migrated_with_its_ratings_computed(tmp_path, version):
    games = [finished_game(finished(seed=seed), "", T0 + timedelta(days=seed)) for seed in (3, 4, 5)]
    old = tmp_path / "old.sqlite3"
    _version_1(old, games)
    with sqlite3.connect(old) as db:
        for step in schema.STEPS[1:version]:  # the layouts in between, as their versions left them
            step(db)
        db.execute(f"PRAGMA user_version = {version}")
    with History.open(old) as migrated, History.open(tmp_path / "new.sqlite3") as fresh:
        fresh.add_many(games)
        assert migrated.db.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION
        assert migrated.count() == 3
        assert migrated.player_stats("ana") == fresh.player_stats("ana")
        assert migrated.chart("ana", "sintra") == fresh.chart("ana", "sintra")
        assert migrated._changes(3) == fresh._changes(3)
        assert migrated.players() == fresh.players()
        assert migrated.head_to_head("bia", "ana") == fresh.head_to_head("bia", "ana")
        assert migrated.leaderboard("sintra", 1, named_only=False) == fresh.leaderboard("sintra", 1, named_only=False)


def test_a_rebuild_gives_what_playing_wrote_and_names_the_saves_it_passed_over(tmp_path):
    saves = SaveStore(tmp_path / "saves")
    sessions = [play_out("sintra", [Seat("Ana"), Seat("Bia")], seed, saves) for seed in (3, 4)]
    saved("bluemoon", [Seat("Ana"), Seat("Cid", "bot:greedy")], 5, saves)  # written whole: not saved move by move
    (saves.folder / "broken.json").write_text("{ not json")
    unfinished = Session.new(sessions[0].game, [Seat("X"), Seat("Y")], seed=9, store=saves)
    unfinished.save()
    found = rebuild(tmp_path / "history.sqlite3", [Source(saves.folder)])
    assert (found.finished, found.added) == (3, 3)
    assert len(found.skipped) == 1 and found.skipped[0].startswith("broken.json: ")
    with History.open(tmp_path / "history.sqlite3") as history:
        ana = history.player_stats("ana")
        assert ana.games == 3
        assert sorted(line.save for line in ana.last) == sorted(p.name for p in saves.folder.glob("*.json")
                                                                  if p.name not in ("broken.json",
                                                                                    unfinished.path.name))
        scores = sorted(Session.from_record(s.record).state.result().scores[0] for s in sessions)
        assert sorted(line.score for line in history.player_stats("ana", "sintra").last) == scores


def test_a_game_is_dated_by_the_end_its_save_keeps_and_an_older_save_by_its_file(tmp_path):
    import os

    from boardgames.core.record import read_record, save_record

    saves = SaveStore(tmp_path / "saves")
    kept, older = (play_out("sintra", [Seat("Ana"), Seat("Bia")], seed, saves).path for seed in (3, 4))
    assert read_record(kept).ended  # written with the last move
    record = read_record(older)
    record.ended = ""  # as a save from before the time was kept
    save_record(record, older)
    os.utime(older, (T0.timestamp(), T0.timestamp()))
    os.utime(kept, (T0.timestamp(), T0.timestamp()))  # the file's time does not count when the save has one
    rebuild(tmp_path / "history.sqlite3", [Source(saves.folder)])
    with History.open(tmp_path / "history.sqlite3") as history:
        ended = {save: datetime.fromisoformat(end) for save, end in history.db.execute("SELECT save, ended FROM games")}
    assert ended[older.name] == T0
    assert ended[kept.name] == datetime.fromisoformat(read_record(kept).ended) != T0
