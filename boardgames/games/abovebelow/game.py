"""The Above and Below Game: set-up, loading and the greedy bot's judge (strategy.py).

The rules and tables are imported when first needed, so listing the games does not load them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from boardgames.core.engine import Game, State

if TYPE_CHECKING:
    from boardgames.games.abovebelow.rules import AboveBelowState
    from boardgames.games.abovebelow.strategy import Evaluator


class AboveBelow(Game):
    id = "abovebelow"
    title = "Above and Below"
    description = "Build a village above and explore the caves below: villagers, encounters, goods and beds."
    min_players = 2
    max_players = 4
    has_private_info = False  # nothing is private to one seat; what nobody knows is kept out of view()
    rules_version = 1
    #: measured: at most 421 moves in 600 random games (2, 3 and 4 players), 288 in 30 greedy games
    max_moves = 2_000

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> AboveBelowState:
        from boardgames.games.abovebelow.data import shared_rules
        from boardgames.games.abovebelow.rules import AboveBelowState

        self.check_player_count(len(names))
        self.resolve_options(options)
        return AboveBelowState.setup(shared_rules(), names, seed)

    def state_from_json(self, data: dict[str, Any]) -> AboveBelowState:
        from boardgames.games.abovebelow.data import shared_rules
        from boardgames.games.abovebelow.rules import AboveBelowState

        return AboveBelowState.from_json(shared_rules(), data)

    def evaluate(self, state: State, seat: int) -> float:
        from boardgames.games.abovebelow.strategy import evaluate

        return evaluate(cast("AboveBelowState", state), seat)

    def greedy_evaluator(self) -> Evaluator:
        """Each greedy bot's own judge (strategy.py): it values the dice and the Cave Cat's check by their
        expectation, never by the real roll, and keeps its own bounded caches."""
        from boardgames.games.abovebelow.strategy import Evaluator

        return Evaluator()

    def load_rules(self) -> object:
        from boardgames.games.abovebelow.data import load_rules

        return load_rules()


ABOVEBELOW = AboveBelow()
