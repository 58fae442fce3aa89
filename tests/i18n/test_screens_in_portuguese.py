"""Every main screen read in Portuguese and in the pseudo-language at 80x24.

The pseudo-language accents every sentence that went through ``_`` and makes it about 30% longer, so a plain
English word left on screen never went through ``_`` (or its table entry was never translated where shown), and
text that is cut shows as more ellipses than in English. The Portuguese screens are kept as SVG snapshots
(tests/tui/snapshots/*-pt_BR.svg; UPDATE_SNAPSHOTS=1 rewrites them).
"""

from __future__ import annotations

import os
import re

import pytest

from boardgames.core.registry import get_game
from boardgames.i18n import set_language
from tests.tui.helpers import app_for, played_once, sintra_session
from tests.tui.screen_text import screen_text
from tests.tui.test_abovebelow_board import ab_session
from tests.tui.test_abovebelow_board import played as ab_played
from tests.tui.test_snapshots import SNAPSHOTS, bluemoon_played, lemuria_played, played

#: words that are the same in every language: the players' names in these positions, and the names printed on
#: keys (Brazilian keyboards print Enter, Esc, Tab, Home and End too; the key bar translates the others, such as
#: space)
NAMES = {"Ana", "Bia", "Caio", "Duda", "Cy", "Di", "Bo", "Enter", "Esc", "Tab", "Home", "End"}
WORD = re.compile(r"(?<![\w'])[A-Za-z]*[aeiouAEIOU][A-Za-z]*(?![\w'])")


def ab_encounter():
    session = ab_session(count=3, seed=8, kinds=["human", "bot:random", "bot:random"])
    for move in ("explore", "add ana_hammer", "add pip_explorer", "go"):
        session.apply(get_game("abovebelow").parse_action(move))
    return session


def saved_game() -> None:
    """A game in the saves folder, for the list of saves (the app then opens on the menu)."""
    session = sintra_session(names=("Ana", "Bia"), seed=7)
    session.apply(session.state.legal_actions()[0])
    session.save()


SCREENS = {
    "menu": (lambda: None, ()),
    "setup": (lambda: None, ("home", "enter")),
    "load": (lambda: saved_game(), ("l",)),
    "tables": (lambda: None, ("t",)),
    "sintra-log": (lambda: played(("Ana", "Bia"), 12, seed=7), ("L",)),
    # the positions bots play to are played once a process (each test reads its screen three times)
    "sintra": (lambda: played_once("i18n:sintra", lambda: played(("Ana", "Bia", "Caio"), 31, seed=7)), ()),
    "sintra-help": (lambda: played(("Ana", "Bia"), 3, seed=7), ("question_mark",)),
    "sintra-over": (lambda: played_once("i18n:sintra-over", lambda: played(("Ana", "Bia", "Caio"), 10_000, seed=5)),
                    ()),
    "bluemoon": (lambda: played_once("i18n:bluemoon", lambda: bluemoon_played(
        400, seed=3, until=lambda state: state.phase == "move")), ()),
    "lemuria": (lambda: played_once("i18n:lemuria", lambda: lemuria_played(120, seed=5)), ()),
    "abovebelow": (lambda: played_once("i18n:abovebelow", lambda: ab_played(
        ab_session(count=4, seed=5, kinds=["human"] + ["bot:random"] * 3), 80)), ()),
    "abovebelow-encounter": (ab_encounter, ()),
}


#: the screens kept as Portuguese SVG snapshots
SNAPSHOT = ("menu", "sintra", "bluemoon", "lemuria", "abovebelow")


async def shown(name: str, language: str) -> str:
    set_language(language)
    make, keys = SCREENS[name]
    app = app_for(make())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        if language == "pt_BR" and name in SNAPSHOT:
            same_as_stored(app.export_screenshot(title=f"{name}-80x24-pt_BR"), f"{name}-80x24-pt_BR")
        return screen_text(app)


def same_as_stored(svg: str, name: str) -> None:
    """As tests/tui/test_snapshots.py's check: a changed picture fails and leaves ``<name>.actual.svg``."""
    stored, actual = SNAPSHOTS / f"{name}.svg", SNAPSHOTS / f"{name}.actual.svg"
    if os.environ.get("UPDATE_SNAPSHOTS") or not stored.exists():
        stored.write_text(svg, encoding="utf-8")
        if not os.environ.get("UPDATE_SNAPSHOTS"):
            pytest.fail(f"no stored snapshot {stored.name}; one was written, check it and run again")
    elif stored.read_text(encoding="utf-8") != svg:
        actual.write_text(svg, encoding="utf-8")
        pytest.fail(f"{name} differs from its snapshot; compare {stored.name} with {actual.name}")
    else:
        actual.unlink(missing_ok=True)


def english_words(text: str) -> list[str]:
    """Plain ASCII words with a vowel: in the pseudo-language, every translated word has an accent or a dot."""
    return sorted({word for word in WORD.findall(text) if len(word) >= 3 and word not in NAMES})


@pytest.mark.parametrize("name", SCREENS)
async def test_no_english_is_left_and_nothing_is_cut_more_than_in_english(name):
    """And the Portuguese screen matches its snapshot, for the screens in SNAPSHOT."""
    english = await shown(name, "en")
    pseudo = await shown(name, "pseudo")
    left = english_words(pseudo)
    if name.endswith("-help"):  # the rules page is a whole document a language (see test_catalogues.py)
        page = get_game(name.removesuffix("-help")).help_text()
        left = [word for word in left if word not in page]
    assert left == [], f"{name}: words that never went through _():\n{pseudo}"
    portuguese = await shown(name, "pt_BR")
    assert portuguese != english
    assert portuguese.count("…") <= english.count("…"), f"{name}: cut in Portuguese:\n{portuguese}"



@pytest.mark.parametrize("name", ["sintra", "lemuria", "abovebelow-encounter", "sintra-over"])
async def test_ascii_mode_in_portuguese_draws_only_ascii(name):
    """--ascii: the translated sentences lose their accents ("você" -> "voce"), as the glyphs become letters."""
    set_language("pt_BR")
    make, keys = SCREENS[name]
    app = app_for(make(), ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        text = screen_text(app)
    assert text.isascii(), [line for line in text.splitlines() if not line.isascii()]
    assert "Registro" in text or "Categoria" in text or "jogador" in text  # still Portuguese
