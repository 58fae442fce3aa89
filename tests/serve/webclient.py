"""Scripted browser tabs for ``serve --web``: a web server in the test's loop and a raw websocket client.

The client speaks the websocket protocol over a plain socket, so a test can do what a page never
does: name another Host, send from another loopback address, flood, or drop the connection mid-frame.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import socket
from pathlib import Path

from boardgames.serve.web import WebServer, serve, tab_command
from boardgames.serve.webguard import WebLimits

ANSI = re.compile(r"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|[=>78])")
PROC = Path("/proc")
#: seconds for a tab's process to show the menu on a loaded 2-core machine (a typical start takes one)
FIRST_FRAME = 60.0


def alive(pid: int) -> bool:
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


async def wait_dead(pids, timeout: float) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while any(alive(pid) for pid in pids) and loop.time() < deadline:
        await asyncio.sleep(0.1)
    return not any(alive(pid) for pid in pids)


@contextlib.asynccontextmanager
async def web_server(tmp_path: Path, host: str = "127.0.0.1", public_url: str | None = None, **limits):
    """A ``serve --web`` server on a free port of ``host``; yields it (``.port`` set)."""
    saves = tmp_path / "web-saves"
    saves.mkdir(parents=True, exist_ok=True)
    port = 0
    if public_url:  # the server then announces public_url, not its port: choose a free one here
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    server = WebServer(tab_command(saves), host, port, public_url=public_url, limits=WebLimits(**limits))
    stop = asyncio.Event()
    urls: list[str] = []
    task = asyncio.create_task(serve(server, stop, urls.append))
    try:
        for _ in range(300):
            if urls or task.done():
                break
            await asyncio.sleep(0.05)
        if task.done():
            task.result()
        server.port = port or int(urls[0].rsplit(":", 1)[1])
        yield server
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)


def frame(payload: bytes, opcode: int = 1) -> bytes:
    """One masked client frame."""
    size = len(payload)
    if size < 126:
        head = bytes([0x80 | opcode, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([0x80 | opcode, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + size.to_bytes(8, "big")
    mask = os.urandom(4)
    key = (mask * (size // 4 + 1))[:size]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(size, "big") if size else b""
    return head + mask + masked


class Tab:
    """A browser tab as a script: its socket, the HTTP status of its upgrade, the screen text so far."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, status: int, head: str) -> None:
        self.reader, self.writer, self.status, self.head = reader, writer, status, head
        self.raw = b""
        self.closed = False

    @classmethod
    async def open(cls, port: int, *, source: str = "127.0.0.1", size: str = "width=80&height=24",
                   host: str | None = None, origin: str | None = None) -> Tab:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET /ws?{size} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append(f"Origin: {origin}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)).decode(errors="replace")
        return cls(reader, writer, int(head.split()[1]), head)

    def send(self, kind: str, *argument) -> None:
        self.writer.write(frame(json.dumps([kind, *argument]).encode()))

    async def read_frame(self) -> tuple[int, bytes]:
        first, second = await self.reader.readexactly(2)
        size = second & 0x7F
        if size == 126:
            size = int.from_bytes(await self.reader.readexactly(2), "big")
        elif size == 127:
            size = int.from_bytes(await self.reader.readexactly(8), "big")
        return first & 0x0F, await self.reader.readexactly(size)

    def text(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", errors="replace"))

    async def wait_for(self, *words: str, timeout: float = FIRST_FRAME) -> str:
        """Read the screen until every word shows (or the tab closes: AssertionError)."""
        async def read() -> None:
            while not all(word in self.text() for word in words):
                if not await self.read_one():
                    raise AssertionError(f"the tab closed before {words!r} showed: {self.text()[-600:]!r}")
        try:
            await asyncio.wait_for(read(), timeout)
        except TimeoutError:
            raise AssertionError(f"{words!r} did not show in {timeout} s: {self.text()[-600:]!r}") from None
        return self.text()

    async def read_one(self) -> bool:
        """One frame into the screen; False once the server closed the tab."""
        try:
            opcode, payload = await self.read_frame()
        except (asyncio.IncompleteReadError, ConnectionError):
            self.closed = True
            return False
        if opcode == 2:
            self.raw += payload
        elif opcode == 8:
            self.closed = True
            return False
        return True

    async def wait_closed(self, timeout: float) -> str:
        async def read() -> None:
            while await self.read_one():
                pass
        await asyncio.wait_for(read(), timeout)
        return self.text()

    def abort(self) -> None:
        """Drop the connection at once, as a closed tab or a lost network does, whatever is in flight."""
        self.writer.transport.abort()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.write(frame(b"\x03\xe8", opcode=8))
            await asyncio.wait_for(self.writer.drain(), 5)
        self.writer.close()


async def play(port: int, source: str = "127.0.0.2") -> str:
    """A player at another address opens a tab, sees the menu and gets an answer to a key; the screen text."""
    tab = await Tab.open(port, source=source, origin=f"http://127.0.0.1:{port}")
    try:
        assert tab.status == 101, tab.head
        tab.send("resize", {"width": 80, "height": 24})
        await tab.wait_for("Load a saved game")
        tab.send("stdin", "c")  # Continue, with no game saved yet: the menu says so
        return await tab.wait_for("There is no unfinished game", timeout=30)
    finally:
        await tab.close()


async def processes(server: WebServer, count: int, timeout: float = 30) -> dict:
    """Once ``count`` tabs have their process started: each tab's service and its process id."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        started = {service: service._process.pid for service in list(server.services) if service._process}
        if len(started) >= count or loop.time() > deadline:
            assert len(started) >= count, f"{len(started)} of {count} tab processes started"
            return started
        await asyncio.sleep(0.05)
