"""A key press redraws only the lines of the board that changed."""

from __future__ import annotations

import pytest
from textual.visual import Visual

from .helpers import app_for, sintra_session
from .screen_text import screen_text


async def test_a_cursor_key_converts_only_the_changed_lines(monkeypatch):
    """Guards: every key turned the whole board's Rich Text into strips again (most of a key's 5-7x cost)."""
    app = app_for(sintra_session(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = screen_text(app)
        calls = []
        original = Visual.to_strips.__func__

        def counting(cls, widget, *args, **kwargs):
            strips = original(cls, widget, *args, **kwargs)
            if widget in app.screen.board.parts:
                calls.append(len(strips))
            return strips

        monkeypatch.setattr(Visual, "to_strips", classmethod(counting))
        await pilot.press("right")
        await pilot.pause()
        lines = sum(len(part.canvas.lines) for part in app.screen.board.parts)
        assert 0 < sum(calls) <= 3 < lines  # the displays line and the info line, not all 16
        assert screen_text(app) != before  # and the new cursor is on the screen


async def test_the_board_keeps_its_height_after_resizes():
    """Guards line-by-line drawing: measuring the board while it drew could draw it twice on one canvas."""
    app = app_for(sintra_session(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        height = app.screen.board.region.height
        for size in ((160, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
        board = app.screen.board
        assert board.region.height == height == 1 + sum(len(part.canvas.lines) for part in board.parts)


async def test_the_key_bar_changes_with_the_board_in_one_frame():
    """Guards: a key that changed the board's keys (Tab into the strips) redrew the key bar one frame
    later, through a message: two frames and some 25 ms for that key instead of 4."""
    app = app_for(sintra_session(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board, bar = app.screen.board, app.screen.key_bar
        assert ("Tab", "back") not in bar.hints
        assert board.tab(1)  # no await: nothing else runs before the next frame
        assert ("Tab", "back") in bar.hints


@pytest.mark.parametrize("game", ["sintra", "abovebelow"])
async def test_a_new_view_of_the_same_height_draws_each_part_once_and_lays_nothing_out(monkeypatch, game):
    """Guards: ``Board.show`` refreshed every part with ``layout=True``: a layout pass of the whole screen
    (some 50 ms) and every part drawn twice (measured, then painted) at every move. In Above and Below the party
    and encounter parts asked for a layout pass of their own at every view (6 ms a move)."""
    from textual.widget import Widget

    from boardgames.tui.widgets.part import BoardPart

    from .test_abovebelow_board import ab_session

    app = app_for(sintra_session(seed=1) if game == "sintra" else ab_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        drawn: list[BoardPart] = []
        layouts: list[Widget] = []
        for part in board.parts:
            lines = part.lines
            monkeypatch.setattr(part, "lines", lambda lines=lines, part=part: drawn.append(part) or lines())
        refresh = Widget.refresh

        def counting(self, *regions, layout=False, **kwargs):
            if layout:
                layouts.append(self)
            return refresh(self, *regions, layout=layout, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counting)
        board.show(board.view, board.legal, board.seat, True)
        await pilot.pause()
        # the game's screen only: a screen being made ahead off screen lays itself out meanwhile
        assert [widget for widget in layouts if app.screen in widget.ancestors_with_self] == []
        shown = [part for part in board.parts if part.display]
        assert sorted(map(id, drawn)) == sorted(map(id, shown))  # each part drawn once


def _frames(app, shows_move) -> list[bool]:
    """Record, for each frame the app draws from now on, whether it shows the move (``shows_move()``)."""
    seen: list[bool] = []
    original = app._display

    def display(screen, renderable) -> None:  # noqa: ANN001 - Textual's signature
        original(screen, renderable)
        if renderable is not None:
            seen.append(shows_move())

    app._display = display
    return seen


async def test_the_first_frame_after_a_move_key_shows_the_move():
    """Guards: the key that chose a move redrew its part first, a frame of the old board that held the move's
    own frame back by a frame period (16.7 ms); a move cost 8 to 9 times a bare redraw, now about 3."""
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.1)
        for _move in range(4):
            moves = len(session.record.actions)
            frames = _frames(app, lambda moves=moves: len(session.record.actions) > moves)
            await pilot.press("enter")
            await pilot.pause()
            assert len(session.record.actions) == moves + 1
            assert frames and frames[0], frames
            app._display = type(app)._display.__get__(app)


async def test_a_move_the_screen_does_not_play_still_redraws_the_key(monkeypatch):
    """The other side of the rule above: when the host drops the move (here: chosen before the decision was
    shown), what the key changed is drawn all the same."""
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, board = app.screen, app.screen.board
        redrawn = []
        monkeypatch.setattr(board.active, "changed", lambda: redrawn.append(True))
        screen._decision_at = float("inf")  # every move counts as typed before the decision appeared
        await pilot.press("enter")
        await pilot.pause()
        assert session.record.actions == [] and redrawn == [True] and not board._submitted
