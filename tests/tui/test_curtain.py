"""The hand-off curtain: when it shows (logic) and what it hides (pilot, with a tiny private-information game)."""

from __future__ import annotations

import pytest

from boardgames.core.record import Seat
from boardgames.tui.board import GenericBoard
from boardgames.tui.screens.curtain import CurtainScreen, needs_curtain
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, lift_curtain, secret_session, sintra_session, wait_until

H, B = Seat("Ana"), Seat("Bot", "bot:random")
H2 = Seat("Bia")


@pytest.mark.parametrize(
    ("private", "seats", "keyboard", "nxt", "expected"),
    [
        (False, [H, H2], 0, 1, False),  # no private information: never
        (True, [H, H2], 0, 1, True),  # another human takes the keyboard
        (True, [H, H2], 1, 1, False),  # the same human again
        (True, [H, B], 0, 1, False),  # never before a bot
        (True, [H, B, H2], 0, 2, True),  # a bot played in between: still another human
        (True, [H, B, H2], 0, 0, False),  # back to the same human after the bot
        (True, [H, H2], None, 0, True),  # start or resume with two humans: hide until the right one is there
        (True, [H, B], None, 0, False),  # a single human needs no curtain
        (True, [H, H2], 0, None, False),  # game over
    ],
)
def test_needs_curtain(private, seats, keyboard, nxt, expected):
    assert needs_curtain(private, seats, keyboard, nxt) is expected


async def test_curtain_hides_the_view_between_two_humans():
    session = secret_session()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        game_screen = app.screen_stack[-2]
        assert isinstance(game_screen.board, GenericBoard)
        assert game_screen.board.view["secret"] is None  # the spectator view behind the curtain
        assert "Pass to Ana" in str(app.screen.query_one("#curtain").content)
        await lift_curtain(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.board.view["secret"] == 10
        await pilot.press("down", "enter")  # "peek" keeps Ana's turn: no curtain
        assert session.record.actions == ["peek"]
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")  # "pass": Bia's turn
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert "Pass to Bia" in str(app.screen.query_one("#curtain").content)
        assert game_screen.board.view["secret"] is None
        assert not game_screen.board.interactive
        await pilot.press("x")  # other keys do nothing behind the curtain
        assert session.record.actions == ["peek", "pass"]
        await lift_curtain(pilot)
        assert app.screen.board.view["secret"] == 11


async def test_no_curtain_before_or_after_a_bot():
    session = secret_session(kinds=("human", "bot:random"))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")  # Ana passes; the bot plays; Ana again
        await wait_until(pilot, lambda: session.state.current_player == 0 and len(session.record.actions) >= 2)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.board.view["secret"] == 10


async def test_curtain_after_a_bot_for_the_other_human():
    session = secret_session(kinds=("human", "bot:random", "human"))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await lift_curtain(pilot)
        assert app.screen.board.view["secret"] == 10
        await pilot.press("enter")  # Ana passes, the bot plays, then Caio
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert "Pass to Caio" in str(app.screen.query_one("#curtain").content)
        await lift_curtain(pilot)
        assert app.screen.board.view["secret"] == 12


async def test_q_on_the_curtain_asks_to_leave():
    session = secret_session()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("q")
        await pilot.pause()
        assert "Leave this game" in str(app.screen.question)
        await pilot.press("n")  # stay: the curtain comes back, nothing was shown
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "MenuScreen")


async def test_sintra_never_shows_the_curtain():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter", "enter")
        assert session.state.current_player == 1
        assert isinstance(app.screen, GameScreen)
