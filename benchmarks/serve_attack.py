"""A player's log-in time and key to redraw while an attacker floods the server, as ratios to no flood.

One ``boardgames serve --auth passwords`` process on a free port of 127.0.0.1. The player ('bench',
from 127.0.0.2) keeps a Sintra game open and presses → and ← (one key every 200 ms), and logs in
again and again on new connections. Each flood comes from other loopback addresses:

- guess: 10 connections from 127.0.0.1 sending passwords before the last is answered;
- preauth: plain TCP connections that never speak SSH, 10 from each of 127.0.0.3 to 127.0.0.32, reopened;
- channels: a logged-in attacker ('mallory', 127.0.0.33) opening session channels without end;
- sessionless: mallory logging in again and again from 127.0.0.34 and opening no session;
- input: mallory (127.0.0.35) in a game of his own, sending ↓ and ↑ as fast as the server takes them;
- paste: the same with a bracketed paste opened and never closed;
- window: the same game with its window changed every 5 ms between 65535x65535 and 499x199 (cut to
  500x200 and 499x199: a real change each time).

Each flood runs in a process of its own (as an attacker would), so its client work is not this
process's. Quiet and flooded phases alternate (``--rounds`` of each per flood), so both see the same machine
load. Printed per flood: median log-in time and key-to-redraw, quiet and flooded, and their ratios;
then the cost of one limiter check with 100,000 addresses in its table against 10, in this process.

    python benchmarks/serve_attack.py [--rounds 3] [--phase 5] [--addresses 100000] [--scrypt-n 131072]
        [--no-warm-fork]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
from asyncssh.constants import MSG_USERAUTH_REQUEST
from asyncssh.packet import Boolean, String
from quick import quick_args
from serve_common import Terminal, free_port, start_server, stop_server
from spread import machine

from boardgames.serve import auth
from boardgames.serve.auth import set_password
from boardgames.serve.guesses import AttemptLimiter

PLAYER, PASSWORD = "bench", "bench's password"
ATTACKER, ATTACKER_PASSWORD = "mallory", "mallory's password"
KEYS = (b"\x1b[C", b"\x1b[D")


class Server:
    def __init__(self, scrypt_n: int = auth.SCRYPT_N, extra: tuple[str, ...] = ()) -> None:
        """The two players' hashes are made at scrypt's cost ``scrypt_n`` (the server checks each at the cost
        it was made with); ``extra``: more arguments for the server."""
        self.folder = Path(tempfile.mkdtemp(prefix="bg-serve-attack-"))
        auth.SCRYPT_N = scrypt_n
        set_password(self.folder / "passwords", PLAYER, PASSWORD)
        set_password(self.folder / "passwords", ATTACKER, ATTACKER_PASSWORD)
        self.port = free_port()
        self.extra = extra
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        self.proc = start_server(self.folder, self.port, ["--auth", "passwords", "--passwords",
                                                          str(self.folder / "passwords"), *self.extra])
        return self

    def __exit__(self, *exc) -> None:
        stop_server(self.proc)

    async def connect(self, username=PLAYER, password=PASSWORD, address="127.0.0.2", **kwargs):
        return await asyncssh.connect("127.0.0.1", self.port, username=username, password=password,
                                      local_addr=(address, 0), known_hosts=None, agent_path=None, config=None,
                                      client_keys=None, **kwargs)


class Pipeliner(asyncssh.SSHClient):
    def __init__(self) -> None:
        self.numbers = itertools.count()
        self.conn = None

    def connection_made(self, conn) -> None:
        self.conn = conn

    def password_auth_requested(self):
        for number in itertools.islice(self.numbers, 8):
            self.conn.send_packet(MSG_USERAUTH_REQUEST, String(PLAYER), String(b"ssh-connection"),
                                  String(b"password"), Boolean(False), String(f"guess {number}"))
        return f"guess {next(self.numbers)}"


async def forever(attempt) -> None:
    """Run ``attempt`` again and again until cancelled; its failures are the point."""
    while True:
        with contextlib.suppress(Exception):
            await attempt()
        await asyncio.sleep(0.005)  # a refusal comes at once: this process must still measure


async def guess_flood(server: Server) -> None:
    async def one():
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncssh.connect(
                "127.0.0.1", server.port, username=PLAYER, local_addr=("127.0.0.1", 0), known_hosts=None,
                agent_path=None, config=None, client_keys=None, client_factory=Pipeliner), 20)
        await asyncio.sleep(0.05)
    await asyncio.gather(*(forever(one) for _ in range(10)))


async def preauth_flood(server: Server) -> None:
    async def hold(address: str):
        _reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(address, 0))
        try:
            await asyncio.sleep(5)
        finally:
            writer.close()
    await asyncio.gather(*(forever(lambda a=f"127.0.0.{n}": hold(a)) for n in range(3, 33) for _ in range(10)))


async def channel_flood(server: Server) -> None:
    conn = await server.connect(ATTACKER, ATTACKER_PASSWORD, "127.0.0.33")
    try:
        async def one():
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
            await asyncio.sleep(0.01)
        await forever(one)
    finally:
        conn.close()


async def sessionless_flood(server: Server) -> None:
    held = []

    async def one():
        held.append(await server.connect(ATTACKER, ATTACKER_PASSWORD, "127.0.0.34"))
    try:
        await forever(one)
    finally:
        for conn in held:
            conn.close()


async def own_game(server: Server, size=(80, 24)):
    """Mallory's own game, its output read (and dropped) as fast as it comes, so it never waits for him."""
    conn = await server.connect(ATTACKER, ATTACKER_PASSWORD, "127.0.0.35")
    process = await conn.create_process(term_type="xterm", term_size=size, encoding=None)

    async def drain():
        while await process.stdout.read(65536):
            pass
    return conn, process, asyncio.ensure_future(drain())


