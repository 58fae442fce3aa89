"""Messages in the prompt bar are shown whole, under a prompt of any length, and name a save by its file name.

Guards: after ctrl+s or undo the message was hidden when the prompt wrapped to
two lines and cut off otherwise ("...json. (The game also"), and it showed the
save's full path on the machine.
"""

from __future__ import annotations

from .helpers import app_for, sintra_session
from .screen_text import screen_text

LONG = "Anastasia Beatriz"  # makes every Sintra prompt longer than one line at 80 columns


def flat(text: str) -> str:
    return " ".join(text.split())


async def test_save_message_is_whole_under_a_wrapped_prompt():
    session = sintra_session(names=(LONG, "Bia"), seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(session.state.prompt()) > 78
        await pilot.press("ctrl+s")
        await pilot.pause()
        message = app.screen.prompt_bar.message
        assert session.path.name in message
        assert str(session.path.parent) not in message
        shown = flat(screen_text(app))
        assert flat(session.state.prompt()) in shown
        assert flat(message) in shown


async def test_undo_message_is_whole_under_a_wrapped_prompt():
    session = sintra_session(names=(LONG, "Bia"), seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter", "u")
        await pilot.pause()
        assert session.record.actions == []
        assert len(session.state.prompt()) > 78
        shown = flat(screen_text(app))
        assert "Your last move was taken back." in shown
        assert flat(session.state.prompt()) in shown


async def test_plain_S_saves_and_the_key_bar_shows_it():
    """A browser takes ctrl+s for itself: every ctrl key has a plain key too, shown in the key bar."""
    session = sintra_session(seed=3)
    session.apply(session.state.legal_actions()[0])
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "S save" in app.screen.key_bar.render().plain.replace("  ", " ")
        await pilot.press("S")
        assert "saved" in app.screen.prompt_bar.message


async def test_undo_after_a_draw_says_what_was_drawn_cannot_be_taken_back():
    """Guards: undo right after a move that drew a card (here the encounter of an explore) said "only moves of your
    current turn can be taken back", though it was still that player's turn."""
    from .helpers import wait_until
    from .test_abovebelow_board import ab_session

    session = ab_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space", "down", "down", "space", "enter")
        await wait_until(pilot, lambda: session.state.phase == "encounter")
        await pilot.press("u")
        await pilot.pause()
        message = app.screen.prompt_bar.message
        assert "a card drawn" in message and "cannot be taken back" in message
        assert "current turn" not in message and session.record.actions[-1] == "go"
