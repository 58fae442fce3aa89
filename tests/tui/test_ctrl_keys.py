"""Every ctrl key has a plain key too (a browser keeps ctrl+s, ctrl+r and ctrl+q for itself)."""

from __future__ import annotations

from textual.command import CommandPalette

from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.menu import MenuScreen

from .helpers import wait_until


async def test_no_command_palette_and_q_quits_from_the_menu():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
        assert "q quit" in app.screen.query_one("KeyBar").render().plain.replace("  ", " ")
        await pilot.press("q")
        await wait_until(pilot, lambda: app.return_code is not None or not app.is_running)