async def input_flood(server: Server, opening: bytes = b"") -> None:
    conn, process, _reading = await own_game(server)
    await asyncio.sleep(3)  # the menu is up
    process.stdin.write(opening)
    keys = b"\x1b[B\x1b[A" * 8192
    try:
        while True:
            process.stdin.write(keys)
            await process.stdin.drain()  # waits while the server takes no more
    finally:
        conn.close()


async def paste_flood(server: Server) -> None:
    await input_flood(server, b"\x1b[200~")


async def window_flood(server: Server) -> None:
    conn, process, _reading = await own_game(server, (65535, 65535))
    try:
        for number in itertools.count():
            process.change_terminal_size(*((65535, 65535) if number % 2 else (499, 199)))
            await asyncio.sleep(0.005)
    finally:
        conn.close()


FLOODS = {"guess": guess_flood, "preauth": preauth_flood, "channels": channel_flood, "sessionless": sessionless_flood,
          "input": input_flood, "paste": paste_flood, "window": window_flood}


async def measure(server: Server, game: Terminal, seconds: float) -> tuple[list[float], list[float]]:
    """Log-in times and key-to-redraw times of the player for ``seconds``.

    A log-in under way is let finish rather than cancelled: a check cancelled by its client counts as a
    failed guess, and five would shut the player's address out.
    """
    logins, redraws = [], []
    end = time.monotonic() + seconds

    async def log_in_again_and_again():
        while time.monotonic() < end:
            began = time.monotonic()
            try:
                conn = await asyncio.wait_for(server.connect(), 30)
            except (TimeoutError, asyncssh.Error, OSError):
                logins.append(30.0)
                await asyncio.sleep(0.2)
                continue
            logins.append(time.monotonic() - began)
            conn.close()
            await asyncio.sleep(0.2)

    async def press():
        for number in itertools.count():
            if time.monotonic() >= end:
                return
            began = time.monotonic()
            redraws.append(await game.redraw_after(KEYS[number % 2]))
            await asyncio.sleep(max(0.0, 0.2 - (time.monotonic() - began)))

    await asyncio.gather(log_in_again_and_again(), press())
    return logins, redraws


