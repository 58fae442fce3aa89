"""Pilot test: Lemuria's opening card pass at a shared keyboard never shows a passed card to the next human,
neither in the log panel nor in the full log (issue 18, item 1: every seat read ``pass scribe``)."""

from __future__ import annotations

from boardgames.core.record import Seat
from boardgames.core.session import Session
from boardgames.games.lemuria.game import LEMURIA
from boardgames.home import default_store
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, lift_curtain, wait_until
from .screen_text import screen_text
from .test_lemuria_board import card_names


async def test_the_next_human_reads_that_a_card_was_chosen_never_which():
    seats = [Seat(name) for name in ("Ana", "Bia", "Caio")]
    session = Session.new(LEMURIA, seats, {}, seed=4, autosave=False, store=default_store())
    passed = sorted(session.state.players[0].hand)[0]
    name, = card_names([passed])
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for seat in (0, 1):  # Ana passes the first card by keys; then Bia takes the keyboard
            if isinstance(app.screen, CurtainScreen):
                await lift_curtain(pilot)
            await wait_until(pilot, lambda seat=seat: isinstance(app.screen, GameScreen)
                             and app.screen.board.seat == seat and app.screen.board.interactive)
            if seat == 0:
                await pilot.press("1", "enter")
                await wait_until(pilot, lambda: session.record.actions == [f"pass {passed}"])
                await pilot.pause()
        text = screen_text(app)
        assert name not in text and passed not in text  # neither the card's name nor its notation
        assert "Ana chooses a card to pass." in text
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        full = screen_text(app)
        assert "Ana chooses a card to pass." in full and name not in full and passed not in full
