"""Player names as a new user types them: the form takes as many characters as the command line, and a long
name never pushes a board's figures off its line at 80x24; yes/no options read as words."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from boardgames.core.record import MAX_NAME_LENGTH, Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.setup import SetupScreen
from boardgames.tui.widgets import ChoiceField

from .helpers import app_for, board_text, lift_curtain, wait_until

LONG = ("Maximiliana Fernanda de Albuquerque Silv", "Bartholomew Montgomery Fitzgerald Thomps",
        "Constantina Wilhelmina Vanderbilt-Ashfor")


async def test_the_new_game_form_takes_a_name_as_long_as_the_command_line_does():
    """Guards: the form stopped at 16 characters while ``boardgames play --names`` takes 40."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(get_game("sintra")))
        await pilot.pause()
        screen = app.screen
        field = screen.query_one("#name-0")
        field.value = ""
        field.focus()
        await pilot.press(*("space" if c == " " else c for c in LONG[0] + "xyz"))
        assert len(LONG[0]) == MAX_NAME_LENGTH and field.value == LONG[0]
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.session.record.seats[0].name == LONG[0]


async def test_a_yes_no_option_reads_no_and_yes():
    """Guards: Lemuria's Impact cards and Blue Moon's expansion read "false" / "true" on the form."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(get_game("lemuria")))
        await pilot.pause()
        field = app.screen.query_one("#option-impact", ChoiceField)
        assert field.value == "false" and field.render().plain.strip("‹› ") == "no"
        field.step(1)
        assert field.value == "true" and field.render().plain.strip("‹› ") == "yes"


def figures(game_id: str, names: tuple[str, ...]) -> Session:
    seats = [Seat(name, "human") for name in names]
    return Session.new(get_game(game_id), seats, {}, seed=3, autosave=False, store=default_store())


@pytest.mark.parametrize("game_id", ["abovebelow", "sintra", "bluemoon", "lemuria"])
async def test_a_40_character_name_leaves_every_figure_of_the_board_on_screen(game_id):
    """Guards: Above and Below's top line lost its cider and its village line its coins and points to a long
    first name. Every number the board shows with short names is there with 40-character names too."""
    shown = []
    for names in (("Ana", "Bo", "Cy"), LONG):
        app = app_for(figures(game_id, names))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if not isinstance(app.screen, GameScreen):  # a curtain
                await lift_curtain(pilot)
                await pilot.pause()
            text = board_text(app)
            assert all(len(line) <= 80 for line in text.split("\n"))
            shown.append(Counter(re.findall(r"\d+", text)))
    assert not shown[0] - shown[1]  # (a line may name seats by number instead: more numbers, none lost)
