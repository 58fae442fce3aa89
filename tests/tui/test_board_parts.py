"""Boards are composed of focusable parts, each with its own keys, drawing and hints (issue 8)."""

from __future__ import annotations

from boardgames.games.bluemoon.board.boxes import BoxesPart
from boardgames.games.bluemoon.board.city import CityPart
from boardgames.games.bluemoon.board.hand import HandPart
from boardgames.games.sintra.board.palaces import PalacesPart
from boardgames.games.sintra.board.supply import SupplyPart
from boardgames.tui.widgets.part import BoardPart

from .helpers import app_for, sintra_session
from .test_bluemoon_play import arrange, bluemoon_session, box_number, cell_of


async def test_each_board_is_made_of_parts_that_draw_their_own_lines():
    names = ("Ana", "Bia", "Caio")
    for session in (sintra_session(names=names, autosave=False), bluemoon_session(names=names, expansion=True)):
        app = app_for(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.screen.board
            parts = board.parts
            assert len(parts) >= 3 and all(isinstance(part, BoardPart) for part in parts)
            drawn = [part for part in parts if part.display and part.region.height]
            assert len(drawn) >= 3
            # each part is a widget of its own on the screen, and the board's text is theirs, laid out
            assert len({part.region for part in drawn}) == len(drawn)
            assert board.text().plain.count("\n") + 1 == board.region.height


async def test_the_part_in_use_gives_the_keys_and_tab_moves_between_parts():
    session = bluemoon_session()
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"aq2": 1, "aq3": 1})
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert isinstance(board.active, CityPart)
        assert board.key_hints()[0][1] == "tile"
        await pilot.press("s")  # stop on the Water Temple: its boxes take the keys
        assert isinstance(board.active, BoxesPart)
        assert ("Enter", "pay") in board.key_hints() and ("Tab", "hand") in board.key_hints()
        await pilot.press("tab")
        assert isinstance(board.active, HandPart) and ("Tab", "city") in board.key_hints()
        await pilot.press("tab")
        assert isinstance(board.active, CityPart)
        await pilot.press("shift+tab")
        assert isinstance(board.active, HandPart)


async def test_the_boxes_row_numbers_the_boxes_and_a_click_pays_one():
    session = bluemoon_session()
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"aq3": 1})
    box = box_number(session, "water_temple", 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert not board.boxes.display  # walking: no row of boxes
        await pilot.press("s")
        assert board.boxes.display
        row = board.boxes.render().plain
        assert row.startswith("Boxes of the Water Temple:")
        for n in (1, 2, 3):
            assert f"{n} Aq" in row
        y, start = next((y, s) for y, spans in board.boxes.canvas.hits.items() for s, _e, h in spans
                        if h.kind == "box" and h.a == box)
        await pilot.press("tab")  # away to the hand: a first click comes back to the box
        await pilot.click(board.boxes, offset=(start, y))
        assert board.active is board.boxes and board.boxes.box == box and session.record.actions == ["stop"]
        await pilot.click(board.boxes, offset=(start, y))
        assert session.record.actions == ["stop", f"box {box}"]


async def test_sintra_take_then_tab_looks_at_the_strips_then_back():
    session = sintra_session(autosave=False)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert isinstance(board.active, SupplyPart)
        await pilot.press("tab")
        assert isinstance(board.active, PalacesPart) and ("Tab", "back") in board.key_hints()
        await pilot.press("tab")
        assert isinstance(board.active, SupplyPart)

