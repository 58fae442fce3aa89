"""``boardgames serve --web``: the menu in a browser, one ``boardgames`` process per tab (textual-serve).

The page is textual-serve's: xterm.js in the browser, a websocket to ``/ws``; for each websocket
the server starts ``python -m boardgames`` with Textual's web driver and relays its screen and
the browser's keys, so every tab is its own app with its own save store object.

Saves: all tabs of one server share one saves folder, ``--saves FOLDER`` if given, else
``<data folder>/web/saves`` (``$BOARDGAMES_HOME/web/saves`` when that is set). The server has no
logins, so a tab has no owner to keep a folder for: a per-tab folder would lose every game the
moment its tab closed, which breaks "stop and resume at any time". The folder is the server's
own, not the terminal player's ``saves``, because visitors are not the account owner. Two tabs
can never play one save at once: the second is offered to watch it (the usual save lock). At the
shared tables each tab is a guest of its own (webtab.py), so no tab can take another's seat.

There is no authentication here: it binds to 127.0.0.1 unless told otherwise (the command line
asks for ``--i-know-there-is-no-login`` before any other address); exposed to a network it belongs
behind a reverse proxy that authenticates (pass ``public_url`` when the browser reaches it under
another address, e.g. ``https://games.example.org``). A request whose Host is not one of ours
(DNS rebinding, see webguard) and a websocket opened by a page of another origin are refused, so
a web site visited on this machine cannot drive the games through the browser; no page may frame
them. Tabs are counted in all and per address and closed when idle; what a tab sends is paced
(``WebLimits``) and its window size clamped as over SSH (serve/sizes.py); a tab's process never
outlives its tab.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shlex
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.typedefs import Handler
from aiohttp.web_protocol import RequestHandler
from textual_serve.server import Server, to_int

from boardgames.home import default_home
from boardgames.i18n import language
from boardgames.serve import webtab
from boardgames.serve.speech import _, n_
from boardgames.serve.throttle import Throttle
from boardgames.serve.webguard import (
    ConnectionCount,
    InputBucket,
    WebLimits,
    allowed_hosts,
    host_allowed,
    is_loopback,
    page_size,
)
from boardgames.serve.webtab import TabService

log = logging.getLogger("boardgames.web")


def web_home() -> Path:
    """The web server's own folder; its ``saves`` folder is the tabs' default."""
    return default_home() / "web"


def tab_command(saves: Path, ascii: bool = False, lang: str | None = None) -> str:
    """The shell command textual-serve runs for each tab: this Python's ``boardgames`` menu, in ``lang`` (the
    operator's: a tab is a guest, who has no language remembered)."""
    argv = [sys.executable, "-m", "boardgames", "--saves", str(saves)]
    if lang:
        argv += ["--lang", lang]
    if ascii:
        argv.append("--ascii")
    command = shlex.join(argv)
    # exec: the process textual-serve holds is the game itself, not a shell that would outlive a kill
    return f"exec {command}" if os.name == "posix" else command


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


#: what a message costs a tab's input allowance beyond its bytes
MESSAGE_COST = 64

SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",  # no page of another site may frame the games (clickjacking)
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def idle_sentence(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        return n_("This tab was closed after {n} minute without a key; every move was saved. Reload the page to "
                  "go on.", "This tab was closed after {n} minutes without a key; every move was saved. Reload the "
                  "page to go on.", int(seconds // 60))
    if seconds >= 60:
        return _("This tab was closed after {count} minutes without a key; every move was saved. Reload the page "
                 "to go on.", count=format(seconds / 60, "g"))
    return _("This tab was closed after {count} seconds without a key; every move was saved. Reload the page to "
             "go on.", count=format(seconds, "g"))


class WebServer(Server):
    """textual-serve's server with the Host and Origin checked, tabs counted, timed out and paced, and
    a tab's process always reaped."""

    def __init__(self, command: str, host: str, port: int, *, public_url: str | None = None,
                 limits: WebLimits | None = None) -> None:
        super().__init__(command, host=host, port=port, title="boardgames", public_url=public_url)
        self.fixed_public_url = public_url.rstrip("/") if public_url else None
        self.limits = limits or WebLimits()
        self.hosts = allowed_hosts(host, public_url)
        self.tabs: set[asyncio.Task[Any]] = set()
        #: the services of the open tabs, and how many tabs each address has open
        self.services: set[TabService] = set()
        self.per_address: dict[str, int] = {}
        self.closing: set[asyncio.Future[Any]] = set()
        self.throttles: dict[str, Throttle] = {}
        self.connections: ConnectionCount[CappedHandler] | None = None

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.check_host)
        app.on_response_prepare.append(self.add_security_headers)
        return app

    @web.middleware
    async def check_host(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Answer only requests that name this server (see webguard: DNS rebinding)."""
        sockname = request.transport.get_extra_info("sockname") if request.transport is not None else None
        local = sockname[0] if isinstance(sockname, tuple) else None
        if not host_allowed(request.headers.get("Host"), self.hosts, local):
            self.log_refusal("host", "refused a request from %s for another host name", request.remote)
            raise web.HTTPMisdirectedRequest(
                text=_("This server answers only to its own addresses; give the name you use with --public-url."))
        return await handler(request)

    @staticmethod
    async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)

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

    def origin_allowed(self, request: web.Request) -> bool:
        """No Origin (not a browser), or the origin the page was served from (the Host is checked already)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        return origin.lower() in {origin_of(self.base_url(request)), origin_of(f"{request.scheme}://{request.host}")}

    def log_refusal(self, kind: str, message: str, *args: Any) -> None:
        """Log a refusal, at most once a second for each kind, saying how many went unlogged."""
        skipped = self.throttles.setdefault(kind, Throttle()).allow()
        if skipped is not None:
            log.warning(message + (f" ({skipped} more since the last such line)" if skipped else ""), *args)

    def refusal(self, address: str) -> str | None:
        """Why a new tab from ``address`` cannot open now, or None."""
        limits = self.limits
        if len(self.services) >= limits.max_tabs:
            return _("The server already has as many tabs open as it allows ({most}). Try again in a while.",
                     most=limits.max_tabs)
        if self.per_address.get(address, 0) >= limits.max_per_address:
            return _("Your address already has as many tabs open as the server allows ({most}). Close one of them "
                     "and reload this page.", most=limits.max_per_address)
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.origin_allowed(request):
            self.log_refusal("origin", "refused a websocket from origin %r", request.headers.get("Origin"))
            raise web.HTTPForbidden(text=_("This websocket is only for pages of this server."))
        limits = self.limits
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=limits.input_burst)
        address = request.remote or "unknown"
        refusal = self.refusal(address)
        if refusal is not None:
            self.log_refusal("tab", "refused a tab from %s: %s", address, refusal)
            await websocket.prepare(request)  # not a websocket request: 400, as for any other
            with contextlib.suppress(Exception):
                await websocket.send_bytes(f"\r\n{refusal}\r\n".encode())
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER)
            return websocket
        task = asyncio.current_task()
        assert task is not None
        width, height = page_size(request.query.get("width"), request.query.get("height"))
        service = TabService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            # textual-serve's own server passes websocket.close too; its annotation wants a close returning None
            close=websocket.close,  # type: ignore[arg-type]
            download_manager=self.download_manager,
            debug=self.debug,
        )
        service.size = (width, height)
        self.tabs.add(task)
        self.services.add(service)
        self.per_address[address] = self.per_address.get(address, 0) + 1
        try:
            await websocket.prepare(request)
            await service.start(width, height)
            if service._task is not None:  # the process ended (or its relay failed): end the tab too
                service._task.add_done_callback(lambda _: self._close_soon(websocket))
            await self._relay_messages(websocket, service, request)
        except asyncio.CancelledError:
            pass  # the server is stopping: fall through to stop the tab's process
        except web.HTTPException:
            raise  # not a websocket request (400): its answer, not a failure to log
        except Exception:  # noqa: BLE001 - one tab's failure must not stop the server
            log.exception("a tab failed")
        finally:
            self.tabs.discard(task)
            try:
                await service.stop()
            finally:
                self.services.discard(service)
                left = self.per_address.pop(address, 1) - 1
                if left > 0:
                    self.per_address[address] = left
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(websocket.close(), webtab.QUIT_GRACE)
        return websocket

    @staticmethod
    async def _quiet_close(websocket: web.WebSocketResponse) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(), webtab.QUIT_GRACE)

    def _close_soon(self, websocket: web.WebSocketResponse) -> None:
        closing = asyncio.ensure_future(self._quiet_close(websocket))
        self.closing.add(closing)
        closing.add_done_callback(self.closing.discard)

    async def _relay_messages(self, websocket: web.WebSocketResponse, service: TabService,
                              request: web.Request | None = None) -> None:
        """Relay a tab's messages to its process, paced by its input allowance, until it closes or idles.

        Replaces textual-serve's loop (``_process_messages``), which queued all input at once, passed any window size on
        and ended the tab (with a traceback) on a malformed message; a malformed one is skipped here.
        """
        loop = asyncio.get_running_loop()
        limits = self.limits
        bucket = InputBucket(limits.input_rate, limits.input_burst, clock=loop.time)
        sizes = InputBucket(1 / limits.resize_interval, 2, clock=loop.time)
        pending: tuple[int, int] | None = None  # the latest size not yet passed on
        last_key = loop.time()
        while True:
            timeout = None
            if limits.idle_timeout > 0:
                timeout = max(last_key + limits.idle_timeout - loop.time(), 0.001)
            if pending is not None:
                due = sizes.due(1)
                if due == 0:
                    service.size, pending = pending, None
                    await service.set_terminal_size(*service.size)
                else:
                    timeout = due if timeout is None else min(timeout, due)
            try:
                message = await websocket.receive(timeout=timeout)
            except TimeoutError:
                if limits.idle_timeout <= 0 or loop.time() < last_key + limits.idle_timeout:
                    continue  # a merged size is due
                log.info("closed a tab idle for %g s", limits.idle_timeout)
                sentence = f"\r\n{idle_sentence(limits.idle_timeout)}\r\n".encode()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(websocket.send_bytes(sentence), webtab.QUIT_GRACE)
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            data = message.data if isinstance(message.data, (str, bytes)) else ""
            envelope = parse_envelope(data) if message.type == WSMsgType.TEXT else None
            wait = bucket.delay(len(data) + MESSAGE_COST)
            if wait > 0:
                await asyncio.sleep(wait)  # not reading meanwhile: the flood waits in TCP, not in memory
            if gone(request):
                return  # what a closed tab queued before it went is not worth playing out
            if envelope is None:
                continue
            kind, argument = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "resize" and isinstance(argument, dict):
                last_key = loop.time()
                size = page_size(argument.get("width"), argument.get("height"), pending or service.size)
                pending = size if size != service.size else None
                continue
            relay = asyncio.ensure_future(self._relay(websocket, service, kind, argument))
            try:
                while not relay.done():  # a process slow to read its keys holds the tab back, not its end
                    await asyncio.wait({relay}, timeout=1.0)
                    if gone(request):
                        return
            finally:
                relay.cancel()
            if relay.result():
                last_key = loop.time()

    @staticmethod
    async def _relay(websocket: web.WebSocketResponse, service: TabService, kind: str, argument: Any) -> bool:
        """Pass one of a tab's messages on (not a resize); True if it was a key."""
        if kind == "stdin" and isinstance(argument, str):
            await service.send_bytes(argument.encode("utf-8", errors="replace"))
            return True
        if kind == "ping" and isinstance(argument, str) and len(argument) <= 64:
            await websocket.send_json(["pong", argument])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()
        return False

    async def close_tabs(self) -> None:
        """Cancel every open tab; each one's handler then stops (or kills) its process."""
        tabs = list(self.tabs)
        for task in tabs:
            task.cancel()
        if tabs:
            await asyncio.wait(tabs, timeout=3 * webtab.QUIT_GRACE)


