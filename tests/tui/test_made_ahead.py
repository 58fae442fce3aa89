"""The screens a player opens are made ahead, off screen, a moment after the screen that opens them has shown its
first frame, and so their first opening in an app is a showing again (issue 33, item 34: a first opening cost 4
to 19 key redraws; benchmarks/first_open.py times it against a board key). Statistics reads the history for it
in a worker thread, never on the UI thread; a replay keeps its help and log as a game screen does."""

from __future__ import annotations

import threading

import pytest

from boardgames.core.registry import get_game
from boardgames.history.store import History
from boardgames.lobby.table import Player, TableSeat
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.help import HelpScreen
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.replay import ReplayScreen
from boardgames.tui.screens.stats import KEPT, StatsScreen
from boardgames.tui.screens.tables import TablesScreen
from tests.review_records import golden_record

from .helpers import app_for, sintra_session, wait_until
from .screen_text import screen_text
from .test_stats_screen import LOCAL, fill

pytestmark = pytest.mark.made_ahead  # these tests are of the screens made ahead


def made(app, owner, what: str, kind: type):
    """The screen made ahead (or kept) for ``owner`` as ``what``, once it is laid out at the app's size."""
    screen = app.kept.get(app.kept.name(owner, what), kind)
    return screen if screen is not None and screen.size == app.size else None


async def test_statistics_are_made_ahead_at_the_menu_and_their_first_opening_asks_the_history_nothing(
        tmp_path, monkeypatch):
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    on_the_ui_thread = []
    opening = History.open
    ui = threading.current_thread()

    def watched(*args, **kwargs):
        if threading.current_thread() is ui:
            on_the_ui_thread.append(args)
        return opening(*args, **kwargs)

    monkeypatch.setattr(History, "open", watched)
    app = app_for(history=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await wait_until(pilot, lambda: (screen := made(app, app, KEPT, StatsScreen)) is not None
                         and screen.overview is not None)
        ahead = made(app, app, KEPT, StatsScreen)
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert app.screen is ahead
        assert "Ana has finished 6 games" in screen_text(app)  # at once: nothing is read as it opens
        assert on_the_ui_thread == []


async def test_a_game_screens_help_and_log_are_made_ahead_and_shown_at_their_first_opening():
    session = sintra_session(names=("Ana", "Bia"), seed=3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        await pilot.press("enter")  # a move: the log has a line
        await wait_until(pilot, lambda: session.log != [])
        await wait_until(pilot, lambda: made(app, game, "help", HelpScreen) is not None
                         and made(app, game, "log", FullLogScreen) is not None, timeout=20)
        help_ahead, log_ahead = made(app, game, "help", HelpScreen), made(app, game, "log", FullLogScreen)
        assert help_ahead.help_body.lines  # its text laid out (in a worker thread)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert app.screen is help_ahead and "Keys that work now" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game)
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        assert app.screen is log_ahead and session.log[-1].split()[0] in screen_text(app)


async def test_the_lobby_is_made_ahead_with_its_tables_listed():
    app = app_for(player=Player("local:Ana", "Ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        maker = Player("local:Zoe", "Zoe")
        app.lobby.create(maker, get_game("sintra"), [TableSeat("Zoe", owner=maker.id), TableSeat()], {}, seed=5)
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await wait_until(pilot, lambda: made(app, app, "tables", TablesScreen) is not None
                         and made(app, app, "tables", TablesScreen).listings)
        ahead = made(app, app, "tables", TablesScreen)
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TablesScreen))
        assert app.screen is ahead and "Made by Zoe" in screen_text(app)  # the first frame lists it


async def test_a_replay_keeps_its_help_and_log_and_shows_them_again():
    app = app_for(replay=golden_record())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        await pilot.press("end")  # every move: the log has lines
        for key, kind in (("question_mark", HelpScreen), ("L", FullLogScreen)):
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, kind))  # noqa: B023
            first = app.screen
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is replay)
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, kind))  # noqa: B023
            assert app.screen is first
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is replay)


async def test_the_screens_made_ahead_are_made_again_in_the_language_chosen_at_the_menu():
    from boardgames.i18n import set_language

    app = app_for(player=Player("local:Ana", "Ana"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await wait_until(pilot, lambda: made(app, app, "tables", TablesScreen) is not None)
            english = made(app, app, "tables", TablesScreen)
            menu = app.screen.query_one("#menu")
            menu.highlighted = [option.id for option in menu.options].index("language")
            await pilot.press("enter")  # the next language: Portuguese
            await wait_until(pilot, lambda: (ahead := made(app, app, "tables", TablesScreen)) is not None
                             and ahead is not english)
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, TablesScreen))
            assert app.screen is not english and screen_text(app).lstrip().startswith("Mesas")
    finally:
        set_language("en")
