"""Sintra's board for the terminal shell: three parts, each a widget in a module of its own that draws its own
lines and answers its own keys - the supply, the palaces and an info line.

Everything is drawn from ``view(seat)`` and the legal actions the host passes in;
the board never reads the state and submits only actions from the legal list.
The part in use takes the keys: the supply while glass is taken (Tab looks at the
strips), the palaces while it is placed, the info line while a piece is kept.

Layout, top to bottom (4 players fit in 80x24):

- the factory displays on one line (``1 ♥♥●★``), the centre and the round on the next;
- the palaces, one per player side by side: name, score and first-player marker;
  glazier (▼); strip numbers; the 5 rows of the 8 strips (hollow glyph = empty
  space of that colour, tile = placed glass, ✱ = joker space, ░ = removed strip);
  the two window rows; window values (◆ marks side A's ornaments); the
  broken-glass track and the end bonus the palace would score now;
- an info line about the thing under the cursor (for a strip: what fits, and its
  other side's pattern).
"""

from boardgames.games.sintra.board.board import SintraBoard

__all__ = ["SintraBoard"]
