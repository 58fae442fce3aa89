"""Screens closed while they open, and the app quitting in the middle of a change of screens (issue 33, item 20:
tracebacks a key storm found). Quitting removes every screen's widgets while the stack still stands; a screen's
set-up or return to the top that runs after must do nothing, and so must a walk back to the menu."""

from __future__ import annotations

from boardgames.tui.screens.confirm import ConfirmScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.menu import MenuScreen

from .helpers import app_for, sintra_session, wait_until


async def test_a_dialog_the_app_closes_as_it_opens_runs_no_set_up():
    """Guards: NoMatches '#yes' on ConfirmScreen: its on_mount ran after quitting had removed its buttons."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.push_screen(ConfirmScreen("Leave?"))
    # leaving the block quits the app at once, the dialog still composing: nothing may raise


async def test_going_back_to_the_menu_as_the_app_quits_stops_with_the_screens():
    """Guards: ScreenStackError from to_menu, which popped on while quitting emptied the stack."""
    app = app_for(sintra_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        app.to_menu()


async def test_going_back_to_the_menu_pops_down_to_the_menu():
    app = app_for(sintra_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        app.push_screen(ConfirmScreen("Leave?"))
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        app.to_menu()
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert sum(isinstance(screen, MenuScreen) for screen in app.screen_stack) == 1
