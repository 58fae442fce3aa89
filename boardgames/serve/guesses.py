"""How many password and passphrase guesses an address gets, and the pool that checks them.

A guess is counted as a failure when its check *begins*, and only given back if it turns out right (or if the
server itself closes the connection to make room before the answer, which then tells the client nothing), so a
client that cancels its pending check (SSH lets it send the next password before the last is
answered) or spreads its guesses over many connections still gets no more than ``max_failures``
checks per ``window`` from one address. One address has one check running at a time, no sooner than
the pause its last failure earned; the checks run on a small pool of threads of their own, so one
address guessing holds one thread at most and never stalls another address's log-in.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class _Address:
    #: when each counted guess began (a right guess is taken out again)
    times: deque[float] = field(default_factory=deque)
    #: no check of this address starts before this moment (the pause of its last failure)
    not_before: float = 0.0
    #: the check of this address that is running now, if any (it runs on even if its client left)
    busy: asyncio.Future[Any] | None = None


class AttemptLimiter:
    """Guesses per address in a sliding window; the table holds at most ``max_addresses`` addresses.

    Addresses are kept in the order of their last guess, so forgetting old ones only looks at the
    oldest few, never at the whole table.
    """

    def __init__(self, max_failures: int = 5, window: float = 600.0, step: float = 1.0, longest: float = 5.0,
                 clock: Callable[[], float] = time.monotonic, max_addresses: int = 65536) -> None:
        self.max_failures = max_failures
        self.window = window
        self.step = step
        self.longest = longest
        self.clock = clock
        self.max_addresses = max_addresses
        self.table: OrderedDict[str, _Address] = OrderedDict()

    def _forget_old(self, now: float) -> None:
        while self.table:
            address, record = next(iter(self.table.items()))
            while record.times and record.times[0] <= now - self.window:
                record.times.popleft()
            if record.times or (record.busy is not None and not record.busy.done()):
                return
            del self.table[address]

    def record(self, address: str) -> _Address:
        record = self.table.get(address)
        if record is None:
            if len(self.table) >= self.max_addresses:  # the oldest address is forgotten first
                self.table.popitem(last=False)
            record = self.table[address] = _Address()
        self.table.move_to_end(address)
        return record

    def recent(self, address: str) -> int:
        """Guesses counted for ``address`` in the window."""
        now = self.clock()
        self._forget_old(now)
        record = self.table.get(address)
        if record is None:
            return 0
        while record.times and record.times[0] <= now - self.window:
            record.times.popleft()
        return len(record.times)

    def blocked_for(self, address: str) -> float:
        """Seconds until ``address`` may guess again (0 when it may now)."""
        if self.recent(address) < self.max_failures:
            return 0.0
        times = self.table[address].times
        return max(0.0, times[-self.max_failures] + self.window - self.clock())

    def begin(self, address: str) -> tuple[_Address, float]:
        """Count a guess as a failure now; ``succeeded`` gives it back."""
        now = self.clock()
        self._forget_old(now)
        record = self.record(address)
        record.times.append(now)
        return record, now

    def succeeded(self, record: _Address, stamp: float) -> None:
        if stamp in record.times:
            record.times.remove(stamp)

    def failed(self, record: _Address) -> float:
        """After a wrong guess: the pause before answering it, which also holds the address's next check."""
        pause = min(self.step * len(record.times), self.longest)
        record.not_before = max(record.not_before, self.clock() + pause)
        return pause


class Verdict:
    RIGHT, WRONG, BLOCKED = "right", "wrong", "blocked"


@dataclass
class Guess:
    """One guess, counted as a failure from the moment its check begins."""

    record: _Address
    stamp: float


class GuessChecker:
    """Runs password checks for the server: counted per address, one at a time per address, on a bounded pool."""

    def __init__(self, limiter: AttemptLimiter | None = None, workers: int = 2) -> None:
        self.limiter = limiter if limiter is not None else AttemptLimiter()
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boardgames-auth")
        #: checks that ran (tests and benchmarks read it)
        self.checked = 0

    async def check(self, address: str, verify: Callable[[], bool]) -> str:
        """A Verdict; a check cancelled before its answer has already counted as a failure."""
        guess = self.begin(address)
        if guess is None:
            return Verdict.BLOCKED
        return Verdict.RIGHT if await self.answer(guess, verify) else Verdict.WRONG

    def begin(self, address: str) -> Guess | None:
        """A guess of ``address`` counted now, or None while the address is blocked."""
        if self.limiter.blocked_for(address):
            return None
        return Guess(*self.limiter.begin(address))

    async def answer(self, guess: Guess, verify: Callable[[], bool]) -> bool:
        """Whether the guess is right (then it no longer counts); a wrong one is answered after its pause."""
        right = await self._in_turn(guess.record, verify, pause=True)
        self.checked += 1
        if right:
            self.give_back(guess)
            return True
        await asyncio.sleep(self.limiter.failed(guess.record))  # each failure answered more slowly
        return False

    def give_back(self, guess: Guess) -> None:
        """The guess no longer counts: it was right, or its answer can never reach the client (the server closed
        the connection to make room), so it told the guesser nothing."""
        self.limiter.succeeded(guess.record, guess.stamp)

    async def run(self, address: str, work: Callable[[], T]) -> T:
        """Other scrypt work (hashing a new passphrase) on the same pool, in the address's turn too."""
        return await self._in_turn(self.limiter.record(address), work, pause=False)

    async def _in_turn(self, record: _Address, work: Callable[[], T], pause: bool) -> T:
        """``work`` on the pool once the address's running work is done (and, for a guess, its last failure's
        pause is over); cancelled or not, the thread runs to its end and holds the address's turn till then."""
        while True:
            if record.busy is not None and not record.busy.done():
                await asyncio.wait({record.busy})
                continue
            wait = record.not_before - self.limiter.clock() if pause else 0
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            break
        busy = record.busy = asyncio.get_running_loop().run_in_executor(self.pool, work)
        return await asyncio.shield(busy)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
