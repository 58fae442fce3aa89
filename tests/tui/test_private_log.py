"""A private log line shows only while its seat decides at the keyboard (issue 8).

Same rule as the board's view: behind the hand-off curtain, to the next human and
during a bot's turn the panel and the ``L`` screen show the public line.
"""

from __future__ import annotations

from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, lift_curtain, secret_session, wait_until
from .screen_text import screen_text

SEEN = "Ana plays peek and sees 10."


async def test_the_peekers_line_shows_only_to_the_peeker():
    session = secret_session()
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        game_screen = app.screen_stack[-2]
        await lift_curtain(pilot)
        await pilot.press("down", "enter")  # Ana peeks and keeps the turn
        assert session.record.actions == ["peek"]
        assert game_screen.log_panel.shown == [SEEN]
        assert SEEN in screen_text(app)
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        assert list(app.screen.lines) == [SEEN]
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("enter")  # Ana passes: Bia's turn, behind the curtain
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert game_screen.log_panel.shown == ["Ana plays peek.", "Ana plays pass."]
        await lift_curtain(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert game_screen.log_panel.shown == ["Ana plays peek.", "Ana plays pass."]
        assert "sees 10" not in screen_text(app)
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        assert list(app.screen.lines) == ["Ana plays peek.", "Ana plays pass."]


async def test_a_bots_turn_shows_the_public_line():
    session = secret_session(kinds=("human", "bot:random"))
    app = app_for(session, bot_delay=60)  # the bot waits until the test has looked
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("down", "enter")
        assert app.screen.log_panel.shown == [SEEN]
        await pilot.press("enter")  # Ana passes; the bot is about to move
        await wait_until(pilot, lambda: session.state.current_player == 1)
        assert app.screen.log_panel.shown == ["Ana plays peek.", "Ana plays pass."]
        assert "sees 10" not in screen_text(app)
