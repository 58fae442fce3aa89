"""Damaged copies of a game's YAML tables, for the tests that check a broken table is refused by name.

``copy_tables`` copies a game's shipped files to a folder; ``edit`` loads one, applies a change and writes it
back. A change is a function of the loaded YAML: ``put``, ``delete_at``, ``append_at`` and ``both`` build them.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

from boardgames.core.data import data_dir

Change = Callable[[Any], None]


def copy_tables(game_id: str, names: Iterable[str], folder: Path) -> Path:
    for name in names:
        shutil.copy(data_dir(game_id) / name, folder / name)
    return folder


#: libyaml's loader and writer where PyYAML has them (its wheels do): the pure-Python ones took most of the time
#: of the hundreds of broken-table cases
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def edit(folder: Path, name: str, change: Change) -> None:
    path = folder / name
    raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    change(raw)
    path.write_text(yaml.dump(raw, Dumper=_DUMPER, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _parent(raw: Any, path: tuple) -> Any:
    for key in path:
        raw = raw[key]
    return raw


def put(path: tuple, value: Any) -> Change:
    """A change that sets raw[path...] = value."""
    def change(raw: Any) -> None:
        _parent(raw, path[:-1])[path[-1]] = value
    return change


def delete_at(path: tuple) -> Change:
    def change(raw: Any) -> None:
        del _parent(raw, path[:-1])[path[-1]]
    return change


def append_at(path: tuple, value: Any) -> Change:
    def change(raw: Any) -> None:
        _parent(raw, path).append(value)
    return change


def both(*changes: Change) -> Change:
    def change(raw: Any) -> None:
        for one in changes:
            one(raw)
    return change
