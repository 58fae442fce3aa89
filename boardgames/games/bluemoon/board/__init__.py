"""Blue Moon City's board, one module per part (city, panel, hand, boxes, status line), each a widget drawing
its own lines of Rich Text; board.py puts them together.

Everything is drawn from ``view(seat)`` and the legal actions the host passes in; the board never reads the
state and only ever submits actions found in the legal list (it filters that list, it never decides legality).

Layout (4 players and the expansion fit in 80x24): left, the 5x5 city (a tile is a name line, its boxes:
``Aq5`` people and value, ``*4`` a Royal Palace box of any colour, ``[2]`` player 2's marker, and a line of
figures and dragons); right, the panel (the obelisk, one line a player, the scale supply and the decks, what
this turn has done); under them the hand of the seat at the keyboard, the boxes of the tile stood on, and a
status line about whatever the cursor is on (or the payment being built).
"""

from boardgames.games.bluemoon.board.board import BlueMoonBoard

__all__ = ["BlueMoonBoard"]
