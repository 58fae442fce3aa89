"""``boardgames serve --web``: the menu in a browser, one ``boardgames`` process per tab (textual-serve).

The page is textual-serve's: xterm.js in the browser, a websocket to ``/ws``; for each websocket
the server starts ``python -m boardgames`` with Textual's web driver and relays its screen and
the browser's keys, so every tab is its own app with its own save store object.

Saves: all tabs of one server share one saves folder, ``--saves FOLDER`` if given, else
``<data folder>/web/saves`` (``$BOARDGAMES_HOME/web/saves`` when that is set). The server has no
logins, so a tab has no owner to keep a folder for: a per-tab folder would lose every game the
moment its tab closed, which breaks "stop and resume at any time". The folder is the server's
own, not the terminal player's ``saves``, because visitors are not the account owner. Two tabs
can never play one save at once: the second is offered to watch it (the usual save lock).

There is no authentication here: it binds to 127.0.0.1 unless told otherwise; exposed to a
network it belongs behind a reverse proxy that authenticates (pass ``public_url`` when the
browser reaches it under another address, e.g. ``https://games.example.org``). A websocket
opened by a page of another origin is refused, so a web site visited on this machine cannot
drive the games through the browser.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import shlex
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from boardgames.home import default_home
from boardgames.serve.sizes import clamp

log = logging.getLogger("boardgames.web")

#: seconds a tab's process is given to quit after its tab closes before it is killed
QUIT_GRACE = 5.0

LOOPBACK = {"127.0.0.1", "::1", "localhost"}


def web_home() -> Path:
    """The web server's own folder; its ``saves`` folder is the tabs' default."""
    return default_home() / "web"


def tab_command(saves: Path, ascii: bool = False) -> str:
    """The shell command textual-serve runs for each tab: this Python's ``boardgames`` menu."""
    argv = [sys.executable, "-m", "boardgames", "--saves", str(saves)]
    if ascii:
        argv.append("--ascii")
    command = shlex.join(argv)
    # exec: the process textual-serve holds is the game itself, not a shell that would outlive a kill
    return f"exec {command}" if os.name == "posix" else command


def host_of(host_header: str) -> str:
    """The name or address of a Host header, without its port or IPv6 brackets, lower case."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def parent_death_signal():
    """On Linux, a function for ``preexec_fn`` that has the kernel send SIGTERM to a tab's process when
    the server dies, even by SIGKILL (else the tab's app would idle on forever); elsewhere None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up here, not in the forked child
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1

    def preexec() -> None:
        prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)

    return preexec


class TabService(AppService):
    """One tab's process: asked to quit when its tab goes, killed if it has not within ``QUIT_GRACE``."""

    #: the window the tab's app is drawn for, clamped (see serve/sizes.py)
    size: tuple[int, int] = (80, 24)
    #: the loop's time of the tab's last key (its start counts as one)
    last_key: float = 0.0

    async def send_bytes(self, data: bytes) -> bool:
        self.last_key = asyncio.get_running_loop().time()
        return await super().send_bytes(data)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        preexec = parent_death_signal()
        self._process = process = await asyncio.create_subprocess_shell(
            self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            **({"preexec_fn": preexec} if preexec is not None else {}),
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: int, height: int) -> None:
        """A resize from the page, clamped: the page's numbers are whatever its client sends."""
        await super().set_terminal_size(*clamp(width, height, self.size))

    async def start(self, width: int, height: int) -> None:
        self.last_key = asyncio.get_running_loop().time()
        self.size = clamp(width, height)
        await super().start(*self.size)

    async def stop(self) -> None:
        task = self._task
        if task is None:
            return
        self._task = None
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        with contextlib.suppress(Exception):
            await self.send_meta({"type": "quit"})
        process = self._process
        try:
            await asyncio.wait_for(asyncio.shield(task), QUIT_GRACE)
            if process is not None:
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
        except asyncio.TimeoutError:
            log.warning("a tab's process did not quit; killing it")
        except Exception as exc:  # noqa: BLE001 - a tab closed mid-frame raises from its relay task
            log.warning("a tab ended with %s; killing its process", type(exc).__name__)
        finally:  # whatever happened above, the process does not outlive its tab
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(process.wait(), QUIT_GRACE)
            if not task.done():
                task.cancel()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, QUIT_GRACE)


