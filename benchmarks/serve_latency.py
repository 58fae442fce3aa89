"""Key to redraw as an SSH client sees it: one session pressing keys alone, and N sessions (default 20) at once.

Every session is a 2-player Sintra game (``ssh HOST sintra``, Enter); all N are opened first. Then
"alone" phases (only the first session presses → and ←, the others sit idle in their games) and
"together" phases (all N press) alternate, ``--rounds`` of each, so both see the same machine load
(measured at different times, the ratio followed the load: 0.86, then 1.23 to 1.78). A session
presses one key every 200 ms; a sample is the time from sending the key to the last byte of the
redraw it causes (the output then stays quiet for 50 ms). Printed: median and 90th percentile,
alone and together, together as a ratio to alone, and the load average before and after.

    python benchmarks/serve_latency.py [--sessions 20] [--rounds 5] [--presses 10] [--no-warm-fork]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time

from quick import quick_args
from serve_common import ServerProcess, Terminal, percentile
from spread import machine

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
    parser.add_argument("--rounds", type=int, default=5, help="alone and together phases, alternating")
    parser.add_argument("--presses", type=int, default=10, help="presses of each session in each phase")
    parser.add_argument("--no-warm-fork", dest="warm_fork", action="store_false",
                        help="the server starts each game process cold (serve --no-warm-fork)")
    # the tiny run: one session, started cold (its one game process costs less than the server's warm process
    # and a game forked from it)
    args = quick_args(parser, sessions=1, rounds=1, presses=2, warm_fork=False)
    print(f"machine: {machine()}")
    connections: list = []
    alone, together = [], []
    with ServerProcess(sessions=args.sessions + 5, extra=() if args.warm_fork else ("--no-warm-fork",)) as server:
        terminals = [await open_game(server, connections) for _ in range(args.sessions)]
        rng = random.Random(1)
        for _ in range(args.rounds):
            alone += await press(terminals[0], args.presses, 0)
            await asyncio.sleep(0.5)
            results = await asyncio.gather(*(press(t, args.presses, rng.uniform(0, INTERVAL)) for t in terminals))
            together += [timing for result in results for timing in result]
            await asyncio.sleep(0.5)
        for conn in connections:
            conn.close()
    alone_median, alone_p90 = summary(alone)
    together_median, together_p90 = summary(together)
    print(f"one session alone: median {alone_median:.1f} ms, 90th percentile {alone_p90:.1f} ms "
          f"({len(alone)} presses)")
    print(f"{args.sessions} sessions, a key every {INTERVAL * 1000:.0f} ms each: median {together_median:.1f} ms, "
          f"90th percentile {together_p90:.1f} ms ({len(together)} presses)")
    print(f"ratio to alone ({args.rounds} rounds of each, interleaved): median {together_median / alone_median:.2f}, "
          f"90th percentile {together_p90 / alone_p90:.2f}")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
