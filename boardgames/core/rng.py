"""Seeded randomness kept inside a game state.

A splitmix64 generator: its whole state is one integer, so cloning a game
state and writing it to JSON cost nothing, and the same seed gives the same
draws on every Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state", "calls")

    def __init__(self, seed: int, calls: int = 0) -> None:
        self.state = seed & _MASK
        #: how many values were drawn; a change across an action marks it a reveal
        self.calls = calls

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        self.calls += 1
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self._next()
            if value < limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        return Rng(self.state, self.calls)

    def to_json(self) -> list[int]:
        return [self.state, self.calls]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        state, calls = data
        return cls(int(state), int(calls))
