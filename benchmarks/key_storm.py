"""The long key storm: seeded random keys typed in bursts with resizes, from every place, must raise nothing.

The same storm as tests/tui/test_key_storm.py (tests/tui/storm.py), 20,000 keys a place by default: each game's
board, the lobby, the whole log while bots move, Statistics, a replay and a review. Each place's storm prints
its time, and in the same run the same keys at the same pace go into the bare Textual
app of redraw_timer.py (one Static that changes at every key): the ratio of the two is the figure to compare
across machines. An exception ends the run with its traceback and exit code 1.

    python benchmarks/key_storm.py [--keys N] [--seed S] [--place sintra --place lobby ...] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.tui.storm, from a checkout

from quick import quick_args  # noqa: E402
from redraw_timer import BareApp  # noqa: E402
from spread import machine  # noqa: E402

from tests.tui.storm import KEYS, PLACES, WEIGHTS, key_storm, type_key  # noqa: E402


async def bare_storm(keys: int, seed: int, burst: int = 12) -> None:
    """The baseline: the same bursts and pauses into the bare app."""
    rng = random.Random(seed)
    app = BareApp()
    async with app.run_test(size=(80, 24)) as pilot:
        typed = 0
        while typed < keys:
            for _ in range(rng.randint(1, burst)):
                type_key(app, rng.choices(KEYS, WEIGHTS)[0])
                typed += 1
            await pilot.pause(rng.choice([0, 0, 0.005, 0.02, 0.1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=20_000, help="keys a place (default 20000)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--place", action="append", choices=PLACES,
                        help="only these places: a game's board, lobby, log, stats, replay, review (default: all)")
    args = quick_args(parser, keys=40, place=["lobby"])
    os.environ["BOARDGAMES_HOME"] = tempfile.mkdtemp(prefix="boardgames-storm-")  # the storm's saves
    print(machine())
    for place in args.place or PLACES:
        started = time.perf_counter()
        apps = asyncio.run(key_storm(place, args.keys, args.seed))
        storm = time.perf_counter() - started
        started = time.perf_counter()
        asyncio.run(bare_storm(args.keys, args.seed))
        bare = time.perf_counter() - started
        print(f"{place}: {args.keys} keys in {apps} app(s), no exception; {storm:.1f} s "
              f"(bare app {bare:.1f} s, ratio {storm / bare:.2f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
