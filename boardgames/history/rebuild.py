"""The history made from the saves, which stay the source of truth: on first start, and at will
(``boardgames stats --rebuild``). A damaged database is set aside (renamed, never deleted) and made anew.

A game ended when its save says (the time is written with its last move); a save from before that was kept is
dated by its file's last write (the last move is written as it is made).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from boardgames.core.record import Record, RecordError, read_record
from boardgames.history.store import Finished, History, HistoryError, ended_at, finished_game
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


def _set_aside(path: Path) -> str:
    """Rename a damaged database (and its WAL files) out of the way; the new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(OSError):
            path.with_name(path.name + suffix).rename(aside.with_name(aside.name + suffix))
    return aside.name


def rebuild(path: Path, sources: Iterable[Source]) -> Rebuilt:
    """Make the history at ``path`` again from ``sources`` alone. A database that cannot be opened as one is set
    aside first; one from a newer version is refused (HistoryError), as is one that is busy."""
    found = Rebuilt()
    try:
        history = History.open(path)
    except HistoryError:
        if not path.exists() or not _damaged(path):
            raise
        found.set_aside = _set_aside(path)
        history = History.open(path)
    with history:
        games = read_saves(sources, found)
        found.added = history.add_many(games, clear=True)
    return found


def _damaged(path: Path) -> bool:
    """Whether the file at ``path`` is not an SQLite database we can read (rather than busy or newer)."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1.0)) as db:
            db.execute("PRAGMA schema_version").fetchone()
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            ok = db.execute("PRAGMA quick_check").fetchone()
            return ok is None or ok[0] != "ok"
    except sqlite3.OperationalError as exc:
        return "locked" not in str(exc) and "busy" not in str(exc)
    except sqlite3.DatabaseError:
        return True


def bootstrap(path: Path, sources: Iterable[Source]) -> Rebuilt | None:
    """On first start (no database yet): make it and read in the finished saves. None when it existed."""
    if path.exists():
        return None
    found = Rebuilt()
    with History.open(path) as history:
        found.added = history.add_many(read_saves(sources, found))
    return found
