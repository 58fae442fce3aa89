"""The Lemuria Game: options, set-up, loading and the greedy bot's judge.

The rules, tables and strategy are imported when first needed, so listing the games does not load them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardgames.core.engine import Game, Option

if TYPE_CHECKING:
    from boardgames.games.lemuria.rules import LemuriaState
    from boardgames.games.lemuria.strategy import Evaluator


class Lemuria(Game):
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

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> LemuriaState:
        from boardgames.games.lemuria.data import shared_rules
        from boardgames.games.lemuria.rules import LemuriaState

        self.check_player_count(len(names))
        opts = self.resolve_options(options)
        return LemuriaState.setup(shared_rules(), names, opts["impact"] is True, seed)

    def state_from_json(self, data: dict[str, Any]) -> LemuriaState:
        from boardgames.games.lemuria.data import shared_rules
        from boardgames.games.lemuria.rules import LemuriaState

        return LemuriaState.from_json(shared_rules(), data)

    def evaluate(self, state: LemuriaState, seat: int) -> float:
        from boardgames.games.lemuria.strategy import evaluate

        return evaluate(state, seat)

    def greedy_evaluator(self) -> Evaluator:
        """The greedy bot's judge: it remembers what its seat has seen this turn, so each bot gets its own."""
        from boardgames.games.lemuria.strategy import Evaluator

        return Evaluator()

    def load_rules(self) -> object:
        from boardgames.games.lemuria.data import load_rules

        return load_rules()


LEMURIA = Lemuria()
