"""Pilot tests: a large terminal is used (issue 33, item 31): at 160x48 no board cuts a name, Sintra leaves the
room under its board to the log, Above and Below's rows give every card's whole name; at 80x24 Sintra's round
line keeps the later rounds' colours however long the centre's line grows."""

from __future__ import annotations

import pytest

from boardgames.i18n import _, set_language

from .helpers import app_for, each_decision, played_once, seat_and_bots, sized
from .screen_text import screen_text
from .test_abovebelow_board import ab_session
from .test_abovebelow_board import played as ab_played
from .test_snapshots import played

GAMES = ("sintra", "bluemoon", "lemuria", "abovebelow")
#: Ana's decisions read on each board (the long run reads 8)
DECISIONS = sized(3, 8)


def part_rows(app, part) -> list[str]:
    region = part.region
    return [row[region.x:region.right] for row in screen_text(app).split("\n")[region.y:region.bottom]]


@pytest.mark.parametrize("language", ["en", "pt_BR"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_no_board_cuts_anything_at_160x48(game_id, language):
    """Guards "Hall of Ec…" in Above and Below's rows, and Lemuria's list of moves cut at 45 columns."""
    set_language(language)
    session = seat_and_bots(game_id)
    app = app_for(session)
    async with app.run_test(size=(160, 48)) as pilot:
        async for _decision in each_decision(pilot, app, session, DECISIONS):
            for part in app.screen.board.parts:
                cut = [row for row in part_rows(app, part) if "…" in row]
                assert not cut, f"{type(part).__name__}: {cut}"


@pytest.mark.parametrize("language", ["en", "pt_BR"])
async def test_above_and_belows_rows_name_every_card_whole_at_160x48(language):
    set_language(language)
    from boardgames.games.abovebelow.data import shared_rules

    session = played_once("wide:abovebelow", lambda: ab_played(
        ab_session(count=4, seed=5, kinds=["human"] + ["bot:random"] * 3), 80))
    app = app_for(session)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        board = app.screen.board
        text = " ".join(" ".join(row.split()) for row in part_rows(app, board.rows))
        view = board.view
        names = [_(shared_rules().building[card].name) for key in ("house_row", "outpost_row", "star_row", "key_row")
                 for card in view.get(key) or [] if card]
        assert len(names) >= 12
        for name in names:
            assert name in text, text


async def test_sintra_at_160x48_leaves_the_room_under_its_board_to_the_log():
    """Guards: the log stood beside the 18 lines of the board, 30 lines under it blank."""
    session = played_once("wide:sintra", lambda: played(("Ana", "Bia", "Caio", "Duda"), 40, seed=3))
    app = app_for(session)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        board, log = app.screen.board.region, app.screen.log_panel.region
        assert board.width == 160 and log.y >= board.bottom and log.width >= 150 and log.height >= 20
        rows = screen_text(app).split("\n")
        blank = [i for i, row in enumerate(rows[:log.bottom]) if not row.strip()]
        assert len(blank) <= 2, blank  # the line above the palaces, at most one more
        assert max(len(row.rstrip()) for row in rows[board.y:board.bottom]) > 130  # the palaces use the width


@pytest.mark.parametrize("language", ["en", "pt_BR"])
async def test_sintras_round_line_keeps_the_later_colours_at_80x24(language):
    """Guards: with a long centre line the round line silently dropped the later rounds' colours."""
    set_language(language)
    session = played_once("wide:sintra", lambda: played(("Ana", "Bia", "Caio", "Duda"), 40, seed=3))
    view = session.state.view(session.state.current_player)
    assert len(view["indicator"]) > 1 and len(view["centre"]) >= 4
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        later = "".join(board.glyph(colour) for colour in view["indicator"][1:])
        centre_row = screen_text(app).split("\n")[board.region.y + 1]
        assert f"{_('Centre')} " in centre_row and later in centre_row, centre_row
