"""Blue Moon City declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from boardgames.core.declared import DeclaredGame, Parts
from boardgames.core.engine import Action, Option

if TYPE_CHECKING:
    from boardgames.games.bluemoon.rules import BlueMoonState


class BlueMoon(DeclaredGame):
    id = "bluemoon"
    title = "Blue Moon City"
    description = "Rebuild the city with the eight peoples' cards and make crystal offerings to the obelisk."
    min_players = 2
    max_players = 4
    order = 2
    options = (
        Option("expansion", "Expansion buildings", False,
               "Adds the Main Hall, Hospital, Golden Temple and Theater and fills the corners of the city."),
        Option("setup", "City set-up", "standard",
               "Standard puts the palace and the three temples next to the courtyard; "
               "alternative places every tile at random.", choices=("standard", "alternative")),
    )
    has_private_info = True
    rules_version = 2  # 2: the Monastery Tower has three boxes; boxes are offered only when payable
    #: measured: at most 25,081 moves in 3,000 random games (seeds 0-2,999, the long tail of random play:
    #: the next longest took 21,073 and 11,070) and 461 in 12 greedy ones, over every player count and option
    max_moves = 100_000
    parts = Parts(state="rules:BlueMoonState", tables="data", strategy="strategy", board="board:BlueMoonBoard")

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> BlueMoonState:
        from boardgames.games.bluemoon.data import shared_rules
        from boardgames.games.bluemoon.rules import BlueMoonState

        self.check_player_count(len(names))
        opts = self.resolve_options(options)
        return BlueMoonState.setup(shared_rules(), names, opts["expansion"] is True,
                                   opts["setup"] == "alternative", seed)

    def parse_action(self, text: str) -> Action:
        """Read a notation case-insensitively: every word of Blue Moon City's notation is lower case."""
        return Action.parse(text.lower())


BLUEMOON = BlueMoon()
