"""Sintra's board, one module per zone (supply, palaces, info line)."""

from boardgames.games.sintra.board.board import SintraBoard

__all__ = ["SintraBoard"]
