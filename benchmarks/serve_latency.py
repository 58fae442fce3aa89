"""Key to redraw as an SSH client sees it: one session alone, then N sessions (default 20) at once.

Every session is a 2-player Sintra game (``ssh HOST sintra``, Enter) and presses → and ← in turn,
one key every 200 ms; a sample is the time from sending the key to the last byte of the redraw it
causes (the output then stays quiet for 50 ms). Printed: median and 90th percentile, alone and
together, and together as a ratio to alone.

    python benchmarks/serve_latency.py [--sessions 20] [--presses 50]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from redraw_timer import machine
from serve_common import ServerProcess, Terminal, percentile

KEYS = (b"\x1b[C", b"\x1b[D")  # right, left: the supply's cursor moves between displays
INTERVAL = 0.2


async def open_game(server: ServerProcess, connections: list) -> Terminal:
    conn = await server.connect()
    connections.append(conn)
    terminal = await Terminal.open(conn, "sintra")
    await terminal.wait_for(("New game: Azul", "Start"), timeout=600)
    terminal.process.stdin.write(b"\r")
    await terminal.wait_for(("take all the glass",), timeout=600)
    await asyncio.sleep(1)  # let the first frames settle
    terminal.raw.clear()
    return terminal


async def press(terminal: Terminal, presses: int, offset: float) -> list[float]:
    await asyncio.sleep(offset)
    timings = []
    for number in range(presses):
        began = time.monotonic()
        timings.append(await terminal.redraw_after(KEYS[number % 2]))
        await asyncio.sleep(max(0.0, INTERVAL - (time.monotonic() - began)))
    return timings


def summary(timings: list[float]) -> tuple[float, float]:
    return statistics.median(timings) * 1000, percentile(timings, 0.9) * 1000


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--presses", type=int, default=50)
    args = parser.parse_args()
    print(f"machine: {machine()}")
    connections: list = []
    with ServerProcess(sessions=args.sessions + 5) as server:
        first = await open_game(server, connections)
        alone = await press(first, args.presses, 0)
        others = []
        for _ in range(args.sessions - 1):
            others.append(await open_game(server, connections))
        terminals = [first, *others]
        rng = random.Random(1)
        results = await asyncio.gather(*(press(t, args.presses, rng.uniform(0, INTERVAL)) for t in terminals))
        together = [timing for result in results for timing in result]
        for conn in connections:
            conn.close()
    alone_median, alone_p90 = summary(alone)
    together_median, together_p90 = summary(together)
    print(f"one session alone: median {alone_median:.1f} ms, 90th percentile {alone_p90:.1f} ms "
          f"({len(alone)} presses)")
    print(f"{args.sessions} sessions, a key every {INTERVAL * 1000:.0f} ms each: median {together_median:.1f} ms, "
          f"90th percentile {together_p90:.1f} ms ({len(together)} presses)")
    print(f"ratio to alone: median {together_median / alone_median:.2f}, "
          f"90th percentile {together_p90 / alone_p90:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
