"""One process at a time plays a save: a lock file beside it names the process that has it open.

A lock left by a process that no longer runs (killed, crashed) is stale and is
taken over. A lock from another machine (a shared folder) cannot be checked
and is respected.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
from pathlib import Path

from boardgames.core.record import RecordError


class SaveInUse(RecordError):
    """The save is open for play in another process; it may still be watched."""


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, under another user
        return True
    except OSError:
        return False
    return True


def _holder(path: Path) -> dict | None:
    """The live holder named in a lock file, or None when the lock is stale or unreadable."""
    try:
        holder = json.loads(path.read_text(encoding="utf-8"))
        pid, host = int(holder["pid"]), str(holder["host"])
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if host != socket.gethostname():
        return holder
    if pid == os.getpid() or not _alive(pid):
        return None
    return holder


class SaveLock:
    """Held while this process plays the save at ``save``; ``release`` (or exit) frees it."""

    def __init__(self, save: Path) -> None:
        self.path = lock_path(save)
        self.held = False

    @classmethod
    def acquire(cls, save: Path) -> SaveLock:
        lock = cls(save)
        lock._take(save.name)
        return lock

    def _take(self, name: str) -> None:
        mine = json.dumps({"pid": os.getpid(), "host": socket.gethostname()})
        for _attempt in range(3):
            try:
                with open(self.path, "x", encoding="utf-8") as handle:
                    handle.write(mine)
            except FileExistsError:
                holder = _holder(self.path)
                if holder is not None:
                    raise SaveInUse(
                        f"{name}: This game is open in another window (process {holder['pid']}). "
                        "You can watch it from here, or leave it."
                    ) from None
                self.path.unlink(missing_ok=True)  # stale: its process is gone
                continue
            except OSError:
                return  # a folder we cannot lock in (read-only): play on without a lock
            self.held = True
            atexit.register(self.release)
            return
        raise SaveInUse(f"{name}: This game is being opened by another window; try again.")

    def release(self) -> None:
        if self.held:
            self.held = False
            self.path.unlink(missing_ok=True)
            atexit.unregister(self.release)
