"""Blue Moon City declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from boardgames.core.declared import DeclaredGame, Parts
from boardgames.core.engine import Action, Option
from boardgames.i18n import N_

#: the words of the set-up choices, for the screens that show them (the option's values stay in English)
CHOICE_WORDS = (N_("standard"), N_("alternative"))


class BlueMoon(DeclaredGame):
    id = "bluemoon"
    title = N_("Blue Moon City")
    description = N_("Rebuild the city with the eight peoples' cards and make crystal offerings to the obelisk.")
    min_players = 2
    max_players = 4
    order = 2
    options = (
        Option("expansion", N_("Expansion buildings"), False,
               N_("Adds the Main Hall, Hospital, Golden Temple and Theater, shuffled in with the other buildings: "
                  "the city fills its whole 5x5 grid.")),
        Option("setup", N_("City set-up"), "standard",
               N_("Standard puts the palace and the three temples next to the courtyard; "
                  "alternative places every tile at random."), choices=("standard", "alternative")),
    )
    has_private_info = True
    rules_version = 2  # 2: the Monastery Tower has three boxes; boxes are offered only when payable
    #: measured: at most 25,081 moves in 3,000 random games (seeds 0-2,999, the long tail of random play:
    #: the next longest took 21,073 and 11,070) and 461 in 12 greedy ones, over every player count and option
    max_moves = 100_000
    parts = Parts(state="rules:BlueMoonState", tables="data", strategy="strategy", board="board:BlueMoonBoard")

    def parse_action(self, text: str) -> Action:
        """Read a notation case-insensitively: every word of Blue Moon City's notation is lower case."""
        return Action.parse(text.lower())


BLUEMOON = BlueMoon()
