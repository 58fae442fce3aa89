"""Layout and colours: 16-colour theme, larger terminals, the generic board, rules bugs without tracebacks."""

from __future__ import annotations

from rich.color import ColorType

from boardgames.core.engine import Action, Game, Result, State
from boardgames.core.record import Seat
from boardgames.core.rng import Rng
from boardgames.core.session import Session
from boardgames.tui.board import GenericBoard
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, board_text, sintra_session


async def test_ansi_theme_gives_each_glass_colour_its_own_standard_colour():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "ansi-dark"
        await pilot.pause()
        board = app.screen.board
        colours = [board.style(c, "piece").color for c in board.colour_ids]
        assert all(c.type == ColorType.STANDARD for c in colours)  # one of the 16 terminal colours
        assert len({c.number for c in colours}) == len(colours)
        glyphs = [board.glyph(c) for c in board.colour_ids]
        assert len(set(glyphs)) == len(glyphs)  # and a glyph each, so colour is never the only clue
        app.theme = "textual-dark"
        await pilot.pause()
        assert board.style("pink", "piece").color.type == ColorType.TRUECOLOR


async def test_larger_terminals_use_the_room():
    session = sintra_session(names=("Ana", "Bia", "Caio", "Duda"), seed=42)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = board_text(app).split("\n")
        assert any("─" in line for line in lines)  # a rule between strips and windows
        assert "  1  2  3" in lines[5]  # three columns a strip
        assert app.screen.log_panel.region.height > 10
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        assert not app.screen.has_class("wide")  # Sintra's board is short: the log goes under it
        log = app.screen.log_panel.region
        board = app.screen.board.region
        assert log.y >= board.bottom and log.height > 10 and board.width == 160
        assert board_text(app).split("\n")[3].rstrip().endswith("pts")  # the fourth palace past column 116
        assert len(board_text(app).split("\n")[3].rstrip()) > 120
        await pilot.press("1", "enter")
        assert session.record.actions[0].startswith("take 1")


async def test_a_tall_board_has_the_log_beside_it_on_a_wide_terminal():
    from .test_lemuria_board import lemuria_session, pass_all

    session = lemuria_session()
    pass_all(session)
    app = app_for(session)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("wide")
        assert app.screen.log_panel.region.x >= app.screen.board.region.right - 1  # the log stands beside


class BuggyState(State):
    def __init__(self, names):
        self.names = names
        self.rng = Rng(0)
        self.turn = 0

    @property
    def current_player(self):
        return 0

    def legal_actions(self):
        return [Action("boom"), Action("fine")]

    def apply(self, action):
        if action.name == "boom":
            raise RuntimeError("a bug in the rules")
        self.turn += 1

    def prompt(self):
        return "Choose."

    def view(self, seat):
        return {"prompt": self.prompt()}

    def result(self):
        return Result([0], [{}], [1])

    def clone(self):  # undo snapshots clone the state before a human's move
        copy = BuggyState(self.names)
        copy.turn = self.turn
        return copy


class BuggyGame(Game):
    id = "buggy-test"
    title = "Buggy (test)"
    description = "A test game whose rules raise."
    min_players = 1
    max_players = 2

    def new_state(self, names, options, seed):
        return BuggyState(names)


async def test_a_rules_bug_is_a_message_not_a_traceback():
    session = Session.new(BuggyGame(), [Seat("Ana")], {}, seed=1, autosave=False)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen.board, GenericBoard)
        await pilot.press("enter")  # "boom"
        assert isinstance(app.screen, GameScreen)
        assert "Something went wrong in the rules" in app.screen.prompt_bar.message
        await pilot.press("2")
        await pilot.press("enter")  # "fine"
        assert session.record.actions == ["fine"]
        await pilot.press("ctrl+s")
        assert "not being saved" in app.screen.prompt_bar.message


async def test_the_key_bar_at_80x24_lists_every_letter_of_the_turn_and_help_gives_their_words():
    """Guards: Above and Below's ``t l p w`` (and Lemuria's ``b s i``) fell off the key bar at 80x24."""
    from boardgames.tui.screens.help import HelpScreen

    from .screen_text import screen_text
    from .test_abovebelow_board import ab_session
    from .test_lemuria_board import lemuria_session, pass_all

    lemuria = lemuria_session()
    pass_all(lemuria)
    for session in (ab_session(), lemuria):
        app = app_for(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.screen.board
            key_bar = app.screen.key_bar  # one line, or two when one cannot word every letter (Above and Below)
            bar = " ".join(screen_text(app).split("\n")[key_bar.region.y:key_bar.region.bottom])
            letters = board.board_hints()
            assert len(letters) >= 4
            assert all(f" {key} " in bar for key, _word in letters), bar
            assert " ? " in bar  # "? keys" once the board's keys have their words (test_key_bar_words.py)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = app.screen.help_body.text
            assert text.index("Keys that work now") < text.index("Keys\n")
            for key, word in letters:
                assert f"{key}: {word}" in text
