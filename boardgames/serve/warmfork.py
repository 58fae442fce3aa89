"""The server's side of the warm fork: its zygote (``zygote.py``), started at boot and again when it dies, and
the game processes forked from it.

A game asked of the zygote comes back as a process, or not at all (the zygote refused it, is still loading, has
died or did not answer in time): the session then starts its game cold, as ``--no-warm-fork`` always does, so
no session fails because of the zygote. The server is a child subreaper, so each forked game becomes its own
child (the zygote forks through a middle process that leaves): the server reaps it and reads its real exit
status itself, a pidfd telling it when, and a zygote that dies takes no running game with it.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import ctypes
import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from typing import Any

from boardgames.serve.zygote import MAX_MESSAGE, with_room, zygote_argv

#: prctl(2): make this process the reaper of its orphaned descendants
PR_SET_CHILD_SUBREAPER = 36
#: seconds without a word from the zygote, while a request waits, before it is taken for hung (and started again)
REPLY_WAIT = 10.0
#: a zygote that lived less than this was a failed start: the next waits 2, 4, 8 ... seconds (at most MAX_DELAY)
STABLE_LIFE, MAX_DELAY = 60.0, 300.0
#: seconds between two looks at a forked game where the kernel has no pidfds (before Linux 5.3)
POLL_EVERY = 0.1


def become_subreaper() -> bool:
    """Adopt orphaned descendants (Linux 3.4): a game whose middle process left becomes this process's child."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def zygote_env() -> dict[str, str]:
    """The zygote's environment: what every game's has in common (session.py's ``child_env``), nothing of a
    session's. A game whose environment differs in a variable read at load time is refused (zygote.py)."""
    env = {"PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"), "LANG": "C.UTF-8"}
    for name in ("PYTHONPATH", "VIRTUAL_ENV"):
        if os.environ.get(name):
            env[name] = os.environ[name]
    return env


def _wake(waiting: asyncio.Future[None]) -> None:
    if not waiting.done():
        waiting.set_result(None)


