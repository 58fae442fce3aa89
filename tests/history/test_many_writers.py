"""Twenty processes finishing games at the same moment lose no row of the history."""

from __future__ import annotations

import multiprocessing
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from boardgames.history.store import History, finished_game

from .games import finished

WRITERS = 20


def _write(path, item, barrier, done) -> None:
    barrier.wait(timeout=60)  # every writer starts its transaction at once
    try:
        with History.open(path) as history:
            history.add(item)
    except Exception as exc:  # noqa: BLE001 - said to the test, which fails with it
        done.put(f"{item.save}: {exc!r}")
        raise
    done.put(item.save)


def test_twenty_processes_finishing_at_once_lose_no_row(tmp_path):
    path = tmp_path / "history.sqlite3"
    base = finished_game(finished(seed=3), "", datetime(2026, 11, 1, tzinfo=UTC))
    items = []
    for n in range(WRITERS):  # twenty different games (their records differ in the time they began)
        record = replace(base.record, created=(base.ended + timedelta(minutes=n)).isoformat())
        items.append(replace(base, record=record, save=f"game-{n}.json", ended=base.ended + timedelta(hours=n)))
    context = multiprocessing.get_context("fork")
    barrier, done = context.Barrier(WRITERS), context.Queue()
    writers = [context.Process(target=_write, args=(path, item, barrier, done)) for item in items]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
    said = sorted(done.get(timeout=10) for _ in writers)
    assert said == sorted(item.save for item in items)
    assert [writer.exitcode for writer in writers] == [0] * WRITERS
    with History.open(path) as history:
        assert history.count() == WRITERS
        assert sorted(row[0] for row in history.db.execute("SELECT save FROM games")) == sorted(i.save for i in items)
        assert history.db.execute("SELECT count(*) FROM seats").fetchone()[0] == 2 * WRITERS
        assert history.db.execute("SELECT games FROM ratings WHERE player = 'ana'").fetchone()[0] == WRITERS
        # each game was rated from the one that ended before it, whatever the order they won the lock in
        chain = history.db.execute("SELECT s.mu_before, s.mu_after FROM seats s JOIN games g ON g.id = s.game_id "
                                   "WHERE s.player = 'ana' ORDER BY g.ended")
        rows = chain.fetchall()
        assert all(rows[n][0] == rows[n - 1][1] for n in range(1, WRITERS))
        with History.open(tmp_path / "rebuilt.sqlite3") as rebuilt:  # as a rebuild rates them
            rebuilt.add_many(items)
            assert rebuilt.player_stats("ana") == history.player_stats("ana")
