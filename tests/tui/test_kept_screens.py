"""Screens a player opens again and again are built once and shown again, brought up to date (issue 33, item 34:
opening one cost several key redraws; benchmarks/screen_open.py measures them against a board key)."""

from __future__ import annotations

from textual import _time

from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.lobby.table import Player, TableSeat
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.gameover import GameOverScreen
from boardgames.tui.screens.help import HelpScreen
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.tables import TablesScreen
from tests.review_records import golden_record

from .helpers import app_for, sintra_session, wait_until
from .screen_text import screen_text


async def open_screen(pilot, app, key: str, kind: type):
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(app.screen, kind))
    return app.screen


async def test_help_is_built_once_and_shows_the_keys_that_work_at_that_moment():
    session = sintra_session(names=("Ana", "Bia"), seed=3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        first = await open_screen(pilot, app, "question_mark", HelpScreen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game)
        session_moves = len(session.record.actions)
        await pilot.press("enter")  # a move: the phase changes, and so do the keys that work
        await wait_until(pilot, lambda: len(session.record.actions) > session_moves)
        now = [(key, label) for key, label in game.key_bar.hints if key != "?"]
        again = await open_screen(pilot, app, "question_mark", HelpScreen)
        assert again is first and again.now == now
        text = again.help_body.text
        head = text[:text.index("Azul")]  # the keys that work now come before the rules summary
        assert head.startswith("Keys that work now") and all(label.split()[0] in head for _key, label in now)
        assert again.help_body.scroll_offset.y == 0


async def test_the_whole_log_is_built_once_and_shows_the_moves_made_since():
    session = sintra_session(names=("Ana", "Bia"), seed=3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        for _ in range(3):
            moves = len(session.record.actions)
            await pilot.press("enter")
            await wait_until(pilot, lambda: len(session.record.actions) > moves)  # noqa: B023
        first = await open_screen(pilot, app, "L", FullLogScreen)
        lines = len(first.lines)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game)
        moves = len(session.record.actions)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.record.actions) > moves)
        again = await open_screen(pilot, app, "L", FullLogScreen)
        await pilot.pause()
        assert again is first and len(again.lines) > lines
        assert session.log[-1].split()[0] in again.log_view.text.splitlines()[-1]
        assert f"{len(again.lines)} lines" in screen_text(app)
        assert again.log_view.scroll_offset.y == again.log_view.max_scroll_y  # at the newest move


async def test_the_results_shown_again_are_the_same_screen_and_guard_against_hurried_keys_again():
    app = app_for(Session.from_record(golden_record()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.ready)
        first = app.screen
        await pilot.press("v")  # to the final board
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        before = _time.get_time()
        again = await open_screen(pilot, app, "enter", GameOverScreen)
        # the guard starts again at this showing (not at the first one): a second Enter is not taken at once
        assert again is first and (again.shown_at is None or again.shown_at >= before)
        await wait_until(pilot, lambda: again.ready)
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_the_lobby_kept_by_the_menu_lists_a_table_made_while_it_was_closed():
    app = app_for(player=Player("local:Ana", "Ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        first = await open_screen(pilot, app, "t", TablesScreen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        maker = Player("local:Zoe", "Zoe")
        sintra = get_game("sintra")
        app.lobby.create(maker, sintra, [TableSeat("Zoe", owner=maker.id), TableSeat()], {}, seed=5)
        again = await open_screen(pilot, app, "t", TablesScreen)
        assert again is first
        await wait_until(pilot, lambda: "Made by Zoe" in screen_text(app))


async def test_a_game_left_for_the_menu_forgets_the_screens_it_kept():
    session = sintra_session(names=("Ana", "Bia"), seed=3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        for key, kind in (("question_mark", HelpScreen), ("L", FullLogScreen)):
            await open_screen(pilot, app, key, kind)
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is game)  # noqa: B023
        kept = [name for name in app.kept.screens if name.startswith(f"{id(game)}:")]
        assert len(kept) == 2
        app.to_menu()
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen) and not game.is_attached)
        assert not [name for name in app.kept.screens if name.startswith(f"{id(game)}:")]
        assert not any(name in app._installed_screens for name in kept)
