"""``boardgames serve --web`` end to end: the page, its websocket, the menu's first frame, one process per tab."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

from boardgames.core.registry import all_games  # noqa: E402
from boardgames.serve.web import origin_of, tab_command  # noqa: E402

from .webclient import ANSI, FIRST_FRAME, PROC, alive  # noqa: E402

STARTUP = 30.0  # seconds, generous for a loaded 2-core machine; a typical start takes about one


def server_argv(saves: Path) -> list[str]:
    """``boardgames --saves SAVES serve --web --port 0`` (port 0: a free port, printed in the URL)."""
    return [sys.executable, "-m", "boardgames", "--saves", str(saves), "serve", "--web", "--port", "0"]


def children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``, with their command lines (Linux /proc)."""
    found = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found[int(entry.name)] = cmdline
    return found


async def wait_for_url(server: asyncio.subprocess.Process, lines: list[str]) -> str:
    assert server.stdout is not None
    while True:
        line = (await server.stdout.readline()).decode(errors="replace")
        if not line:
            raise AssertionError("the server stopped before serving:\n" + "".join(lines))
        lines.append(line)
        match = re.search(r"serving the menu on (http://\S+)", line)
        if match:
            return match.group(1)


async def first_frame(websocket, words: list[str]) -> str:
    """The screen text received until every word has appeared."""
    screen = ""
    while not all(word in ANSI.sub("", screen) for word in words):
        message = await websocket.receive()
        if message.type == aiohttp.WSMsgType.BINARY:
            screen += message.data.decode("utf-8", errors="replace")
        elif message.type != aiohttp.WSMsgType.TEXT:
            shown = ANSI.sub("", screen)
            raise AssertionError(f"the websocket ended ({message.type!r}) before the menu showed:\n{shown}")
    return ANSI.sub("", screen)


def test_tab_command_runs_this_python_on_the_servers_saves(tmp_path):
    command = tab_command(tmp_path / "my saves", ascii=True)
    assert sys.executable in command and "-m boardgames" in command
    assert "'" + str(tmp_path / "my saves") + "'" in command and command.endswith("--ascii")


def test_origin_of():
    assert origin_of("HTTPS://Games.example.org/boardgames/") == "https://games.example.org"


@pytest.mark.skipif(sys.platform == "win32", reason="textual-serve's tabs need a POSIX shell")
async def test_web_serves_the_menu_to_a_tab_and_ends_its_process(tmp_path):
    saves = tmp_path / "saves"
    env = {**os.environ, "BOARDGAMES_HOME": str(tmp_path / "home"), "PYTHONUNBUFFERED": "1"}
    server = await asyncio.create_subprocess_exec(
        *server_argv(saves), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
    )
    lines: list[str] = []
    try:
        url = await asyncio.wait_for(wait_for_url(server, lines), STARTUP)
        assert url.startswith("http://127.0.0.1:")  # localhost unless --host says otherwise
        title = all_games()[0].title
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=STARTUP)) as session:
            async with session.get(url + "/") as response:
                assert response.status == 200
                page = await response.text()
            match = re.search(r'data-session-websocket-url="([^"]+)"', page)
            assert match, page[:500]
            websocket_url = match.group(1)
            assert websocket_url == "ws" + url[4:] + "/ws"

            # a page of another site may not open a tab (no process is started for it)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(websocket_url, headers={"Origin": "http://evil.example"})
            assert refused.value.status == 403

            # what the page's script does: connect with its size, send the size, then read the screen
            websocket = await session.ws_connect(websocket_url + "?width=100&height=30", headers={"Origin": url})
            await websocket.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
            started = time.monotonic()
            screen = await asyncio.wait_for(first_frame(websocket, ["boardgames", f"New game: {title}"]), FIRST_FRAME)
            print(f"first frame after {time.monotonic() - started:.2f} s")
            assert "Load a saved game" in screen

            tabs = {}
            if PROC.is_dir():
                tabs = children(server.pid)
                assert len(tabs) == 1 and all("boardgames" in line for line in tabs.values()), tabs

            await websocket.close()  # the tab closes: its process quits
            deadline = time.monotonic() + 20
            while any(alive(pid) for pid in tabs) and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            assert not any(alive(pid) for pid in tabs), f"a tab's process outlived its tab: {tabs}"

        server.send_signal(signal.SIGINT)  # Ctrl+C: a clean stop, no traceback
        assert server.stdout is not None
        rest = await asyncio.wait_for(server.stdout.read(), 20)
        assert await asyncio.wait_for(server.wait(), 20) == 0
        output = "".join(lines) + rest.decode(errors="replace")
        assert "Traceback" not in output, output
        assert "stopped" in output
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
