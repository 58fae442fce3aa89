"""A game's tables declared once: the files it reads, what each becomes, and the check that makes them its rules.

A game's ``data.py`` holds its table classes (each ``@frozen``), its ``validate`` and one :class:`Tables`; the
loading, the folder and reading once a process live here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar, dataclass_transform

from boardgames.core.data import load_table

R = TypeVar("R")
T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """A class of a rules table: a frozen dataclass, since one table is shared by every state and never copied."""
    return dataclass(frozen=True)(cls)


class Tables(Generic[R]):
    """Every table of one game, read from a folder and checked together into the game's rules.

    ``files`` maps each file to what :func:`load_table` reads it as: a dataclass, or a ``(type, key)`` pair for
    a list; ``validate`` takes the tables in that order (and the keywords :meth:`load` is given) and returns
    the rules. ``home()`` is the shipped folder, asked at each load, so pointing a game's ``data_dir``
    elsewhere (as check-data's tests do) is seen.
    """

    def __init__(self, home: Callable[[], Path], validate: Callable[..., R], files: Mapping[str, Any]) -> None:
        self.home = home
        self.validate = validate
        self.read_as = dict(files)
        #: the file names, in the order ``validate`` takes the tables
        self.files = tuple(files)
        #: the shipped tables, read once a process (``shared.cache_clear()`` forgets them)
        self.shared: functools._lru_cache_wrapper[R] = functools.lru_cache(maxsize=1)(self._shipped)

    def load(self, folder: Path | None = None, **options: Any) -> R:
        """Read and check every table (from ``folder``, else the shipped ones); raises DataError naming the file
        and the key."""
        folder = self.home() if folder is None else Path(folder)
        tables = [load_table(folder / name, *(how if isinstance(how, tuple) else (how,)))
                  for name, how in self.read_as.items()]
        return self.validate(*tables, **options)

    def _shipped(self) -> R:
        return self.load()
