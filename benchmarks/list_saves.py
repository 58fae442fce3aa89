"""Cost of listing the saves folder with each save's replay checked, against reading the files alone.

    PYTHONPATH=. python benchmarks/list_saves.py [--saves 158] [--bad 37] [--repeats 5]

Makes --saves finished and unfinished Sintra and Blue Moon City games played by
random bots (not timed), --bad of them spoiled with an illegal last move, then
times, in the same run: reading every file without replaying (the baseline),
the first listing with replays (an empty cache, as when the app starts), a
listing again (every replay cached by file time) and Continue's search for the
newest playable game. Medians of --repeats; the ratios to the baseline are printed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from quick import quick_args
from spread import machine

import boardgames
from boardgames.core import saves as saves_module
from boardgames.core.bots import make_bot
from boardgames.core.record import Seat, read_record
from boardgames.core.registry import get_game
from boardgames.core.saves import SaveStore
from boardgames.core.session import Session


def make_saves(folder: Path, count: int, bad: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    store = SaveStore(folder)
    for number in range(count):
        game = get_game("sintra" if number % 4 else "bluemoon")
        seats = [Seat(f"Bot {n}", "bot:random") for n in range(1, 3 + number % 3)]
        session = Session.new(game, seats, {}, seed=number, path=folder / f"game-{number:04}.json")
        bot = make_bot("random", game, number)
        stop = None if rng.random() < 0.3 else rng.randint(5, 400)
        while not session.state.is_over and (stop is None or len(session.record.actions) < stop):
            session.apply(bot.choose(session.state, len(session.record.actions)))
        session.close()
        if number < bad:
            data = read_record(session.path).to_json()
            data["finished"] = False
            data["actions"].append("take 99 nothing")
            session.path.write_text(json.dumps(data), encoding="utf-8")
    assert len(store.scan(replay=False)) == count


def timed(action) -> float:  # noqa: ANN001
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=158)
    parser.add_argument("--bad", type=int, default=37)
    parser.add_argument("--repeats", type=int, default=5)
    # the tiny run: a finished Blue Moon City game spoiled and an unfinished Sintra one (the first two saves)
    args = quick_args(parser, saves=2, bad=1, repeats=1)
    print(f"boardgames from {Path(boardgames.__file__).parent}")
    print(machine())
    with tempfile.TemporaryDirectory(prefix="bg-list-") as folder:
        make_saves(Path(folder), args.saves, args.bad)
        store = SaveStore(Path(folder))
        times: dict[str, list[float]] = {"read only": [], "first listing": [], "listing again": [],
                                         "Continue, first": []}
        for _ in range(args.repeats):
            times["read only"].append(timed(lambda: store.scan(replay=False)))
            saves_module._checked.clear()
            times["Continue, first"].append(timed(store.last_playable))
            saves_module._checked.clear()
            times["first listing"].append(timed(store.scan))
            times["listing again"].append(timed(store.scan))
        unplayable = sum(1 for entry in store.scan() if not entry.playable)
    base = statistics.median(times["read only"])
    print(f"{args.saves} saves, {unplayable} of them cannot be replayed")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:16} {median * 1000:8.1f} ms  ({median / base:.2f}x reading only)")


if __name__ == "__main__":
    main()
