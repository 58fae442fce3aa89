"""A save with a bad journal line (issue 33, item 16) is offered as it was at its last good move: the list of
saves says up to where it can be read, and the game opens there, saying so and where the damaged file is kept."""

from __future__ import annotations

from boardgames.core.record import read_record
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.board import Board
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.menu import LoadScreen

from .helpers import sintra_session, wait_until
from .screen_text import screen_text


def damaged_save():
    """A Sintra game of 10 moves whose journal line of move 9 holds a stray byte."""
    session = sintra_session()
    for _ in range(10):
        session.apply(session.state.legal_actions()[0])
    session.close()
    raw = session.path.read_bytes()
    start = raw.index(b'{"move": 9, ')
    session.path.write_bytes(raw[:start + 14] + b"\xff" + raw[start + 14:])
    return session


async def test_a_damaged_save_is_listed_and_opens_at_its_last_good_move():
    """Guards: one stray byte made the whole game unreadable ('it is not UTF-8 text')."""
    session = damaged_save()
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await wait_until(pilot, lambda: "damaged after move 8: the rest cannot be read" in screen_text(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert len(screen.session.record.actions) == 8
        kept = session.path.name + ".damaged"
        await wait_until(pilot, lambda: screen.prompt_bar.message == (
            "This save is damaged after move 8: the rest cannot be read. The game goes on from there; the damaged "
            f"file is kept as {kept}."))
        assert (session.path.parent / kept).exists()
        screen.board.post_message(Board.Submit(screen.board.legal[0]))  # the game goes on, saved whole again
        await wait_until(pilot, lambda: len(read_record(session.path).actions) == 9)
        assert not read_record(session.path).damaged
