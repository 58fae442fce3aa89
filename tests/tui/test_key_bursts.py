"""Keys tapped to hurry the bots never answer the next human decision (issue 18, items 2 and 22).

Enter is tapped every 0.1 s through the bots' turns in every game: the bots are hurried, then the taps that
go on once a human decision (or the hand-off curtain) is on screen are dropped, so no human move is made and
no curtain is passed. Once the keyboard has been quiet for half a second a key works again.
"""

from __future__ import annotations

import pytest
from textual import _time

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.tui.board import Board
from boardgames.tui.keygate import QUIET
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.startentry import safe_starts
from boardgames.tui.widgets.moves import MoveList

from .helpers import app_for, lift_curtain, secret_session, wait_until

GAMES = ["sintra", "bluemoon", "lemuria", "abovebelow"]
TAP = 0.1


def bots_then_humans(game_id: str, humans: int) -> Session:
    """Two bots at the first seats, then ``humans`` human seats (at least the game's minimum in all)."""
    game = get_game(game_id)
    count = max(game.min_players, 2 + humans)
    kinds = ["bot:random", "bot:random"] + ["human"] * (count - 2)
    seats = [Seat(name, kind) for name, kind in zip(("Bot 1", "Bot 2", "Ana", "Bia"), kinds)]
    return Session.new(game, seats, game.resolve_options({}), seed=4, autosave=False)


def human_moves(session: Session) -> int:
    return sum(1 for step in session.steps if not session.record.seats[step.seat].is_bot)


async def tap_enter(pilot, seconds: float) -> None:
    deadline = _time.get_time() + seconds
    while _time.get_time() < deadline:
        await pilot.press("enter")
        await pilot.pause(TAP)


@pytest.mark.parametrize("game_id", GAMES)
async def test_enter_tapped_through_the_bots_turns_makes_no_human_move(game_id):
    game = get_game(game_id)
    session = bots_then_humans(game_id, humans=2 if game.has_private_info else 1)
    # the bots' pause outlasts the first one here (the app starts, and makes screens ahead in the background):
    # the taps hurry them
    app = app_for(session, bot_delay=2.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert session.record.seats[session.state.current_player].is_bot
        human_turn = lambda: not session.record.seats[session.state.current_player].is_bot  # noqa: E731
        deadline = _time.get_time() + 20
        while not human_turn() and _time.get_time() < deadline:  # tapping hurries the bots
            await pilot.press("enter")
            await pilot.pause(TAP)
        assert human_turn()
        await tap_enter(pilot, 1.5)  # the taps go on after the human's decision (or curtain) appeared
        assert human_moves(session) == 0
        screen = app.screen
        if game.has_private_info:  # the first human's curtain is still down
            assert isinstance(screen, CurtainScreen)
        else:
            assert isinstance(screen, GameScreen) and screen.board.interactive
        await pilot.pause(QUIET + 0.1)  # quiet: the next key is the player's own again
        if game.has_private_info:
            await lift_curtain(pilot)
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.board.interactive)
        else:
            await pilot.press("enter")
            assert not app.key_gate.hurrying  # taken by the board, no longer dropped


async def test_enter_never_lifts_the_curtain():
    session = Session.new(get_game("bluemoon"), [Seat("Ana"), Seat("Bia")], {}, seed=4, autosave=False)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.pause(QUIET + 0.1)
        await pilot.press("enter", "space")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await lift_curtain(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.board.interactive


async def test_a_move_chosen_on_the_previous_decisions_board_is_dropped():
    """Guards item 22: a key typed in a burst (``e`` then Space) was answered by the previous decision's list,
    and that answer was applied to the decision that had replaced it."""
    session = secret_session(kinds=("human", "bot:random"))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        stale = Board.Submit(Action("peek"))  # the second key, answered by the same (soon previous) list
        board.post_message(Board.Submit(Action("peek")))
        await pilot.pause()
        assert session.record.actions == ["peek"]  # Ana peeks and keeps the turn: a new decision
        board.post_message(stale)
        await pilot.pause()
        assert session.record.actions == ["peek"]
        board.post_message(Board.Submit(Action("peek")))  # a key typed now counts
        await pilot.pause()
        assert session.record.actions == ["peek", "peek"]


def list_start(board) -> Action | None:
    """The move under the cursor of the board's list of moves, if it shows one now."""
    for part in board.parts:
        if isinstance(part, MoveList) and part.display and part.interactive and part.shown():
            return board.legal[part.shown()[part.cursor]]
    return None


@pytest.mark.parametrize("game_id", ["lemuria", "abovebelow"])
async def test_a_list_of_moves_starts_on_a_free_move_undo_can_take_back(game_id):
    """Guards: Above and Below's list started on 'Replace the house row (1 coin)', which draws new cards, and
    Lemuria's on moves a stray Enter could not take back."""
    game = get_game(game_id)
    seats = [Seat("Ana"), Seat("Bot 1", "bot:random"), Seat("Bot 2", "bot:random")]
    session = Session.new(game, seats, game.resolve_options({}), seed=4, autosave=False)
    bot = make_bot("random", game, 4)
    app = app_for(session)
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await wait_until(pilot, lambda: session.state.current_player == 0 and app.screen.board.interactive)
            state, board = session.state, app.screen.board
            legal = state.legal_actions()
            start, safe = list_start(board), safe_starts(state, legal)
            if start is not None and safe & set(board.legal):
                assert start in safe, f"the list starts on {state.label(start)!r}, which costs or cannot be taken back"
                checked += 1
            board.post_message(Board.Submit(bot.choose(state, len(session.record.actions))))
            await pilot.pause()
    assert checked >= 3
