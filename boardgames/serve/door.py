"""Which new connections the server lets in, so clients with no credentials cannot use up its descriptors.

Connections are counted by source: an address, or its network block (netblock.py). After OpenSSH's MaxStartups
``start:rate:full``: below ``start`` connections still logging in, every new one is let in; from ``start`` a new
one from a source that already has one logging in is dropped with a chance rising from ``rate`` % to 100 % at
``full``; at ``full``, a new source still gets in by closing a connection of the source with the most of them
logging in: its oldest that has not yet asked to log in (a socket that never finished its key exchange), and
only when there is none such its oldest in authentication, so a flood of bare sockets from many addresses never
closes a player in the middle of their password check. Besides: a cap on all connections, one on the
connections of one source (logged in or not), the penalties a source has earned (penalties.py), and new ones
are refused while the process is close to its descriptor limit. At the cap on all connections, a new one from
a source with fewer connections than another still gets in by closing a logged-in connection that holds
nothing (no session started on it) of the source with the most such: many addresses each holding their most
of idle logged-in connections cannot shut a player out until their unused time runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import resource
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from boardgames.serve.penalties import Penalties
from boardgames.serve.speech import _
from boardgames.serve.throttle import Throttle


class Held(Protocol):
    address: str
    started: float


class Waiting(Held, Protocol):
    #: the address's block, which the limits count by
    source: str
    authenticated: bool
    #: it has asked to log in (so its key exchange is done)
    asked: bool
    closing: bool

    @property
    def holds_nothing(self) -> bool:
        """Logged in, and no session of it has started (it can be closed to make room at no player's cost)."""


#: the server's own connection class, handed back when one is chosen to make room
W = TypeVar("W", bound=Waiting)
H = TypeVar("H", bound=Held)


def parse_startups(text: str) -> tuple[int, int, int]:
    """``start:rate:full`` (or one number: ``full`` alone, no early drop); ValueError with a sentence."""
    parts = text.split(":")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        numbers = []
    if len(numbers) == 1:
        numbers = [numbers[0], 100, numbers[0]]
    if len(numbers) != 3 or not (1 <= numbers[0] <= numbers[2] and 0 <= numbers[1] <= 100):
        raise ValueError(_("--max-startups is START:RATE:FULL (for example 10:30:100): whole numbers with START at "
                           "least 1 and at most FULL, and RATE a percentage."))
    return numbers[0], numbers[1], numbers[2]


def open_descriptors() -> int:
    with contextlib.suppress(OSError):
        return len(os.listdir("/proc/self/fd"))
    return 0


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _address(connection: Held) -> str:
    return connection.address


def oldest_of_busiest(candidates: Iterable[H], source: Callable[[H], str] = _address) -> H | None:
    """Of the connections that may be closed to make room: the oldest of the source (by default the address) that
    has the most of them."""
    listed = list(candidates)
    by_source = Counter(source(c) for c in listed)
    if not by_source:
        return None
    most = max(by_source.values())
    return min((c for c in listed if by_source[source(c)] == most), key=lambda c: c.started)


def _source(connection: Waiting) -> str:
    return connection.source


class Door:
    def __init__(self, startups: tuple[int, int, int], max_connections: int, per_address: int,
                 fd_reserve: int = 64, chance: Callable[[], float] = random.random,
                 penalties: Penalties | None = None) -> None:
        self.start, self.rate, self.full = startups
        self.max_connections = max_connections
        #: connections of one source at once, logged in or not
        self.per_address = per_address
        #: descriptors kept free for game processes, log files and the server's own work
        self.fd_reserve = fd_reserve
        self.chance = chance
        self.penalties = penalties if penalties is not None else Penalties()

    def descriptors_low(self, connections: int) -> bool:
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft == resource.RLIM_INFINITY or connections < (soft - self.fd_reserve) // 8:
            return False  # far from the limit: not worth listing /proc/self/fd
        return open_descriptors() >= soft - self.fd_reserve

    def decide(self, source: str, connections: Iterable[W]) -> tuple[str, W | None]:
        """('' or why a new connection from ``source`` is refused, an older connection to close to make room)."""
        others = [c for c in connections if not c.closing]
        if self.descriptors_low(len(others)):
            return "refused: the server is close to its limit of open files", None
        paused = self.penalties.refused_for(source)
        if paused:
            return (f"refused: this address is paused for {paused:.0f} more seconds after connections that ended "
                    "without logging in or without a session"), None
        counts = Counter(c.source for c in others)
        if counts[source] >= self.per_address:
            return "refused: too many connections from this address", None
        why, victim = self.startup(source, others)
        if why or victim is not None or len(others) < self.max_connections:
            return why, victim
        # full in all: a logged-in connection holding nothing, of a source with more connections than this one's
        victim = oldest_of_busiest((c for c in others if c.holds_nothing and counts[c.source] > counts[source]),
                                   _source)
        if victim is None:
            return "refused: the server has as many connections as it takes", None
        return "", victim

    def startup(self, source: str, others: list[W]) -> tuple[str, W | None]:
        """MaxStartups for a new connection from ``source``: ('' or why it is refused, one logging in to close)."""
        waiting = [c for c in others if not c.authenticated]
        mine = sum(c.source == source for c in waiting)
        if len(waiting) >= self.full:
            if mine:
                return "refused: too many connections waiting to log in", None
            victim = oldest_of_busiest((c for c in waiting if not c.asked), _source)
            return "", victim if victim is not None else oldest_of_busiest(waiting, _source)
        if len(waiting) >= self.start and mine:  # random early drop, never of a source with none waiting
            span = max(1, self.full - self.start)
            percent = self.rate + (100 - self.rate) * (len(waiting) - self.start) / span
            if self.chance() * 100 < percent:
                return "refused: too many connections waiting to log in (dropped at random)", None
        return "", None


class Quiet:
    """An event loop exception handler that writes one line a second at most, never a traceback.

    Running out of descriptors makes asyncio's accept loop report an error at every try; the log
    must not grow by gigabytes while it lasts.
    """

    def __init__(self, log: Callable[[str], None], every: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log = log
        self.throttle = Throttle(every, clock)

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        skipped = self.throttle.allow()
        if skipped is None:
            return
        exc = context.get("exception")
        what = context.get("message", "an error")
        more = f" ({skipped} more since the last line)" if skipped else ""
        self.log(f"problem: {what}: {type(exc).__name__ + ': ' + str(exc) if exc else '-'}{more}")