class WebServer(Server):
    """textual-serve's server with a tab process that is always reaped, an origin check and a quiet start."""

    def __init__(self, command: str, host: str, port: int, *, public_url: str | None = None, max_tabs: int = 100,
                 max_per_address: int = 10, idle_timeout: float = 30 * 60) -> None:
        super().__init__(command, host=host, port=port, title="boardgames", public_url=public_url)
        self.fixed_public_url = public_url.rstrip("/") if public_url else None
        self.tabs: set[asyncio.Task[Any]] = set()
        #: open tabs per address (behind a reverse proxy, every tab has the proxy's address)
        self.per_address: Counter[str] = Counter()
        self.max_tabs = max_tabs
        self.max_per_address = max_per_address
        #: seconds without a key from a tab before it is closed; 0 never
        self.idle_timeout = idle_timeout

    def base_url(self, request: web.Request) -> str:
        """Where the browser reaches us: ``public_url``, else the address it asked for."""
        return self.fixed_public_url or f"{request.scheme}://{request.host}"

    async def on_startup(self, app: web.Application) -> None:
        """textual-serve prints a banner here; run_web prints one line instead."""

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        base = self.base_url(request)
        router = request.app.router
        websocket_url = base + str(router["websocket"].url_for())
        websocket_url = ("wss:" if websocket_url.startswith("https:") else "ws:") + websocket_url.split(":", 1)[1]
        static_url = base + str(router["static"].url_for(filename="/")).rstrip("/") + "/"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": websocket_url,
            "config": {"static": {"url": static_url}},
            "application": {"name": self.title},
        }

    def host_allowed(self, host_header: str) -> bool:
        """Against DNS rebinding: the Host a browser sent must be this server's, never some other name.

        Allowed: the address it listens on, the localhost forms, ``public_url``'s host, and, when it
        listens on every address, any address literal (rebinding needs a name the attacker controls).
        """
        host = host_of(host_header)
        allowed = set(LOOPBACK) | {host_of(self.host)}
        if self.fixed_public_url:
            allowed.add(host_of(urlsplit(self.fixed_public_url).netloc))
        if host in allowed:
            return True
        return self.host in ("0.0.0.0", "::", "") and is_address(host)

    @web.middleware
    async def guard(self, request: web.Request, handler) -> web.StreamResponse:
        if not self.host_allowed(request.host):
            log.warning("refused a request for the host %r", request.host[:100])
            raise web.HTTPMisdirectedRequest(text="This server does not answer to that host name.")
        return await handler(request)

    @staticmethod
    async def no_framing(request: web.Request, response: web.StreamResponse) -> None:
        """No page of another site may show the games in a frame (clickjacking)."""
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"

    def origin_allowed(self, request: web.Request) -> bool:
        """No Origin (not a browser), or the origin the page was served from."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        return origin.lower() in {origin_of(self.base_url(request)), origin_of(f"{request.scheme}://{request.host}")}

    def tab_refusal(self, address: str) -> str:
        if len(self.tabs) >= self.max_tabs:
            return f"The server is full: it already runs {len(self.tabs)} tabs, its limit. Please try again later."
        if self.per_address[address] >= self.max_per_address:
            return (f"Your address already has {self.per_address[address]} tabs open, the limit for one address; "
                    "close one of them and reload.")
        return ""

    async def watch_idle(self, websocket: web.WebSocketResponse, service: TabService) -> None:
        """Close a tab that has sent no key for ``idle_timeout`` seconds (its process then stops)."""
        loop = asyncio.get_running_loop()
        while True:
            left = service.last_key + self.idle_timeout - loop.time()
            if left <= 0:
                log.info("closed a tab after %g seconds without a key", self.idle_timeout)
                await websocket.close(message=b"closed after a while without a key")
                return
            await asyncio.sleep(left)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if not self.origin_allowed(request):
            log.warning("refused a websocket from origin %r", request.headers.get("Origin"))
            raise web.HTTPForbidden(text="This websocket is only for pages of this server.")
        address = request.remote or "?"
        refusal = self.tab_refusal(address)
        if refusal:
            log.warning("refused a tab from %s: %s", address, refusal)
            raise web.HTTPServiceUnavailable(text=refusal)
        task = asyncio.current_task()
        assert task is not None
        self.tabs.add(task)
        self.per_address[address] += 1
        idle: asyncio.Task | None = None
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: TabService | None = None
        try:
            await websocket.prepare(request)
            service = TabService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await service.start(width, height)
            if self.idle_timeout:
                idle = asyncio.ensure_future(self.watch_idle(websocket, service))
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            pass  # the server is stopping: fall through to stop the tab's process
        except Exception:  # noqa: BLE001 - one tab's failure must not stop the server
            log.exception("a tab failed")
        finally:
            self.tabs.discard(task)
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
            if idle is not None:
                idle.cancel()
            if service is not None:
                await service.stop()
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket

    async def close_tabs(self) -> None:
        """Cancel every open tab; each one's handler then stops (or kills) its process."""
        tabs = list(self.tabs)
        for task in tabs:
            task.cancel()
        if tabs:
            await asyncio.wait(tabs, timeout=3 * QUIT_GRACE)


async def serve(server: WebServer, stop: asyncio.Event, announce) -> None:
    """Serve until ``stop`` is set; ``announce(url)`` is called once listening (port 0 gives a free port)."""
    app = await server._make_app()
    app.middlewares.append(server.guard)
    app.on_response_prepare.append(server.no_framing)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, server.host, server.port)
        await site.start()
        port = server.port
        for address in runner.addresses:
            if isinstance(address, tuple):
                port = address[1]
                break
        host = f"[{server.host}]" if ":" in server.host else server.host
        announce(server.fixed_public_url or f"http://{host}:{port}")
        await stop.wait()
    finally:
        await server.close_tabs()
        await runner.cleanup()


def run_web(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    public_url: str | None = None,
    saves: Path | None = None,
    ascii: bool = False,
    max_tabs: int = 100,
    max_per_address: int = 10,
    idle_timeout: float = 30 * 60,
) -> int:
    """Serve the menu to browsers until Ctrl+C (or SIGTERM); 0 then, 1 if it cannot listen."""
    folder = saves if saves is not None else web_home() / "saves"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"boardgames: the saves folder {folder} cannot be made: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.INFO, format="boardgames web: %(message)s")
    server = WebServer(tab_command(folder.resolve(), ascii), host, port, public_url=public_url, max_tabs=max_tabs,
                       max_per_address=max_per_address, idle_timeout=idle_timeout)

    def announce(url: str) -> None:
        print(f"boardgames: serving the menu on {url} (one process per browser tab; saves in {folder})", flush=True)
        if host not in LOOPBACK:
            print("boardgames: there is no login: put it behind a reverse proxy with authentication.", flush=True)
        print("boardgames: Ctrl+C stops.", flush=True)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, stop.set)
        await serve(server, stop, announce)

    try:
        asyncio.run(main())
    except KeyboardInterrupt:  # where signal handlers cannot be installed
        pass
    except OSError as exc:
        print(f"boardgames: cannot serve on {host}:{port}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    print("boardgames: stopped.", flush=True)
    return 0
