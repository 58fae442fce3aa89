"""Above and Below's board, one module a part (top line, players, village, rows, the decision panel, status)."""

from boardgames.games.abovebelow.board.board import AboveBelowBoard

__all__ = ["AboveBelowBoard"]
