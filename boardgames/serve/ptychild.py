"""One game process on its own pseudo-terminal, driven from the server's event loop.

The child is a session leader whose controlling terminal is the pty (``child.py`` takes it), so a
window change set on the pty (TIOCSWINSZ) reaches it as SIGWINCH, as in a real terminal. Output
is read only while the SSH channel can take it, so a slow client slows its own game, nobody else's;
input likewise: when the pty takes no more, ``on_full`` is called (the session stops reading its
channel) and ``on_room`` once the waiting bytes are in, so a flood queues nowhere but at its client.

With a ``zygote`` (warmfork.py) the process is forked from the server's warm process when it can be, else
started cold (``python -m boardgames.serve.child``); either way it is a child of the server, known by its pid.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import signal
import struct
import termios
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from boardgames.serve.warmfork import WarmFork

#: keys waiting for a child that does not read; the channel is paused as soon as any wait, so this only
#: catches what was already on its way (one SSH packet is at most 32 KiB): more is dropped
MAX_PENDING_INPUT = 256 * 1024


def set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def get_size(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


def _wake(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)


class GameProcess(Protocol):
    """What a game process is to its pty: ``asyncio.subprocess.Process`` (cold) or ``warmfork.ForkedGame``."""

    @property
    def pid(self) -> int: ...
    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


class PtyChild:
    def __init__(self, argv: list[str], env: dict[str, str], cols: int, rows: int,
                 on_full: Callable[[], None] = lambda: None, on_room: Callable[[], None] = lambda: None,
                 zygote: WarmFork | None = None) -> None:
        self.argv = argv
        self.on_full, self.on_room = on_full, on_room
        self.env = env
        self.cols, self.rows = max(1, cols), max(1, rows)
        self.zygote = zygote
        self.master = -1
        self.proc: GameProcess | None = None
        #: whether the process was forked from the zygote (else started cold)
        self.forked = False
        self._pending = b""
        self._writing = False

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    async def start(self) -> None:
        master, slave = os.openpty()
        try:
            set_size(master, self.cols, self.rows)
            os.set_blocking(master, False)
            if self.zygote is not None:
                self.proc = await self.zygote.spawn(self.argv, self.env, slave)
                self.forked = self.proc is not None
            if self.proc is None:
                self.proc = await asyncio.create_subprocess_exec(
                    *self.argv, stdin=slave, stdout=slave, stderr=slave, env=self.env,
                    start_new_session=True, close_fds=True,
                )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master

    def resize(self, cols: int, rows: int) -> None:
        self.cols, self.rows = max(1, cols), max(1, rows)
        if self.master >= 0:
            set_size(self.master, self.cols, self.rows)  # the kernel sends SIGWINCH to the child

    def lower_priority(self, niceness: int = 10) -> None:
        """Let the other games have the processor first: every thread of the child's group gets ``niceness``."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PGRP, self.proc.pid, niceness)

    # -- input -------------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        if self.master < 0:
            return
        room = MAX_PENDING_INPUT - len(self._pending)
        self._pending += data[: max(0, room)]
        self._flush()

    def _flush(self) -> None:
        while self._pending and self.master >= 0:
            try:
                sent = os.write(self.master, self._pending)
            except BlockingIOError:
                break
            except OSError:  # the child is gone
                self._pending = b""
                break
            self._pending = self._pending[sent:]
        loop = asyncio.get_running_loop()
        if self._pending and not self._writing:
            loop.add_writer(self.master, self._flush)
            self._writing = True
            self.on_full()
        elif not self._pending and self._writing:
            loop.remove_writer(self.master)
            self._writing = False
            self.on_room()

    # -- output ------------------------------------------------------------------------
    async def read(self) -> bytes:
        """The next output of the child; b'' once it has closed its terminal (exited)."""
        loop = asyncio.get_running_loop()
        while self.master >= 0:
            try:
                return os.read(self.master, 65536)
            except BlockingIOError:
                pass
            except OSError as exc:
                if exc.errno == errno.EIO:  # every holder of the slave closed it
                    return b""
                raise
            ready = loop.create_future()
            loop.add_reader(self.master, _wake, ready)
            try:
                await ready
            finally:
                with contextlib.suppress(ValueError, OSError):
                    loop.remove_reader(self.master)
        return b""

    # -- ending --------------------------------------------------------------------------
    async def wait(self) -> int:
        assert self.proc is not None
        return await self.proc.wait()

    async def stop(self, grace: float = 2.0) -> int | None:
        """Hang up on the child (as closing a terminal does), then kill it if it lingers; close the pty."""
        code = None
        if self.proc is not None:
            if self.proc.returncode is None:
                self._signal(signal.SIGHUP)
                try:
                    await asyncio.wait_for(self.proc.wait(), grace)
                except TimeoutError:
                    self._signal(signal.SIGKILL)
                    await self.proc.wait()
            code = self.proc.returncode
        self.close()
        return code

    def _signal(self, sig: int) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, sig)  # its whole session: the child and anything it started

    def close(self) -> None:
        if self.master >= 0:
            loop = asyncio.get_running_loop()
            if self._writing:
                loop.remove_writer(self.master)
                self._writing = False
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = -1
