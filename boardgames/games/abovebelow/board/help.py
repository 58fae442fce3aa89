"""What the help screen says about Above and Below's board: its keys and how to read it."""

HELP_KEYS = [
    ("Tab / Shift+Tab", "Move between the decision (list of moves, party, encounter, dice, refresh), the rows, "
                        "your village (when harvesting) and the players."),
    ("e b h t l p", "The turn's action: explore, build, harvest, train, labor, pass."),
    ("s / x", "Put an item up for sale (the list shows which) / take it off sale."),
    ("y", "Buy another player's item: the list shows each seller and price (or Enter on a player)."),
    ("w", "Swap the house or outpost row for 1 coin."),
    ("g", "Put goods on your progress track."),
    ("a / r", "The seller: accept or refuse an offer."),
    ("Moves: up/down, j/k, 1-9, Page Up/Down, Home/End", "Move through the moves of the decision; Enter plays "
                                                         "one."),
    ("Rows: arrows, Home/End, 1-9, Enter", "Choose a villager to train or a card to build, when the decision asks; "
                                           "a digit goes to the card of that move in the list beside. A new build "
                                           "starts on the first card you can pay for."),
    ("Village: left/right, Home/End, Enter", "Choose a card of yours to harvest a good from."),
    ("Party: up/down, Home/End, space, Enter, Esc", "Put villagers on the cave card or take them off; Enter sets "
                                                    "out; Esc gives up the explore."),
    ("Encounter: up/down or 1-3, Enter", "Point at a choice; Enter or the same digit again chooses it (it cannot be "
                                         "taken back). Page Up/Down or j/k scroll the scene."),
    ("Dice: up/down, Home/End, r, i, p, d", "Reroll the die under the cursor, injure that villager for a lantern "
                                            "(the cursor goes on to the next one that can be), pay a coin for "
                                            "lanterns, done (Enter too)."),
    ("Refresh: up/down, Home/End, p, c, b, d", "Give a potion, a cider or a bed to the villager under the cursor "
                                               "(the cursor goes on to the next one that can take the same); "
                                               "done."),
    ("Esc", "Back out of the villager choice or the party."),
]

HELP_NOTES = """## Reading the board

- **Top line**: the round, the first player, the cave pile's top card (the
  next explore goes there) and whether the cider is still on the board; when
  that does not fit, in fewer words (`R2/7`, `(20)` cards in the pile). On a
  tall terminal the reputation track follows: each space from -3 to +8 with
  the numbers of the players on it and its points under it.
- **Players**: `VP` points so far (without the reputation ranking), `$`
  coins, `rp` reputation, `ci` cider, `pt` potions, `r/e/i` villagers
  ready/exhausted/injured, `bd` buildings, `gd` goods in the supply,
  `in` income, `sale` the item for sale (`-` none); `(P)` has passed;
  `▶` (ascii `>`) is the player to move.
- **Your village**: villagers as `Nell⚒3`: name, skills, explore faces (`3`
  one lantern on 3+, `1/4` one on 1+ and two on 4+). Skills: `⚒` hammer
  (ascii `H`), `⚒+` builds 1 cheaper, `✎` quill (`Q`), `✎+` trains 1
  cheaper, `ᶜ` cave cat (`c`), `⌂` own bed (`b`), `☹` bad reputation (`!`).
  `ready`, `tired` (exhausted) and `hurt` (injured); on a crowded line the
  names are shortened. Then your buildings with the goods on them (`Spore
  Cellar[mu1]`, names shortened and the last ones counted as `+2` when
  crowded); the caves you won: `caves open:` the ones without an outpost
  (sites for one), then `outposts: Salt Hollow[Ore Vein]`; your goods, the
  progress track (`mu2|fi1` left to right) with its income, and the item for
  sale.
- **Goods** by two letters: `mu` mushroom, `fi` fish, `fr` fruit (common,
  green), `ro` rope, `po` pot, `pa` paper (uncommon, yellow), `or` ore, `am`
  amethyst (rare, magenta); `ci` cider, `pt` potion.
- **Card symbols** in the rows: `mu` restocks a mushroom each round, `ro2`
  stocks 2 rope once, `⌂2` two beds, `↻` a reroll, `3vp`, `+1$` income,
  `$b` a coin per build, `$e` a coin per won explore, `tr` trained villagers
  come ready, `ci=$` / `pt=$` cider or potions pay as coins, `pt1` potions,
  `rep+` reputation when bought, `vp/...` points per thing at the end.
- **Rows**: `Train 1:Tova⚒2 2$`: the villager row by slot with its training
  cost; the house and outpost rows; star and key houses. Underlined bold: what
  the decision lets you take now.
- **Encounter**: the scene, then each choice with the lanterns it needs and
  its modifiers. The reward is read out only after the roll; it stays on the
  list of moves' first line until the round ends.
- **Dice**: a villager a line: its die, its lanterns (`✦`, ascii `*`), `+1
  hurt` for one injured for a lantern. The first line counts all lanterns with
  the modifiers, what the choice needs and the rerolls left.
"""
