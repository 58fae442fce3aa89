"""Leaving a game for the menu frees it (issue 18, item 28): long SSH sessions play many games in one process."""

from __future__ import annotations

import gc

from boardgames.core.session import Session
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.menu import MenuScreen

from .helpers import app_for, sintra_session, sized, wait_until

#: games played and left in one app: three showed the leak below every time; the long run plays twenty
GAMES = sized(4, 20)


async def test_games_left_for_the_menu_leave_no_session_alive():
    """Guards: each game's screen and session stayed alive after leaving, held by the bot's worker that
    Textual leaves in its pool thread's context (+0.68 MB a game)."""
    app = app_for(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for seed in range(GAMES):
            session = sintra_session(seed=seed, kinds=["human", "bot:greedy"], autosave=False)
            app.start_session(session)
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("1", "enter", "enter")  # a move, and the bot's reply (thought in a worker)
            await wait_until(pilot, lambda session=session: len(session.record.actions) > 2)
            await pilot.press("L", "escape", "q", "y")  # the whole log, then leave for the menu
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        del session

        def alive() -> list[object]:
            gc.collect()
            return [o for o in gc.get_objects() if isinstance(o, (Session, GameScreen))]

        # a timer or message the last game left pending may hold it for a moment under load; a leak holds it for
        # good (the loop runs on for two seconds before the list is read)
        for _ in range(20):
            if not alive():
                break
            await pilot.pause(0.1)
        assert alive() == []


async def test_what_the_app_starts_with_is_left_out_of_full_collections():
    """Guards the longest pause between bot moves: a full collection scanned every object alive (Textual,
    the games' tables) and took up to 50 ms in a Blue Moon City game (benchmarks/bot_stall.py)."""
    frozen = gc.get_freeze_count()  # what the apps of earlier tests in this process left frozen: not unfrozen
    app = app_for(None)  # here, since the collection that follows would scan all of it (5 s late in a run)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await wait_until(pilot, lambda: gc.get_freeze_count() > frozen)
