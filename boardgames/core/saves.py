"""The folder of saves, as one object made at start-up and passed down.

Nothing here reads settings from the process: the command line decides the folder (see
``boardgames/home.py``) and every screen and session uses the store it is given,
so a server can give each connection, or each test, a store of its own.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from boardgames.core.record import Record, RecordError, SavesFolderError, read_record


@dataclass(frozen=True)
class SaveEntry:
    """One file of the saves folder: its record, or why it cannot be read."""

    path: Path
    record: Record | None
    problem: str = ""
    mtime: float = 0.0


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
                "Games cannot be saved: the saves folder cannot be written to (choose another with --saves, "
                "or set BOARDGAMES_HOME to a folder you can write to)."
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

    def scan(self) -> list[SaveEntry]:
        """Every save file, newest first; a damaged one has no record and says why.

        An OSError means the saves folder itself exists but cannot be read.
        """
        folder = self.folder
        if not folder.exists():
            return []
        if not folder.is_dir():
            raise NotADirectoryError("The saves folder is a file, not a folder.")
        found = []
        for path in folder.iterdir():
            if path.suffix != ".json" or path.name.startswith("."):
                continue
            try:
                mtime = path.stat().st_mtime
            except OSError:
                continue  # removed meanwhile
            try:
                found.append(SaveEntry(path, read_record(path), "", mtime))
            except RecordError as exc:
                found.append(SaveEntry(path, None, str(exc), mtime))
        found.sort(key=lambda entry: (entry.mtime, entry.path.name), reverse=True)
        return found

    def list(self) -> list[tuple[Path, Record | None]]:
        """Every save file, newest first, with its record (None when unreadable)."""
        return [(entry.path, entry.record) for entry in self.scan()]

    def last_unfinished(self) -> Path | None:
        """The newest unfinished save of a game this version has; damaged files are skipped."""
        from boardgames.core.registry import all_games

        known = {game.id for game in all_games()}
        for entry in self.scan():
            record = entry.record
            if record is not None and not record.finished and record.game in known:
                return entry.path
        return None
