"""A finished save of every game, with and without a human seat, opens from Load, replays to its end and shows
its results; a game that bots alone finish in the app shows its results too. A crash of a local game exits 1
and leaves errors.log in the data folder.

Guards: a finished Above and Below game crashed the app from all three ways in (its party picker indexed the
players with the seat None), and the process then exited 0 without writing errors.log.
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path

import pytest

from boardgames import cli
from boardgames.core.bots import make_bot
from boardgames.core.record import Record, Seat, read_record, save_new_record
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_home, default_store
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.gameover import GameOverScreen
from boardgames.tui.screens.menu import LoadScreen
from boardgames.tui.screens.replay import ReplayScreen

from .helpers import app_for, static_text, wait_until

GAMES = ["sintra", "bluemoon", "lemuria", "abovebelow"]
CASES = [(game, human) for game in GAMES for human in (True, False)]
NAMES = ("Ana", "Bia", "Caio", "Duda")


@functools.cache
def _played(game_id: str, human: bool, seed: int, bots: str) -> dict:
    """The record of the seeded game ``finished`` saves, played once a process (a random Blue Moon City game is
    2,400 moves); each save is made from a copy."""
    game = get_game(game_id)
    kinds = (["human"] if human else []) + [bots] * game.min_players
    seats = [Seat(name, kind) for name, kind in zip(NAMES, kinds[: game.min_players])]
    session = Session.new(game, seats, game.resolve_options({}), seed=seed, autosave=False, store=default_store())
    bot = make_bot("random", game, seed)
    while not session.state.is_over:
        session.apply(bot.choose(session.state, len(session.record.actions)))
    return session.record.to_json()


def finished(game_id: str, human: bool, stop_before: int = 0, seed: int = 2, bots: str = "bot:random") -> Path:
    """A seeded game played by random choices to its end (or ``stop_before`` moves before it), saved with its bot
    seats of kind ``bots``; its path."""
    record = Record.from_json(copy.deepcopy(_played(game_id, human, seed, bots)))
    record.actions[:] = record.actions[: len(record.actions) - stop_before]
    store = default_store()
    store.folder.mkdir(parents=True, exist_ok=True)
    return save_new_record(record, store.new_path(game_id))


def shows_results(app, path: Path) -> None:
    assert isinstance(app.screen, GameOverScreen)
    ranking = static_text(app.screen.query_one("#ranking"))
    assert all(seat.name in ranking for seat in read_record(path).seats)


@pytest.mark.parametrize(("game_id", "human"), CASES)
async def test_a_finished_save_opens_from_load_and_shows_its_results(game_id, human):
    path = finished(game_id, human)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        shows_results(app, path)
        await wait_until(pilot, lambda: app.screen.ready)
        await pilot.press("v")  # the final board, drawn for nobody's seat
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.state.is_over and not app.screen.board.interactive
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))


@pytest.mark.parametrize(("game_id", "human"), CASES)
async def test_a_finished_save_replays_to_its_end(game_id, human):
    record = read_record(finished(game_id, human))
    app = app_for(replay=record)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        screen = app.screen
        assert screen.position == len(record.actions)
        assert "The game is over." in screen.prompt_bar.render().plain
        await pilot.press("left", "right", "home", "end")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_game_finished_by_bots_in_the_app_shows_its_results(game_id):
    """The bots play the last moves in the app and the results come up."""
    # bots alone, as `play --players bot:..,bot:..`; greedy ones, which end the game in a few moves (random ones,
    # their choices not those that played the save, wandered on for 1,700 more moves of Blue Moon City)
    path = finished(game_id, human=False, stop_before=4, bots="bot:greedy")
    session = Session.load(path, lock=True)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        # a minute: Blue Moon City's greedy bots took up to 30 s for these moves under the load of other tests
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.ready, timeout=60)
        shows_results(app, path)
        assert session.state.is_over


async def test_a_crash_of_a_local_game_exits_1_and_leaves_errors_log(monkeypatch, capfd):
    def broken(self):  # noqa: ANN001, ANN202
        raise RuntimeError("a rules bug")

    monkeypatch.setattr(GameScreen, "on_mount", broken)
    monkeypatch.setattr(BoardgamesApp, "run", functools.partialmethod(BoardgamesApp.run, headless=True,
                                                                       size=(80, 24)))
    code = await _in_thread(cli.main, ["play", "sintra", "--players", "Ana,Bia", "--seed", "3"])
    assert code == 1
    log = default_home() / "errors.log"
    assert "a rules bug" in log.read_text(encoding="utf-8")
    err = capfd.readouterr().err
    assert "error in the program" in err and "Traceback" not in err and str(log) in err


async def _in_thread(func, *args):  # noqa: ANN001, ANN202 - App.run starts its own event loop
    import asyncio

    return await asyncio.to_thread(func, *args)
