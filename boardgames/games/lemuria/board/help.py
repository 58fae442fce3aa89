"""What the help screen says about Lemuria's board besides its keys' tables: Tab, the mouse and how to read it."""

from __future__ import annotations

from boardgames.games.lemuria.board.common import colour_of, rules
from boardgames.i18n import N_, _

#: what Tab and the mouse do (every other key is in its part's table, or the board's)
HELP_TAB = N_("Move between the list of moves, your hand, the altar, the trend line and the players.")
HELP_MOUSE = N_("Click a section, a trend position, a card, a player or a move to point at it; click again to use "
                 "it.")

HELP_NOTES = N_("""## Reading the board

- **The altar** (left): a line a section, numbered 0-8 as the moves name them.
  `0 12#. v 3/4 Food/Gold` reads: section 0 holds matter of player 1 and of
  player 2, one filler (`#`) and one empty space (`.` or `·`); its matter is
  vegetable (`v`; `m` mineral, `-` none yet); 3 of its 4 spaces are used; there
  vegetable matter becomes Food and mineral matter Gold now (the yield of the
  section's kind is bright, the other dim). On a narrow screen the yields are
  letters: **F** food, **C** cloth, **W** wood (vegetable), **G** gold,
  **B** brick, **S** stone (mineral). `›` (ascii `>`) marks a section you can
  use now.
- **The month line**: the current month in reverse, `*` after a festival month
  (4, 8 and 12).
- **The trend line**: positions 1-5, each a building with its colour (the
  word's first letters on a wide screen, else a letter that no resource uses:
  **M** military, red; **T** commerce, for trade, blue; **P** production,
  green; **R** religion, yellow), its cost in resource letters (`FWB` = 1
  food, 1 wood, 1 brick), its VP and `+6` the trend bonus of the position.
  `-1` marks the lower trend (positions 4 and 5): one resource of your choice
  less. `›` marks a position you can build now.
- **The areas**: `Farm 12....` shows the markers in the farm area (the
  players' numbers) and its empty spots; the decks follow (beside the areas
  on a small screen) with the Impact cards left, then a line naming the next
  Impact card (the lowest number is taken first) and what it does.
- **The players**: `F C W G B S` resources, **VP**, **mk** building markers
  left, **hd** cards in hand, **bd** buildings, **ho** citizens housed in them,
  **#** place in this month's turn order, **I** the Impact card used, **v**
  and **m** the vegetable and mineral matter left to plant; `▶`
  (ascii `>`) is the player to move. On a large terminal each player's
  buildings follow, `Barracks[M](Sentry)` for a building and its citizen.
- **Your hand** shows only your own cards (other players' hands are a count);
  each card with its colour letter, the usable ones underlined; a long hand
  goes on over a second line.
- **The moves**: every move of the decision by its label, numbered; the line
  under the board says what the cursor is on. A label starts with what tells
  it apart and then says what it brings: `Build 4 -GB: Temple of Tides for
  4 VP` builds trend position 4 with a gold and a brick taken off its cost
  (resource letters, as the trend line writes costs); `Reform 1 to 2 -S: ...`
  gives up your building 1 for trend position 2; `Harvest 3 for 1 gold: you
  get 3 food, Bia 1` says what each owner gets.
""")


def citizens_markdown() -> str:
    """The help's table of every citizen card from the printed tables, in the reader's language: the board
    gives a card's effect only while it is in your hand or the list of moves."""
    lines = [_("## The citizen cards"), "",
             _("Each card's colour, the food it costs to play, its VP once housed (in any building / in a building "
               "of its own colour) and what it does."), "",
             _("| card | colour | food | VP | what it does |"), "| --- | --- | --- | --- | --- |"]
    for citizen in rules().citizen.values():
        colour = colour_of(citizen.colour)
        lines.append(f"| {_(citizen.name)} | {_(colour.name) if colour else citizen.colour} | {citizen.food} "
                     f"| {citizen.vp[0]}/{citizen.vp[1]} | {citizen.text} |")
    return "\n".join(lines)
