"""What the base Board does for every game's board: it makes the parts its class declares (``top: TopPart``, one of
``PARTS``), says how tall the terminal is, and notes each decision shown so a new one starts on its default part."""

from __future__ import annotations

import pytest

from boardgames.core.registry import all_games, get_game
from boardgames.tui.board import Board, board_for
from boardgames.tui.widgets.part import BoardPart


class Left(BoardPart):
    pass


class Right(BoardPart):
    pass


class Pair(Board):
    PARTS = (Left, Right)
    left: Left
    right: Right
    note: str  # not a part: left alone


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_every_board_holds_one_of_each_part_it_declares(game_id):
    board = board_for(get_game(game_id), ascii=True)
    declared = {name: kind for name, kind in type(board).__annotations__.items()
                if kind in {part.__name__ for part in type(board).PARTS}}
    assert declared, "each game's board declares its parts"
    for name, kind in declared.items():
        part = getattr(board, name)
        assert type(part).__name__ == kind and part.ascii is True


def test_a_board_makes_its_declared_parts_once_each():
    board = Pair(get_game("sintra"))
    assert isinstance(board.left, Left) and isinstance(board.right, Right) and board.left is not board.right
    assert not hasattr(board, "note")
    assert (board.tall, board.screen_height) == (False, 24)  # not mounted: the smallest terminal


def test_a_new_decision_or_a_part_no_longer_useful_starts_on_the_default_part():
    board = Pair(get_game("sintra"))
    board._active = board.left
    assert board.decision_shown((0, "take")) is True and board._active is None
    board._active = board.left
    assert board.decision_shown((0, "take")) is False and board._active is board.left
    board.useful = lambda part: part is not board.left  # type: ignore[method-assign]
    assert board.decision_shown((0, "take")) is False and board._active is None
