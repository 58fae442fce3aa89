"""The golden playthrough: a seeded bot game of Blue Moon City with the expansion, written out as text.

Any change of the rules, the tables, the bots or the random generator shows up as a
diff of golden/bluemoon_3p_expansion_seed5.txt in review. Regenerate it on purpose with

    UPDATE_GOLDEN=1 python -m pytest tests/test_every_game.py -k bluemoon

or ``python -m tests.games.bluemoon.golden_game`` from the checkout's top.
"""

from __future__ import annotations

from pathlib import Path

from boardgames.core import cards as deck_ops
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.games.bluemoon.rules import GRID, NO_TILE
from tests.golden import golden_writer, playthrough_text

GOLDEN = Path(__file__).parent / "golden" / "bluemoon_3p_expansion_seed5.txt"
SEED = 5
OPTIONS = {"expansion": "true", "setup": "standard"}
SEATS = (("Ana", "greedy"), ("Bruno", "random"), ("Carla", "greedy"))


def city(state) -> list[str]:
    """The city, one line a row: each cell's building id (or the courtyard, or '-')."""
    lines = []
    for row in range(GRID.height):
        cells = []
        for col in range(GRID.width):
            b = state.grid[row * GRID.width + col]
            cells.append("-" if b == NO_TILE else state.rules.courtyard.id if b < 0 else state.rules.buildings[b].id)
        lines.append("   " + " ".join(f"{name:16}" for name in cells).rstrip())
    return lines


def setup(state, names: list[str]) -> list[str]:
    return ["== city", *city(state),
            "== hands: " + "; ".join(f"{name} {' '.join(deck_ops.listing(state.players[s].hand))}"
                                     for s, name in enumerate(names))]


def final(state, result, names: list[str]) -> list[str]:
    lines = []
    for seat, name in enumerate(names):
        p = state.players[seat]
        lines.append(f"{name}: {result.scores[seat]} offerings, {p.crystals} crystals, {p.scales} scales, "
                     f"{state.markers_left(seat)} markers left")
    lines.append("obelisk: " + " ".join(names[s] for s in state.obelisk))
    return lines


def playthrough(seed: int = SEED, options=OPTIONS, seats=SEATS, moves: int | None = None) -> str:
    return playthrough_text(
        BLUEMOON, seats, options, seed,
        about=[f"# {len(seats)} players, options {options}, seed {seed}; bots seeded with the game seed",
               "# seats: " + ", ".join(f"{name} ({kind})" for name, kind in seats)],
        regenerate="tests/games/bluemoon/test_golden.py",
        setup=setup,
        turn_key=lambda state: state.turn,
        turn_line=lambda state, names: f"== turn {state.turn + 1}: {names[state.current]}",
        move_line=lambda ply, name, action, line: f"{ply:5} {line.public}",
        final=final,
        moves=moves,
    )


write = golden_writer(GOLDEN, playthrough)

if __name__ == "__main__":
    print(f"wrote {write()}")
