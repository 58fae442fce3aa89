"""Pilot tests: at 80 columns the key bar drops words from its end, and each game's own keys keep their words
first (issue 33, item 28: Lemuria's ``e`` end turn and Above and Below's ``b t l p w`` lost theirs while menu and
save at the end kept theirs)."""

from __future__ import annotations

import pytest

from boardgames.i18n import _, set_language
from boardgames.tui.widgets.keybar import KeyBar, spare

from .helpers import app_for, each_decision, seat_and_bots
from .screen_text import screen_text
from .test_lemuria_board import lemuria_session, pass_all

GAMES = ("sintra", "bluemoon", "lemuria", "abovebelow")


def bar_row(app) -> str:
    return screen_text(app).split("\n")[-1]


def check_bar(app) -> None:
    """The key bar as drawn at 80 columns: every acting key; no word after the first key drawn bare but the
    help's; a board key bare only when the board's keys with their words and the others bare overflow."""
    bar: KeyBar = app.screen.key_bar
    row = bar_row(app)
    shown = bar.shown(80)
    assert "".join(f"  {key} {label}" for key, label in shown).rstrip() == row.rstrip()
    on_board = [h for h in bar.optional[:len(bar.optional) - bar.screen_keys] if not spare(h[0])]
    others = [h for h in bar.optional[len(bar.optional) - bar.screen_keys:] if not spare(h[0])] + bar.keep
    assert [key for key, _label in shown if not spare(key)] == [key for key, _label in on_board + others], row
    bare = [i for i, (key, label) in enumerate(shown) if not label and key != "?"]
    if bare:
        assert all(not label for key, label in shown[bare[0]:] if key != "?"), row
    if any(not label for key, label in shown[:len(on_board)]):
        need = sum(KeyBar.width_of(h) for h in on_board) + sum(KeyBar.width_of((key, "")) for key, _l in others)
        assert need > 80, row


@pytest.mark.parametrize("language", ["en", "pt_BR"])
async def test_lemurias_end_turn_keeps_its_word_at_80_columns(language):
    set_language(language)
    session = lemuria_session()
    pass_all(session)
    for move in ("plant", "put 0 vegetable", "done"):
        session.apply_text(move)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert session.can_undo()  # undo, help, menu and save follow the board's letters
        assert f"  e {_('end turn')}  " in bar_row(app), bar_row(app)
        check_bar(app)


async def test_above_and_belows_turn_letters_keep_their_words_before_menu_and_save():
    from .test_abovebelow_board import ab_session

    app = app_for(ab_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = bar_row(app)
        letters = dict(app.screen.board.board_hints())
        for key in "btlp":  # "w swap a row" would take the line past 80 columns: it shows bare (check_bar)
            assert f"  {key} {letters[key]}  " in row, row
        assert "  q menu" not in row and "  S save" not in row  # they gave their words first
        check_bar(app)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_every_games_key_bar_drops_words_from_its_end(game_id, language):
    set_language(language)
    session = seat_and_bots(game_id)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        async for _decision in each_decision(pilot, app, session, 8):
            for _tab in range(3):  # the keys of each part in turn
                check_bar(app)
                await pilot.press("tab")
                await pilot.pause()