def gone(request: web.Request | None) -> bool:
    """Whether a tab's connection has ended (its websocket may still hold unread messages)."""
    return request is not None and (request.transport is None or request.transport.is_closing())


def parse_envelope(text: str | bytes) -> list[Any] | None:
    """A tab's message ``[kind, argument]`` as textual-serve's page sends it, or None if it is not one."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(envelope, list) and envelope and isinstance(envelope[0], str):
        return envelope
    return None


class CappedHandler(RequestHandler):
    """aiohttp's connection handler behind a count of open connections: over its address's cap a new connection
    is closed before anything is read, and at the cap in all an idle one is closed to make room for it
    (ConnectionCount), so idle or slow connections cannot use up the descriptors nor shut out a new tab."""

    count: ConnectionCount[CappedHandler]
    refused: Callable[[str], None]
    made_room: Callable[[str, str], None]
    address: str = "unknown"
    started: float = 0.0
    #: counted in ``count`` (until it is closed, or closed to make room)
    counted: bool = False
    #: aiohttp's handler was told of the connection (a refused one never is)
    served: bool = False

    @classmethod
    def factory(cls, server: web.Server, count: ConnectionCount[CappedHandler], refused: Callable[[str], None],
                made_room: Callable[[str, str], None]) -> Callable[[], CappedHandler]:
        def make() -> CappedHandler:
            handler = cls(server, loop=asyncio.get_running_loop(), **server._kwargs)  # as web.Server makes them
            handler.count, handler.refused, handler.made_room = count, refused, made_room
            return handler
        return make

    def idle(self) -> bool:
        """No request under way (none yet, or between two): a tab's websocket is one request for its whole life."""
        return not getattr(self, "_request_in_progress", True)  # aiohttp's own flag; unknown: never idle

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = peer[0] if isinstance(peer, tuple) else "unknown"
        self.started = asyncio.get_running_loop().time()
        admitted, victim = self.count.admit(self)
        if not admitted:
            self.refused(self.address)
            cast(asyncio.Transport, transport).abort()  # a TCP server's transports are Transports
            return
        self.counted = True
        if victim is not None:
            victim.counted = False
            self.made_room(victim.address, self.address)
            victim.force_close()
        self.served = True
        super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self.counted:
            self.count.release(self)
            self.counted = False
        if self.served:
            self.served = False
            super().connection_lost(exc)


