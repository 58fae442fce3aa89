"""Time from a key press to the redrawn Sintra board, 4 players, at 80x24 and 120x40.

Drives the real app headless through Textual's pilot: each sample presses a
cursor key on the game screen and waits until the app has handled it and
repainted (pilot.pause() returns once the message queue is idle after the
refresh). Reports the median and the 90th percentile.

    python benchmarks/key_to_redraw.py [--presses N]

Target: median under 30 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp

KEYS = ("right", "right", "down", "left", "up", "left")


async def measure(size: tuple[int, int], presses: int) -> list[float]:
    game = get_game("sintra")
    seats = [Seat(name) for name in ("Ana", "Bia", "Caio", "Duda")]
    session = Session.new(game, seats, {}, seed=42)
    # play a few turns so the board is busy
    for _ in range(12):
        session.apply(session.state.legal_actions()[0])
    app = BoardgamesApp(session=session, bot_delay=0)
    timings = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(presses):
            key = KEYS[i % len(KEYS)]
            started = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            timings.append(time.perf_counter() - started)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=120)
    args = parser.parse_args()
    os.environ.setdefault("BOARDGAMES_HOME", tempfile.mkdtemp(prefix="bg-bench-"))
    for size in ((80, 24), (120, 40)):
        timings = sorted(asyncio.run(measure(size, args.presses)))
        median = statistics.median(timings) * 1000
        p90 = timings[int(len(timings) * 0.9)] * 1000
        print(f"{size[0]}x{size[1]}: median {median:.1f} ms, 90th percentile {p90:.1f} ms over {len(timings)} presses")


if __name__ == "__main__":
    main()
