"""Player names are plain text on every shell screen, and ``--ascii`` draws only ASCII.

Guards two defects: a name such as ``[/]`` crashed the app wherever Rich read
it as markup (results table, replay title...), and ``--ascii`` still drew
``·``, ``–``, ``—``, arrows, scroll-bar blocks and box-drawing borders.
"""

from __future__ import annotations

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.confirm import ConfirmScreen
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.gameover import GameOverScreen
from boardgames.tui.screens.help import HelpScreen
from boardgames.tui.screens.menu import LoadScreen, MenuScreen
from boardgames.tui.screens.replay import ReplayScreen
from boardgames.tui.screens.setup import SetupScreen
from boardgames.tui.screens.toosmall import TooSmallScreen

from .helpers import SINTRA, app_for, lift_curtain, sintra_session, wait_until
from .screen_text import screen_text
from .test_bluemoon_play import bluemoon_session

NAMES = ["[/]", "[b]x", "Ana[/b]", ":smile:"]


def play_to_end(session: Session) -> Session:
    bots = [make_bot("random", session.game, session.record.seed + i) for i in range(len(session.record.seats))]
    while not session.state.is_over:
        bot = bots[session.state.current_player]
        session.apply(bot.choose(session.state, len(session.record.actions)))
    return session


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", NAMES)
async def test_markup_names_show_literally_in_game_log_results_and_replay(name):
    session = play_to_end(sintra_session(names=(name, "Bia"), seed=3, autosave=False))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        assert name in screen_text(app)  # the ranking and the table header
        await wait_until(pilot, lambda: app.screen.ready)
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert name in screen_text(app)  # the log's last lines
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        await pilot.press("home")
        await pilot.pause()
        assert any(line.startswith(name) for line in screen_text(app).splitlines()[1:] if line.strip()) or \
            name in screen_text(app)
        await pilot.press("escape")
        app.open_replay(session.record)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        await pilot.pause()
        assert f"({name}, Bia)" in screen_text(app)  # the title


@pytest.mark.parametrize("name", NAMES)
async def test_markup_names_show_literally_on_the_curtain_and_in_the_prompt(name):
    session = bluemoon_session(names=(name, "Bia"), kinds=("human", "human"))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        first = session.record.seats[session.state.current_player].name
        assert f"Pass to {first}" in screen_text(app)
        await lift_curtain(pilot)
        await pilot.press("s", "e", "d")  # a whole turn: the other player's curtain
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        second = session.record.seats[session.state.current_player].name
        assert f"Pass to {second}" in screen_text(app)
        await lift_curtain(pilot)
        await pilot.pause()
        assert flat(session.state.prompt()) in flat(screen_text(app))
        assert name in screen_text(app)


# -- --ascii ------------------------------------------------------------------------------------------------
def outside_ascii(app, skip_board: bool = True) -> set[str]:
    """The characters of 128 and above on screen (leaving out the game's board when ``skip_board``)."""
    lines = screen_text(app).splitlines()
    board = getattr(app.screen, "board", None)
    if skip_board and board is not None:
        region = board.region
        for y in range(region.y, min(region.bottom, len(lines))):
            line = lines[y]
            lines[y] = line[:region.x] + " " * region.width + line[region.right:]
    return {ch for line in lines for ch in line if ord(ch) >= 128}


async def visit_game_screens(app, pilot, seen: dict[str, set[str]]) -> None:
    """From a running game: the game, help, the full log, the leave question, back."""

    def look(label: str) -> None:
        seen[label] = outside_ascii(app)

    if isinstance(app.screen, CurtainScreen):
        look("curtain")
        await lift_curtain(pilot)
        await pilot.pause()
    look("game")
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    look("help")
    await pilot.press("end")
    await pilot.pause()
    look("help, end")
    await pilot.press("escape", "L")
    await pilot.pause()
    assert isinstance(app.screen, FullLogScreen)
    look("log")
    await pilot.press("escape", "q")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    look("confirm")
    await pilot.press("n")
    await pilot.resize_terminal(160, 40)
    await pilot.pause()
    await pilot.pause()
    assert app.screen.has_class("wide") == app.screen.board.LOG_BESIDE  # Sintra's log goes under its board
    look("game, wide")
    await pilot.resize_terminal(60, 20)
    await pilot.pause()
    assert isinstance(app.screen, TooSmallScreen)
    look("too small")
    await pilot.resize_terminal(80, 24)
    await pilot.pause()


@pytest.mark.parametrize("make", [
    lambda: sintra_session(names=("Ana", "Bia"), kinds=["human", "bot:greedy"], seed=2),
    lambda: bluemoon_session(names=("Ana", "Bia"), kinds=("human", "human")),
], ids=["sintra", "bluemoon"])
async def test_ascii_game_help_log_curtain_and_dialogs(make):
    session = make()
    app = app_for(session, ascii=True, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen: dict[str, set[str]] = {}
        await visit_game_screens(app, pilot, seen)
        assert {label: chars for label, chars in seen.items() if chars} == {}


async def test_ascii_results_and_replay():
    session = play_to_end(sintra_session(names=("Ana", "Bia"), seed=3, autosave=False))
    app = app_for(session, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        seen = {"results": outside_ascii(app)}
        app.open_replay(session.record)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right", "right")
        await pilot.pause()
        seen["replay"] = outside_ascii(app)
        assert {label: chars for label, chars in seen.items() if chars} == {}


async def test_ascii_menu_setup_and_load_list():
    saved = sintra_session(seed=1)  # one save, so the load list has a line
    saved.apply(saved.state.legal_actions()[0])
    app = BoardgamesApp(ascii=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        seen = {"menu": outside_ascii(app)}
        app.push_screen(SetupScreen(SINTRA))
        await pilot.pause()
        seen["setup"] = outside_ascii(app)
        await pilot.press("escape", "l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        seen["load"] = outside_ascii(app)
        assert {label: chars for label, chars in seen.items() if chars} == {}


@pytest.mark.parametrize("make", [
    lambda: sintra_session(seed=2),
    lambda: bluemoon_session(),
], ids=["sintra", "bluemoon"])
async def test_ascii_boards(make):
    app = app_for(make(), ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert outside_ascii(app, skip_board=False) == set()
