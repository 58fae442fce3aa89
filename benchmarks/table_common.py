"""Shared by the table benchmarks: tables made in a lobby folder, the terminals at them (``table_app.py`` on
pseudo-terminals, as the server runs its game processes) and the script that writes their moves.

A move is written as a terminal writes it (``SharedGame.submit``: under the table's lock, after reading the
moves written since), for the seat whose decision it is, chosen at random among the legal ones.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import os
import random
import re
import sys
import time
from pathlib import Path

from boardgames.core.engine import IllegalAction
from boardgames.core.registry import get_game
from boardgames.lobby.play import SharedGame
from boardgames.lobby.store import Lobby, record_of
from boardgames.lobby.table import Player, Table, TableSeat
from boardgames.serve.ptychild import PtyChild

HERE = Path(__file__).resolve().parent
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
#: what a terminal's screen says once it shows the game: a seat waiting or deciding, or a spectator
AT_THE_TABLE = ("Waiting for", "Watching:", "move or play", ": take all", "choose")
SIZE = (80, 24)
TICKS = os.sysconf("SC_CLK_TCK")


def make_table(lobby: Lobby, game_id: str, prefix: str, seats: int, seed: int) -> tuple[Table, list[Player]]:
    """A started table of ``seats`` players (ids ``user:<prefix>p<n>``), none of them bots."""
    players = [Player(f"user:{prefix}p{n}", f"{prefix}p{n}") for n in range(1, seats + 1)]
    game = get_game(game_id)
    table = lobby.create(players[0], game, [TableSeat(name=p.name, owner=p.id) for p in players], {}, seed)
    table.start(players[0], record_of(game, table.read()))
    return table, players


class Terminal:
    """One app on a pseudo-terminal; its output is read as it comes and the arrival time of each chunk kept."""

    def __init__(self, child: PtyChild, label: str) -> None:
        self.child = child
        self.label = label
        self.arrivals: list[float] = []
        self.tail = b""
        self.reader: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, folder: Path, table: Table, player: Player | None, home: Path) -> Terminal:
        argv = [sys.executable, str(HERE / "table_app.py"), str(folder), table.id]
        if player is not None:
            argv += [player.id, player.name]
        return await cls.start(argv, home, {}, player.name if player else "spectator")

    @classmethod
    async def start(cls, argv: list[str], home: Path, env: dict[str, str], label: str) -> Terminal:
        """``argv`` on a pseudo-terminal of :data:`SIZE`, with ``home`` as its data folder and ``env`` added."""
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "BOARDGAMES_HOME": str(home),
               "LANG": "C.UTF-8", "TERM": "xterm", **env}
        for name in ("PYTHONPATH", "VIRTUAL_ENV"):
            if os.environ.get(name):
                env[name] = os.environ[name]
        child = PtyChild(argv, env, *SIZE)
        await child.start()
        terminal = cls(child, label)
        terminal.reader = asyncio.create_task(terminal._read())
        return terminal

    async def _read(self) -> None:
        while True:
            data = await self.child.read()
            now = time.monotonic()
            if not data:
                return
            self.arrivals.append(now)
            self.tail = (self.tail + data)[-20000:]

    def text(self) -> str:
        return ESCAPES.sub(b"", self.tail).decode("utf-8", "replace")

    async def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not any(word in self.text() for word in AT_THE_TABLE):
            if time.monotonic() > deadline or (self.reader is not None and self.reader.done()):
                raise SystemExit(f"a terminal did not reach its table; its screen: {self.text()[-600:]!r}")
            await asyncio.sleep(0.1)

    def first_after(self, moment: float) -> float | None:
        """When the first output after ``moment`` arrived (None: nothing yet)."""
        index = bisect.bisect_right(self.arrivals, moment)
        return self.arrivals[index] if index < len(self.arrivals) else None

    def cpu_seconds(self) -> float:
        """User and system time of the app's process so far."""
        with contextlib.suppress(OSError, IndexError, TypeError):
            fields = Path(f"/proc/{self.child.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / TICKS
        return 0.0

    async def close(self) -> None:
        await self.child.stop(grace=1.0)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader


async def open_terminals(folder: Path, table: Table, players: list[Player], spectators: int, home: Path,
                         timeout: float = 600.0) -> list[Terminal]:
    """The table's players' terminals, then its spectators', each once it shows the table."""
    terminals = []
    for who in [*players, *([None] * spectators)]:
        terminal = await Terminal.open(folder, table, who, home)
        await terminal.wait_ready(timeout)
        terminals.append(terminal)
    return terminals


class Mover:
    """Writes a table's moves as its players' terminals would, each for the seat whose decision it is."""

    def __init__(self, table: Table, players: list[Player], seed: int) -> None:
        spec = table.read()
        self.games = [SharedGame(table, spec, player) for player in players]
        self.rng = random.Random(seed)

    @property
    def over(self) -> bool:
        return self.games[0].session.state.is_over

    def next_seat(self) -> int:
        game = self.games[0]
        game.catch_up()
        return game.session.state.active_players[0]

    def move(self, seat: int) -> None:
        """One random legal move of ``seat``'s (its terminal reads the moves written since, first)."""
        game = self.games[seat]
        game.catch_up()
        state = game.session.state
        mine = state if seat == state.current_player else state.as_seat(seat)
        try:
            game.submit(seat, self.rng.choice(mine.legal_actions()))
        except IllegalAction:
            pass  # the table moved on meanwhile: the next move is another seat's
