"""Who is at a table now: a terminal holds a seat's lock file (``flock``) while it plays that seat, and a
spectator holds one of its own in ``watch/``. The kernel lets go when the process ends, however it ends, so
presence is never stale; asking is one non-blocking ``flock`` attempt on a file of one's own opening. Lock files
are opened without blocking and used only when they are regular files: a named pipe put in their place would
hold every terminal at the table (and the lobby) waiting for a writer."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import secrets
import stat
from pathlib import Path

_FLAGS = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)


def _open_lock(path: Path | str, flags: int) -> int | None:
    """``path`` opened without blocking if it is a regular file; None otherwise (missing, or a pipe, a folder
    or a device in its place)."""
    try:
        fd = os.open(path, flags, 0o600)
    except OSError:
        return None
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        regular = False
    if not regular:
        os.close(fd)
        return None
    return fd


class Held:
    """A lock file held by this process; ``release`` (or the process ending) lets it go."""

    def __init__(self, path: Path, fd: int, remove: bool) -> None:
        self.path = path
        self.fd: int | None = fd
        self.remove = remove

    def release(self) -> None:
        if self.fd is None:
            return
        if self.remove:
            with contextlib.suppress(OSError):
                self.path.unlink()
        os.close(self.fd)
        self.fd = None


def hold(path: Path, remove: bool = False) -> Held | None:
    """Take the lock file at ``path``; None when another process holds it. Something not a regular file in its
    place is removed first (a lock file is only ever a regular one). Its folder is never made here: a table
    removed meanwhile stays removed (OSError)."""
    fd = _open_lock(path, _FLAGS)
    if fd is None:
        if not path.parent.is_dir():
            raise FileNotFoundError(errno.ENOENT, "the lock's folder is gone", str(path.parent))
        with contextlib.suppress(OSError):
            path.unlink()
        fd = _open_lock(path, _FLAGS | os.O_EXCL)
        if fd is None:
            return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    with contextlib.suppress(OSError):  # a mark that it is in use, so watchers of the folder see the change
        os.write(fd, b"here\n")
    return Held(path, fd, remove)


def is_held(path: Path | str) -> bool:
    """Whether some process (this one included, through another opening) holds the lock file at ``path``."""
    fd = _open_lock(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0))
    if fd is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def watch(folder: Path) -> Held:
    """A spectator's own lock file in ``folder`` (counted by :func:`spectators`)."""
    while True:
        held = hold(folder / f"{os.getpid()}-{secrets.token_hex(4)}.lock", remove=True)
        if held is not None:
            return held


def spectators(folder: Path | str) -> int:
    """How many spectators watch now; a file left by a spectator that is gone is removed on the way."""
    count = 0
    with contextlib.suppress(OSError):
        for item in os.scandir(folder):
            if not item.name.endswith(".lock"):
                continue
            if is_held(item.path):
                count += 1
            else:
                with contextlib.suppress(OSError):
                    os.unlink(item.path)
    return count
