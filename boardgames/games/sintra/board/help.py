"""What the help screen says about Sintra's board besides its parts' keys: Tab, the mouse and how to read it."""

#: what Tab and the mouse do (every other key is in its part's table)
HELP_TAB = "While taking glass: look at the strips (left/right, up/down for other palaces); Tab again to come back."
HELP_MOUSE = "Click a colour in a display, a strip or a piece to select it; click again to confirm."

HELP_NOTES = """## Reading the board

- **Top line**: the factory displays, numbered; each glyph is one piece of glass.
  **Second line**: the centre with a count per colour (and **1st** while the
  first-player marker is still there), the round, its bonus colour, the
  colours of the later rounds, and the pieces in the bag and the tower.
- **Palaces**, one per player: **▶** marks the player to move, **1st** who holds
  the first-player marker, then the score. **▼** is the glazier, above one of
  the strips numbered 1 to 8.
- **Strips**: five rows, one per space. A hollow glyph (♡ ○ ☆ ♧ □) is an empty
  space asking for that colour, **✳** an empty joker space (any colour), a solid
  glyph on a coloured tile is glass already placed; **░** is a removed strip.
- **Windows**: the two rows under the strips are the top and bottom frame of
  each window (**·** empty). Under them the window values; on side A **◆**
  marks the ornaments between windows 1-2, 3-4, 5-6 and 7-8.
- **Broken**: the value of your broken-glass marker and how far it has gone
  down the track (the last space costs 18 points and starts again at the top).
- **Bonus** (when there is room): what the palace side's end-of-game bonus
  would give right now; on side B it also shows the colour that counts.
- **The line under the palaces** explains what the cursor is on: what a take
  does, how many pieces fit a strip and how many break, and the pattern on the
  strip's other side.
- With `--ascii` every colour shows its letter (P O Y G B, * for a joker): an
  upper-case letter is placed glass, a lower-case one an empty space; `v` is the
  glazier, `-` a removed strip, `+` an ornament.
"""
