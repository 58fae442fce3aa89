"""Time to open the Statistics screen with 10,000 games in the history, as a ratio to a key press redraw.

Both are measured in the same run with the same clock as ``key_to_redraw.py`` (a key event goes through the
driver as a terminal would send it): the baseline is a cursor key on a busy Sintra game (four seats, the take
phase); the figure is ``s`` pressed at the menu, timed to the first frame that shows the player's chart (what
the player waits for) and, for the record, to the last frame it causes. Escape closes it after each round (not
timed). The history is filled first (not timed): 10,000 games among eight people and two bots.

    PYTHONPATH=. python benchmarks/stats_open.py [--games 10000] [--rounds 10]

Target: the screen opens in at most 3 times the median key press redraw.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from history_fill import fill
from key_to_redraw import BENCHES, busy_session
from quick import quick_args
from redraw_timer import FrameClock, machine

from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.stats import StatsScreen
from boardgames.tui.widgets.statchart import StatChart


def chart_shown(app) -> bool:
    if not isinstance(app.screen, StatsScreen):
        return False
    charts = app.screen.query(StatChart)
    return bool(charts) and bool(charts.first().scores)


async def key_presses(rounds: int, size: tuple[int, int]) -> list[float]:
    app = BoardgamesApp(session=busy_session("sintra", 4, {}, 42), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        clock = FrameClock(app)
        keys = BENCHES["sintra"].keys
        return [await clock.time_key(app, keys[i % len(keys)]) for i in range(rounds)]


async def stats_opens(history: Path, rounds: int,
                      size: tuple[int, int]) -> tuple[list[float], list[float], list[float]]:
    """(opens to the first frame with the chart, opens to their last frame, a choice changed on the screen)."""
    app = BoardgamesApp(history=history, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        clock = FrameClock(app, marked=chart_shown)
        firsts, lasts, changes = [], [], []
        for _ in range(rounds):
            first, last = await clock.time_key_frames(app, "s")
            assert isinstance(app.screen, StatsScreen), "Statistics did not open"
            assert chart_shown(app), "no chart was drawn"
            firsts.append(first)
            lasts.append(last)
            changes.append(await clock.time_key(app, "right"))  # the next player: asked again, drawn again
            await clock.time_key(app, "escape")
    return firsts, lasts, changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=10)
    args = quick_args(parser, games=20, rounds=2)
    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory() as folder:
        import os

        os.environ["BOARDGAMES_HOME"] = folder
        path = Path(folder) / "history.sqlite3"
        fill(path, args.games).close()
        size = (80, 24)
        presses, opens, settled, changes = [], [], [], []
        for _ in range(2):  # interleaved, so a change of load falls on both
            presses += asyncio.run(key_presses(args.rounds, size))
            first, last, changed = asyncio.run(stats_opens(path, args.rounds, size))
            opens += first
            settled += last
            changes += changed
    press, shown, last, change = (statistics.median(t) * 1000 for t in (presses, opens, settled, changes))
    print(f"{args.games} games, 80x24: Statistics shows its chart in {shown:.1f} ms, a key press on a Sintra board "
          f"redraws in {press:.1f} ms (medians of {len(opens)} and {len(presses)}): ratio {shown / press:.1f} "
          f"(target 3 or less); its last frame at {last:.1f} ms (ratio {last / press:.1f})")
    print(f"  against a key on the Statistics screen itself (the next player, asked and drawn again: "
          f"{change:.1f} ms): ratio {shown / change:.1f}")


if __name__ == "__main__":
    main()
