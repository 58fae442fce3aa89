"""A save played in another window: the menu offers to watch it (following its moves) or leave it."""

from __future__ import annotations

import subprocess
import sys

from boardgames.core.record import read_record
from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.confirm import ConfirmScreen
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.replay import ReplayScreen

from .helpers import sintra_session, wait_until

HOLDER = """
import sys, time
from boardgames.core.session import Session
session = Session.load(sys.argv[1], lock=True)
print("locked", flush=True)
time.sleep(60)
"""


def _locked_elsewhere(path):
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"
    return holder


async def test_continue_of_a_game_open_elsewhere_offers_to_watch_and_follows_its_moves(monkeypatch):
    monkeypatch.setattr(ReplayScreen, "FOLLOW_EVERY", 0.1)
    session = sintra_session(seed=2)
    session.apply(session.state.legal_actions()[0])
    session.close()
    holder = _locked_elsewhere(session.path)
    try:
        app = BoardgamesApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert "open in another window" in app.screen.question
            await pilot.press("y")
            await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
            watching = app.screen
            assert watching.position == 1
            other = Session.load(session.path)  # the other window moves on
            other.apply(other.state.legal_actions()[0])
            assert len(read_record(session.path).actions) == 2
            await wait_until(pilot, lambda: watching.position == 2)
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("c", "n")  # leave it
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
    finally:
        holder.kill()
        holder.wait(timeout=30)


async def test_leaving_a_game_frees_its_save_for_other_windows():
    from boardgames.core.savelock import lock_path
    from boardgames.tui.screens.game import GameScreen

    session = sintra_session(seed=4)
    session.apply(session.state.legal_actions()[0])
    assert lock_path(session.path).exists()  # the first save locked it for this window
    app = BoardgamesApp(session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert not lock_path(session.path).exists()
