"""The help screen: quick to open (no widget per Markdown block), not closed by a second ``?``, full text."""

from __future__ import annotations

import pytest

from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.help import HelpScreen

from .helpers import app_for, sintra_session
from .test_bluemoon_play import bluemoon_session


async def test_a_second_question_mark_does_not_close_help():
    """Guards: ``?`` pressed twice while help was slow to open closed it again."""
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("make", [lambda: sintra_session(seed=1), lambda: bluemoon_session(expansion=True)])
async def test_help_is_a_few_widgets_with_the_whole_text(make):
    """Guards: help built a Markdown widget with hundreds of children (about 1.7 s to open)."""
    session = make()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert len(list(screen.walk_children())) < 10
        text = screen.help_body.text
        first_heading = session.game.help_text().splitlines()[0].lstrip("# ").strip()
        assert first_heading in text
        assert "Keys" in text and "Undo your last move" in text  # the keys come last
        assert "**" not in text  # Markdown marks are drawn, not shown
        await pilot.press("end")
        await pilot.pause()
        assert screen.help_body.scroll_offset.y > 0
