"""What the help screen says about Sintra's board besides its parts' keys: Tab, the mouse and how to read it."""

from __future__ import annotations

from boardgames.i18n import N_

#: what Tab and the mouse do (every other key is in its part's table); the shell translates them where shown
HELP_TAB = N_("While taking glass: look at the strips (left/right, up/down for other palaces); Tab again to come "
              "back.")
HELP_MOUSE = N_("Click a colour in a display, a strip or a piece to select it; click again to confirm.")


#: how to read the board, as Markdown; translated where shown (tui/screens/help.py), as every game's notes
HELP_NOTES = N_(    "## Reading the board\n"
    "\n"
    "- **Top line**: the factory displays, numbered; each glyph is one piece of glass.\n"
    "  **Second line**: the centre with a count per colour (and **1st** while the\n"
    "  first-player marker is still there), the round, its bonus colour, the\n"
    "  colours of the later rounds, and the pieces in the bag and the tower.\n"
    "- **Palaces**, one per player: **▶** marks the player to move, **1st** who holds\n"
    "  the first-player marker, then the score. **▼** is the glazier, above one of\n"
    "  the strips numbered 1 to 8.\n"
    "- **Strips**: five rows, one per space. A hollow glyph (♡ ○ ☆ ♧ □) is an empty\n"
    "  space asking for that colour, **✳** an empty joker space (any colour), a solid\n"
    "  glyph on a coloured tile is glass already placed; **░** is a removed strip.\n"
    "- **Windows**: the two rows under the strips are the top and bottom frame of\n"
    "  each window (**·** empty). Under them the window values; on side A **◆**\n"
    "  marks the ornaments between windows 1-2, 3-4, 5-6 and 7-8.\n"
    "- **Broken**: the value of your broken-glass marker and how far it has gone\n"
    "  down the track (the last space costs 18 points and starts again at the top).\n"
    "- **Bonus** (when there is room): what the palace side's end-of-game bonus\n"
    "  would give right now; on side B it also shows the colour that counts.\n"
    "- **The line under the palaces** explains what the cursor is on: what a take\n"
    "  does, how many pieces fit a strip and how many break, and the pattern on the\n"
    "  strip's other side.\n"
    "- With `--ascii` every colour shows its letter (P O Y G B, * for a joker): an\n"
    "  upper-case letter is placed glass, a lower-case one an empty space; `v` is the\n"
    "  glazier, `-` a removed strip, `+` an ornament.\n")
