"""Sintra declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from boardgames.core.declared import DeclaredGame, Parts
from boardgames.core.engine import Option

if TYPE_CHECKING:
    from boardgames.games.sintra.rules import SintraState


class Sintra(DeclaredGame):
    id = "sintra"
    title = "Azul: Stained Glass of Sintra"
    description = "Draft coloured glass, fill pattern strips, light up the palace windows."
    min_players = 2
    max_players = 4
    order = 1
    options = (
        Option("side", "Palace side", "A",
               "Side A scores ornaments at the end; side B multiplies complete windows by a colour.",
               choices=("A", "B")),
    )
    has_private_info = False
    rules_version = 1
    #: measured: at most 238 moves in 1,000 random games and 227 in 60 greedy ones (every player count)
    max_moves = 1_000
    parts = Parts(state="rules:SintraState", tables="data", strategy="strategy", board="board:SintraBoard")

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> SintraState:
        from boardgames.games.sintra.data import shared_rules
        from boardgames.games.sintra.rules import SintraState

        self.check_player_count(len(names))
        opts = self.resolve_options(options)
        return SintraState.setup(shared_rules(), names, str(opts["side"]), seed)


SINTRA = Sintra()
