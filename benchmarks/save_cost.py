"""Cost of saving one move, at move 100 and at move 3,000: the journal against rewriting the whole record.

A Sintra game is set up with a save file; its record is then grown one move at a
time (real notations from a bot game, repeated) and saved after each move, as
a Session does after every move. "journal" is ``Session.save`` (a journal line
per move, the file compacted now and then); "whole" is the earlier way, the
whole record written atomically after every move, measured in the same run as
the baseline. The cost at move n is the mean over moves n/2+1 to n, so that it
includes the compactions of that stretch. Medians of --repeats runs; times in
ms per move, bytes written per move, and the ratios are printed.

    PYTHONPATH=. python benchmarks/save_cost.py [--repeats 3] [--dir FOLDER]

(PYTHONPATH=. so that the checkout's own code is timed; --dir should be on a real
disk, since fsync is what costs: the default is a temporary folder in the
current directory.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from quick import quick_args
from spread import machine

import boardgames
from boardgames.core import record as record_module
from boardgames.core.bots import make_bot
from boardgames.core.record import Seat, read_record, save_record
from boardgames.core.registry import get_game
from boardgames.core.session import Session

POINTS = (100, 3000)


def notations(count: int) -> list[str]:
    """``count`` move notations of a real game (a bot game's moves, repeated)."""
    game = get_game("sintra")
    session = Session.new(game, [Seat("Ana", "bot:random"), Seat("Bia", "bot:random")], {}, seed=7, autosave=False)
    bot = make_bot("random", game, 7)
    while not session.state.is_over:
        session.apply(bot.choose(session.state, len(session.record.actions)))
    moves = session.record.actions
    return [moves[i % len(moves)] for i in range(count)]


class Counter:
    """Counts the bytes handed to the file system by both ways of saving."""

    def __init__(self) -> None:
        self.bytes = 0
        self._atomic, self._append = record_module.atomic_write, record_module.append_moves

    def install(self) -> None:
        import boardgames.core.session as session_module

        def atomic(path, text, **kw):  # noqa: ANN001, ANN202
            self.bytes += len(text.encode("utf-8"))
            return self._atomic(path, text, **kw)

        def append(rec, path, start):  # noqa: ANN001, ANN202
            self.bytes += sum(len(record_module.journal_line(rec, n).encode("utf-8"))
                              for n in range(start + 1, len(rec.actions) + 1))
            return self._append(rec, path, start)

        record_module.atomic_write = atomic
        session_module.append_moves = append


def run(way: str, moves: list[str], folder: Path, counter: Counter,
        points: tuple[int, ...] = POINTS) -> dict[int, tuple[float, float]]:
    """Save after each of ``moves``; (seconds, bytes) per move over moves n/2+1..n for each n of POINTS."""
    path = folder / f"{way}.json"
    session = Session.new(get_game("sintra"), [Seat("Ana"), Seat("Bia")], {}, seed=7, path=path)
    session.record.actions.append(moves[0])
    session.save()  # the first save claims the file
    spent: list[tuple[float, int]] = [(0.0, 0)]
    for text in moves[1:]:
        session.record.actions.append(text)
        before = counter.bytes
        started = time.perf_counter()
        if way == "journal":
            session.save()
        else:
            save_record(session.record, session.path)
        spent.append((time.perf_counter() - started, counter.bytes - before))
    assert read_record(path).actions == moves, "the save must hold every move"
    session.close()
    path.unlink()
    out = {}
    for n in points:
        window = spent[n // 2:n]
        out[n] = (sum(s for s, _ in window) / len(window), sum(b for _, b in window) / len(window))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=Path.cwd())
    parser.add_argument("--points", default=",".join(map(str, POINTS)), help="the two move counts compared")
    args = quick_args(parser, repeats=1, points="10,40")
    points = tuple(int(n) for n in args.points.split(","))
    print(f"boardgames from {Path(boardgames.__file__).parent}")
    print(machine())
    counter = Counter()
    counter.install()
    moves = notations(max(points))
    results: dict[str, list[dict[int, tuple[float, float]]]] = {"journal": [], "whole": []}
    with tempfile.TemporaryDirectory(prefix="bg-save-cost-", dir=args.dir) as folder:
        for _ in range(args.repeats):
            for way in results:  # alternating, so both meet the same disk and load
                results[way].append(run(way, moves, Path(folder), counter, points))
    table: dict[str, dict[int, tuple[float, float]]] = {}
    for way, runs in results.items():
        table[way] = {n: (statistics.median(r[n][0] for r in runs), statistics.median(r[n][1] for r in runs))
                      for n in points}
        cells = "  ".join(f"move {n}: {t * 1000:.3f} ms, {b:,.0f} bytes" for n, (t, b) in table[way].items())
        print(f"{way:8} {cells}  (move {points[1]} / move {points[0]}: "
              f"{table[way][points[1]][0] / table[way][points[0]][0]:.2f}x)")
    for n in points:
        (jt, jb), (wt, wb) = table["journal"][n], table["whole"][n]
        print(f"at move {n}: the journal costs {jt / wt:.2f} of the whole rewrite's time and {jb / wb:.3f} "
              f"of its bytes")
    print(f"fsync: {'yes' if hasattr(os, 'fsync') else 'no'}; folder {args.dir}")


if __name__ == "__main__":
    main()
