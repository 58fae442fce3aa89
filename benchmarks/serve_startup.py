"""Start-up over SSH: from the TCP connect to the first full menu frame on the client, median.

For comparison, the same game process started on a local pseudo-terminal with no SSH in between
(what a player at the machine waits for). The two are measured alternately so noise hits both alike.

    python benchmarks/serve_startup.py [--samples N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

from redraw_timer import machine
from serve_common import ESCAPES, MENU_FRAME, ServerProcess, Terminal

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


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10)
    args = parser.parse_args()
    print(f"machine: {machine()}")
    home = tempfile.mkdtemp(prefix="bg-local-")
    with ServerProcess() as server:
        await over_ssh(server), await on_local_pty(home)  # warm the file cache and bytecode
        ssh, local = [], []
        for _ in range(args.samples):
            ssh.append(await over_ssh(server))
            local.append(await on_local_pty(home))
            await asyncio.sleep(0.5)  # the last game process is gone before the next sample
    ssh_ms, local_ms = statistics.median(ssh) * 1000, statistics.median(local) * 1000
    print(f"TCP connect to the first full menu frame over SSH: median {ssh_ms:.0f} ms "
          f"(fastest {min(ssh) * 1000:.0f}, slowest {max(ssh) * 1000:.0f}; {args.samples} samples)")
    print(f"the same menu on a local pty, no SSH: median {local_ms:.0f} ms")
    print(f"ratio SSH / local: {ssh_ms / local_ms:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
