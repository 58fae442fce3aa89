"""What the help screen says about Above and Below's board besides its keys' tables: Tab and how to read it."""

from boardgames.i18n import N_

#: what Tab does (every other key is in its part's table, or the board's)
HELP_TAB = N_("Move between the decision (list of moves, party, encounter, dice, refresh), the rows, your village "
               "(when harvesting) and the players.")

HELP_NOTES = N_("""## Reading the board

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
""")
