"""The in-game help (help.md) covers every part of the rules and the engine's own choices."""

from __future__ import annotations

import pytest

from boardgames.games.sintra.game import SINTRA


@pytest.fixture(scope="module")
def text():
    return SINTRA.help_text()


@pytest.mark.parametrize("heading", [
    "## Setup", "## Your turn: do one of two things", "### A. Take, place, and maybe complete", "### B. Reset",
    "## Broken glass",
    "## End of a round", "## End of the game", "## How this version plays",
])
def test_help_has_a_section_for(text, heading):
    assert heading in text.splitlines()


@pytest.mark.parametrize("words", [
    "-18", "Side A", "Side B", "Ties", "joker", "first-player marker", "round colour",
    "take 3 orange", "take C pink", "place 5", "break", "reset", "keep yellow",
    "Joker spaces are used last", "keep choice", "first seat",
])
def test_help_mentions(text, words):
    assert words in text


def test_help_fits_a_scrollable_screen(text):
    lines = text.splitlines()
    assert len(lines) < 160
    assert max(len(line) for line in lines) <= 80


def test_the_portuguese_help_has_the_same_sections_and_fits():
    from boardgames.i18n import language, set_language

    before = language()
    set_language("pt_BR")
    try:
        portuguese = SINTRA.help_text()
    finally:
        set_language(before)
    english = SINTRA.help_text()
    assert portuguese != english
    headings = [[line.split(" ")[0] for line in t.splitlines() if line.startswith("#")] for t in (english, portuguese)]
    assert headings[0] == headings[1]
    assert max(len(line) for line in portuguese.splitlines()) <= 80
    for words in ("take 3 orange", "take C pink", "place 5", "keep yellow", "-18"):
        assert words in portuguese
