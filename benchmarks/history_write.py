"""Cost of writing one finished game to the history, as a game's end does (open, add in one transaction, close).

The history holds --games games already (10,000 by default, filled first, not timed). Each round writes one new
game (two to four seats, ratings read, rated, written) and is timed from the open to the close. The baseline,
measured in the same run: writing the same game's save whole (``save_record``, one file written and fsynced).

    PYTHONPATH=. python benchmarks/history_write.py [--games 10000] [--rounds 50] [--dir FOLDER]

Target: at most 5 ms a game (an absolute figure on this machine; the ratio to the save's write says how it
compares with what a move already costs).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from history_fill import fill, one_more
from quick import quick_args
from spread import machine

from boardgames.core.record import save_record
from boardgames.history.store import History


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--dir", type=Path, default=Path("."))
    args = quick_args(parser, games=20, rounds=2)
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "history.sqlite3"
        started = time.perf_counter()
        fill(path, args.games).close()
        print(f"filled {args.games} games in {time.perf_counter() - started:.1f} s")
        writes, saves = [], []
        for number in range(args.rounds):
            item = one_more(History.open(path), number)
            began = time.perf_counter()
            with History.open(path) as history:
                history.add(item)
            writes.append(time.perf_counter() - began)
            began = time.perf_counter()
            save_record(item.record, Path(folder) / "save.json")
            saves.append(time.perf_counter() - began)
    write, save = statistics.median(writes) * 1000, statistics.median(saves) * 1000
    print(machine())
    print(f"history write: median {write:.2f} ms, 90th percentile {sorted(writes)[len(writes) * 9 // 10] * 1000:.2f} "
          f"ms ({args.rounds} games, {args.games} held)")
    print(f"save written whole (baseline): median {save:.2f} ms; ratio {write / save:.2f}")
    print("target: at most 5 ms a game -", "met" if write <= 5 else "NOT met")


if __name__ == "__main__":
    main()