def limiter_cost(addresses: int) -> tuple[float, float]:
    """Seconds for one blocked_for() with 10 and with ``addresses`` addresses in the table."""
    costs = []
    for count in (10, addresses):
        limiter = AttemptLimiter(max_addresses=2 * addresses)
        for number in range(count):
            limiter.begin(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}")
        began = time.perf_counter()
        for _ in range(1000):
            limiter.blocked_for("192.0.2.1")
        costs.append((time.perf_counter() - began) / 1000)
    return costs[0], costs[1]


def ms(values: list[float]) -> float:
    return statistics.median(values) * 1000 if values else float("nan")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--phase", type=float, default=5.0, help="seconds of each quiet or flooded phase")
    parser.add_argument("--floods", default=",".join(FLOODS))
    parser.add_argument("--flood-only", choices=FLOODS, help=argparse.SUPPRESS)  # the attacker's own process
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--addresses", type=int, default=100_000, help="addresses in the limiter's table")
    parser.add_argument("--scrypt-n", type=int, default=auth.SCRYPT_N,
                        help="scrypt's cost for the players' password hashes (default: the server's)")
    parser.add_argument("--no-warm-fork", dest="warm_fork", action="store_false",
                        help="the server starts each game process cold (serve --no-warm-fork)")
    # the tiny run: a cheap hash (each log-in at the real cost is some 0.4 s of the server's core), a small
    # table, and the player's one game started cold (it costs less than the server's warm process and a game
    # forked from it)
    args = quick_args(parser, rounds=1, phase=0.5, floods="preauth", addresses=1000, scrypt_n=2**10,
                      warm_fork=False)
    if args.flood_only:
        attacker = Server.__new__(Server)
        attacker.port = args.port
        await FLOODS[args.flood_only](attacker)
        return
    print(f"machine: {machine()}")
    with Server(args.scrypt_n, () if args.warm_fork else ("--no-warm-fork",)) as server:
        conn = await server.connect()
        game = await Terminal.open(conn, "sintra")
        await game.wait_for(("New game: Azul", "Start"), timeout=600)
        game.process.stdin.write(b"\r")
        await game.wait_for(("take all the glass",), timeout=600)
        await asyncio.sleep(1)
        for name in args.floods.split(","):
            quiet_logins, quiet_redraws, flood_logins, flood_redraws = [], [], [], []
            for _ in range(args.rounds):
                logins, redraws = await measure(server, game, args.phase)
                quiet_logins += logins
                quiet_redraws += redraws
                flood = subprocess.Popen([sys.executable, __file__, "--flood-only", name, "--port", str(server.port)])
                await asyncio.sleep(1)  # the flood reaches its pace
                logins, redraws = await measure(server, game, args.phase)
                flood_logins += logins
                flood_redraws += redraws
                flood.terminate()
                flood.wait(10)
                await asyncio.sleep(1)
            print(f"{name}: log-in median {ms(quiet_logins):.0f} ms quiet, {ms(flood_logins):.0f} ms flooded "
                  f"(ratio {ms(flood_logins) / ms(quiet_logins):.2f}, worst {max(flood_logins) * 1000:.0f} ms, "
                  f"{len(flood_logins)} log-ins); key to redraw median {ms(quiet_redraws):.1f} ms quiet, "
                  f"{ms(flood_redraws):.1f} ms flooded (ratio {ms(flood_redraws) / ms(quiet_redraws):.2f}, "
                  f"{len(flood_redraws)} presses)")
        conn.close()
    small, large = limiter_cost(args.addresses)
    print(f"limiter check: {small * 1e6:.1f} us with 10 addresses, {large * 1e6:.1f} us with {args.addresses:,} "
          f"(ratio {large / small:.2f})")


if __name__ == "__main__":
    asyncio.run(main())
