"""Time from a key press to the redrawn Sintra board, 4 players, at 80x24 and 120x40.

Runs the real app headless. Headless Textual still lays out and composes every
frame and hands it to ``App._display``; only the terminal write is skipped. So
each sample posts a key event through the driver (as a terminal would) and
stops the clock when the last frame caused by that key has been composed and
encoded into terminal escape codes (which this script does itself, to count
the cost headless mode skips). Pilot's own settle waits are not in the figure.

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

from textual import events

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp

#: cursor moves in the take phase: each one redraws the board's highlight and info line
KEYS = ("right", "right", "down", "left", "up", "left", "tab", "right", "tab")
SETTLE = 0.05  # a key's frames are over when nothing is drawn for this long


def busy_session() -> Session:
    game = get_game("sintra")
    seats = [Seat(name) for name in ("Ana", "Bia", "Caio", "Duda")]
    session = Session.new(game, seats, {}, seed=42)
    for _ in range(40):  # a board with glass on many strips
        session.apply(session.state.legal_actions()[-1 if session.state.phase == "place" else 0])
    return session


async def measure(size: tuple[int, int], presses: int) -> list[float]:
    app = BoardgamesApp(session=busy_session(), bot_delay=0)
    frames: list[float] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        original = app._display

        def timed_display(screen, renderable) -> None:
            original(screen, renderable)
            if renderable is not None:
                renderable.render_segments(app.console)
                frames.append(time.perf_counter())

        app._display = timed_display
        timings = []
        for i in range(presses):
            key = KEYS[i % len(KEYS)]
            frames.clear()
            started = time.perf_counter()
            app._driver.send_message(events.Key(key, None))
            while True:
                seen = len(frames)
                await asyncio.sleep(SETTLE)
                if frames and len(frames) == seen:
                    break
            timings.append(frames[-1] - started)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=90)
    args = parser.parse_args()
    os.environ.setdefault("BOARDGAMES_HOME", tempfile.mkdtemp(prefix="bg-bench-"))
    for size in ((80, 24), (120, 40)):
        timings = sorted(asyncio.run(measure(size, args.presses)))
        median = statistics.median(timings) * 1000
        p90 = timings[int(len(timings) * 0.9)] * 1000
        print(f"{size[0]}x{size[1]}: key to redrawn board median {median:.1f} ms, "
              f"90th percentile {p90:.1f} ms over {len(timings)} presses")


if __name__ == "__main__":
    main()
