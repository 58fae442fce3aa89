"""The menu's language line: Enter switches every word of the menu, and the choice is remembered."""

from __future__ import annotations

import json
import os
from pathlib import Path

from textual.widgets import OptionList

from boardgames import cli
from boardgames.i18n import language
from boardgames.tui.app import BoardgamesApp
from tests.tui.board_screens import screen_text


async def test_enter_on_the_language_line_switches_the_menu_and_remembers_it():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        menu.highlighted = [option.id for option in menu.options].index("language")
        await pilot.press("enter")
        await pilot.pause()
        assert language() == "pt_BR"
        shown = screen_text(app)
        assert "Idioma: Português (Brasil) (Enter: English)" in shown  # the one in use and the one Enter gives
        assert "Quit" not in shown and "Load a saved game" not in shown
        menu = app.screen.query_one(OptionList)
        assert menu.get_option_at_index(menu.highlighted).id == "language"
        home = Path(os.environ["BOARDGAMES_HOME"])
        assert json.loads((home / "languages.json").read_text(encoding="utf-8")) == {"": "pt_BR"}
        assert cli._chosen_language([]) == "pt_BR"  # the next start, whatever LANG says
        await pilot.press("enter")
        await pilot.pause()
        assert language() == "en" and "Language: English (Enter: Português (Brasil))" in screen_text(app)
