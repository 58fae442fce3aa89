"""A history that has to start again (emptied, or deleted while the program runs) reads the finished saves in, as
on the first start; and each history sentence fits its case: no "try again" where nothing can, no "rebuild" where a
rebuild would fail the same way."""

from __future__ import annotations

from dataclasses import replace

from boardgames.core.record import Seat
from boardgames.core.saves import SaveStore
from boardgames.history.rebuild import Source
from boardgames.history.recording import first_start, remember
from boardgames.history.store import History, HistoryError, finished_game

from .games import finished, play_out


def _saves(tmp_path):
    """Three finished games of Ana and Bia in a folder of saves; the last one is the game that just ended."""
    store = SaveStore(tmp_path / "saves")
    return store, [play_out("sintra", [Seat("Ana"), Seat("Bia")], seed, store) for seed in (3, 4, 5)]


def test_a_history_deleted_while_the_program_runs_starts_again_from_the_saves(tmp_path):
    store, sessions = _saves(tmp_path)
    path = tmp_path / "history.sqlite3"
    assert first_start(path, store.folder).added == 3
    path.unlink()  # deleted by hand while the program runs
    last = sessions[-1]
    changes, problem = remember(path, last.record, last.state.result(), last.path.name,
                                sources=[Source(store.folder)])
    assert problem == "" and len(changes) == 2
    with History.open(path) as history:
        assert history.count() == 3 and history.player_stats("ana").games == 3
        assert [c.before for c in changes] == [c.before for c in history._changes(3)]
        assert changes[0].before != changes[0].after  # rated after the two games before it, not from scratch


def test_an_emptied_history_is_a_first_start(tmp_path):
    store, _sessions = _saves(tmp_path)
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"")
    found = first_start(path, store.folder)
    assert found is not None and found.added == 3
    with History.open(path) as history:
        assert history.count() == 3
    assert first_start(path, store.folder) is None  # it holds something now


def test_a_game_that_ends_while_the_history_is_emptied_reads_the_saves_in(tmp_path):
    store, sessions = _saves(tmp_path)
    path = tmp_path / "history.sqlite3"
    first_start(path, store.folder)
    path.write_bytes(b"")
    last = sessions[-1]
    _changes, problem = remember(path, last.record, last.state.result(), last.path.name,
                                 sources=[Source(store.folder)])
    assert problem == ""
    with History.open(path) as history:
        assert history.count() == 3


def test_a_full_disk_is_said_without_a_rebuild_that_would_fail_the_same_way(tmp_path):
    path = tmp_path / "history.sqlite3"
    with History.open(path) as history:
        pages = history.db.execute("PRAGMA page_count").fetchone()[0]
        history.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
        base = finished_game(finished(seed=3))
        said = ""
        for n in range(200):  # games until the pages run out
            try:
                history.add(replace(base, record=replace(base.record, created=f"2026-01-01T00:00:{n % 60:02}.{n}")))
            except HistoryError as exc:
                said = str(exc)
                break
    assert said == "The history of finished games cannot be written: the disk is full."


def test_a_history_that_is_a_folder_is_said_without_a_rebuild(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.mkdir()
    try:
        History.open(path)
    except HistoryError as exc:
        said = str(exc)
    else:
        raise AssertionError("a folder opened as a history")
    assert "rebuild" not in said and said.startswith("The history of finished games cannot be used (")


def test_a_served_players_game_end_says_who_can_count_it(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"garbage " * 512)
    record = finished(names=("ana", "Bia"))
    from boardgames.core.session import Session

    result = Session.from_record(record).state.result()
    _changes, local = remember(path, record, result, "")
    _changes, served = remember(path, record, result, "", "user:ana", "ana")
    assert "'boardgames stats --rebuild' makes the history again from the saves" in local
    assert "boardgames stats" not in served  # a player over SSH has no such command
    assert served.startswith("This game is saved, but the server's history of finished games is damaged")
