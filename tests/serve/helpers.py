"""A server on a free local port in the test's own loop, and clients that read the screen as text."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
from pathlib import Path

import asyncssh

from boardgames.serve.options import ServeOptions
from boardgames.serve.ssh import GameServer
from tests.longrun import sized as sized  # the long run's switch, shared with the other tests

#: escape sequences (CSI, OSC, charset and keypad modes) between the words Textual writes
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
#: long enough for a Textual child to start on a loaded 2-core machine
WAIT = 40.0


@contextlib.asynccontextmanager
async def running_server(tmp_path: Path, **settings):
    """A server as ``boardgames serve`` runs it, games forked from its warm process. A test that starts no game,
    or one it does not test the fork with, passes ``warm_fork=False``: the warm process costs some 1.3 s of a core
    before its first fork (then 0.2 s a game), a cold game 0.8 s, so with two games it is about even;
    test_zygote.py shows a forked game is one started cold."""
    settings.setdefault("idle_timeout", 0)
    server = GameServer(ServeOptions(root=tmp_path / "serve", port=0, **settings), io.StringIO())
    await server.start()
    if server.warm is not None:  # as `boardgames serve` does before it says it serves: games are forked
        assert await server.warm.wait_ready(WAIT), server.log_stream.getvalue()
    try:
        yield server
    finally:
        await server.close()


async def connect(server: GameServer, username: str = "player", **kwargs) -> asyncssh.SSHClientConnection:
    kwargs.setdefault("client_keys", None)
    return await asyncssh.connect("127.0.0.1", server.port, username=username, known_hosts=None, agent_path=None,
                                  config=None, **kwargs)


class Screen:
    """A client's session: what came out so far, as text without escape sequences."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.raw = bytearray()
        self.closed = False

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection, command: str | None = None, size=(80, 24),
                   term: str = "xterm", env: dict | None = None) -> Screen:
        process = await conn.create_process(command, term_type=term, term_size=size, encoding=None, env=env or {})
        return cls(process)

    def text(self) -> str:
        return ESCAPES.sub(b"", bytes(self.raw)).decode("utf-8", errors="replace")

    def clear(self) -> None:
        self.raw.clear()

    async def wait_for(self, *words: str, timeout: float = WAIT) -> str:
        """Read until every word has appeared since the last clear(); the text so far."""
        return await self._read_until(lambda: all(word in self.text() for word in words), timeout,
                                      f"{words!r} did not appear", stop_at_end=True)

    async def wait_closed(self, timeout: float = WAIT) -> str:
        """Read to the end of the session; the whole text."""
        return await self._read_until(lambda: self.closed, timeout, "the session stayed open")

    async def _read_until(self, done, timeout: float, failure: str, stop_at_end: bool = False) -> str:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not done():
            left = deadline - loop.time()
            if left <= 0 or (stop_at_end and self.closed):
                raise AssertionError(f"{failure}; the end of the output: {self.text()[-600:]!r}")
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
            except TimeoutError:
                continue
            if not chunk:
                self.closed = True
            self.raw += chunk
        return self.text()

    def type(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)


async def sign_in(screen: Screen, name: str = "", passphrase: str = "", new: bool = False) -> None:
    """Answer --auth none's prompt: a name (empty for a guest) and its passphrase."""
    await screen.wait_for("Name:")
    screen.type(name + "\r")
    if not name:
        return
    await screen.wait_for("Passphrase")
    screen.type(passphrase + "\r")
    if new:
        await screen.wait_for("again")
        screen.type(passphrase + "\r")


def make_key(comment: str = "") -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519", comment=comment or None)
    return key


async def until(condition, timeout: float = 10.0, what: str = "the condition") -> None:
    """Return as soon as ``condition()`` holds (looked at every 20 ms); AssertionError after ``timeout``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"{what} did not come within {timeout} s")
        await asyncio.sleep(0.02)


async def logged(server: GameServer, text: str, timeout: float = 10.0) -> str:
    """The server's log once it holds ``text`` (a connection's line is written when it is gone)."""
    for _ in range(int(timeout * 10)):
        log = server.log_stream.getvalue()
        if text in log:
            return log
        await asyncio.sleep(0.1)
    raise AssertionError(f"{text!r} is not in the log: {server.log_stream.getvalue()!r}")
