"""Bots think in a worker thread: the screen answers keys meanwhile, and a stale answer is dropped."""

from __future__ import annotations

import threading

import pytest

from boardgames.core.bots import RandomBot
from boardgames.tui.screens import game as game_screen
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.help import HelpScreen
from boardgames.tui.screens.menu import MenuScreen

from .helpers import app_for, sintra_session, wait_until


class SlowBot(RandomBot):
    """A bot that thinks until the test lets it answer (or 5 seconds pass)."""

    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.started = threading.Event()
        self.release = threading.Event()
        self.calls: list[object] = []

    def choose(self, state, ply):
        self.calls.append(state)
        self.started.set()
        self.release.wait(5)
        return super().choose(state, ply)


@pytest.fixture
def slow_bot(monkeypatch):
    bot: list[SlowBot] = []

    def make(kind, game, seed=0):
        bot.append(SlowBot(game, seed))
        return bot[-1]

    monkeypatch.setattr(game_screen, "make_bot", make)
    return bot


def bot_first_session():
    return sintra_session(names=("Bot", "Ana"), kinds=["bot:greedy", "human"], autosave=False)


async def test_keys_are_answered_while_a_bot_thinks(slow_bot):
    """Guards: the bot's decision ran on the UI loop, so help and the log waited for it (up to 142 ms)."""
    session = bot_first_session()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: bool(slow_bot) and slow_bot[0].started.is_set())
        bot = slow_bot[0]
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), timeout=2)
        await pilot.press("escape")
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen), timeout=2)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), timeout=2)
        assert not bot.release.is_set() and session.record.actions == []  # still thinking, nothing applied
        assert all(state is not session.state for state in bot.calls)  # it thinks on a copy
        bot.release.set()
        await wait_until(pilot, lambda: session.state.current_player == 1)  # the bot's turn (take, place) is over
        await pilot.pause(0.2)
        assert len(session.record.actions) == len(bot.calls) >= 2  # each answer applied exactly once


async def test_a_key_that_hurries_a_thinking_bot_applies_its_move_once(slow_bot):
    session = bot_first_session()
    app = app_for(session, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: bool(slow_bot) and slow_bot[0].started.is_set())
        assert app.screen._bot_timer is not None
        await pilot.press("x", "x")  # skip the pause while the bot still thinks
        await pilot.pause(0.1)
        assert session.record.actions == []
        slow_bot[0].release.set()
        await wait_until(pilot, lambda: session.state.current_player == 1, timeout=2)  # no pause: a key skipped it
        await pilot.pause(0.2)
        assert len(session.record.actions) == len(slow_bot[0].calls) >= 2


async def test_leaving_for_the_menu_while_a_bot_thinks_applies_nothing(slow_bot):
    """Guards: an answer found after the player left would still be applied to the game."""
    session = bot_first_session()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: bool(slow_bot) and slow_bot[0].started.is_set())
        screen = app.screen
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), timeout=2)
        slow_bot[0].release.set()
        await pilot.pause(0.3)
        assert session.record.actions == []
        assert screen._bot_request is None


async def test_an_answer_to_a_position_left_behind_is_dropped(slow_bot):
    """Guards: an answer arriving after the game moved on (undo, a reload) would be played on the wrong position."""
    session = bot_first_session()
    app = app_for(session, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: bool(slow_bot) and slow_bot[0].started.is_set())
        screen = app.screen
        session.apply(session.state.legal_actions()[0])  # the game moves on without the bot's answer
        slow_bot[0].release.set()
        screen.bot_move()
        await pilot.pause(0.3)
        assert len(session.record.actions) == 1


class BrokenBot(RandomBot):
    def choose(self, state, ply):
        raise RuntimeError("no idea")


async def test_a_bot_that_fails_in_its_thread_says_so_and_the_app_goes_on(monkeypatch):
    """A failure in the worker thread becomes a message, not a crashed app (the worker would exit the app)."""
    monkeypatch.setattr(game_screen, "make_bot", lambda kind, game, seed=0: BrokenBot(game, seed))
    session = bot_first_session()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "no idea" in app.screen.prompt_bar.render().plain)
        assert "Something went wrong" in app.screen.prompt_bar.render().plain
        assert session.record.actions == [] and not app.screen.bot_busy
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), timeout=2)
