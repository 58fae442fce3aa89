"""The web server's limits, kept apart from aiohttp: which Host names it answers, window sizes, input pace.

Window sizes are clamped by serve/sizes.py, as over SSH; this module only reads what a page sent.

DNS rebinding: a page at ``http://evil.example:8000`` whose name is made to resolve to 127.0.0.1
reaches this server as "the same origin", so an Origin check alone lets it in; the browser still
sends ``Host: evil.example:8000``, which is why the Host header is checked against names we chose.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar
from urllib.parse import urlsplit

from boardgames.serve.door import oldest_of_busiest
from boardgames.serve.sizes import clamp

#: names that always mean this machine
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
#: addresses that mean "every interface": no name a browser would use
WILDCARDS = frozenset({"", "0.0.0.0", "::"})


@dataclass(frozen=True)
class WebLimits:
    """How much the web server gives out; the defaults are ``serve``'s (--max-sessions and so on)."""

    #: tabs (game processes) open at once, in all and from one address
    max_tabs: int = 100
    max_per_address: int = 10
    #: seconds without a key or a resize before a tab is closed; 0 never
    idle_timeout: float = 30 * 60
    #: input one tab may send: bytes a second on average, and at once (also the largest message)
    input_rate: float = 16 * 1024
    input_burst: int = 64 * 1024
    #: new window sizes passed on to a tab's process (each redraws it all): this many seconds apart
    #: on average, 2 at once; sizes sent meanwhile are merged into the latest (a dragged window
    #: ends at its last size). benchmarks/web_attack.py --flood resize: 4 a second of 500x200 and
    #: 80x24 in turn made another tab's key-to-redraw 1.65 to 2 times slower
    resize_interval: float = 2.0
    #: TCP connections open at once (pages, scripts, websockets), in all and from one address; 0: twice
    #: the tabs and some room for page loads. Over its address's cap a connection is closed before it is
    #: read; at the cap in all, an idle one of the address with the most is closed for it (ConnectionCount).
    max_connections: int = 0
    connections_per_address: int = 0
    #: seconds a connection may stay without a whole request (at first, or between two); aiohttp's 75 s
    #: let a slow or silent client hold its slot for longer (after OpenSSH's LoginGraceTime)
    request_grace: float = 15.0

    @property
    def connection_caps(self) -> tuple[int, int]:
        return (self.max_connections or 2 * self.max_tabs + 64,
                self.connections_per_address or 2 * self.max_per_address + 8)


def host_name(header: str | None) -> str | None:
    """The name in a Host header (``name``, ``name:port``, ``[v6]:port``), lower case; None if unreadable."""
    if not header:
        return None
    try:
        name = urlsplit("//" + header).hostname
    except ValueError:
        return None
    return name.rstrip(".") if name else None


def allowed_hosts(bound: str, public_url: str | None) -> frozenset[str]:
    """The names a request may carry: localhost forms, the address we listen on, ``public_url``'s name."""
    names = set(LOCAL_NAMES)
    bound_name = host_name(bound if ":" not in bound else f"[{bound}]")
    if bound_name and bound not in WILDCARDS:
        names.add(bound_name)
    if public_url:
        name = host_name(urlsplit(public_url).netloc)
        if name:
            names.add(name)
    return frozenset(names)


def host_allowed(header: str | None, allowed: frozenset[str], local_address: str | None) -> bool:
    """Whether a request's Host names this server: a name we chose, or the very address it arrived on.

    The second covers ``--host 0.0.0.0`` reached as ``http://192.0.2.5:8000``: a rebinding page
    always sends its own name, never the server's address.
    """
    name = host_name(header)
    if name is None:
        return False
    if name in allowed:
        return True
    if local_address is None:
        return False
    try:
        asked = ipaddress.ip_address(name)
        here = ipaddress.ip_address(local_address.split("%", 1)[0])
    except ValueError:
        return False
    mapped = getattr(here, "ipv4_mapped", None)
    return asked == here or (mapped is not None and asked == mapped)


def whole(value: object, default: int) -> int:
    """A window dimension sent by a browser as a whole number, ``default`` when it is not one."""
    if isinstance(value, bool):
        return default
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return default
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return int(value)
    return default


def page_size(width: object, height: object, default: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """The window size a page sent (numbers, strings, anything) read as whole numbers, then clamped as an
    SSH client's is (serve/sizes.py); a dimension that is not a number keeps ``default``'s."""
    return clamp(whole(width, default[0]), whole(height, default[1]), default)


@dataclass
class InputBucket:
    """What one tab may send: ``rate`` bytes a second on average and ``burst`` at once (a token bucket).

    ``delay(cost)`` spends ``cost`` and says how long to wait before forwarding it. The server
    waits that long without reading the tab's websocket, so a flood backs up into TCP and the
    browser instead of into the server's or the game's memory.
    """

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)
        self.last = self.clock()

    def due(self, cost: float) -> float:
        """Spend ``cost`` if it is there now (0.0); else spend nothing and say how long until it is."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return 0.0
        return (cost - self.tokens) / self.rate

    def delay(self, cost: float) -> float:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate) - cost
        self.last = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` keeps the server on this machine."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class Counted(Protocol):
    address: str
    started: float

    def idle(self) -> bool:
        """No request under way (none yet, or between two): closing it loses no answer."""
        ...


C = TypeVar("C", bound=Counted)


class ConnectionCount(Generic[C]):
    """Open connections, in all and per address, against caps; the table holds only addresses with one open.

    At the cap in all, a new connection from an address that has fewer open than another still gets in: the
    oldest idle connection of the address with the most idle ones (among those with more open than the new one's
    address) is closed for it, as SSH's door makes room (door.py). So silent sockets from many addresses, each
    under its own cap, cannot shut out a new tab, and a tab's own websocket (a request under way) is never closed.
    """

    def __init__(self, total: int, per_address: int) -> None:
        self.total_cap, self.per_address_cap = total, per_address
        self.total = 0
        self.by_address: dict[str, set[C]] = {}

    def admit(self, connection: C) -> tuple[bool, C | None]:
        """Whether ``connection`` is let in, and an open one to close for it (already no longer counted)."""
        mine = len(self.by_address.get(connection.address, ()))
        if mine >= self.per_address_cap:
            return False, None
        victim = None
        if self.total >= self.total_cap:
            victim = oldest_of_busiest(other for held in self.by_address.values() if len(held) > mine
                                       for other in held if other.idle())
            if victim is None:
                return False, None
            self.release(victim)
        self.by_address.setdefault(connection.address, set()).add(connection)
        self.total += 1
        return True, victim

    def release(self, connection: C) -> None:
        held = self.by_address.get(connection.address)
        if held is None or connection not in held:
            return
        held.discard(connection)
        self.total -= 1
        if not held:
            del self.by_address[connection.address]
