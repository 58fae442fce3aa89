"""Cost of the conformance run's log checks, as a ratio to the same run without them.

For each game the same seeded random games are played through ``play_checked`` with the test
suite's cadence, once with the log checks (a sentence per move, no bare notation, no line that
changes with another seat's scrambled secret) and once without, alternating; the medians of
--repeats runs and their ratio are printed.

    PYTHONPATH=. python benchmarks/conformance_log_cost.py [--games 6] [--repeats 3]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from quick import quick_args
from spread import machine

from boardgames.core.bots import make_bot
from boardgames.core.registry import all_games
from boardgames.core.soak import Cadence, play_checked

#: the conformance sample's cadence as the README's figure measured it (log lines every 7th move; the test
#: command's sample checks them every 14th since issue 40)
MEASURED = Cadence()


def run(game, games: int, cadence) -> float:  # noqa: ANN001 - a registered Game
    start = time.perf_counter()
    for seed in range(games):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        bots = [make_bot("random", game, seed)] * players
        play_checked(game, [f"P{i}" for i in range(players)], bots, {}, seed, cadence, set())
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    args = quick_args(parser, games=1, repeats=1, game=["sintra"])
    print(f"machine: {machine()}")
    without = dataclasses.replace(MEASURED, log=0)
    for game in [g for g in all_games() if args.game is None or g.id in args.game]:
        timed: dict[str, list[float]] = {"with": [], "without": []}
        for _ in range(args.repeats):
            timed["without"].append(run(game, args.games, without))
            timed["with"].append(run(game, args.games, MEASURED))
        on, off = statistics.median(timed["with"]), statistics.median(timed["without"])
        print(f"{game.title}, {args.games} games (medians of {args.repeats}): with log checks {on:.2f} s, "
              f"without {off:.2f} s, ratio {on / off:.2f}")


if __name__ == "__main__":
    main()
