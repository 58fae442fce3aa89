"""What the help screen says about Blue Moon City's board besides its keys' tables: Tab, the mouse and how to
read it."""

from __future__ import annotations

from boardgames.i18n import N_

#: what Tab and the mouse do (every other key is in its part's table, or the board's)
HELP_TAB = N_("Move the cursor between the city, your hand and the boxes of your tile.")
HELP_MOUSE = N_("Click a tile, a card or a box (on its tile or in the row of boxes) to select it; click it again to "
                "use it.")

HELP_NOTES = N_("""## Reading the board

- **The city** is the 5x5 grid; columns a-e, rows 1-5 (`c3` is the courtyard).
  Each tile shows its name, then its boxes: a box is its people's code and value
  (`Aq5` needs Aqua cards worth 5; `*4` is a Royal Palace box that takes any one
  colour), and `[2]` is a box filled by player 2's marker. The last line shows
  the figures (the players' numbers) and the dragons (**R**ed, **G**reen,
  **B**lue). A rebuilt tile has **✓** (ascii `+`) after its name and shows the
  bonus that contributors to its neighbours get (`2sc` = 2 scales, `cr` crystals,
  `ca` cards). On a large terminal a fourth line shows the majority bonus
  (**maj**, for the most markers) and the construction bonus (**all**, for
  every contributor) of a building.
- **›** (ascii `>`) marks the tiles you can choose now; the tile under the
  cursor is shown in reverse.
- **The panel**: the obelisk spaces from the bottom with their costs (`7:2` is
  a space of cost 7 held by player 2; the underlined cost is the next
  offering), then one
  line a player: **mk** markers left, **sc** scales, **of** offerings, **hd**
  cards in hand; **▶** (ascii `>`) is the player to move. Then the scales left
  in the supply, the deck and discard pile, and what this turn has done so far.
- **Your hand** and your crystals are under the city; nobody else sees them
  (a curtain hides the screen between two human players).
- **Boxes of the ...**: after you stop on a building, the line under your hand
  numbers its boxes (`1 Aq5 2 Aq4 3 Aq3`); the digit picks one, and the ones
  your hand can pay now are underlined.
- **Peoples**: `vu` Vulca (black, moves the red dragon), `te` Terrah (red, the
  green dragon), `aq` Aqua (blue, the blue dragon), `ve` Venti (grey, flies),
  `kh` Khind (green, a wild 1), `mi` Mimix (brown, two make a wild 3), `lu` Lux
  (white, recolours), `pi` Pillar (yellow, more offerings).
""")
