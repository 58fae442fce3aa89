"""The golden playthrough: a seeded bot game of Sintra written out as text.

Any change of the rules, the tables, the bots or the random generator shows up as a
diff of golden/sintra_3p_seed7.txt in review. Regenerate it on purpose with

    UPDATE_GOLDEN=1 python -m pytest tests/test_every_game.py -k sintra

or ``python -m tests.games.sintra.golden_game`` from the checkout's top.
"""

from __future__ import annotations

from pathlib import Path

from boardgames.games.sintra.game import SINTRA
from tests.golden import golden_writer, playthrough_text

GOLDEN = Path(__file__).parent / "golden" / "sintra_3p_seed7.txt"
SEED = 7
SIDE = "A"
SEATS = (("Ana", "greedy"), ("Bruno", "random"), ("Carla", "greedy"))


def round_line(state, names: list[str]) -> str:
    colour = state.rules.colours[state.indicator[0]].id
    factories = " | ".join(
        " ".join(state.rules.colours[c].letter * n for c, n in enumerate(f) if n) or "-"
        for f in state.factories
    )
    return f"== round {state.round}, colour {colour}, starts {names[state.current]}: {factories}"


def final(state, result, names: list[str]) -> list[str]:
    lines = []
    for seat, name in enumerate(names):
        parts = ", ".join(f"{key} {value}" for key, value in result.breakdown[seat].items())
        lines.append(f"{name}: {result.scores[seat]} ({parts})")
    return lines


def playthrough(seed: int = SEED, side: str = SIDE, seats=SEATS, moves: int | None = None) -> str:
    return playthrough_text(
        SINTRA, seats, {"side": side}, seed,
        about=[f"# {len(seats)} players, side {side}, seed {seed}; bots seeded with the game seed, ply = moves so far",
               "# seats: " + ", ".join(f"{name} ({kind})" for name, kind in seats)],
        regenerate="tests/games/sintra/test_golden.py",
        legend=["# after each move: what changed in each seat's view (and the public one), 'all' when in every view"],
        turn_key=lambda state: state.round,
        turn_line=round_line,
        move_line=lambda ply, name, action, line: f"{ply:4} {name}: {action}",
        final=final,
        moves=moves,
    )


write = golden_writer(GOLDEN, playthrough)

if __name__ == "__main__":
    print(f"wrote {write()}")
