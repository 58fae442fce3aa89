"""Lemuria declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from boardgames.core.declared import DeclaredGame, Parts
from boardgames.core.engine import Option

if TYPE_CHECKING:
    from boardgames.games.lemuria.rules import LemuriaState


class Lemuria(DeclaredGame):
    id = "lemuria"
    title = "Lemuria"
    description = "Turn matter into resources at the star altar, build the trends and house your citizens."
    min_players = 3
    max_players = 4
    order = 3
    options = (
        Option("impact", "Lemurian Impact cards", False,
               "Deals one Impact card a player: each may use one, once a game, for a turn's boost."),
    )
    has_private_info = True
    #: 2: Impact cards dealt at random, a reform places no marker (a version 1 record would replay wrongly)
    rules_version = 2
    #: measured: at most 353 moves in 400 random games (3 and 4 players, with and without Impact cards)
    max_moves = 2_000
    parts = Parts(state="rules:LemuriaState", tables="data", strategy="strategy", board="board:LemuriaBoard")

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> LemuriaState:
        from boardgames.games.lemuria.data import shared_rules
        from boardgames.games.lemuria.rules import LemuriaState

        self.check_player_count(len(names))
        opts = self.resolve_options(options)
        return LemuriaState.setup(shared_rules(), names, opts["impact"] is True, seed)


LEMURIA = Lemuria()
