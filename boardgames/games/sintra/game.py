"""The Sintra Game: options, setup, the greedy bot's evaluation, help."""

from __future__ import annotations

from importlib import resources
from typing import Any

from boardgames.core.data import data_dir
from boardgames.core.engine import Game, Option
from boardgames.games.sintra.data import load_rules, shared_rules
from boardgames.games.sintra.rules import EMPTY, SintraState, end_bonus


class Sintra(Game):
    id = "sintra"
    title = "Azul: Stained Glass of Sintra"
    description = "Draft coloured glass, fill pattern strips, light up the palace windows."
    min_players = 2
    max_players = 4
    options = (
        Option("side", "Palace side", ("A", "B"), "A",
               "Side A scores ornaments at the end; side B multiplies complete windows by a colour."),
    )
    has_private_info = False
    rules_version = 1

    def new_state(self, names: list[str], options: dict[str, str], seed: int) -> SintraState:
        self.check_player_count(len(names))
        opts = self.resolve_options(options)
        return SintraState.setup(shared_rules(), names, opts["side"], seed)

    def state_from_json(self, data: dict[str, Any]) -> SintraState:
        return SintraState.from_json(shared_rules(), data)

    def evaluate(self, state: SintraState, seat: int) -> float:
        """Points now, plus what the board is on course to score, relative to the best rival."""
        def worth(player: int) -> float:
            palace = state.players[player]
            if palace.final is not None:
                return palace.score
            comp = state.rules.components
            value = palace.score + comp.broken_track[palace.track]
            bonus, _ = end_bonus(state.rules.palace[state.side], palace.windows)
            value += 0.7 * bonus
            for slot, row in enumerate(palace.filled):
                if palace.strip_ids[slot] is None:
                    continue
                filled = sum(1 for c in row if c != EMPTY)
                # nearly complete strips are worth more; strips behind the glazier are harder to reach
                reach = 1.0 if slot >= palace.glazier else 0.6
                value += reach * 0.45 * filled * filled / 5
            return value

        mine = worth(seat)
        rivals = [worth(p) for p in range(len(state.players)) if p != seat]
        return mine - 0.5 * max(rivals)

    def check_data(self) -> list[str]:
        load_rules()
        return sorted(p.name for p in data_dir(self.id).glob("*.yaml"))

    def help_text(self) -> str:
        return resources.files("boardgames.games.sintra").joinpath("help.md").read_text(encoding="utf-8")


SINTRA = Sintra()
