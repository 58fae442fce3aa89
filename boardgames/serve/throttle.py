"""At most one log line a period for a kind of event, so a flood cannot fill the log (the SSH door's refusals,
the event loop's errors, the web server's refusals)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Throttle:
    """``allow()`` is None while quiet is due, else how many were left unlogged before this one."""

    period: float = 1.0
    clock: Callable[[], float] = time.monotonic
    next: float = field(default=float("-inf"), init=False)
    skipped: int = field(default=0, init=False)

    def allow(self) -> int | None:
        now = self.clock()
        if now < self.next:
            self.skipped += 1
            return None
        skipped, self.skipped, self.next = self.skipped, 0, now + self.period
        return skipped
