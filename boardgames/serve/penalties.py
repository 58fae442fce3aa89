"""Seconds an address is refused for after connections that cost the server and gave nothing back.

After OpenSSH's PerSourcePenalties; "address" here is the source a connection counts for, its address or the
address's block (netblock.py, ``--per-source-net-block-size``). A connection that ends without logging in, or logged
in without ever opening a session, earns its address ``noauth`` seconds; one the server closes because its log-in
time (``--login-grace-time``) or its time without a session (``--unused-timeout``) ran out earns ``grace-exceeded``.
An address's penalties add up to ``max`` seconds at most, and count only once more than ``min`` seconds of them lie
ahead: from then on its new connections are refused until they have run out. So a client reconnecting without pause,
or holding connections open with nothing in them, pays with a pause, while a player who connects now and then never
notices. A connection refused at the door, or closed by the server to make room before it logged in, earns nothing
(one logged in that never opened a session earns ``noauth`` however it ends); wrong passwords have their own limit
(guesses.py).
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boardgames.serve.speech import _

NOAUTH, GRACE_EXCEEDED = "noauth", "grace-exceeded"


@dataclass(frozen=True)
class PenaltyRates:
    """Seconds each way of ending earns, and the bounds; ``on`` False turns penalties off."""

    noauth: float = 1.0
    grace_exceeded: float = 10.0
    #: the longest an address is refused for, and the penalty it must have ahead before it is refused at all
    longest: float = 600.0
    least: float = 15.0
    on: bool = True

    def earned(self, kind: str) -> float:
        return {NOAUTH: self.noauth, GRACE_EXCEEDED: self.grace_exceeded}.get(kind, 0.0)


#: the words of ``--per-source-penalties`` (OpenSSH's) and the fields they set
WORDS = {"noauth": "noauth", "grace-exceeded": "grace_exceeded", "max": "longest", "min": "least"}
DURATION = re.compile(r"(\d+(?:\.\d+)?)([smh]?)")
UNITS = {"": 1, "s": 1, "m": 60, "h": 3600}


def parse_penalties(text: str) -> PenaltyRates:
    """``off``, or words such as ``noauth:1s grace-exceeded:10s max:10m min:15s`` (each optional, the others
    keep their defaults); ValueError with a sentence."""
    if text.strip().lower() in ("off", "no"):
        return PenaltyRates(on=False)
    given: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        word, _sep, value = part.partition(":")
        duration = DURATION.fullmatch(value.strip().lower())
        if word not in WORDS or duration is None:
            raise ValueError(_("--per-source-penalties is 'off' or words such as 'noauth:1s grace-exceeded:10s "
                               "max:10m min:15s' (seconds, or with m for minutes and h for hours)."))
        given[WORDS[word]] = float(duration.group(1)) * UNITS[duration.group(2)]
    rates = PenaltyRates(**given)
    if rates.least > rates.longest:
        raise ValueError(_("In --per-source-penalties, min cannot be more than max."))
    return rates


@dataclass
class _Penalty:
    #: when the address's penalties run out
    ends: float
    #: more than ``least`` seconds lay ahead at some point: refused until ``ends``
    enforced: bool = False


@dataclass
class Penalties:
    """The addresses with a penalty running, the most recently penalised last; at most ``max_addresses`` of them
    (past that the oldest is forgotten, as OpenSSH's permissive overflow does)."""

    rates: PenaltyRates = field(default_factory=PenaltyRates)
    clock: Callable[[], float] = time.monotonic
    max_addresses: int = 65536
    table: OrderedDict[str, _Penalty] = field(default_factory=OrderedDict)

    def _forget_old(self, now: float) -> None:
        while self.table:
            address, penalty = next(iter(self.table.items()))
            if penalty.ends > now:
                return
            del self.table[address]

    def penalise(self, address: str, kind: str) -> None:
        """``address`` had a connection end the way ``kind`` says (NOAUTH or GRACE_EXCEEDED)."""
        seconds = self.rates.earned(kind)
        if not self.rates.on or seconds <= 0:
            return
        now = self.clock()
        self._forget_old(now)
        penalty = self.table.pop(address, None)
        if penalty is None or penalty.ends <= now:
            penalty = _Penalty(now)
        penalty.ends = min(penalty.ends + seconds, now + self.rates.longest)
        penalty.enforced = penalty.enforced or penalty.ends - now > self.rates.least
        self.table[address] = penalty
        while len(self.table) > self.max_addresses:
            self.table.popitem(last=False)

    def refused_for(self, address: str) -> float:
        """Seconds ``address`` is still refused for (0 when it may connect)."""
        penalty = self.table.get(address)
        if penalty is None or not penalty.enforced:
            return 0.0
        return max(0.0, penalty.ends - self.clock())
