"""The issue's test of done: a player who has played twenty games over a week opens Statistics and sees their
record, their rating and its chart, and the numbers match their saves."""

from __future__ import annotations

import statistics
from datetime import UTC, datetime, timedelta

from boardgames.core.record import Seat, read_record, save_record
from boardgames.core.session import Session
from boardgames.history.store import History
from boardgames.home import default_history, default_store
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.stats import StatsScreen
from boardgames.tui.widgets.statchart import StatChart

from ..history.games import play_out
from .helpers import app_for, wait_until
from .test_stats_screen import row_of, section


def a_week_of_saves() -> list:
    """Twenty finished Sintra games of Ana's (against Bia, some with a greedy bot), saved, each save's end time
    set as if played two or three an evening over seven days."""
    store = default_store()
    monday = datetime(2026, 11, 16, 19, 0, tzinfo=UTC)
    paths = []
    for number in range(20):
        seats = [Seat("Ana"), Seat("Bia")] + ([Seat("Bot", "bot:greedy")] if number % 3 == 0 else [])
        session = play_out("sintra", seats, 40 + number, store)
        record = read_record(session.path)
        record.ended = (monday + timedelta(days=number // 3, minutes=50 * (number % 3))).isoformat()
        save_record(record, session.path)
        paths.append(session.path)
    return paths


async def test_twenty_games_over_a_week_show_the_record_rating_and_chart_the_saves_hold():
    paths = a_week_of_saves()
    results = [Session.from_record(read_record(path)).state.result() for path in paths]
    scores = [result.scores[0] for result in results]
    wins = sum(result.ranks[0] == 1 for result in results)
    assert not default_history().exists()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await wait_until(pilot, lambda: not [w for w in app.workers if w.group == "history"], timeout=60)
        await pilot.press("s")  # the first start read the saves in; Statistics opens on the first person
        await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen))
        screen = app.screen
        await wait_until(pilot, lambda: screen.reading is None)  # read in a worker (made ahead, or read again)
        await pilot.pause()
        row = row_of(section(screen, "record"), "Azul:")
        games, won, rate, average, best, rating = row[-6:]
        assert (int(games), int(won), rate) == (20, wins, f"{round(100 * wins / 20)}%")
        assert (float(average), int(best)) == (round(statistics.mean(scores), 1), max(scores))
        chart = screen.query_one(StatChart)
        assert chart.scores == [float(score) for score in scores]  # oldest first, as the saves' times say
        with History.open(default_history()) as history:
            last = history.player_stats("ana").last[0]
        assert last.save == paths[-1].name
        assert float(rating) == round(last.rating_after, 1) == round(chart.ratings[-1], 1)
        assert f"Ana has finished 20 games and won {wins}." in section(screen, "note")
