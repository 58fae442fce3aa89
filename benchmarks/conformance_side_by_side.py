"""The conformance run's cost in two checkouts, measured turn about in one run (see side_by_side.py).

    python benchmarks/conformance_side_by_side.py BASE [--rounds 3] [--games 20] [--only lemuria]

For each game the same seeded random games (the test suite's cadence, players and seeds as in
tests/core/test_conformance.py's first chunk) are played through ``play_checked`` in a child process of each
checkout, alternately; each child prints its CPU seconds. Printed: each figure and the ratio of the medians
(this checkout over BASE: above 1 means slower here). BASE needs its own ``.venv``, as for side_by_side.py.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

#: plays GAMES checked random games of GAME and prints the child's CPU seconds
CHECKED = """
import itertools, sys, time
from boardgames.core.bots import make_bot
from boardgames.core.registry import get_game
from boardgames.core.soak import SAMPLE, play_checked
game = get_game(sys.argv[1])
keys = [opt.key for opt in game.options]
combos = [(n, dict(zip(keys, values))) for n in range(game.min_players, game.max_players + 1)
          for values in itertools.product(*(opt.values for opt in game.options))]
start = time.process_time()
for seed in range(int(sys.argv[2])):
    players, options = combos[seed % len(combos)]
    play_checked(game, [f"P{i}" for i in range(players)], [make_bot("random", game, seed)] * players, options,
                 seed, SAMPLE, set())
print(time.process_time() - start)
"""

GAMES = ("sintra", "bluemoon", "lemuria", "abovebelow")


def checked_seconds(checkout: Path, game: str, games: int) -> float:
    python = str(checkout / ".venv" / "bin" / "python")
    out = subprocess.run([python, "-c", CHECKED, game, str(games)], cwd=checkout, capture_output=True, text=True,
                         check=True).stdout
    return float(out.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", choices=GAMES, action="append")
    args = parser.parse_args()
    for game in args.only or GAMES:
        here, base = [], []
        for _ in range(args.rounds):
            base.append(checked_seconds(args.base, game, args.games))
            here.append(checked_seconds(HERE, game, args.games))
        ratio = statistics.median(here) / statistics.median(base)
        print(f"{game:10} conformance CPU s  base {', '.join(f'{v:.2f}' for v in base):20} "
              f"here {', '.join(f'{v:.2f}' for v in here):20} here/base {ratio:.2f}", flush=True)


if __name__ == "__main__":
    main()
