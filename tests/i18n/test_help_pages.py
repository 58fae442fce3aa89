"""Each game's help page read in Portuguese: the key names of its boards' tables are translated too."""

from __future__ import annotations

import pytest

from boardgames.catalogues import GAMES
from boardgames.core.registry import get_game
from boardgames.i18n import _, set_language
from boardgames.tui.board import board_for
from boardgames.tui.screens.help import help_source


def key_tables(board_class: type) -> list:
    """Every row of the board's key table and of its parts' tables."""
    return [*board_class.KEYS, *(row for part in board_class.PARTS for row in part.KEYS)]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_portuguese_help_page_holds_an_english_key_text_that_has_a_translation(game_id):
    """Guards: help_lines wrote a row's help_keys as it is ("Boxes: 1-9" on Blue Moon City's Portuguese page)."""
    game = get_game(game_id)
    board = type(board_for(game))
    set_language("pt_BR")
    page = help_source(game, board.help_keys(), board.HELP_NOTES)
    translated = {row.help_keys: _(row.help_keys) for row in key_tables(board) if row.help_keys}
    translated = {english: words for english, words in translated.items() if words != english}
    keys = [line.split("**")[1] for line in page.splitlines() if line.startswith("- **")]
    for english, words in translated.items():
        assert not [written for written in keys if english in written], english
        assert [written for written in keys if words in written], words
