"""Above and Below's board for the terminal shell.

Everything is drawn from ``view(seat)`` and the legal actions with their labels, which the host passes in;
the board never reads the state and only ever submits actions from the legal list.

Layout (4 players fit in 80x24): the round, the first player and the cave pile's top card; the players table
and the village at the keyboard (villagers by state, buildings and their goods, goods, the progress track)
beside the decision panel (the list of moves, or the party picker, the encounter reader, the dice, the
refresh); the rows (villagers to train, houses, outposts, star and key houses); a status line saying what the
cursor is on. A terminal 34 lines or taller also shows the reputation track and each player's buildings.
"""

from __future__ import annotations

from boardgames.core.engine import Game
from boardgames.games.abovebelow.board import AboveBelowBoard

__all__ = ["AboveBelowBoard", "make_board"]


def make_board(game: Game, *, ascii: bool = False) -> AboveBelowBoard:
    """The factory the shell looks up (see boardgames.tui.board.board_for)."""
    return AboveBelowBoard(game, ascii=ascii)
