"""What the help screen says about Blue Moon City's board: its keys and how to read it."""

HELP_KEYS = [
    ("Tab", "Move the cursor between the city, your hand and the boxes of your tile."),
    ("City: arrows, h j k l", "Move the cursor over the tiles; the line under the board describes the tile."),
    ("City: Enter or space", "Walk to the tile under the cursor (tiles you can reach are marked ›)."),
    ("s", "Stop moving and go on to contributing or offering."),
    ("Hand: left/right", "Choose a card; the cursor stops on the cards you can use now (underlined)."),
    ("Hand: Enter", "Use the card: play its power while moving (a Venti, or a dragon card), add it to "
                    "a contribution, play a Pillar after an offering, or discard it at the end of the turn."),
    ("Hand: p", "Play the card's power even when Enter would add it: a Lux recolours, a Mimix pairs "
                "with a second Mimix into a wild 3."),
    ("Boxes: left/right, 1-6", "Choose a box of the building you stand on; Enter starts paying it."),
    ("Choosing a target: arrows, Enter", "Pick the tile for a Venti 1, a dragon or the Main Hall; "
                                         "o takes a dragon off the board; Escape gives up."),
    ("Choosing a people: left/right, 1-8, Enter", "Pick the people a Lux recolours; Escape gives up."),
    ("o", "Make an offering on the courtyard."),
    ("x", "Use the extra action of an expansion tile."),
    ("e", "End your actions and go on to discarding and drawing."),
    ("c", "Cancel the contribution being built: its cards go back to your hand."),
    ("d", "Draw your cards and end the turn."),
    ("Mouse", "Click a tile, a card or a box (on its tile or in the row of boxes) to select it; click it again "
              "to use it."),
]

HELP_NOTES = """## Reading the board

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
"""
