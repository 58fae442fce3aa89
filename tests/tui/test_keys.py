"""Keys declared once: each part's table answers its keys, makes its key-bar hints and its help lines, and no part
key shadows a letter of its board (checked when a board is constructed, for every board and every part)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from boardgames.core.registry import all_games, get_game
from boardgames.tui.board import Board, GenericBoard, board_for
from boardgames.tui.keys import KeyClash, PartKey, board_letters, check_board, keys_text
from boardgames.tui.widgets.part import BoardPart

from .helpers import app_for
from .test_abovebelow_board import ab_session

GAMES = [game.id for game in all_games()]


class Host(App):
    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        yield self.board


@pytest.mark.parametrize("game_id", [*GAMES, "generic"])
async def test_every_board_is_built_with_all_its_parts_and_no_part_key_shadows_a_letter(game_id):
    """Constructing the board checks its parts' keys; once mounted, every part it composed is one of the checked
    ones (``Board.parts`` refuses any other), and each part's key hints and help come from its table."""
    game = get_game("sintra" if game_id == "generic" else game_id)
    board = GenericBoard(game) if game_id == "generic" else board_for(game)
    check_board(type(board), type(board).PARTS)  # what construction did: no error
    letters = board_letters(type(board).KEYS)
    app = Host(board)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert board.parts and {type(part) for part in board.parts} <= set(type(board).PARTS)
    for part in type(board).PARTS:
        if part.HOLDS_KEYS:
            continue
        for row in part.KEYS:
            assert row.modal or not set(row.keys) & set(letters), (part.__name__, row.keys)
    help_text = str(type(board).help_keys())
    for part in type(board).PARTS:
        for row in part.KEYS:
            assert row.help in help_text, (part.__name__, row.keys)


def test_a_part_key_that_shadows_a_board_letter_is_refused_when_the_board_is_constructed():
    class Editor(BoardPart):
        def edit(self, key: str, character: str | None) -> bool:
            return True

        KEYS = (PartKey(("up", "down"), "move", "edit"), PartKey(("e",), "edit", "edit"))

    class Lettered(Board):
        PARTS = (Editor,)
        KEYS = (PartKey(("e",), "explore", action="explore"),)

    with pytest.raises(KeyClash, match="Editor's key 'e' .* shadows the board's 'e' \\(explore\\)"):
        Lettered(get_game("sintra"))

    class Modal(Editor):
        KEYS = (PartKey(("e",), "edit", "edit", modal=True),)

    class Holding(Editor):
        HOLDS_KEYS = True

    class Fine(Board):
        PARTS = (Modal, Holding)
        KEYS = (PartKey(("e",), "explore", action="explore"),)

    Fine(get_game("sintra"))  # a key that works only while its part holds the keyboard is no shadow

    class Misnamed(BoardPart):
        KEYS = (PartKey(("x",), "x", "no_such_method"),)

    class Broken(Board):
        PARTS = (Misnamed,)

    with pytest.raises(KeyClash, match="no_such_method"):
        Broken(get_game("sintra"))


def test_the_help_writes_keys_as_a_player_reads_them():
    assert keys_text(("left", "h", "right", "l")) == "left/right, h/l"
    assert keys_text(("up", "k", "down", "j", "home", "end")) == "up/down, j/k, Home/End"
    assert keys_text(tuple("12345678")) == "1-8"
    assert keys_text(("p", "P", "shift+p", "enter", "space")) == "Enter or space, p"


async def test_above_and_below_rows_l_labors_as_the_key_bar_says_and_arrows_move_the_cursor():
    """Defect: the rows took ``l`` and ``h`` as cursor moves while the key bar offered ``l labor``: pressing ``l``
    on the rows did nothing. The rows move on arrows (and j/k); the turn's letters work on every part."""
    session = ab_session()
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.board
        while board.active is not board.rows:
            await pilot.press("tab")
        assert ("l", "labor") in board.key_hints() and ("h", "harvest") not in board.key_hints()
        row, cursor = board.rows.row, board.rows.cursor
        await pilot.press("right")
        assert (board.rows.row, board.rows.cursor) != (row, cursor)
        await pilot.press("left")
        assert (board.rows.row, board.rows.cursor) == (row, cursor)
        await pilot.press("h")  # the turn's harvest, not a cursor move: refused with the board's reason
        await pilot.pause()
        assert (board.rows.row, board.rows.cursor) == (row, cursor)
        assert "cannot harvest" in app.screen.prompt_bar.message
        await pilot.press("l")
        await pilot.pause()
    assert [str(action) for action in session.record.actions] == ["labor"]


async def test_the_board_letters_are_off_while_a_part_holds_the_keyboard():
    """Above and Below's party (its x ticks a villager) holds the keyboard: the board's ``x`` (take off sale) and
    the turn's letters do nothing then, and the key bar lists only the party's keys."""
    session = ab_session()
    session.apply_text("explore")
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert board.active is board.party and board.party.holds_keys()
        assert not board.own_keys_work() and board.board_hints() == []
        moves = len(session.record.actions)
        await pilot.press("p")  # pass, on another part: not even its refusal
        await pilot.pause()
        assert len(session.record.actions) == moves and "pass" not in app.screen.prompt_bar.message
        await pilot.press("x")  # the party's tick
        await pilot.pause()
    assert len(session.record.actions) == moves + 1 and session.record.actions[-1].split()[0] in ("add", "drop")
