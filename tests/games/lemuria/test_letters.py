"""The letters Lemuria's board prints, in each language: the help explains those letters, and a colour's letter is
never a resource's (a trend card's line shows its colour beside its cost)."""

from __future__ import annotations

import re

import pytest

from boardgames.games.lemuria import words
from boardgames.games.lemuria.board.common import colour_letter, letter, resource_ids, rules
from boardgames.games.lemuria.board.help import HELP_NOTES
from boardgames.i18n import _, set_language
from tests.tui.helpers import app_for, board_text
from tests.tui.test_snapshots import lemuria_played

LANGUAGES = ("en", "pt_BR")


def colour_ids() -> list[str]:
    return [colour.id for colour in rules().components.colours]


@pytest.mark.parametrize("language", LANGUAGES)
def test_colour_letters_and_resource_letters_are_two_sets_that_never_meet(language):
    """Guards: "P CM" read as "Produção, comida + madeira" in Portuguese; in English C was Commerce and cloth."""
    set_language(language)
    colours = [colour_letter(c) for c in colour_ids()]
    resources = [letter(r) for r in resource_ids()]
    assert len(set(colours)) == len(colours) and len(set(resources)) == len(resources)
    assert not {c.upper() for c in colours} & {r.upper() for r in resources}, (colours, resources)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_explains_the_letters_the_board_prints(language):
    """Guards: the Portuguese help explained the English cost letters (FWB, "Construir 4 -GB") while the board
    prints C T M O J P."""
    set_language(language)
    notes = _(HELP_NOTES)
    for resource in resource_ids():
        assert f"**{letter(resource)}** {words.resource(resource).lower()}" in notes, resource
    for colour in colour_ids():
        assert f"**{colour_letter(colour)}** {words.colour(colour).lower()}" in notes, colour
    resources = {letter(r) for r in resource_ids()}
    costs = re.findall(r"`([A-Z]{2,})`", notes) + re.findall(r" -([A-Z]+)[:` ]", notes)
    assert costs and all(set(cost) <= resources for cost in costs), costs


@pytest.mark.parametrize("language", LANGUAGES)
async def test_no_trend_line_at_80x24_shows_a_colour_letter_inside_its_cost(language):
    set_language(language)
    app = app_for(lemuria_played(120, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = board_text(app)
    colours = {colour_letter(c) for c in colour_ids()}
    cards = re.findall(r"\d (?:\S+ )+ *([A-Z]) ([A-Z]+) +\d+\w+ \+\d", text)
    assert len(cards) == 5, text
    for colour, cost in cards:
        assert colour in colours and colour not in cost, (colour, cost)
