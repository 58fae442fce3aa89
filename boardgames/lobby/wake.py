"""Being told at once when a table's files change: Linux's inotify on the table's folders, read through
ctypes (the standard library has no binding). Where it is missing, :class:`FolderWatch` has no descriptor and
the screen reads the table on a timer instead."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import os
import sys
from collections.abc import Callable
from pathlib import Path

IN_MODIFY = 0x002
IN_CLOSE_WRITE = 0x008
IN_MOVED_TO = 0x080
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_NONBLOCK = 0o4000
IN_CLOEXEC = 0o2000000
#: the changes that matter: a move or chat line appended, a file replaced, a seat's lock let go
MASK = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    except (OSError, AttributeError):
        return None
    return libc


class FolderWatch:
    """Watches some folders; :attr:`fd` becomes readable after a change (None where inotify is missing)."""

    def __init__(self, folders: list[Path]) -> None:
        self.fd: int | None = None
        self._libc = _libc()
        self._loop: asyncio.AbstractEventLoop | None = None
        if self._libc is None:
            return
        fd = self._libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if fd < 0:
            return
        for folder in folders:
            if self._libc.inotify_add_watch(fd, os.fsencode(folder), MASK) < 0:
                os.close(fd)
                return
        self.fd = fd

    def add(self, folder: Path | str) -> bool:
        """Watch one more folder (a folder already watched is not watched twice); whether it is watched. The
        kernel forgets a folder's watch when the folder is removed."""
        if self.fd is None or self._libc is None:
            return False
        return bool(self._libc.inotify_add_watch(self.fd, os.fsencode(folder), MASK) >= 0)

    def listen(self, changed: Callable[[], None]) -> bool:
        """Call ``changed`` on the running event loop after each batch of changes, until :meth:`close`;
        whether it will (False where inotify is missing)."""
        if self.fd is None:
            return False
        if self._loop is None:
            self._loop = asyncio.get_running_loop()

            def ready() -> None:
                if self.drain():
                    changed()

            self._loop.add_reader(self.fd, ready)
        return True

    def drain(self) -> bool:
        """Read every pending event (their details do not matter: the table is read again); whether any came."""
        if self.fd is None:
            return False
        got = False
        while True:
            try:
                if not os.read(self.fd, 65536):
                    return got
            except (BlockingIOError, InterruptedError):
                return got
            except OSError:
                return got
            got = True

    def close(self) -> None:
        if self.fd is not None:
            if self._loop is not None:
                with contextlib.suppress(Exception):  # the loop may be closed already
                    self._loop.remove_reader(self.fd)
                self._loop = None
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = None
