"""The warm process the SSH server forks its game processes from: ``python -m boardgames.serve.zygote``.

A game process started cold imports Textual, the app and the games before its first frame, and keeps a
private copy of all of it. The zygote imports them once, freezes them for the collector (``gc.freeze``) and
forks each game from itself: the game starts at once, and the pages it does not write stay shared.

The server (``warmfork.py``) talks to it over one AF_UNIX SOCK_SEQPACKET socket, ``--socket FD``, a message
a datagram of JSON: it sends ``{"id", "argv", "env"}`` with the game's pty slave attached (SCM_RIGHTS), and
gets ``{"id", "pid"}`` or ``{"id", "refused": sentence}``; the zygote says ``{"ready": pid}`` once loaded, or
``{"failed": sentence}``, and ends when the server's end closes (the server is gone).

Each game is forked through a middle process that leaves at once, so the game is re-parented to the server
(a child subreaper): the server waits for it as for a game started cold, and a zygote that dies takes no
running game, nor its exit status, with it. The pid is sent once the middle process is gone and the game
leads its own session, so the server may signal its process group at once.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import io
import json
import os
import pkgutil
import re
import signal
import socket
import sys
import tempfile
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardgames.serve import proctitle

#: the request's program must be exactly the one the cold path would run
CHILD_MODULE = "boardgames.serve.child"
#: the largest request (argv and environment as JSON) and the fds one may carry
MAX_MESSAGE = 64 * 1024
MAX_FDS = 4
#: the variable holding the room a game's environment is written into (see proctitle.py); removed at start
ROOM_VARIABLE = "BOARDGAMES_ZYGOTE_ROOM"
#: bytes of room for a game's command line and environment beyond the zygote's own
ARGV_ROOM, ENV_ROOM = 2048, 16384
#: modules whose every submodule the games may need: imported once here, shared by every game
PACKAGES = ("boardgames.core", "boardgames.lobby", "boardgames.tui", "boardgames.games", "boardgames.history")
MODULES = ("boardgames.serve.child", "boardgames.serve.servedapp", "boardgames.serve.paced")
#: variables read once, when the program is loaded (Python's start-up, Textual's constants and key parser):
#: a game may be forked only if its environment gives them the zygote's values
IMPORT_TIME_PREFIXES = ("PYTHON", "TEXTUAL", "LC_")
IMPORT_TIME_NAMES = frozenset({"LANG", "ESCDELAY", "TERM_PROGRAM"})


class Refusal(Exception):
    """A request the zygote will not fork (the server starts that game cold); the message says why."""


@dataclass
class Request:
    id: int
    argv: list[str]
    env: dict[str, str]


@dataclass
class Room:
    """Where a game's command line and environment are written, so /proc shows them (proctitle.py)."""

    args: proctitle.Area
    env: proctitle.Area


def zygote_argv(fd: int) -> list[str]:
    """The zygote's command line, with room for any game's own (written over it in each game)."""
    return [sys.executable, "-m", "boardgames.serve.zygote", "--socket", str(fd), "--room=" + "." * ARGV_ROOM]


def with_room(env: dict[str, str]) -> dict[str, str]:
    """The zygote's environment, with room for any game's own (written over it in each game)."""
    return {**env, ROOM_VARIABLE: "." * ENV_ROOM}


def import_time_name(name: str) -> bool:
    return name in IMPORT_TIME_NAMES or name.startswith(IMPORT_TIME_PREFIXES)


# -- loading ---------------------------------------------------------------------------
def preload() -> None:
    """Import Textual, the app, the menu and every module of the games, and read every game's tables."""
    for name in MODULES:
        importlib.import_module(name)
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            importlib.import_module(info.name)
    from boardgames.core.registry import all_games

    for game in all_games():
        rules = getattr(game, "rules", None)
        (rules or game.load_rules)()  # rules() keeps the tables for the process; load_rules() only checks them


def rehearse() -> None:
    """Open the menu once, off screen (with glyphs and in ASCII): what Textual builds and caches on first use (the
    parsed style sheet, compiled styles, specialised code) is then made here, shared, not in every game."""
    import asyncio

    from boardgames.core.saves import SaveStore
    from boardgames.serve.servedapp import ServedApp

    async def show_menu(folder: Path) -> None:
        for ascii in (True, False):  # the glyphs last: the app's class-wide choices left as most games have them
            app = ServedApp(None, store=SaveStore(folder / "saves"), ascii=ascii)
            async with app.run_test(headless=True, size=(80, 24)) as pilot:
                await pilot.pause()

    with tempfile.TemporaryDirectory(prefix="boardgames-zygote-") as folder:
        os.environ["BOARDGAMES_HOME"] = folder  # whatever it writes (errors.log, should it fail) goes there
        try:
            asyncio.run(show_menu(Path(folder)))
        finally:
            del os.environ["BOARDGAMES_HOME"]


