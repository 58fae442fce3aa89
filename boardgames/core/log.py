"""Log lines with visibility: a public text, and private texts for the seats that may know more.

A state emits lines while it applies an action (``State.emit``), so the log is
written by the same code that changes the state and never by applying an action
a second time; the session takes them after each action (``State.take_log``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

_NONE: Mapping[int, str] = MappingProxyType({})


@dataclass(frozen=True)
class LogLine:
    """What the table sees happen (``public``), and what some seats see instead (``private``)."""

    public: str
    #: seat -> the text that seat reads in place of ``public`` ("Ana passes Sentry to Bia")
    private: Mapping[int, str] = field(default_factory=lambda: _NONE)

    def __post_init__(self) -> None:
        object.__setattr__(self, "private", MappingProxyType(dict(self.private)) if self.private else _NONE)

    def text_for(self, seat: int | None) -> str:
        """The text ``seat`` reads; None is an onlooker, who reads the public text."""
        return self.public if seat is None else self.private.get(seat, self.public)

    @classmethod
    def join(cls, lines: Iterable[LogLine]) -> LogLine:
        """The lines of one action as one line, each seat reading its own version of every part."""
        lines = list(lines)
        seats = sorted({seat for line in lines for seat in line.private})

        def joined(seat: int | None) -> str:
            return " ".join(text for text in (line.text_for(seat) for line in lines) if text)

        return cls(joined(None), {seat: joined(seat) for seat in seats})
