"""The hint key (H) by keys through the pilot: the suggested move under the cursor (Enter plays it), the next best on
a second H, hints turned off, the log's note, and a late answer dropped."""

from __future__ import annotations

import threading

import pytest

from boardgames.core.hints import find_hint
from boardgames.core.record import Seat
from boardgames.core.registry import all_games, get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui import hinting
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, lift_curtain, wait_until

ITERATIONS = 8
GAMES = all_games()


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(GameScreen, "hint_iterations", ITERATIONS)


def session_of(game, hints=True) -> Session:
    seats = [Seat(name, "human") for name in ("Ana", "Bia", "Cid")[:game.min_players]]
    return Session.new(game, seats, {}, seed=3, autosave=False, store=default_store(), hints=hints)


async def at_decision(pilot, app) -> GameScreen:
    await pilot.pause()
    if isinstance(app.screen, CurtainScreen):
        await lift_curtain(pilot)
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.hint_seat() is not None
    return screen


def message(screen) -> str:
    return screen.prompt_bar.message


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
async def test_h_shows_the_searchs_move_and_enter_plays_it(game):
    session = session_of(game)
    seat = session.state.seat_to_move
    expected = find_hint(game, session.state.clone(), seat, iterations=ITERATIONS, seed=0)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        hint = screen.hinter.last
        assert hint.action == expected.action and hint.why == expected.why
        text = message(screen)
        assert text.startswith(f"Hint: {hint.label} (about ") and "% to win)" in text and "Enter" in text
        assert hint.why in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
        assert session.record.actions[0] == str(hint.action)


async def test_a_second_h_shows_the_next_best_move():
    game = get_game("lemuria")
    session = session_of(game)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        first = screen.hinter.last
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not first)
        second = screen.hinter.last
        assert second.rank == 1 and second.action != first.action
        assert f"choice 2 of {second.count}" in message(screen)
        moves = screen.board.moves if hasattr(screen.board, "moves") else None
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
        assert session.record.actions[0] == str(second.action), moves


async def test_with_hints_off_h_says_so():
    session = session_of(get_game("sintra"), hints=False)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await pilot.pause()
        assert message(screen) == "Hints are turned off for this game."
        assert screen.hinter.last is None and screen.hinter.current is None
        assert not any(line.endswith("asked for a hint.") for line in screen.log_panel.shown)
        assert "H" not in [key for key, _label in screen.key_bar.hints]


async def test_a_hint_is_noted_in_the_log_for_everyone_never_the_move():
    session = session_of(get_game("sintra"))
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        assert "H" in [key for key, _label in screen.key_bar.keep]
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        hint = screen.hinter.last
        await pilot.press("H")  # the same decision: noted once
        await wait_until(pilot, lambda: screen.hinter.last is not hint)
        notes = [line for line in screen.log_panel.shown if line.endswith("asked for a hint.")]
        assert notes == ["Ana asked for a hint."]
        assert not any(hint.label in line for line in screen.log_panel.shown)
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        lines = list(app.screen.lines)
        assert lines.index("Ana asked for a hint.") == 0 and len(lines) == 2  # before Ana's move


async def test_an_answer_for_a_position_left_behind_is_dropped(monkeypatch):
    started, release = threading.Event(), threading.Event()
    real = hinting.find_hint

    def slow(*args, **kwargs):
        started.set()
        release.wait(5)
        return real(*args, **kwargs)

    monkeypatch.setattr(hinting, "find_hint", slow)
    session = session_of(get_game("sintra"))
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await wait_until(pilot, started.is_set)
        asked = screen.hinter.current
        session.apply(session.state.legal_actions()[-1])  # the position changes before the answer comes
        screen.after_change()
        release.set()
        await wait_until(pilot, lambda: asked.worker.is_finished)
        await pilot.pause()
        assert screen.hinter.last is None and not message(screen).startswith("Hint")
