"""Greedy bot against random bots: wins with the greedy bot in each seat, and seconds per game.

    python benchmarks/greedy_vs_random.py [GAME] [--players N] [--games N] [--option key=value]

Seeds 1..N (as `boardgames selfplay --seed 1 -n N`). A game won by several seats
counts as a shared win (1/k each); Blue Moon City's draw (no markers left) is
such a game. Target for every game, 2 players: the greedy bot wins 90% or more
in either seat.
"""

from __future__ import annotations

import argparse
import time

from quick import quick_args

from boardgames.cli import parse_options
from boardgames.core.registry import get_game
from boardgames.selfplay import describe_options, play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="bluemoon")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--option", action="append")
    args = quick_args(parser, game="sintra", games=1)
    game = get_game(args.game)
    options = parse_options(args.option, game)
    print(f"{game.title}, {args.players} players, greedy against random, options: {describe_options(options)}")
    for greedy_seat in range(args.players):
        kinds = ["random"] * args.players
        kinds[greedy_seat] = "greedy"
        wins = 0.0
        started = time.perf_counter()
        for seed in range(1, args.games + 1):
            winners = play_one(game, kinds, options, seed).result().winners
            if greedy_seat in winners:
                wins += 1 / len(winners)
        seconds = (time.perf_counter() - started) / args.games
        print(f"  greedy in seat {greedy_seat + 1} ({','.join(kinds)}): wins {wins:g} of {args.games} "
              f"({100 * wins / args.games:.1f}%), {seconds:.2f} s per game")


if __name__ == "__main__":
    main()
