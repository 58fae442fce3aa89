"""Blue Moon City's board for the terminal shell: the city, the obelisk and tracks, the hand, in one Rich Text.

Everything is drawn from ``view(seat)`` and the legal actions the host passes in;
the board never reads the state and only ever submits actions found in the
legal list (it filters that list, it never decides legality itself).

Layout (4 players and the expansion fit in 80x24):

- left, the 5x5 city: a tile is a name line, its boxes (``Aq5``: people and
  value, ``*4``: a Royal Palace box of any colour, ``[2]``: the marker of
  player 2) and a line of figures (seat digits) and dragons (``R G B``);
- right, a panel: the obelisk (costs, who holds each space, the next cost),
  one line a player (markers left, scales, offerings, hand size), the scale
  supply and the decks, then what this turn has done so far;
- under the city: the hand of the seat at the keyboard (with its crystals) and
  a status line about whatever the cursor is on (or the payment being built).

The cursor lives in one of four *zones*: the city (a tile), the hand (a card),
the boxes of the tile you stand on, or a list of peoples (the target of a Lux).
Tab moves between the zones that make sense in the current phase.
"""

from __future__ import annotations

from boardgames.core.engine import Game
from boardgames.games.bluemoon.board import BlueMoonBoard

__all__ = ["BlueMoonBoard", "make_board"]


def make_board(game: Game, *, ascii: bool = False) -> BlueMoonBoard:
    """The factory the shell looks up (see boardgames.tui.board.board_for)."""
    return BlueMoonBoard(game, ascii=ascii)
