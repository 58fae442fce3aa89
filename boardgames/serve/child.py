"""The game process of one SSH connection: ``python -m boardgames.serve.child [--start WORD] [--ascii]``.

Started by the server on a fresh pseudo-terminal with ``BOARDGAMES_HOME`` set to the player's
own folder. ``--start continue`` resumes the player's last unfinished game, ``--start GAME`` opens
the new-game screen of that game; without it the menu shows. ``--memory MIB`` caps the process's
memory before anything else is loaded; past it the game exits with ``OUT_OF_MEMORY``, which the
server turns into a sentence for this player. Only this process imports Textual.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import resource
import select
import signal
import sys
import termios
import threading
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

from boardgames.home import default_home, default_store

if TYPE_CHECKING:
    from boardgames.serve.servedapp import ServedApp

#: the exit code of a game that needed more memory than ``--memory`` allows
OUT_OF_MEMORY = 3


def limit_memory(mebibytes: int) -> None:
    """Cap the heap and every private writable mapping (RLIMIT_DATA), soft and hard so the game cannot lift it.

    RLIMIT_DATA rather than RLIMIT_AS: address space reserved but never used (a thread's malloc arena is 64 MiB
    of it) does not count, so the cap measures what the game really takes; an allocation past it fails (in
    Python a MemoryError) instead of the machine swapping.
    """
    if mebibytes <= 0:
        return
    wanted = mebibytes * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (wanted, wanted))


def ran_out_of_memory(exc: BaseException | None) -> bool:
    """Whether a failure came from the memory cap: a MemoryError, or a thread that could not get its stack,
    anywhere in the chain of exceptions (the app may fail on a later error while handling the first)."""
    while exc is not None:
        if isinstance(exc, MemoryError) or (isinstance(exc, RuntimeError) and "can't start new thread" in str(exc)):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def take_terminal() -> None:
    """Make stdin's pty our controlling terminal (we lead a new session), so window changes send SIGWINCH."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


#: the exit code of a game process whose terminal hung up (128 + SIGHUP, as a shell reports it)
HANGUP_EXIT = 129
#: seconds the app has to close by itself once its terminal is gone, before the process ends anyway
HANGUP_GRACE = 2.0


def watch_hangup(on_hangup: Callable[[], None], fd: int = 0) -> threading.Thread:
    """Call ``on_hangup`` (in a thread) as soon as the terminal on ``fd`` hangs up.

    A pty whose other end closed reads as endless end-of-input: Textual's input thread
    would spin on it, and no SIGHUP comes when this process is not the terminal's
    controlling process (or inherited SIGHUP ignored). poll() reports the hang-up itself.
    """
    def run() -> None:
        poller = select.poll()
        poller.register(fd, 0)  # no events asked: POLLHUP, POLLERR and POLLNVAL are always reported
        while True:
            try:
                events = poller.poll()
            except InterruptedError:
                continue
            if any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _fd, mask in events):
                on_hangup()
                return

    thread = threading.Thread(target=run, name="hangup-watch", daemon=True)
    thread.start()
    return thread


def end_on_hangup(app: ServedApp) -> None:
    """The terminal is gone: ask the app to close (saves are written after every move), and end the process
    if it has not closed within HANGUP_GRACE seconds (its last writes to the terminal may block or fail)."""
    deadline = threading.Timer(HANGUP_GRACE, os._exit, (HANGUP_EXIT,))
    deadline.daemon = True
    deadline.start()
    with contextlib.suppress(Exception):  # not running yet, or already closing
        app.call_from_thread(app.exit, return_code=HANGUP_EXIT)


def choose_language(wanted: str | None) -> None:
    """The language the server chose for this player (``--lang``); without it, the player's remembered choice
    (the menu's), else the environment's."""
    from boardgames.i18n import from_environment, match, set_language
    from boardgames.preferences import remembered

    chosen = match(wanted) if wanted else None
    set_language(chosen or remembered(default_home(), os.environ.get("BOARDGAMES_PLAYER", "")) or from_environment())


def make_app(start: str | None, ascii: bool) -> ServedApp:
    from boardgames.serve.servedapp import ServedApp  # Textual is loaded only now, under the memory cap

    return ServedApp(start, store=default_store(), ascii=ascii)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardgames.serve.child")
    parser.add_argument("--start", default=None)
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--memory", type=int, default=0, metavar="MIB")
    parser.add_argument("--lang", default=None)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)  # a hang-up ends the game, even if our parent ignored it
    limit_memory(args.memory)
    take_terminal()
    choose_language(args.lang)
    try:
        app = make_app(args.start, args.ascii)
        watch_hangup(lambda: end_on_hangup(app))
        app.run()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - the player gets a sentence, the folder gets the traceback
        if ran_out_of_memory(exc):
            return OUT_OF_MEMORY
        with contextlib.suppress(OSError), open(default_home() / "errors.log", "a", encoding="utf-8") as log:
            traceback.print_exc(file=log)
        if sys.__stderr__ is not None:
            from boardgames.i18n import _

            sys.__stderr__.write("\r\n" + _("The game could not start because of an error in the program.") + "\r\n")
        return 1
    if app.out_of_memory:
        return OUT_OF_MEMORY
    return app.return_code or 0


if __name__ == "__main__":
    raise SystemExit(main())
