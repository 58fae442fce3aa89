"""What a lobby of many tables costs a terminal that only looks at it: the menu's start (it looks for the
player's table under way) and the processor time of an idle lobby screen, with few tables and with many.

    python benchmarks/lobby_idle.py [--tables 200] [--few 3] [--idle 10] [--runs 3]

Each terminal is the real shell (``python -m boardgames``) on a pseudo-terminal of 80x24, as a served player
(``BOARDGAMES_PLAYER``, ``BOARDGAMES_TABLES``), in a lobby of its own made first: half the tables waiting for a
player, half under way. The menu's start is the time from the process's start to its first frame (the median of
``--runs``), and the look for the player's table alone is timed in this process too (a new lobby each time, as a
new connection's; the median of 20); the idle lobby's cost is the processor time (user and system) the terminal
takes over ``--idle`` seconds once ``t`` has opened the lobby and its frame has settled, as a share of one core
(in the last shell whose start was timed).
Prints one line a size.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from quick import quick_args
from table_common import Terminal, make_table

from boardgames.core.registry import get_game
from boardgames.lobby.store import Lobby
from boardgames.lobby.table import Player, TableSeat

#: what the menu's first frame and the lobby's frame show
MENU = ("boardgames", "q quit")
LOBBY = ("Tables shared with other terminals",)
#: seconds the lobby's frame is left to settle before its processor time is counted
SETTLE = 2.0


def make_lobby(folder: Path, count: int, seed: int) -> None:
    """``count`` tables in ``folder``: every other one under way (four players), the rest waiting for a player."""
    lobby = Lobby(folder)
    game = get_game("bluemoon")
    for number in range(count):
        if number % 2:
            make_table(lobby, game.id, f"t{number}", 4, seed + number)
        else:
            maker = Player(f"user:w{number}", f"w{number}")
            lobby.create(maker, game, [TableSeat(maker.name, maker.id), TableSeat(), TableSeat()], {}, seed + number)


async def until(terminal: Terminal, words: tuple[str, ...], timeout: float = 120.0) -> float:
    """When ``terminal`` first showed every one of ``words`` (time.monotonic)."""
    deadline = time.monotonic() + timeout
    while not all(word in terminal.text() for word in words):
        if time.monotonic() > deadline or (terminal.reader is not None and terminal.reader.done()):
            raise SystemExit(f"the terminal did not show {words}; its screen: {terminal.text()[-600:]!r}")
        await asyncio.sleep(0.02)
    return time.monotonic()


async def shell(folder: Path, home: Path) -> tuple[Terminal, float]:
    """The shell as a served player of the lobby ``folder``, and when it started."""
    env = {"BOARDGAMES_TABLES": str(folder), "BOARDGAMES_PLAYER": "user:bench", "BOARDGAMES_PLAYER_NAME": "bench"}
    began = time.monotonic()
    terminal = await Terminal.start([sys.executable, "-m", "boardgames"], home, env, "lobby")
    return terminal, began


async def menu_start(folder: Path, home: Path, runs: int) -> tuple[float, Terminal]:
    """Seconds from the shell's start to its menu's first frame (the median of ``runs``), and the last shell,
    left open at its menu's first frame (the idle lobby is measured there: a shell less to start)."""
    times = []
    for run in range(runs):
        terminal, began = await shell(folder, home)
        try:
            times.append(await until(terminal, MENU) - began)
        except BaseException:
            await terminal.close()
            raise
        if run < runs - 1:
            await terminal.close()
    return statistics.median(times), terminal


async def idle_lobby(terminal: Terminal, idle: float) -> float:
    """The share of a core an idle lobby screen takes, opened from the menu the shell ``terminal`` shows."""
    terminal.child.write(b"t")
    await until(terminal, LOBBY)
    await asyncio.sleep(SETTLE)
    cpu = terminal.cpu_seconds()
    await asyncio.sleep(idle)
    return (terminal.cpu_seconds() - cpu) / idle


def table_look(folder: Path) -> float:
    """Seconds the menu's look for the player's table under way takes in a new process's lobby (median of 20)."""
    player = Player("user:bench", "bench")
    times = []
    for _ in range(20):
        began = time.perf_counter()
        Lobby(folder).my_table(player)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--few", type=int, default=3)
    parser.add_argument("--idle", type=float, default=10.0, help="seconds the idle lobby is measured")
    parser.add_argument("--runs", type=int, default=3, help="menu starts measured at each size")
    parser.add_argument("--seed", type=int, default=500)
    args = quick_args(parser, tables=4, few=1, idle=1.0, runs=1)
    root = Path(tempfile.mkdtemp(prefix="bg-lobby-idle-"))
    home = root / "home"
    home.mkdir()
    for count in (0, args.few, args.tables):
        folder = root / f"tables-{count}"
        folder.mkdir()
        make_lobby(folder, count, args.seed)
        start, terminal = await menu_start(folder, home, args.runs)
        try:
            line = f"{count} tables: menu's first frame {start * 1000:.0f} ms (its look for the player's table " \
                   f"{table_look(folder) * 1000:.2f} ms)"
            if count:
                line += f", idle lobby {await idle_lobby(terminal, args.idle) * 100:.1f}% of a core"
        finally:
            await terminal.close()
        print(line, flush=True)


if __name__ == "__main__":
    asyncio.run(main())
