"""Small records kept in ``__slots__`` (a player's board, say) rebuilt from their JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeVar


class Slotted(Protocol):
    __slots__: ClassVar[tuple[str, ...]]


T = TypeVar("T", bound=Slotted)


def from_slots(cls: type[T], data: Mapping[str, Any]) -> T:
    """A ``cls()`` with each of its ``__slots__`` set from ``data`` (as it is: copy it if ``data`` is shared)."""
    made = cls()
    for name in cls.__slots__:
        setattr(made, name, data[name])
    return made