async def serve(server: WebServer, stop: asyncio.Event, announce: Callable[[str], None]) -> None:
    """Serve until ``stop`` is set; ``announce(url)`` is called once listening (port 0 gives a free port)."""
    app = await server._make_app()
    runner = web.AppRunner(app, handle_signals=False, access_log=None, keepalive_timeout=server.limits.request_grace)
    await runner.setup()
    listening = None
    try:
        if runner.server is None:  # setup() made it
            raise RuntimeError("aiohttp's runner has no server after setup")
        count: ConnectionCount[CappedHandler] = ConnectionCount(*server.limits.connection_caps)
        server.connections = count
        protocols = CappedHandler.factory(
            runner.server, count,
            lambda address: server.log_refusal("connection", "refused a connection from %s: too many open", address),
            lambda victim, address: server.log_refusal(
                "room", "closed an idle connection from %s to make room for one from %s", victim, address))
        listening = await asyncio.get_running_loop().create_server(protocols, server.host, server.port)
        port = listening.sockets[0].getsockname()[1] if listening.sockets else server.port
        host = f"[{server.host}]" if ":" in server.host else server.host
        announce(server.fixed_public_url or f"http://{host}:{port}")
        await stop.wait()
    finally:
        if listening is not None:
            listening.close()
        await server.close_tabs()
        await runner.cleanup()


def run_web(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    public_url: str | None = None,
    saves: Path | None = None,
    ascii: bool = False,
    limits: WebLimits | None = None,
) -> int:
    """Serve the menu to browsers until Ctrl+C (or SIGTERM); 0 then, 1 if it cannot listen."""
    folder = saves if saves is not None else web_home() / "saves"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print("boardgames: " + _("the saves folder {folder} cannot be made: {problem}.", folder=folder,
                                 problem=exc.strerror or exc), file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.INFO, format="boardgames web: %(message)s")
    server = WebServer(tab_command(folder.resolve(), ascii, language()), host, port, public_url=public_url,
                       limits=limits)
    with contextlib.suppress(ImportError):  # every tab holds a socket and three pipes
        from boardgames.serve.door import raise_descriptor_limit

        raise_descriptor_limit()

    def announce(url: str) -> None:
        print("boardgames: " + _("serving the menu on {url} (one process per browser tab; saves in {folder})",
                                 url=url, folder=folder), flush=True)
        if not is_loopback(host):
            print("boardgames: " + _("there is no login: put it behind a reverse proxy with authentication."),
                  flush=True)
        print("boardgames: " + _("Ctrl+C stops."), flush=True)

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
        print("boardgames: " + _("cannot serve on {host}:{port}: {problem}.", host=host, port=port,
                                 problem=exc.strerror or exc), file=sys.stderr)
        return 1
    print("boardgames: " + _("stopped."), flush=True)
    return 0
