"""Memory of idle SSH sessions: N clients (default 100) connected at once, each at the menu, with game processes
forked from the server's warm process and then started cold (``--no-warm-fork``), one after the other in one run.

Resident memory per session = (every game process's VmRSS + the server's growth) / N. Resident memory counts
shared pages (the Python binary, libraries, and a forked game's pages shared with the warm process) in every
process; the proportional figure (Pss) splits them between the processes that share them. Proportional per
session = (every game process's Pss + the warm process's Pss + the server's growth) / N.

    python benchmarks/serve_memory.py [--sessions 100] [--only warm|cold]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

from quick import quick_args
from serve_common import MENU_FRAME, ServerProcess, Terminal, memory_kib
from spread import machine

MIB = 1024
MODES = {"warm": (), "cold": ("--no-warm-fork",)}


async def measure(mode: str, sessions: int, batch: int, idle: float) -> tuple[float, float]:
    """(resident, proportional) MiB per session, printing the details."""
    with ServerProcess(sessions=sessions, extra=MODES[mode]) as server:
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

        for first in range(0, sessions, batch):
            await asyncio.gather(*(one() for _ in range(first, min(sessions, first + batch))))
        print(f"{mode}: {sessions} sessions at the menu after {time.monotonic() - started:.0f} s")
        await asyncio.sleep(idle)
        children = server.children()
        sizes = [memory_kib(pid) for pid in children]
        zygotes = [memory_kib(pid) for pid in server.children(b"boardgames.serve.zygote")]
        server_after, _ = memory_kib(server.proc.pid)
        rss, pss = [r for r, _ in sizes], [p for _, p in sizes]
        growth = max(0, server_after - server_before)
        zygote_pss = sum(p for _, p in zygotes)
        per_rss = (sum(rss) + growth) / len(children) / MIB
        per_pss = (sum(pss) + zygote_pss + growth) / len(children) / MIB
        print(f"{mode}: game processes: {len(children)}; resident each: median {statistics.median(rss) / MIB:.1f} "
              f"MiB, largest {max(rss) / MIB:.1f} MiB; proportional (Pss) median {statistics.median(pss) / MIB:.1f} "
              f"MiB")
        if zygotes:
            print(f"{mode}: warm process: {zygotes[0][0] / MIB:.1f} MiB resident, {zygote_pss / MIB:.1f} MiB "
                  "proportional")
        print(f"{mode}: server: {server_before / MIB:.1f} MiB before, {server_after / MIB:.1f} MiB with the sessions "
              f"({growth / MIB / len(children):.2f} MiB a session)")
        print(f"{mode}: per session: resident {per_rss:.1f} MiB, proportional {per_pss:.1f} MiB; in all "
              f"{(sum(rss) + server_after) / MIB:.0f} MiB resident for {len(children)} sessions")
        for conn in connections:
            conn.close()
    return per_rss, per_pss


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--batch", type=int, default=10, help="sessions opened together")
    parser.add_argument("--only", choices=tuple(MODES), default=None, help="measure one way of starting games")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds the sessions sit idle before measuring")
    args = quick_args(parser, sessions=1, batch=1, only="warm", idle=0.5)
    print(f"machine: {machine()}")
    results = {}
    for mode in [args.only] if args.only else list(MODES):
        results[mode] = await measure(mode, args.sessions, args.batch, args.idle)
        print(f"load average after {mode}: {os.getloadavg()[0]:.2f}")
    if len(results) == 2:
        (warm_rss, warm_pss), (cold_rss, cold_pss) = results["warm"], results["cold"]
        print(f"proportional memory per session: warm {warm_pss:.1f} MiB, cold {cold_pss:.1f} MiB "
              f"(ratio warm / cold {warm_pss / cold_pss:.2f}; target at most 15 MiB warm); resident: warm "
              f"{warm_rss:.1f} MiB, cold {cold_rss:.1f} MiB")


if __name__ == "__main__":
    asyncio.run(main())
