"""One process at a time plays a save: a lock file beside it, held with the kernel's ``flock``.

The kernel frees a ``flock`` when its process ends, however it ends (``kill -9``
included), so a lock file left behind is never stale: the next process simply
takes it. Taking it is one atomic call, so when many processes try at once
exactly one wins. The file also names its holder (process and host), for the
message the others get. A lock named by a process of another machine (a shared
folder, where ``flock`` may not reach) is respected, as it cannot be checked.

Within one process a save is shared, not refused: a second ``acquire`` of a
save this process already holds counts up, and the lock goes with the last
``release``.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
import stat
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from boardgames.core.record import RecordError
from boardgames.i18n import _

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: play on without locks
    fcntl = None  # type: ignore[assignment]


class SaveInUse(RecordError):
    """The save is open for play in another process; it may still be watched."""


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


class _Holder(TypedDict):
    """Who a lock file names."""

    pid: int
    host: str


@dataclass
class _Held:
    fd: int
    count: int


#: the locks this process holds, by the lock file's absolute path
_held: dict[str, _Held] = {}
_guard = threading.Lock()


def _named_holder(fd: int) -> _Holder | None:
    """Who the lock file names, if it names anyone readable."""
    try:
        holder = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
        return {"pid": int(holder["pid"]), "host": str(holder["host"])}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _open(path: Path) -> int | None:
    """The lock file opened (created if need be); None where no lock can be kept (a read-only folder)."""
    flags = os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for mode in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):
        try:
            fd = os.open(path, mode | flags, 0o644)
        except OSError:
            continue
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
        return None
    return None


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open at ``fd`` (a holder removes its file as it lets go)."""
    try:
        mine, now = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


class SaveLock:
    """Held while this process plays the save at ``save``; ``release`` (or exit) frees it."""

    def __init__(self, save: Path) -> None:
        self.path = lock_path(save)
        self.key = os.path.abspath(self.path)
        self.held = False

    @classmethod
    def acquire(cls, save: Path) -> SaveLock:
        lock = cls(save)
        with _guard:
            lock._take(save.name)
        return lock

    def _take(self, name: str) -> None:
        shared = _held.get(self.key)
        if shared is not None:
            shared.count += 1
            self._hold()
            return
        if fcntl is None:
            return
        for _attempt in range(50):
            fd = _open(self.path)
            if fd is None:
                return  # a folder we cannot lock in (read-only): play on without a lock
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _named_holder(fd)
                os.close(fd)
                raise self._in_use(name, holder) from None
            except OSError:  # a file system without flock: play on without a lock
                os.close(fd)
                return
            if not _same_file(fd, self.path):
                os.close(fd)  # its holder let go and removed it meanwhile: try the new file
                continue
            holder = _named_holder(fd)
            if holder is not None and holder["host"] != socket.gethostname():
                os.close(fd)
                raise self._in_use(name, holder)
            mine = json.dumps({"pid": os.getpid(), "host": socket.gethostname()}).encode()
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, mine, 0)
            except OSError:
                pass  # opened read-only: held all the same, just not named
            _held[self.key] = _Held(fd, 1)
            self._hold()
            return
        raise SaveInUse(_("{name}: This game is being opened by another window; try again.", name=name))

    @staticmethod
    def _in_use(name: str, holder: _Holder | None) -> SaveInUse:
        if holder is None:
            return SaveInUse(_("{name}: This game is open in another window. You can watch it from here, or leave it.",
                               name=name))
        return SaveInUse(_("{name}: This game is open in another window (process {process}). You can watch it from "
                           "here, or leave it.", name=name, process=holder["pid"]))

    def _hold(self) -> None:
        self.held = True
        atexit.register(self.release)

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        atexit.unregister(self.release)
        with _guard:
            shared = _held.get(self.key)
            if shared is None:
                return
            shared.count -= 1
            if shared.count > 0:
                return
            del _held[self.key]
            try:
                if _same_file(shared.fd, self.path):
                    os.unlink(self.path)  # still locked, so nobody takes the file being removed
            except OSError:
                pass
            os.close(shared.fd)