class ForkedGame:
    """A game process forked by the zygote, now a child of the server: pid, exit code and ``wait()`` as
    ``asyncio.subprocess.Process`` has them (a signal's death is minus its number)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._reaping: asyncio.Task[int] | None = None

    async def wait(self) -> int:
        if self.returncode is not None:
            return self.returncode
        if self._reaping is None:
            self._reaping = asyncio.ensure_future(self._reap())
        return await asyncio.shield(self._reaping)

    def _reaped(self) -> bool:
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:  # not ours after all: nothing to read, as asyncio reports such a child
            self.returncode = 255
            return True
        if pid == 0:
            return False
        self.returncode = os.waitstatus_to_exitcode(status)
        return True

    async def _reap(self) -> int:
        loop = asyncio.get_running_loop()
        try:
            pidfd = os.pidfd_open(self.pid)
        except (OSError, AttributeError):
            pidfd = -1
        try:
            while not self._reaped():
                if pidfd < 0:
                    await asyncio.sleep(POLL_EVERY)
                    continue
                readable: asyncio.Future[None] = loop.create_future()
                loop.add_reader(pidfd, _wake, readable)
                try:
                    await readable
                finally:
                    loop.remove_reader(pidfd)
        finally:
            if pidfd >= 0:
                os.close(pidfd)
        assert self.returncode is not None
        return self.returncode


class WarmFork:
    """The zygote of one server: started with ``start()``, asked for games with ``spawn()``, ended by
    ``close()``; ``log`` gets a line for each problem."""

    def __init__(self, log: Callable[[str], None]) -> None:
        self.log = log
        #: games forked since the server started (tests read it)
        self.forked = 0
        self.process: asyncio.subprocess.Process | None = None
        self._sock: socket.socket | None = None
        self._ready: asyncio.Future[bool] | None = None
        self._pending: dict[int, asyncio.Future[dict[str, Any] | None]] = {}
        self._next_id = 0
        self._closing = False
        self._launched = self._heard_at = 0.0
        self._failures = 0
        self._restart: asyncio.TimerHandle | None = None
        self._said: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def ready(self) -> bool:
        return self._sock is not None and self._ready is not None and self._ready.done() and self._ready.result()

    async def wait_ready(self, timeout: float) -> bool:
        """Whether the zygote is ready, waiting at most ``timeout`` seconds for one that is loading or about to
        be started again (a start that fails answers at once)."""
        if self._ready is not None and not self._ready.done():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._ready), timeout)
        return self.ready

    # -- starting and ending -------------------------------------------------------------
    def start(self) -> None:
        """Load the zygote in the background; until it is ready, games start cold."""
        if not become_subreaper():
            self.log("problem: the server cannot adopt forked game processes (prctl), so every game starts cold")
            return
        self._launch_soon()

    def _launch_soon(self) -> None:
        self._restart = None
        if self._closing:
            return
        if self._ready is None or self._ready.done():
            self._ready = asyncio.get_running_loop().create_future()
        self._keep(asyncio.ensure_future(self._launch()))

    def _keep(self, task: asyncio.Task[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _launch(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._launched = time.monotonic()
        try:
            self.process = await asyncio.create_subprocess_exec(
                *zygote_argv(theirs.fileno()), env=with_room(zygote_env()), pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True)  # Ctrl+C at the server's terminal is the server's to handle
        except OSError as exc:
            ours.close()
            self._sock = None
            self._lost(f"it could not be started: {exc.strerror or exc}")
            return
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        asyncio.get_running_loop().add_reader(ours, self._readable)

    async def close(self) -> None:
        """End the zygote (it also ends by itself when the server's end closes, the server killed or not)."""
        self._closing = True
        if self._restart is not None:
            self._restart.cancel()
        if self._tasks:  # a start under way, or games being ended: they finish first (a started zygote is known)
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if not self.ready:
            self._kill()  # still loading: it would see the end of its socket only once loaded
        self._lost("the server stopped")
        process = self.process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), 5)
            except TimeoutError:
                self._kill()
                await process.wait()

    def _kill(self) -> None:
        """Kill the zygote if it still runs; os.kill, since Process.kill() would reap a zygote that just died
        under asyncio's child watcher (which then logs it as an unknown child)."""
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGKILL)

    def _lost(self, why: str) -> None:
        """The zygote is gone or useless: answer every waiting request with 'start cold', and start it again."""
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock)
            self._sock.close()
            self._sock = None
        for waiting in self._pending.values():
            if not waiting.done():
                waiting.set_result(None)
        self._pending.clear()
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(False)
        if self.process is not None and not self._closing:
            self._kill()
        if self._closing or self._restart is not None:
            return
        self._failures = self._failures + 1 if time.monotonic() - self._launched < STABLE_LIFE else 0
        delay = min(MAX_DELAY, 2.0 ** self._failures) if self._failures else 0.0
        later = f"it is started again in {delay:g} seconds" if delay else "it is started again"
        self.log(f"problem: the warm process games are forked from stopped ({why}); {later}, and games start "
                 "cold meanwhile")
        self._restart = asyncio.get_running_loop().call_later(delay, self._launch_soon)
        self._ready = asyncio.get_running_loop().create_future()  # for whoever waits for the next one

    # -- messages ------------------------------------------------------------------------
    def _readable(self) -> None:
        while self._sock is not None:
            try:
                data = self._sock.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except ConnectionResetError:  # killed with a reply still waiting to be read
                data = b""
            except OSError as exc:
                self._lost(f"its socket failed: {exc.strerror or exc}")
                return
            if not data:
                self._lost("it ended")
                return
            try:
                message = json.loads(data)
            except ValueError:
                self._lost("it sent something that is not JSON")
                return
            self._heard(message if isinstance(message, dict) else {})

    def _heard(self, message: dict[str, Any]) -> None:
        self._heard_at = time.monotonic()
        if "ready" in message and self._ready is not None and not self._ready.done():
            self._ready.set_result(True)
        elif "failed" in message:
            self._lost(str(message["failed"]))
        elif message.get("id") in self._pending:
            waiting = self._pending.pop(message["id"])
            if not waiting.done():
                waiting.set_result(message)
        elif isinstance(message.get("pid"), int):  # an answer nobody waits for any more: end that game
            self._keep(asyncio.ensure_future(self._end_unwanted(ForkedGame(message["pid"]))))

    @staticmethod
    async def _end_unwanted(game: ForkedGame) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(game.pid, signal.SIGKILL)
        await game.wait()

    # -- games -----------------------------------------------------------------------------
    async def spawn(self, argv: list[str], env: dict[str, str], slave: int) -> ForkedGame | None:
        """A game forked on the pty ``slave`` running ``argv`` (``child_argv``) in ``env``; None to start it
        cold."""
        if not self.ready or self._sock is None:
            return None
        self._next_id += 1
        request_id = self._next_id
        request = json.dumps({"id": request_id, "argv": argv, "env": env}).encode()
        if len(request) > MAX_MESSAGE:
            self._say_once("a game's command line and environment are too long to send to it")
            return None
        answer: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = answer
        try:
            self._sock.sendmsg([request], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [slave]))])
        except OSError:  # its queue is full (it is busy) or it is gone, which its socket will say
            self._pending.pop(request_id, None)
            return None
        try:
            reply = await self._answer(answer, time.monotonic())
        except asyncio.CancelledError:  # the session ended meanwhile: a game forked anyway is ended when told
            self._pending.pop(request_id, None)
            raise
        if reply is None:
            return None
        if isinstance(reply.get("pid"), int):
            self.forked += 1
            return ForkedGame(reply["pid"])
        self._say_once(str(reply.get("refused", "it gave no reason")))
        return None

    async def _answer(self, answer: asyncio.Future[dict[str, Any] | None], sent: float) -> dict[str, Any] | None:
        """The zygote's answer; None if it is gone, or hung: silent for REPLY_WAIT seconds since this request
        (one busy with a queue of requests answers the others meanwhile, and is waited for)."""
        while True:
            try:
                return await asyncio.wait_for(asyncio.shield(answer), REPLY_WAIT)
            except TimeoutError:
                if time.monotonic() - max(sent, self._heard_at) >= REPLY_WAIT:
                    self._lost(f"it answered nothing for {REPLY_WAIT:g} seconds")
                    return None

    def _say_once(self, why: str) -> None:
        if why not in self._said:
            self._said.add(why)
            self.log(f"problem: a game was started cold instead of forked, because {why}")
