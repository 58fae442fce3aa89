"""Shared by the serve_*.py benchmarks: a ``boardgames serve`` process of its own and SSH clients.

The server runs as a separate process (``python -m boardgames serve --auth keys``) with a fresh data
folder, on a free port of 127.0.0.1; clients are asyncssh connections from the benchmark's process,
each with its own terminal, reading the screen as text.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
#: every part of the first menu frame at 80x24, top to bottom: the title, the last game offered, the last entry
#: above the fold (what follows it is off the first screen), the key bar
MENU_FRAME = ("boardgames", "New game: Above and Below", "Tables: play with other terminals", "q quit")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(folder: Path, port: int, arguments: list[str]) -> subprocess.Popen:
    """``boardgames serve`` on 127.0.0.1:``port`` with its data in ``folder``, once it says it serves."""
    env = dict(os.environ, BOARDGAMES_HOME=str(folder / "home"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardgames", "serve", "--port", str(port), *arguments, "--idle-timeout", "0",
         "--log", str(folder / "log")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    if "serves its games" not in line:
        raise SystemExit(f"the server did not start: {line}{proc.stdout.read()}")
    return proc


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(30)
    if proc.poll() is None:
        proc.kill()


class ServerProcess:
    """``boardgames serve`` with keys auth (one key, for the player 'bench'), in a temporary data folder."""

    def __init__(self, sessions: int = 200, extra: tuple[str, ...] = ()) -> None:
        self.extra = extra  # more arguments for the server (--no-warm-fork)
        self.folder = Path(tempfile.mkdtemp(prefix="bg-serve-bench-"))
        self.key = asyncssh.generate_private_key("ssh-ed25519", comment="bench")
        (self.folder / "keys").write_bytes(self.key.export_public_key())
        self.port = free_port()
        self.sessions = sessions
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> ServerProcess:
        self.proc = start_server(self.folder, self.port, [
            "--auth", "keys", "--authorized-keys", str(self.folder / "keys"),
            "--max-sessions", str(self.sessions), "--max-per-address", str(self.sessions), *self.extra])
        return self

    def __exit__(self, *exc) -> None:
        if self.proc is not None:
            stop_server(self.proc)

    async def connect(self) -> asyncssh.SSHClientConnection:
        return await asyncssh.connect("127.0.0.1", self.port, username="bench", client_keys=[self.key],
                                      known_hosts=None, agent_path=None, config=None)

    def children(self, module: bytes = b"boardgames.serve.child") -> list[int]:
        """The game processes the server started (its children running boardgames.serve.child, forked from its
        zygote or not), or with ``module`` its other children (b"boardgames.serve.zygote")."""
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == self.proc.pid and module in cmdline:
                found.append(int(entry))
        return found


def memory_kib(pid: int) -> tuple[int, int]:
    """(resident, proportional) memory of a process in KiB: VmRSS, and Pss that splits shared pages."""
    rss = pss = 0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
    return rss, pss


class Terminal:
    """One session seen by its client: bytes in, text out, timings of what arrives."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.raw = bytearray()

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection, command: str | None = None,
                   size=(80, 24)) -> Terminal:
        return cls(await conn.create_process(command, term_type="xterm", term_size=size, encoding=None))

    def text(self) -> str:
        return ESCAPES.sub(b"", bytes(self.raw)).decode("utf-8", errors="replace")

    async def wait_for(self, words, timeout: float = 120.0) -> float:
        """Read until every word is on screen; the monotonic time the last needed bytes arrived."""
        deadline = time.monotonic() + timeout
        while not all(word in self.text() for word in words):
            left = deadline - time.monotonic()
            if left <= 0:
                raise SystemExit(f"{words} did not appear; the end of the output: {self.text()[-400:]!r}")
            with contextlib.suppress(asyncio.TimeoutError):
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
                if not chunk:
                    raise SystemExit(f"the session closed; the end of the output: {self.text()[-400:]!r}")
                self.raw += chunk
        return time.monotonic()

    async def redraw_after(self, key: bytes, quiet: float = 0.05, timeout: float = 10.0) -> float:
        """Send a key; seconds until the last byte of the redraw it caused (the output then stays quiet)."""
        self.raw.clear()
        sent = time.monotonic()
        self.process.stdin.write(key)
        last = None
        deadline = sent + timeout
        while time.monotonic() < deadline:
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), quiet if last else timeout)
            except TimeoutError:
                if last is not None:
                    break
                continue
            if not chunk:
                break
            self.raw += chunk
            last = time.monotonic()
        if last is None:
            raise SystemExit("a key drew nothing within the time limit")
        return last - sent


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]
