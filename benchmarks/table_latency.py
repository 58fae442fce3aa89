"""A move at a shared table to the other screens showing it: one table alone, then 25 tables playing at once.

Every terminal is the real shell on a pseudo-terminal of its own, opened at its table (``table_app.py``, as
the server's game processes are, without SSH): each table has 4 players' terminals and 8 spectators'. This
process writes the measured table's moves as its players' terminals would (``SharedGame.submit``, a random
legal move of the seat to play) and times, for each of the table's other terminals (11 by default), the first
output its pty gives after the move's line is written (the fsync that follows is not counted; the time to write a
move, fsync included, is printed apart). Before each move every terminal has been quiet for a while, so that output is
the move's. The phases: the table alone, then with 24 more tables whose moves ``table_load.py`` writes at a
steady pace (one every ``--pace`` seconds at each table, the tables spread over the period), then alone again;
the ratio is of the together phase to both alone phases, all in one run.

    python benchmarks/table_latency.py [--tables 25] [--seats 4] [--spectators 8] [--pace 6] [--moves 40]
        [--game bluemoon]

Goal (issue 21): median at most 200 ms, and 25 tables at most 2x one table. A 4-player Blue Moon City game is
some 400 moves, so a move every 6 s at each table is a game of 40 minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from quick import quick_args
from serve_common import memory_kib, percentile
from spread import machine
from table_common import HERE, Mover, Terminal, make_table, open_terminals

from boardgames.lobby import play
from boardgames.lobby.store import Lobby

#: before a move, every terminal has given no output for this long
QUIET = 0.3
#: a screen that has not shown a move after this long is counted as missed
LIMIT = 10.0
#: seconds between the measured table's moves (besides waiting for quiet), in every phase
GAP = 0.5


def clock_writes() -> list[float]:
    """When each move of this process reaches the table's save: SharedGame's append is timed as it starts
    (its line is in the file microseconds later, before the fsync)."""
    written: list[float] = []
    append = play.append_moves

    def timed(*args, **kwargs) -> None:  # noqa: ANN002, ANN003 - append_moves' own arguments
        written.append(time.monotonic())
        append(*args, **kwargs)

    play.append_moves = timed  # type: ignore[assignment]
    return written


@dataclass
class Phase:
    name: str
    frames: list[float] = field(default_factory=list)  # every other screen's first output after each move
    last: list[float] = field(default_factory=list)  # the slowest screen of each move
    writes: list[float] = field(default_factory=list)  # the time to write each move, fsync included
    missed: int = 0
    noisy: int = 0  # moves made although some terminal was not quiet
    cpu: float = 0.0  # the measured table's terminals' processor seconds
    seconds: float = 0.0
    terminals: int = 0  # the measured table's terminals

    def add(self, other: Phase) -> None:
        self.frames += other.frames
        self.last += other.last
        self.writes += other.writes
        self.missed += other.missed
        self.noisy += other.noisy
        self.cpu += other.cpu
        self.seconds += other.seconds

    def line(self) -> str:
        if not self.frames:
            return f"{self.name}: no move was shown"
        return (f"{self.name}: median {statistics.median(self.frames) * 1000:.0f} ms, 90th percentile "
                f"{percentile(self.frames, 0.9) * 1000:.0f} ms ({len(self.frames)} screens, {len(self.last)} moves, "
                f"{self.missed} missed); the last screen of each move: median "
                f"{statistics.median(self.last) * 1000:.0f} ms; writing a move "
                f"{statistics.median(self.writes) * 1000:.0f} ms; the table's {self.terminals} terminals used "
                f"{self.cpu / self.seconds:.2f} cores")


async def quiet(terminals: list[Terminal]) -> bool:
    """Until no terminal has given output for QUIET seconds (False if that did not happen within LIMIT)."""
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        latest = max((t.arrivals[-1] for t in terminals if t.arrivals), default=0.0)
        if time.monotonic() - latest >= QUIET:
            return True
        await asyncio.sleep(QUIET / 3)
    return False


async def measure(phase: Phase, terminals: list[Terminal], mover: Mover, written: list[float], moves: int) -> Phase:
    cpu, began = sum(t.cpu_seconds() for t in terminals), time.monotonic()
    for _ in range(moves):
        if mover.over:
            break
        phase.noisy += not await quiet(terminals)
        seat = mover.next_seat()
        before, started = len(written), time.monotonic()
        await asyncio.to_thread(mover.move, seat)  # the loop goes on reading the terminals meanwhile
        if len(written) == before:
            continue  # refused: the next move is another seat's
        at = written[-1]
        phase.writes.append(time.monotonic() - started)
        others = [terminal for number, terminal in enumerate(terminals) if number != seat]
        deadline = at + LIMIT
        while time.monotonic() < deadline and any(t.first_after(at) is None for t in others):
            await asyncio.sleep(0.005)
        shown = [t.first_after(at) for t in others]
        times = [moment - at for moment in shown if moment is not None]
        phase.missed += len(shown) - len(times)
        phase.frames += times
        if times:
            phase.last.append(max(times))
        await asyncio.sleep(GAP)
    phase.cpu = sum(t.cpu_seconds() for t in terminals) - cpu
    phase.terminals = len(terminals)
    phase.seconds = time.monotonic() - began
    return phase


async def start_load(folder: Path, args: argparse.Namespace) -> tuple[asyncio.subprocess.Process, int, int, float]:
    """The other tables' process, once all their terminals show their tables: (process, terminals, PSS KiB,
    cores they use idle)."""
    load = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE / "table_load.py"), str(folder), "--game", args.game, "--tables",
        str(args.tables - 1), "--seats", str(args.seats), "--spectators", str(args.spectators),
        "--pace", str(args.pace),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert load.stdout is not None
    line = (await load.stdout.readline()).decode().split()
    if not line or line[0] != "ready":
        raise SystemExit("the other tables did not open")
    return load, int(line[1]), int(line[2]), float(line[3])


async def run(args: argparse.Namespace) -> None:
    print(f"machine: {machine()}")
    root = Path(tempfile.mkdtemp(prefix="bg-table-latency-"))
    lobby = Lobby(root / "tables")
    table, players = make_table(lobby, args.game, "m", args.seats, args.seed)
    written = clock_writes()
    terminals = await open_terminals(lobby.folder, table, players, args.spectators, root / "home")
    load = None
    try:
        mover = Mover(table, players, args.seed)
        alone = await measure(Phase("1 table alone"), terminals, mover, written, args.moves // 2)
        load, others, pss, idle = await start_load(lobby.folder, args)
        assert load.stdin is not None and load.stdout is not None
        load.stdin.write(b"go\n")
        await load.stdin.drain()
        await asyncio.sleep(args.pace)  # every other table has begun to move (their first moves spread over a pace)
        started = os.getloadavg()[0]
        together = await measure(Phase(f"{args.tables} tables at once"), terminals, mover, written, args.moves)
        load.stdin.write(b"stop\n")
        await load.stdin.drain()
        moved, seconds, late, used = (await load.stdout.readline()).decode().split()[1:]
        ended = os.getloadavg()[0]
        await load.wait()
        load = None
        alone.add(await measure(Phase("after"), terminals, mover, written, args.moves - args.moves // 2))
        mine = sum(memory_kib(t.child.pid or 0)[1] for t in terminals)
        print(alone.line())
        print(together.line())
        print(f"ratio {args.tables} tables / 1 table: median "
              f"{statistics.median(together.frames) / statistics.median(alone.frames):.2f}, 90th percentile "
              f"{percentile(together.frames, 0.9) / percentile(alone.frames, 0.9):.2f}")
        print(f"the other {args.tables - 1} tables ({others} terminals): {moved} moves in {float(seconds):.0f} s "
              f"(one every {args.pace:g} s at each table asked; {late} late by more than that), their terminals "
              f"used {float(used) / float(seconds):.2f} cores ({idle:.2f} with no move anywhere); all "
              f"{others + len(terminals)} terminals "
              f"{(pss + mine) / 1024:.0f} MiB proportional memory")
        print(f"moves made while some terminal was not quiet: {alone.noisy} alone, {together.noisy} together; "
              f"load average {started:.2f} as the tables started playing, {ended:.2f} as they stopped, "
              f"{os.getloadavg()[0]:.2f} at the end")
    finally:
        if load is not None and load.stdin is not None:  # its input ends: it closes its terminals and ends
            load.stdin.close()
            try:
                await asyncio.wait_for(load.wait(), 120)
            except TimeoutError:
                load.kill()
        await asyncio.gather(*(terminal.close() for terminal in terminals))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bluemoon")
    parser.add_argument("--tables", type=int, default=25, help="tables playing at once, the measured one included")
    parser.add_argument("--seats", type=int, default=4, help="players' terminals at each table")
    parser.add_argument("--spectators", type=int, default=8, help="spectators' terminals at each table")
    parser.add_argument("--pace", type=float, default=6.0, help="seconds between two moves at each other table")
    parser.add_argument("--moves", type=int, default=40, help="moves timed together, and as many alone")
    parser.add_argument("--seed", type=int, default=1)
    # the tiny run: two tables of two players' terminals (the fewest: a move of one seat shown on another's
    # screen, beside one other table), at Sintra, whose board costs a terminal less to draw than Blue Moon City's
    asyncio.run(run(quick_args(parser, game="sintra", tables=2, seats=2, spectators=0, pace=0.5, moves=2)))


if __name__ == "__main__":
    main()
