"""Lemuria's board, one module a part (altar, trend, areas, players, hand, moves, status line)."""

from boardgames.games.lemuria.board.board import LemuriaBoard

__all__ = ["LemuriaBoard"]
