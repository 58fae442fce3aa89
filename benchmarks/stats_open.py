"""Time to show the Statistics screen with 10,000 games in the history, as a ratio to a key press redraw.

Both are measured in the same run with the same clock as ``key_to_redraw.py`` (a key event goes through the
driver as a terminal would send it): the baseline is a cursor key on a busy Sintra game (four seats, the take
phase); the figures are ``s`` pressed at the menu, timed to the first frame that shows the player's record (what
the player waits for) and, for the record, to the last frame it causes (the chart, drawn right after). The menu
makes the screen ahead (its history read and checked in a worker thread) a moment after its first frame, so
three openings are timed: the first, ``--wait`` seconds after the menu appeared (as a person looks at it before
a key); again with nothing changed; and again after a game ended meanwhile, written as a game's end writes it by
another connection. That last one shows the record as it was at once and the new game a moment later, once a
worker has checked and read the history again: both are timed (the new game to the first frame that counts it).
Escape closes it after each (not timed). The history is filled first (not timed): 10,000 games among eight people
and two bots. benchmarks/first_open.py times the first opening in a fresh process.

    PYTHONPATH=.:benchmarks python benchmarks/stats_open.py [--games 10000] [--rounds 10] [--wait 1.0] [--turns 2]

Target: the screen shows in at most 3 times the median key press redraw.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from history_fill import fill, one_more
from key_to_redraw import BENCHES, busy_session
from quick import quick_args
from redraw_timer import FrameClock
from spread import load_average, machine
from textual.app import App

from boardgames.history.store import History
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.stats import StatsScreen
from boardgames.tui.widgets.statchart import StatChart


def record_shown(app) -> bool:
    """The Statistics screen is in front and shows a player's record."""
    screen = app.screen
    return (isinstance(screen, StatsScreen) and screen.overview is not None
            and bool(screen.query_one("#stats-record").display))


def counting(games: list[int]) -> Callable[[App], bool]:
    """The record shown counts the history's ``games[0]`` games (not one read before a game ended)."""
    return lambda app: record_shown(app) and app.screen.overview.version[0] == games[0]


async def key_presses(rounds: int, size: tuple[int, int]) -> list[float]:
    app = BoardgamesApp(session=busy_session("sintra", 4, {}, 42), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        clock = FrameClock(app)
        keys = BENCHES["sintra"].keys
        return [await clock.time_key(app, keys[i % len(keys)]) for i in range(rounds)]


async def stats_opens(path: Path, rounds: int, size: tuple[int, int],
                      wait: float) -> dict[str, list[tuple[float, float]]]:
    """(first frame with the record, last frame) of each opening: "first" (made ahead), "again", "after a game"
    (its first frame, the record as it was) and "the new game" (the first frame that counts it)."""
    app = BoardgamesApp(history=path, bot_delay=0)
    timed: dict[str, list[tuple[float, float]]] = {"first": [], "again": [], "after a game": [], "the new game": []}
    with History.open(path) as history:
        games = [history.count()]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await asyncio.sleep(wait)
        shown: list[float] = []  # when the first frame with a record (of any count) was made
        counts = counting(games)

        def marked(app: App) -> bool:
            if not shown and record_shown(app):
                shown.append(clock.frames[-1])
            return counts(app)

        clock = FrameClock(app, marked=marked)

        async def opening(kind: str) -> None:
            shown.clear()
            started = time.perf_counter()
            first, last = await clock.time_key_frames(app, "s", opens=True)
            assert clock.marked, "Statistics did not show the history as it is"
            if kind == "after a game":
                timed["the new game"].append((first, last))
                first = shown[0] - started
            timed[kind].append((first, last))
            assert app.screen.query_one(StatChart).scores, "no chart was drawn"
            await clock.time_key(app, "escape")

        await opening("first")
        for number in range(rounds):
            await opening("again")
            with History.open(path) as history:  # a game ends at another terminal meanwhile
                history.add(one_more(history, number))
                games[0] = history.count()
            await opening("after a game")
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--wait", type=float, default=1.0, help="seconds from the menu to the first opening")
    parser.add_argument("--turns", type=int, default=2, help="turns of the key presses and the openings, each in "
                        "new apps, interleaved so that a change of load falls on both")
    # the tiny run: one turn of one round (its three openings: the first, again, after a game ended)
    args = quick_args(parser, games=20, rounds=1, turns=1)
    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BOARDGAMES_HOME"] = folder
        path = Path(folder) / "history.sqlite3"
        fill(path, args.games).close()
        size = (80, 24)
        presses: list[float] = []
        opens: dict[str, list[tuple[float, float]]] = {}
        for _ in range(args.turns):
            presses += asyncio.run(key_presses(args.rounds, size))
            for kind, times in asyncio.run(stats_opens(path, args.rounds, size, args.wait)).items():
                opens.setdefault(kind, []).extend(times)
    press = statistics.median(presses) * 1000
    print(f"{args.games} games, 80x24: a key press on a Sintra board redraws in {press:.1f} ms "
          f"(median of {len(presses)}); Statistics (medians, ratio to the key):")
    for kind, times in opens.items():
        first, last = (statistics.median(t[i] for t in times) * 1000 for i in (0, 1))
        print(f"  {kind:14} first frame {first:6.1f} ms, ratio {first / press:4.1f}; last frame {last:6.1f} ms, "
              f"ratio {last / press:4.1f}  ({len(times)} openings)")
    print(f"target: within 3 times the key; the first opening {args.wait:.1f} s after the menu appeared; load "
          f"average {load_average():.2f} after")


if __name__ == "__main__":
    main()
