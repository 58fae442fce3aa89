"""Random self-play speed: full games per second on one core (no invariant checks).

    python benchmarks/selfplay_speed.py [GAME] [--players N] [--games N] [--option key=value]

An absolute figure: it is printed with the machine it was taken on.
"""

from __future__ import annotations

import argparse
import statistics
import time

from quick import quick_args
from spread import machine

from boardgames.cli import parse_options
from boardgames.core.registry import get_game
from boardgames.selfplay import describe_options, play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="sintra")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--option", action="append")
    args = quick_args(parser, games=2, repeats=1)
    game = get_game(args.game)
    options = parse_options(args.option, game)
    kinds = ["random"] * args.players
    rates = []
    for repeat in range(args.repeats):
        started = time.perf_counter()
        for seed in range(args.games):
            play_one(game, kinds, options, seed + repeat * args.games)
        rates.append(args.games / (time.perf_counter() - started))
    print(f"machine: {machine()}")
    print(f"{game.title}, {args.players} players, random bots, options: {describe_options(options)}")
    print(f"runs: {', '.join(f'{r:.0f}' for r in rates)} games/s")
    print(f"median: {statistics.median(rates):.0f} games per second on one core")


if __name__ == "__main__":
    main()
