"""Lemuria's board for the terminal shell.

Everything is drawn from ``view(seat)`` and the legal actions with their labels, which the host passes in;
the board never reads the state and only ever submits actions from the legal list.

Layout (4 players fit in 80x24): the star altar (a line a section) left of the month line, the trend line
and the areas; under them the players table and the hand of the player at the keyboard, beside the list of
the decision's moves (scrolling); a status line saying what the cursor is on. A terminal 34 lines or taller
also shows each player's buildings, the citizens' texts and the costs spelled out.
"""

from __future__ import annotations

from boardgames.core.engine import Game
from boardgames.games.lemuria.board import LemuriaBoard

__all__ = ["LemuriaBoard", "make_board"]


def make_board(game: Game, *, ascii: bool = False) -> LemuriaBoard:
    """The factory the shell looks up (see boardgames.tui.board.board_for)."""
    return LemuriaBoard(game, ascii=ascii)
