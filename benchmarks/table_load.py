"""The busy tables around the one ``table_latency.py`` measures, in a process of their own: N tables in the same
lobby folder, each with its players' and spectators' terminals on pseudo-terminals, and a move written at
each table every ``--pace`` seconds once told to go.

    python benchmarks/table_load.py TABLES_FOLDER --tables 24 [--seats 4] [--spectators 8] [--pace 6]

Talks over its standard streams: prints ``ready TERMINALS PSS_KIB IDLE_CORES`` once every terminal shows its
table (and the cores they used over IDLE seconds with no move anywhere), starts
the moves on ``go``, and on ``stop`` prints ``moved MOVES SECONDS LATE CPU_SECONDS`` (the terminals' processor
time over the moves, and how many moves came later than a pace behind their time), closes the terminals and
ends. Its progress goes to standard error.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
import time
from pathlib import Path

from serve_common import memory_kib
from table_common import Mover, Terminal, make_table, open_terminals

from boardgames.lobby.store import Lobby

#: seconds the open terminals' processor use is measured with no move at any table
IDLE = 5.0


class Pacer:
    """Writes a move at each table every ``pace`` seconds, the tables spread evenly over the period."""

    def __init__(self, movers: list[Mover], pace: float) -> None:
        self.movers = movers
        self.pace = pace
        self.moves = 0
        self.late = 0
        self.running = True

    async def run_table(self, mover: Mover, offset: float) -> None:
        start = time.monotonic() + offset
        for count in range(1_000_000):
            due = start + count * self.pace
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            if not self.running or mover.over:
                return
            if time.monotonic() - due > self.pace:
                self.late += 1
            await asyncio.to_thread(mover.move, mover.next_seat())  # the loop goes on reading the terminals
            self.moves += 1

    async def run(self) -> None:
        count = len(self.movers)
        await asyncio.gather(*(self.run_table(mover, self.pace * n / count) for n, mover in enumerate(self.movers)))


async def open_all(args: argparse.Namespace, lobby: Lobby, home: Path) -> tuple[list[Terminal], list[Mover]]:
    """Every table and its terminals, two opening at a time (one a core)."""
    gate = asyncio.Semaphore(2)
    terminals: list[Terminal] = []
    movers: list[Mover] = []

    async def one(number: int) -> None:
        table, players = make_table(lobby, args.game, f"t{number}", args.seats, args.seed + number)
        movers.append(Mover(table, players, args.seed + number))
        async with gate:
            terminals.extend(await open_terminals(lobby.folder, table, players, args.spectators, home))
        print(f"table {number + 1} of {args.tables}: {len(terminals)} terminals open", file=sys.stderr, flush=True)

    await asyncio.gather(*(one(number) for number in range(args.tables)))
    return terminals, movers


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the lobby's tables folder")
    parser.add_argument("--game", default="bluemoon")
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--spectators", type=int, default=8)
    parser.add_argument("--pace", type=float, default=6.0, help="seconds between two moves at one table")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bg-table-load-"))
    terminals: list[Terminal] = []
    try:
        terminals, movers = await open_all(args, Lobby(args.folder), home)
        await asyncio.sleep(2)  # the first frames settle
        pss = sum(memory_kib(terminal.child.pid or 0)[1] for terminal in terminals)
        cpu = sum(t.cpu_seconds() for t in terminals)
        await asyncio.sleep(IDLE)
        idle = (sum(t.cpu_seconds() for t in terminals) - cpu) / IDLE
        print(f"ready {len(terminals)} {pss} {idle:.2f}", flush=True)
        if (await asyncio.to_thread(sys.stdin.readline)).strip() != "go":
            return
        pacer = Pacer(movers, args.pace)
        cpu, began = sum(t.cpu_seconds() for t in terminals), time.monotonic()
        moving = asyncio.create_task(pacer.run())
        await asyncio.to_thread(sys.stdin.readline)  # "stop", or the end of input
        pacer.running = False
        seconds = time.monotonic() - began
        used = sum(t.cpu_seconds() for t in terminals) - cpu
        print(f"moved {pacer.moves} {seconds:.1f} {pacer.late} {used:.1f}", flush=True)
        moving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await moving
    finally:
        await asyncio.gather(*(terminal.close() for terminal in terminals))


if __name__ == "__main__":
    asyncio.run(main())
