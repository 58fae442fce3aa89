"""``--web`` against a hostile page: DNS rebinding, framing. The server runs in the test's loop on a free port."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

from boardgames.serve.web import WebServer, host_of, serve, tab_command  # noqa: E402


@contextlib.asynccontextmanager
async def web_server(tmp_path, host="127.0.0.1", public_url=None, command=None, **limits):
    with socket.socket() as probe:  # a free port (the announced URL is public_url's when there is one)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = WebServer(command or tab_command(tmp_path), host, port, public_url=public_url, **limits)
    stop, ready = asyncio.Event(), asyncio.get_running_loop().create_future()
    task = asyncio.ensure_future(serve(server, stop, ready.set_result))
    try:
        await asyncio.wait_for(ready, 20)
        yield server, port
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)


@pytest.mark.parametrize(("header", "host"), [("localhost:8000", "localhost"), ("[::1]:8000", "::1"),
                                              ("Evil.Example", "evil.example"), ("10.0.0.1", "10.0.0.1")])
def test_host_of(header, host):
    assert host_of(header) == host


async def test_a_rebound_host_name_is_refused_even_with_a_matching_origin(tmp_path):
    async with web_server(tmp_path) as (server, port), aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{port}"
        async with session.get(base + "/", headers={"Host": f"evil.example:{port}"}) as response:
            assert response.status == 421 and "host name" in await response.text()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(base + "/ws", headers={"Host": f"evil.example:{port}",
                                                            "Origin": f"http://evil.example:{port}"})
        assert refused.value.status == 421
        assert not server.tabs  # no process was started for it
        for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
            async with session.get(base + "/", headers={"Host": host}) as response:
                assert response.status == 200


async def test_public_url_and_any_address_are_the_allowed_hosts(tmp_path):
    async with web_server(tmp_path, host="0.0.0.0", public_url="https://games.example.org") as (_server, port), \
            aiohttp.ClientSession() as session:
        base = f"http://127.0.0.1:{port}"
        for host, status in (("games.example.org", 200), (f"192.0.2.7:{port}", 200), ("evil.example", 421)):
            async with session.get(base + "/", headers={"Host": host}) as response:
                assert response.status == status, host


async def test_no_page_may_frame_the_games(tmp_path):
    async with web_server(tmp_path) as (_server, port), aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/") as response:
            assert response.status == 200
            assert response.headers["X-Frame-Options"] == "DENY"
            assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


async def test_a_tab_closed_mid_frame_has_its_process_killed(tmp_path):
    from textual_serve.download_manager import DownloadManager

    from boardgames.serve.web import TabService

    async def ignore(*_args):
        return None

    service = TabService("exec sleep 60", write_bytes=ignore, write_str=ignore, close=ignore,
                         download_manager=DownloadManager())
    process = await service._open_app_process()

    async def relay_that_broke():  # what the relay task raises when its tab went away in the middle of a frame
        await asyncio.sleep(0.05)
        raise ConnectionResetError("Cannot write to closing transport")

    service._task = asyncio.ensure_future(relay_that_broke())
    await asyncio.sleep(0.1)
    await asyncio.wait_for(service.stop(), 30)
    assert process.returncode is not None  # the process is gone (it would have slept on for a minute)


async def test_a_tabs_window_is_clamped(tmp_path):
    import json

    from textual_serve.download_manager import DownloadManager

    from boardgames.serve.sizes import MAX_COLS, MAX_ROWS
    from boardgames.serve.web import TabService

    async def ignore(*_args):
        return None

    service = TabService("exec cat", write_bytes=ignore, write_str=ignore, close=ignore,
                         download_manager=DownloadManager())
    service.size = (100, 30)  # as start() leaves it
    process = await service._open_app_process(*service.size)
    try:
        for width, height in ((65535, 65535), (100, "40"), (120, 50)):
            await service.set_terminal_size(width, height)  # cat hands each packet back
        echoed = await asyncio.wait_for(process.stdout.read(400), 10)
        while echoed.count(b"resize") < 3:
            echoed += await asyncio.wait_for(process.stdout.read(400), 10)
        sizes = []
        while echoed:  # packets: b"M", a 4-byte big-endian length, the JSON
            length = int.from_bytes(echoed[1:5], "big")
            meta = json.loads(echoed[5:5 + length])
            sizes.append((meta["width"], meta["height"]))
            echoed = echoed[5 + length:]
        assert sizes == [(MAX_COLS, MAX_ROWS), (100, 30), (120, 50)]  # a size that is not a number changes nothing
    finally:
        process.kill()
        await process.wait()


def tab_processes(server) -> list[int]:
    """The tabs' processes of a server running in this process (its children running ``sleep``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
                if int(fields[1]) == os.getpid() and fields[0] != "Z" and b"sleep" in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
    return found


def from_address(address: str) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))


async def test_tabs_are_capped_in_total_and_per_address(tmp_path):
    async with web_server(tmp_path, command="exec sleep 60", max_tabs=3, max_per_address=2) as (server, port), \
            aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{port}/ws"
        tabs = [await session.ws_connect(url) for _ in range(2)]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(url)
        assert refused.value.status == 503
        async with from_address("127.0.0.2") as other, from_address("127.0.0.3") as third:
            tabs.append(await other.ws_connect(url))  # another address: let in
            with pytest.raises(aiohttp.WSServerHandshakeError):  # the server's total
                await third.ws_connect(url)
            assert len(server.tabs) == 3
        for tab in tabs:
            await tab.close()
        for _ in range(100):
            if not server.tabs:
                break
            await asyncio.sleep(0.1)
        assert not server.tabs and not server.per_address


async def test_a_tab_without_a_key_is_closed_and_its_process_ends(tmp_path):
    async with web_server(tmp_path, command="exec sleep 60", idle_timeout=1.0) as (server, port), \
            aiohttp.ClientSession() as session:
        tab = await session.ws_connect(f"http://127.0.0.1:{port}/ws")
        for _ in range(50):
            if tab_processes(server):
                break
            await asyncio.sleep(0.1)
        assert len(tab_processes(server)) == 1
        message = await asyncio.wait_for(tab.receive(), 20)
        while message.type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            message = await asyncio.wait_for(tab.receive(), 20)
        for _ in range(100):
            if not server.tabs and not tab_processes(server):
                break
            await asyncio.sleep(0.1)
        assert not server.tabs and tab_processes(server) == []
