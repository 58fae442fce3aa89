"""Above and Below declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from boardgames.core.declared import DeclaredGame, Parts

if TYPE_CHECKING:
    from boardgames.games.abovebelow.rules import AboveBelowState


class AboveBelow(DeclaredGame):
    id = "abovebelow"
    title = "Above and Below"
    description = "Build a village above and explore the caves below: villagers, encounters, goods and beds."
    min_players = 2
    max_players = 4
    order = 4
    has_private_info = False  # nothing is private to one seat; what nobody knows is kept out of view()
    rules_version = 1
    #: measured: at most 421 moves in 600 random games (2, 3 and 4 players), 288 in 30 greedy games
    max_moves = 2_000
    parts = Parts(state="rules:AboveBelowState", tables="data", strategy="strategy", board="board:AboveBelowBoard")

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> AboveBelowState:
        from boardgames.games.abovebelow.data import shared_rules
        from boardgames.games.abovebelow.rules import AboveBelowState

        self.check_player_count(len(names))
        self.resolve_options(options)
        return AboveBelowState.setup(shared_rules(), names, seed)


ABOVEBELOW = AboveBelow()
