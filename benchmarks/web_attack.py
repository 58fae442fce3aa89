"""Key to redraw in a browser tab while another tab floods the web server, as a ratio to no flood.

A player's tab (from 127.0.0.2) presses j and k in the menu in turn; a sample is the time from
sending the key to the end of the redraw it causes (the tab then stays quiet for 50 ms). A second
tab (from 127.0.0.1) is open throughout and, in every other round, floods: ``keys`` sends key
messages as fast as the server takes them, ``resize`` sends window sizes (500x200 and 80x24 in
turn, each a full redraw). Rounds with and without the flood alternate in one run, so the ratio
does not follow the machine's load. Printed: median and 90th percentile of each, and the ratios.

    python benchmarks/web_attack.py [--flood keys|resize] [--rounds 6] [--presses 10] [--settle 2] [--messages 0]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quick import quick_args
from serve_common import percentile  # noqa: E402
from spread import machine  # noqa: E402

from tests.serve.webclient import Tab, frame, web_server  # noqa: E402

QUIET = 0.05


async def redraw_time(tab: Tab, key: str) -> float:
    sent = time.perf_counter()
    tab.send("stdin", key)
    await asyncio.wait_for(tab.read_one(), 30)
    last = time.perf_counter()
    while True:
        try:
            await asyncio.wait_for(tab.read_one(), QUIET)
        except TimeoutError:
            return last - sent
        last = time.perf_counter()


async def flood(tab: Tab, kind: str, on: asyncio.Event, most: int) -> None:
    """Flood while ``on`` is set: ``most`` messages in all, or without end if 0."""
    keys = frame(json.dumps(["stdin", "jk" * 200]).encode())
    sizes = [frame(json.dumps(["resize", {"width": w, "height": h}]).encode()) for w, h in ((500, 200), (80, 24))]
    turn = 0
    while not most or turn < most:
        await on.wait()
        turn += 1
        tab.writer.write(keys if kind == "keys" else sizes[turn % 2])
        await tab.writer.drain()


async def drain(tab: Tab) -> None:
    while await tab.read_one():
        tab.raw = b""


async def main(kind: str, rounds: int, presses: int, settle: float, most: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BOARDGAMES_HOME"] = folder  # the tabs' processes keep nothing of the user's
        async with web_server(Path(folder)) as server:
            origin = f"http://127.0.0.1:{server.port}"
            player = await Tab.open(server.port, source="127.0.0.2", origin=origin)
            attacker = await Tab.open(server.port, source="127.0.0.1", origin=origin)
            player.send("resize", {"width": 80, "height": 24})
            await player.wait_for("Load a saved game", timeout=300)
            on = asyncio.Event()
            tasks = [asyncio.create_task(flood(attacker, kind, on, most)), asyncio.create_task(drain(attacker))]
            samples: dict[str, list[float]] = {"alone": [], "flood": []}
            try:
                for number in range(2 * rounds):
                    mode = "flood" if number % 2 else "alone"
                    if mode == "flood":
                        on.set()
                        await asyncio.sleep(settle)  # the flood under way
                    for press in range(presses):
                        samples[mode].append(await redraw_time(player, "jk"[press % 2]))
                        await asyncio.sleep(0.1)
                    on.clear()
                    await asyncio.sleep(settle)  # what was let in is played out before the next round
            finally:
                for task in tasks:
                    task.cancel()
                with contextlib.suppress(BaseException):
                    await asyncio.gather(*tasks, return_exceptions=True)
                attacker.abort()
                await player.close()
    print(machine())
    alone, flooded = samples["alone"], samples["flood"]
    for name, values in (("alone", alone), (f"{kind} flood", flooded)):
        print(f"{name}: median {statistics.median(values) * 1000:.1f} ms, "
              f"90th percentile {percentile(values, 0.9) * 1000:.1f} ms ({len(values)} presses)")
    print(f"ratio: median {statistics.median(flooded) / statistics.median(alone):.2f}, "
          f"90th percentile {percentile(flooded, 0.9) / percentile(alone, 0.9):.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", choices=("keys", "resize"), default="keys")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--presses", type=int, default=10)
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds a flood runs before the presses, and the quiet after each round")
    parser.add_argument("--messages", type=int, default=0, help="messages the flood sends in all (default: no end)")
    # the tiny run floods a little only: the server lets a whole burst of keys in at once (64 KiB, some 65,000
    # keys), which the attacker's tab process then spends a core on until it is killed 5 s after its tab closes
    arguments = quick_args(parser, rounds=1, presses=2, settle=0.2, messages=2)
    asyncio.run(main(arguments.flood, arguments.rounds, arguments.presses, arguments.settle, arguments.messages))
