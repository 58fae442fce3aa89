"""The results show each seat's rating before and after the game; a broken history costs a sentence, not the game."""

from __future__ import annotations

from boardgames.core.record import read_record
from boardgames.history.rebuild import Source, rebuild
from boardgames.history.store import History
from boardgames.home import default_history
from boardgames.tui.screens.gameover import GameOverScreen

from .helpers import app_for, wait_until
from .screen_text import screen_text
from .test_gameover import bot_to_end


def saved_bot_to_end():
    """Ana against a greedy bot, one bot move from the end, saved in the test's data folder."""
    session = next(s for s in map(bot_to_end, range(1, 40)) if s is not None)
    from boardgames.core.saves import SaveStore
    from boardgames.home import default_store

    store: SaveStore = default_store()
    session.path = store.new_path(session.record.game)
    session.save()
    return session


async def test_the_results_show_ratings_before_and_after_and_the_history_holds_the_game():
    session = saved_bot_to_end()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.rated)
        await pilot.pause()
        screen = app.screen
        assert [c.seat for c in screen.ratings] == [0, 1]
        lines = screen_text(app).splitlines()  # on the first screen, with no scrolling
        header = next(line.split() for line in lines if line.split()[:1] == ["Category"])
        before = next(line.split() for line in lines if "Rating before" in line)
        after = next(line.split() for line in lines if "Rating after" in line)
        by_name = {screen.seats[c.seat].name: c for c in screen.ratings}
        for column, name in enumerate(header[1:]):
            assert before[2 + column] == "0.0"  # both began at the starting figure
            shown = by_name[name].after.shown
            assert after[2 + 2 * column:4 + 2 * column] == [f"{shown:.1f}", f"({shown:+.1f})"]
    with History.open(default_history()) as history:
        assert history.count() == 1
        line = history.player_stats("ana").last[0]
        assert line.save == session.path.name
        assert line.rating_after == screen.ratings[0].after.shown


async def test_a_damaged_history_gives_a_sentence_and_the_game_is_saved_all_the_same():
    default_history().parent.mkdir(parents=True, exist_ok=True)
    default_history().write_bytes(b"garbage " * 512)
    session = saved_bot_to_end()
    app = app_for(session)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.rated)
        await pilot.pause()
        assert not app.screen.ratings
        said = screen_text(app)
        assert ("This game is saved, but the history of finished games is damaged, so its result is not in your "
                "statistics; 'boardgames stats --rebuild' makes the history again from the saves, this game "
                "included.") in " ".join(said.split())
    assert read_record(session.path).finished
    found = rebuild(default_history(), [Source(session.path.parent)])  # the next rebuild adds it
    assert found.set_aside and found.added == 1
    with History.open(default_history()) as history:
        assert history.player_stats("ana").last[0].save == session.path.name


async def test_a_history_held_by_another_program_costs_a_moment_and_a_sentence(monkeypatch):
    import sqlite3

    from boardgames.history import recording

    History.open(default_history()).close()
    holder = sqlite3.connect(default_history(), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # a program that keeps the history's write lock
    monkeypatch.setattr(recording, "END_OF_GAME_WAIT", 0.3)
    session = saved_bot_to_end()
    try:
        app = app_for(session)
        async with app.run_test(size=(100, 40)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.rated)
            await pilot.pause()
            said = " ".join(screen_text(app).split())
            assert ("This game is saved, but another program held the history of finished games too long, so its "
                    "result is not in your statistics yet; 'boardgames stats --rebuild' counts it from the "
                    "saves.") in said
            assert "try again" not in said  # the game is over: there is nothing to try again
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert read_record(session.path).finished
    with History.open(default_history()) as history:
        assert history.count() == 0  # until the next rebuild, which reads it from the save


def test_a_game_of_one_bot_kind_against_itself_shows_no_rating_rows(tmp_path):
    import io

    from rich.console import Console

    from boardgames.core.session import Session
    from boardgames.history.store import record_finished
    from boardgames.tui.screens.gameover import result_table
    from tests.history.games import finished

    def rows(record, changes) -> str:
        console = Console(width=100, file=io.StringIO(), record=True)
        console.print(result_table(Session.from_record(record).state.result(), record.seats, ratings=changes))
        return console.export_text()

    alone = finished(names=("Bot 1", "Bot 2"), kinds=("bot:greedy", "bot:greedy"), seed=3)
    mixed = finished(names=("Bot 1", "Bot 2"), kinds=("bot:greedy", "bot:random"), seed=3)
    with History.open(tmp_path / "history.sqlite3") as history:
        changes = record_finished(history, alone)
        assert len(changes) == 2 and {c.before for c in changes} == {c.after for c in changes}  # nothing moved
        assert "Rating" not in rows(alone, changes) and "Total" in rows(alone, changes)
        assert "Rating before" in rows(mixed, record_finished(history, mixed))  # two kinds: rated, shown
