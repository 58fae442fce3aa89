"""One browser tab's process for ``serve --web``: a guest of its own at the tables, started with a parent-death
signal, always reaped."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
import sys
from collections.abc import Callable
from typing import Any

from textual_serve.app_service import AppService

from boardgames.core.guests import guest_identity, new_guest_token

log = logging.getLogger("boardgames.web")

#: seconds a tab's process is given to quit after its tab closes before it is killed
QUIT_GRACE = 5.0


def parent_death_signal() -> Callable[[], None] | None:
    """On Linux, a function for ``preexec_fn`` that has the kernel send SIGTERM to a tab's process when
    the server dies, even by SIGKILL (else the tab's app would idle on forever); elsewhere None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up here, not in the forked child
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1

    def preexec() -> None:
        prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)

    return preexec


class TabService(AppService):
    """One tab's process: asked to quit when its tab goes, killed if it has not within ``QUIT_GRACE``.

    The web server has no log-in, so each tab is a guest of its own at the shared tables, as an SSH guest is:
    its seats are bound to it, and no other tab can take them (not even by typing the name they show).
    """

    #: the window size the process was last given (clamped)
    size: tuple[int, int] = (80, 24)
    #: bytes of keys passed on to the process
    input_bytes: int = 0

    @functools.cached_property
    def guest(self) -> tuple[str, str]:
        """This tab's id at the tables and the name the others read (core/guests.py)."""
        return guest_identity(new_guest_token())

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["BOARDGAMES_PLAYER"], environment["BOARDGAMES_PLAYER_NAME"] = self.guest
        return environment

    async def send_bytes(self, data: bytes) -> bool:
        self.input_bytes += len(data)
        return await super().send_bytes(data)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        preexec = parent_death_signal()
        self._process = process = await asyncio.create_subprocess_shell(
            self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            preexec_fn=preexec,  # None (elsewhere than Linux) is subprocess's default
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def stop(self) -> None:
        """Ask the process to quit, then kill it: whatever the asking raises or however long it hangs
        (a tab dropped mid-frame leaves a child blocked on a pipe nobody reads), and even when the
        tab's handler is cancelled, the process does not outlive its tab."""
        task, self._task = self._task, None
        process = self._process
        try:
            if task is not None:
                await self._ask_to_quit(task, process)
        finally:
            if process is not None and process.returncode is None:
                log.warning("a tab's process (pid %s) did not quit; killing it", process.pid)
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
            if task is not None and not task.done():
                task.cancel()
            if process is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(process.wait(), QUIT_GRACE)

    async def _ask_to_quit(self, task: asyncio.Task[Any], process: asyncio.subprocess.Process | None) -> None:
        """The polite part of stop(): QUIT_GRACE in all (not per step, or a stuck child waits them all
        out), no error let out."""

        async def ask() -> None:
            with contextlib.suppress(Exception):
                await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            with contextlib.suppress(Exception):
                await self.send_meta({"type": "quit"})
            await asyncio.wait({task})  # its own error or cancellation is not ours to raise
            if process is not None:
                await process.wait()

        with contextlib.suppress(Exception):
            await asyncio.wait_for(ask(), QUIT_GRACE)
        if task.done() and not task.cancelled() and task.exception() is not None:
            log.warning("a tab's relay failed: %r", task.exception())
