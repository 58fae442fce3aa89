"""The folder of saves, as one object made at start-up and passed down.

Nothing here reads settings from the process: the command line decides the folder (see
``boardgames/home.py``) and every screen and session uses the store it is given,
so a server can give each connection, or each test, a store of its own.
"""

from __future__ import annotations

import builtins
import os
import tempfile
import threading
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from boardgames.core.journal import damage_note
from boardgames.core.record import Record, RecordError, SavesFolderError, read_record
from boardgames.i18n import _


@dataclass(frozen=True)
class SaveEntry:
    """One file of the saves folder: its record, or why it cannot be read."""

    path: Path
    record: Record | None
    problem: str = ""
    mtime: float = 0.0
    #: why this version cannot replay the record (an unknown game or rules version, an illegal move); "" if it can
    unplayable: str = ""
    #: who won a finished game (the seats ranked first; several share a win)
    winners: tuple[str, ...] = ()
    #: a save readable only up to a bad line or move: what the list says of it ("" when it is whole)
    damage: str = ""

    @property
    def playable(self) -> bool:
        return self.record is not None and not self.unplayable


@dataclass(frozen=True)
class Replayed:
    """What replaying a record found: why it fails ("" when it replays), the winners if the game is over, and
    how many moves replay when it is damaged (None when it is whole)."""

    problem: str = ""
    winners: tuple[str, ...] = ()
    damaged_at: int | None = None


def replay_check(record: Record) -> Replayed:
    """Replay a copy of ``record`` as loading would (up to its first bad move); the record is left as it was."""
    from boardgames.core.session import Session

    try:
        session = Session.from_record(replace(record, actions=list(record.actions), options=dict(record.options)),
                                      partial=True)
    except RecordError as exc:
        return Replayed(str(exc))
    except Exception:  # noqa: BLE001 - whatever a save does to the rules, the list stays usable
        return Replayed(_("This save is damaged: its game cannot be replayed."))
    state = session.state
    damaged_at = len(session.record.actions) if session.record.damaged else None
    if not state.is_over:
        return Replayed(damaged_at=damaged_at)
    ranks = state.result().ranks
    return Replayed("", tuple(seat.name for seat, rank in zip(record.seats, ranks) if rank == 1), damaged_at)


#: replays already checked, by file (path, inode, size, time of change): a save is replayed again only once it changed
_checked: dict[tuple[str, int, int, int], Replayed] = {}
_checked_guard = threading.Lock()
#: how many files the cache remembers; the oldest are forgotten first
MAX_CHECKED = 2048


def _stamp(path: Path, info: os.stat_result) -> tuple[str, int, int, int]:
    return (os.path.abspath(path), info.st_ino, info.st_size, info.st_mtime_ns)


def checked_replay(path: Path, info: os.stat_result, record: Record) -> Replayed:
    """``replay_check`` of the save at ``path``, cached by the file's identity, size and time of change."""
    key = _stamp(path, info)
    with _checked_guard:
        known = _checked.get(key)
    if known is not None:
        return known
    found = replay_check(record)
    with _checked_guard:
        _checked[key] = found
        while len(_checked) > MAX_CHECKED:
            del _checked[next(iter(_checked))]
    return found


@dataclass(frozen=True)
class SaveStore:
    folder: Path

    def check_writable(self) -> Path:
        """Make sure games can be written here (creating the folder); SavesFolderError if not."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".write-test.", dir=self.folder)
            os.close(fd)
            os.unlink(probe)
        except OSError:
            raise SavesFolderError(
                _("Games cannot be saved: the saves folder cannot be written to (choose another with --saves, or set "
                  "BOARDGAMES_HOME to a folder you can write to).")
            ) from None
        return self.folder

    def new_path(self, game_id: str) -> Path:
        """A proposed name for a new game's save; the first save claims it or the next free one."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.folder / f"{game_id}-{stamp}.json"
        counter = 1
        while path.exists():
            counter += 1
            path = self.folder / f"{game_id}-{stamp}-{counter}.json"
        return path

    def scan(self, replay: bool = True) -> list[SaveEntry]:
        """Every save file, newest first; a damaged one has no record and says why.

        With ``replay``, each readable save is also replayed (once per change of the file, see
        ``checked_replay``): one that this version cannot replay says why in ``unplayable``, and a
        finished one names its winners. An OSError means the saves folder exists but cannot be read.
        """
        folder = self.folder
        if not folder.exists():
            return []
        if not folder.is_dir():
            raise NotADirectoryError(_("The saves folder is a file, not a folder."))
        found = []
        for path in folder.iterdir():
            if path.suffix != ".json" or path.name.startswith("."):
                continue
            try:
                info = path.stat()
            except OSError:
                continue  # removed meanwhile
            try:
                record = read_record(path)
            except RecordError as exc:
                found.append(SaveEntry(path, None, str(exc), info.st_mtime))
                continue
            entry = SaveEntry(path, record, "", info.st_mtime,
                              damage=damage_note(len(record.actions)) if record.damaged else "")
            found.append(self._checked(entry, info) if replay else entry)
        found.sort(key=lambda entry: (entry.mtime, entry.path.name), reverse=True)
        return found

    @staticmethod
    def _checked(entry: SaveEntry, info: os.stat_result) -> SaveEntry:
        assert entry.record is not None
        replayed = checked_replay(entry.path, info, entry.record)
        unplayable = f"{entry.path.name}: {replayed.problem}" if replayed.problem else ""
        damage = entry.damage if replayed.damaged_at is None else damage_note(replayed.damaged_at)
        return replace(entry, unplayable=unplayable, winners=replayed.winners, damage=damage)

    def list(self) -> list[tuple[Path, Record | None]]:
        """Every save file, newest first, with its record (None when unreadable)."""
        return [(entry.path, entry.record) for entry in self.scan(replay=False)]

    def last_playable(self, skipped: builtins.list[SaveEntry] | None = None) -> SaveEntry | None:
        """The newest unfinished save that this version can replay; damaged and unplayable ones are skipped.

        Only the saves newer than the one found are replayed (each once per change of its file). The
        unfinished saves passed over because they cannot be replayed are added to ``skipped``.
        """
        for entry in self.scan(replay=False):
            if entry.record is None or entry.record.finished:
                continue
            try:
                info = entry.path.stat()
            except OSError:
                continue
            entry = self._checked(entry, info)
            if entry.playable:
                return entry
            if skipped is not None:
                skipped.append(entry)
        return None

    def last_unfinished(self) -> Path | None:
        """The path of ``last_playable``."""
        entry = self.last_playable()
        return None if entry is None else entry.path
