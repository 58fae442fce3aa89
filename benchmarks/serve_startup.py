"""Start-up over SSH: from the TCP connect to the first full menu frame on the client, median, with the game
process forked from the server's warm process and started cold (``--no-warm-fork``).

Two servers run side by side, one each way; for comparison, the same game process is also started cold on a
local pseudo-terminal with no SSH in between (what a player at the machine waits for). The three are measured
in turn, sample by sample, so noise hits all alike.

    python benchmarks/serve_startup.py [--samples N] [--no-warm-up]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

from quick import quick_args
from serve_common import ESCAPES, MENU_FRAME, ServerProcess, Terminal
from spread import machine

from boardgames.serve.ptychild import PtyChild


async def over_ssh(server: ServerProcess) -> float:
    started = time.monotonic()
    conn = await server.connect()
    try:
        terminal = await Terminal.open(conn)
        return await terminal.wait_for(MENU_FRAME) - started
    finally:
        conn.close()
        await conn.wait_closed()


async def on_local_pty(home: str) -> float:
    env = {"PATH": os.environ.get("PATH", ""), "TERM": "xterm", "LANG": "C.UTF-8", "BOARDGAMES_HOME": home,
           "HOME": home}
    started = time.monotonic()
    child = PtyChild([sys.executable, "-m", "boardgames.serve.child"], env, 80, 24)
    await child.start()
    raw = bytearray()
    try:
        while not all(word in ESCAPES.sub(b"", bytes(raw)).decode("utf-8", "replace") for word in MENU_FRAME):
            data = await asyncio.wait_for(child.read(), 120)
            if not data:
                raise SystemExit("the local game process ended before its menu")
            raw += data
        return time.monotonic() - started
    finally:
        await child.stop()


def summary(what: str, samples: list[float]) -> str:
    return (f"{what}: median {statistics.median(samples) * 1000:.0f} ms (fastest {min(samples) * 1000:.0f}, "
            f"slowest {max(samples) * 1000:.0f}; {len(samples)} samples)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--no-warm-up", dest="warm_up", action="store_false",
                        help="measure from the first start, caches cold")
    args = quick_args(parser, samples=1, warm_up=False)
    print(f"machine: {machine()}")
    home = tempfile.mkdtemp(prefix="bg-local-")
    with ServerProcess() as warm_server, ServerProcess(extra=("--no-warm-fork",)) as cold_server:
        if args.warm_up:  # warm the caches
            await over_ssh(warm_server), await over_ssh(cold_server), await on_local_pty(home)
        warm, cold, local = [], [], []
        for _ in range(args.samples):
            warm.append(await over_ssh(warm_server))
            await asyncio.sleep(0.5)  # the last game process is gone before the next sample
            cold.append(await over_ssh(cold_server))
            await asyncio.sleep(0.5)
            local.append(await on_local_pty(home))
            await asyncio.sleep(0.5)
    print(summary("TCP connect to the first full menu frame over SSH, game forked from the warm process", warm))
    print(summary("the same, game started cold (--no-warm-fork)", cold))
    print(summary("the same menu started cold on a local pty, no SSH", local))
    print(f"ratio warm / cold over SSH: {statistics.median(warm) / statistics.median(cold):.2f} (target at most 0.5); "
          f"cold over SSH / local: {statistics.median(cold) / statistics.median(local):.2f}")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
