"""Blue Moon City's board, one module per part (city, panel, hand, boxes, status line)."""

from boardgames.games.bluemoon.board.board import BlueMoonBoard

__all__ = ["BlueMoonBoard"]
