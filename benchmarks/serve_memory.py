"""Memory of idle SSH sessions: N clients (default 100) connected at once, each at the menu.

Resident memory per session = (every game process's VmRSS + the server's growth) / N. Resident
memory counts shared pages (the Python binary, libraries) in every process; the proportional
figure (Pss) splits them between the processes that share them, and is also printed.

    python benchmarks/serve_memory.py [--sessions 100]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from redraw_timer import machine
from serve_common import MENU_FRAME, ServerProcess, Terminal, memory_kib

MIB = 1024


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--batch", type=int, default=10, help="sessions opened together")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    with ServerProcess(sessions=args.sessions) as server:
        await asyncio.sleep(1)
        server_before, _ = memory_kib(server.proc.pid)
        connections, terminals = [], []
        started = time.monotonic()

        async def one() -> None:
            conn = await server.connect()
            connections.append(conn)
            terminal = await Terminal.open(conn)
            terminals.append(terminal)
            await terminal.wait_for(MENU_FRAME, timeout=600)

        for first in range(0, args.sessions, args.batch):
            await asyncio.gather(*(one() for _ in range(first, min(args.sessions, first + args.batch))))
        print(f"{args.sessions} sessions at the menu after {time.monotonic() - started:.0f} s")
        await asyncio.sleep(5)  # idle
        children = server.children()
        sizes = [memory_kib(pid) for pid in children]
        server_after, _ = memory_kib(server.proc.pid)
        rss = [r for r, _ in sizes]
        pss = [p for _, p in sizes]
        growth = max(0, server_after - server_before)
        per_session = (sum(rss) + growth) / len(children) / MIB
        print(f"game processes: {len(children)}; resident each: median {statistics.median(rss) / MIB:.1f} MiB, "
              f"largest {max(rss) / MIB:.1f} MiB; proportional (Pss) median {statistics.median(pss) / MIB:.1f} MiB")
        print(f"server: {server_before / MIB:.1f} MiB before, {server_after / MIB:.1f} MiB with the sessions "
              f"({growth / MIB / len(children):.2f} MiB a session)")
        print(f"resident memory per session: {per_session:.1f} MiB (target under 60 MiB); "
              f"proportional: {(sum(pss) + growth) / len(children) / MIB:.1f} MiB")
        print(f"in all: {(sum(rss) + server_after) / MIB:.0f} MiB resident for {len(children)} sessions")
        for conn in connections:
            conn.close()


if __name__ == "__main__":
    asyncio.run(main())
