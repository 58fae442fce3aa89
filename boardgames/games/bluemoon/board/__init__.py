"""Blue Moon City's board, one module per zone (city, hand, boxes, players panel, status line)."""

from boardgames.games.bluemoon.board.board import BlueMoonBoard

__all__ = ["BlueMoonBoard"]
