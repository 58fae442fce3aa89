"""How long a review after the game takes (core/review.py), to choose its default budget.

    python benchmarks/review_speed.py [--iterations 100,300,1000] [--seeds 3] [--game sintra --players 2]

Each game is played by the greedy bot for one seat and the random bot for the other (so its moves range from
good to poor), but every seat is marked human, so every decision with a choice is reviewed: the most a review
of that game can cost. Prints, per budget, the decisions reviewed and the seconds a game takes (median and
the slowest of the seeds).
"""

from __future__ import annotations

import argparse
import statistics
import time

from quick import quick_args

from boardgames.core.bots import make_bot
from boardgames.core.record import Record, Seat
from boardgames.core.registry import get_game
from boardgames.core.review import review_record
from boardgames.core.session import Session


def played_record(game_id: str, players: int, seed: int) -> Record:
    game = get_game(game_id)
    seats = [Seat(f"Player {seat + 1}") for seat in range(players)]
    session = Session.new(game, seats, {}, seed=seed, autosave=False)
    kinds = ["greedy", "random"]
    bots = [make_bot(kinds[seat % 2], game, seed + seat) for seat in range(players)]
    while not session.state.is_over:
        seat = session.state.seat_to_move
        session.apply(bots[seat].choose(session.state, len(session.record.actions)))
    return session.record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sintra")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", default="100,300,1000")
    parser.add_argument("--seeds", type=int, default=3)
    args = quick_args(parser, iterations="4", seeds=1)
    records = [played_record(args.game, args.players, seed) for seed in range(1, args.seeds + 1)]
    for budget in (int(text) for text in args.iterations.split(",")):
        times, decisions = [], []
        for record in records:
            started = time.perf_counter()
            review = review_record(record, budget)
            times.append(time.perf_counter() - started)
            decisions.append(len(review.moves))
        print(f"{args.game}, {args.players} players, {budget} iterations a decision: "
              f"{statistics.median(decisions):.0f} decisions a game, median {statistics.median(times):.1f} s, "
              f"slowest {max(times):.1f} s ({args.seeds} games)")


if __name__ == "__main__":
    main()
