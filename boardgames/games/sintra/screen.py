"""Sintra's board for the terminal shell: supply, palaces and an info line in one Rich Text.

Everything is drawn from ``view(seat)`` and the legal actions the host passes in;
the board never reads the state and submits only actions from the legal list.

Layout, top to bottom (4 players fit in 80x24):

- the factory displays on one line (``1 ♥♥●★``), the centre and the round on the next;
- one palace per player side by side: name, score and first-player marker;
  glazier (▼); strip numbers; the 5 rows of the 8 strips (hollow glyph = empty
  space of that colour, tile = placed glass, ✱ = joker space, ░ = removed strip);
  the two window rows; window values (◆ marks side A's ornaments); the
  broken-glass track;
- an info line about the thing under the cursor (for a strip: what fits, and its
  other side's pattern).
"""

from __future__ import annotations

from boardgames.core.engine import Game
from boardgames.games.sintra.board import SintraBoard

__all__ = ["SintraBoard", "make_board"]


def make_board(game: Game, *, ascii: bool = False) -> SintraBoard:
    """The factory the shell looks up (see boardgames.tui.board.board_for)."""
    return SintraBoard(game, ascii=ascii)