#: objects filling the allocator's free blocks (fill_free_blocks), kept for the zygote's life
FILLER: list[object] = []
#: a row of sys._debugmallocstats(): size class index, block size, pools, blocks in use, blocks free
MALLOC_ROW = re.compile(r"\s+\d+\s+(\d+)\s+\d+\s+\d+\s+(\d+)\s*$")


def free_blocks() -> dict[int, int]:
    """Free blocks in the pools of Python's small-object allocator, by block size (from its debug report)."""
    with tempfile.TemporaryFile() as report:
        stderr = os.dup(2)
        os.dup2(report.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(stderr, 2)
            os.close(stderr)
        report.seek(0)
        lines = report.read().decode("ascii", "replace").splitlines()
    return {int(size): int(free) for size, free in (row.groups() for row in map(MALLOC_ROW.match, lines) if row)}


def fill_free_blocks() -> None:
    """Take every free block of the allocator's partly used pools with an object kept for good.

    Loading and the rehearsal leave holes all over pages that stay shared; a game's first objects would go
    into them and make each such page its own copy. Filled, the game's objects go to pages of their own. A
    bytes object of n bytes takes a block of 33 + n; the 32-byte blocks take floats; the rest are too few.
    """
    for size, free in free_blocks().items():
        if size >= 48:
            FILLER.extend(bytes(size - 33) for _ in range(free))
        elif size == 32:
            FILLER.extend(float(number) + 0.5 for number in range(free))


def settle(args: argparse.Namespace) -> Room:
    """The zygote's own start: its command line and environment shown without the room, the room noted."""
    room = Room(*proctitle.areas())
    proctitle.fill(room.args, [sys.executable, "-m", "boardgames.serve.zygote", "--socket", str(args.socket)])
    proctitle.replace_environment(room.env, {name: value for name, value in os.environ.items()
                                             if name != ROOM_VARIABLE})
    return room


def check_alone() -> None:
    """A fork copies only the calling thread: the zygote must have no other (an import could start one)."""
    threads = len(os.listdir("/proc/self/task"))
    if threading.active_count() != 1 or threads != 1:
        raise RuntimeError(f"the warm process runs {threads} threads after loading; it must run one")


# -- requests --------------------------------------------------------------------------
def received_fds(ancdata: list[tuple[int, int, bytes]]) -> list[int]:
    fds: list[int] = []
    for level, kind, data in ancdata:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            usable = len(data) - len(data) % 4
            fds.extend(int.from_bytes(data[i:i + 4], sys.byteorder, signed=True) for i in range(0, usable, 4))
    return fds


def parse_request(data: bytes) -> Request:
    """The request in ``data``, checked; raises Refusal."""
    try:
        message = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise Refusal("the request is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("id"), int):
        raise Refusal("the request has no id")
    argv, env = message.get("argv"), message.get("env")
    if not isinstance(argv, list) or not all(isinstance(word, str) and "\0" not in word for word in argv):
        raise Refusal("the request's command line is not a list of words")
    if not isinstance(env, dict) or not all(
            isinstance(name, str) and isinstance(value, str) and name and "=" not in name
            and "\0" not in name + value for name, value in env.items()):
        raise Refusal("the request's environment is not a table of names and values")
    return Request(message["id"], argv, env)


def check_request(request: Request, room: Room) -> None:
    """Refuse what a forked game could not run exactly as a cold one would."""
    if request.argv[:3] != [sys.executable, "-m", CHILD_MODULE]:
        raise Refusal(f"the request runs another program than {sys.executable} -m {CHILD_MODULE}")
    for name in sorted(set(request.env) | set(os.environ)):
        if import_time_name(name) and request.env.get(name) != os.environ.get(name):
            raise Refusal(f"the game's environment gives {name} another value than the warm process has, and "
                          f"{name} is read only when the program is loaded")
    if not proctitle.fits(room.args, request.argv):
        raise Refusal("the game's command line is longer than the room kept for it")
    if not proctitle.fits(room.env, [f"{name}={value}" for name, value in request.env.items()]):
        raise Refusal("the game's environment is larger than the room kept for it")


def serve(sock: socket.socket, room: Room) -> Request | None:
    """Answer the server's requests until it is gone (None); in a forked game, return the game's request."""
    while True:
        try:
            data, ancdata, flags, _ = sock.recvmsg(MAX_MESSAGE, socket.CMSG_SPACE(MAX_FDS * 4))
        except InterruptedError:
            continue
        if not data:
            return None
        fds = received_fds(ancdata)
        answer: dict[str, Any] = {"id": None}
        try:
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC) or len(fds) != 1:
                raise Refusal("the request is too long or does not carry exactly one terminal")
            request = parse_request(data)
            answer["id"] = request.id
            check_request(request, room)
            pid = fork_game(request, fds[0], sock, room)
            if pid == 0:
                return request  # this is the game now, its descriptors already its own
            answer["pid"] = pid
        except Refusal as exc:
            answer["refused"] = str(exc)
        except OSError as exc:
            answer["refused"] = f"the fork failed ({exc.strerror or exc})"
        for fd in fds:
            os.close(fd)
        sock.sendall(json.dumps(answer).encode())


def fork_game(request: Request, slave: int, sock: socket.socket, room: Room) -> int:
    """Fork the game through a middle process: its pid here, 0 in the game itself."""
    gc.freeze()  # what the zygote holds moves out of the collector's reach: a game's collections leave it shared
    told, tell = os.pipe()
    middle = os.fork()
    if middle == 0:
        try:
            if os.fork() == 0:
                os.setsid()
                os.write(tell, str(os.getpid()).encode("ascii"))
                become_game(request, slave, sock, room)
                return 0
        except BaseException:  # noqa: BLE001 - never back into the zygote's loop
            os._exit(1)
        os._exit(0)
    os.close(tell)
    try:
        os.waitpid(middle, 0)  # once it is gone, the game is the server's child
        said = os.read(told, 32)  # the game writes once it leads its own session
    finally:
        os.close(told)
    if not said:
        raise Refusal("the game process ended before it started")
    return int(said)


# -- becoming a game ---------------------------------------------------------------------
def become_game(request: Request, slave: int, sock: socket.socket, room: Room) -> None:
    """In the forked game: the terminal on 0, 1 and 2 and no other file, the request's environment and command
    line (in /proc too), signals and standard streams as a fresh Python has them."""
    sock.detach()  # its descriptor is closed below; the object must not close that number again later
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    proctitle.replace_environment(room.env, request.env)
    proctitle.fill(room.args, request.argv)
    reset_signals()
    reopen_standard_streams()
    from boardgames.serve import child

    sys.argv = [child.__file__ or CHILD_MODULE, *request.argv[3:]]
    sys.orig_argv = list(request.argv)
    gc.enable()


def reset_signals() -> None:
    """Every handler as a fresh Python process has it: the default, except its own three; nothing blocked."""
    signal.set_wakeup_fd(-1)
    for number in signal.valid_signals():
        if number in (signal.SIGKILL, signal.SIGSTOP):
            continue
        with contextlib.suppress(OSError, ValueError):
            signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def reopen_standard_streams() -> None:
    """sys.stdin, stdout and stderr anew on the terminal, as Python opens them at start (line-buffered on a
    terminal, stderr always; the zygote's were opened on /dev/null)."""
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        old = getattr(sys, f"__{name}__")
        raw = io.FileIO(fd, "r" if fd == 0 else "w", closefd=False)
        buffered: io.BufferedReader | io.BufferedWriter = io.BufferedReader(raw) if fd == 0 else io.BufferedWriter(raw)
        stream = io.TextIOWrapper(buffered, encoding=old.encoding if old is not None else "utf-8",
                                  errors=old.errors if old is not None else "strict", newline="\n",
                                  line_buffering=fd == 2 or raw.isatty())
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


# -- the process -----------------------------------------------------------------------
def tell_failure(sock: socket.socket, what: str, exc: Exception) -> None:
    last = traceback.format_exception_only(type(exc), exc)[-1].strip()
    with contextlib.suppress(OSError):
        sock.sendall(json.dumps({"failed": f"{what}: {last}"}).encode())


def start(args: argparse.Namespace, sock: socket.socket) -> Room | None:
    """Load everything and say so to the server; None (having said why) if the zygote cannot serve."""
    try:
        room = settle(args)
        preload()
        rehearse()
        gc.collect()  # the rehearsal's garbage, before the holes it left are filled
        fill_free_blocks()
        check_alone()
    except Exception as exc:  # noqa: BLE001 - the server logs the sentence and starts its games cold
        tell_failure(sock, "loading failed", exc)
        return None
    sock.sendall(json.dumps({"ready": os.getpid()}).encode())
    return room


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardgames.serve.zygote")
    parser.add_argument("--socket", type=int, required=True, metavar="FD")
    parser.add_argument("--room", default="")
    args = parser.parse_args(argv)
    gc.disable()  # no collection while loading: objects are frozen where they were made (enabled in each game)
    sock = socket.socket(fileno=args.socket)
    room = start(args, sock)
    if room is None:
        return 1
    try:
        request = serve(sock, room)
    except (BrokenPipeError, ConnectionResetError):  # the server is gone
        return 0
    except Exception as exc:  # noqa: BLE001 - the server logs why, starts games cold and this zygote again
        tell_failure(sock, "serving failed", exc)
        return 1
    if request is None:
        return 0
    from boardgames.serve import child

    return child.main(request.argv[3:])


if __name__ == "__main__":
    raise SystemExit(main())
