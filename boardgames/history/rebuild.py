"""The history made from the saves, which stay the source of truth: on first start, and at will
(``boardgames stats --rebuild``). A damaged database is set aside (renamed, never deleted) and made anew; a sound
one is copied beside it first, so a rebuild from the wrong folder loses nothing.

A game ended when its save says (the time is written with its last move); a save from before that was kept is
dated by its file's last write (the last move is written as it is made).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from boardgames.core.record import Record, RecordError, read_record
from boardgames.history.store import Finished, History, HistoryError, ended_at, finished_game, sound
from boardgames.i18n import _

#: which seats of a save belong to which of the server's identities (seat -> key), given the save's record
Identities = Callable[[Record], Mapping[int, str]]


@dataclass
class Rebuilt:
    """What a reading of saves found: finished games read, how many were new, and the saves passed over."""

    finished: int = 0
    added: int = 0
    skipped: list[str] = field(default_factory=list)
    #: where a damaged database was set aside ("" when none was)
    set_aside: str = ""
    #: how many games the history held before a rebuild (0 when there was none; unknown when it was damaged)
    before: int = 0
    #: the copy of the history as it was before a rebuild, beside it ("" when it held no game)
    kept: str = ""


@dataclass(frozen=True)
class Source:
    """A folder of saves, and whose seats its games are (None: every seat by its name, at one's own terminal)."""

    folder: Path
    identities: Identities | None = None


def read_saves(sources: Iterable[Source], found: Rebuilt) -> list[Finished]:
    """Every finished game in ``sources`` ready for the history; a save that cannot be replayed is noted."""
    games = []
    for source in sources:
        if not source.folder.is_dir():
            continue
        for path in sorted(source.folder.glob("*.json")):
            if path.name.startswith("."):
                continue
            try:
                record = read_record(path)
                if not record.finished:
                    continue
                ended = ended_at(record, datetime.fromtimestamp(path.stat().st_mtime, UTC))
                identities = source.identities(record) if source.identities else {}
                games.append(finished_game(record, path.name, ended, identities))
            except (RecordError, ValueError, OSError) as exc:
                found.skipped.append(_("{file}: {problem}", file=path.name, problem=exc))
                continue
            found.finished += 1
    return games


def _free_name(path: Path, kind: str) -> Path:
    """A name beside ``path`` for a copy of it (``history.sqlite3.before-20260301-120000``), taken by no file."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{kind}-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.{kind}-{stamp}-{number}")
    return aside


def _set_aside(path: Path) -> str:
    """Rename a damaged database (and its WAL files) out of the way; the new name."""
    aside = _free_name(path, "damaged")
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(OSError):
            path.with_name(path.name + suffix).rename(aside.with_name(aside.name + suffix))
    return aside.name


def _keep_copy(history: History) -> str:
    """A copy of a sound history beside it, as it was (SQLite's own copy: consistent while others write)."""
    aside = _free_name(history.path, "before")
    try:
        with contextlib.closing(sqlite3.connect(aside)) as copy:
            history.db.backup(copy)
    except (OSError, sqlite3.Error):
        with contextlib.suppress(OSError):
            aside.unlink()
        raise HistoryError(_("The history was left as it was: a copy of it could not be written beside it, so "
                             "it was not made again.")) from None
    return aside.name


def rebuild(path: Path, sources: Sequence[Source]) -> Rebuilt:
    """Make the history at ``path`` again from ``sources`` alone, and say how many games it held before. A sound
    history is first copied beside it; a damaged one (``PRAGMA quick_check``) is set aside and made anew. A
    missing folder of saves, a history from a newer version, or one that is busy, is refused (HistoryError) and
    left as it was."""
    missing = [source.folder for source in sources if not source.folder.is_dir()]
    if missing:
        raise HistoryError(_("There is no folder of saves at {folder}; the history was left as it was.",
                             folder=missing[0]))
    found = Rebuilt()
    if path.exists() and path.stat().st_size and damaged(path):
        found.set_aside = _set_aside(path)
    with History.open(path) as history:
        if found.set_aside == "":
            found.before = history.count()
            if found.before:
                found.kept = _keep_copy(history)
        try:
            found.added = history.add_many(read_saves(sources, found), clear=True)
        except HistoryError:
            if found.kept:  # the history is as it was: no copy of it is needed
                (path.parent / found.kept).unlink(missing_ok=True)
            raise
    return found


def damaged(path: Path) -> bool:
    """Whether the file at ``path`` is not a sound SQLite database (rather than busy or newer): its header, its
    list of tables and every page it has (``PRAGMA quick_check``)."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1.0)) as db:
            db.execute("PRAGMA schema_version").fetchone()
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return not sound(db)
    except sqlite3.OperationalError:
        return False  # busy, or out of reach (a rebuild would fail the same way): not damage
    except sqlite3.DatabaseError:
        return True


def is_new(path: Path) -> bool:
    """Whether the history at ``path`` has never held anything: no file (never made, or deleted), or an empty one
    (emptied) with no write-ahead log that could hold its pages."""
    try:
        if path.stat().st_size:
            return False
    except FileNotFoundError:
        return True
    except OSError:
        return False
    wal = path.with_name(path.name + "-wal")
    return not wal.exists() or wal.stat().st_size == 0


def bootstrap(path: Path, sources: Iterable[Source]) -> Rebuilt | None:
    """On first start (no database yet, or an empty file: see ``is_new``): make it and read in the finished saves.
    None when it held something."""
    if not is_new(path):
        return None
    for suffix in ("-wal", "-shm"):  # an empty log of a file deleted or emptied: nothing to keep
        with contextlib.suppress(OSError):
            path.with_name(path.name + suffix).unlink()
    found = Rebuilt()
    with History.open(path) as history:
        found.added = history.add_many(read_saves(sources, found))
    return found
