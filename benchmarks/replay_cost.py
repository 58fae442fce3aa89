"""Cost of replaying a record through ``Session.from_record``, as a ratio to the bare rules.

For each game a long record is played by random bots (not timed); then, in the same
run and alternating, the record is replayed through ``Session.from_record`` (which
also writes the log) and its actions are applied to a bare state (rules only). The
medians of --repeats runs and their ratio are printed. A ratio near 1 means the
log costs little; when every log line applied the action a second time it was 3-4.

    PYTHONPATH=. python benchmarks/replay_cost.py [--moves 1500] [--repeats 15]

(PYTHONPATH=. so that the checkout's own code is timed; the first line says which.)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from quick import quick_args
from spread import machine

import boardgames
from boardgames.core.bots import make_bot
from boardgames.core.record import Record, Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session

GAMES = (("sintra", {}), ("bluemoon", {"expansion": "true"}))


def long_record(game_id: str, options: dict[str, str], moves: int, seed: int) -> Record:
    """A 4-player game of random bots: the whole game, or its first ``moves`` moves."""
    game = get_game(game_id)
    seats = [Seat(f"Bot {n}", "bot:random") for n in range(1, 5)]
    session = Session.new(game, seats, options, seed=seed, autosave=False)
    bot = make_bot("random", game, seed)
    while not session.state.is_over and len(session.record.actions) < moves:
        session.apply(bot.choose(session.state, len(session.record.actions)))
    return session.record


def replay(record: Record) -> float:
    started = time.perf_counter()
    Session.from_record(Record(game=record.game, seed=record.seed, seats=record.seats, options=dict(record.options),
                               rules_version=record.rules_version, actions=list(record.actions)))
    return time.perf_counter() - started


def bare(record: Record) -> float:
    game = get_game(record.game)
    started = time.perf_counter()
    state = game.new_state([s.name for s in record.seats], game.resolve_options(record.options), record.seed)
    for text in record.actions:
        state.apply(game.parse_action(text))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = quick_args(parser, moves=30, repeats=1)
    print(f"machine: {machine()}")
    print(f"code: {Path(boardgames.__file__).parent.parent}")
    for game_id, options in GAMES:
        record = long_record(game_id, options, args.moves, args.seed)
        replays, bares = [], []
        for _ in range(args.repeats):
            replays.append(replay(record))
            bares.append(bare(record))
        slow, fast = statistics.median(replays) * 1000, statistics.median(bares) * 1000
        print(f"{get_game(game_id).title}, {len(record.actions)} moves (medians of {args.repeats}): "
              f"Session.from_record {slow:.1f} ms, bare rules {fast:.1f} ms, ratio {slow / fast:.2f}")


if __name__ == "__main__":
    main()
