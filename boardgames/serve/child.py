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
import resource
import sys
import termios
import traceback

from boardgames.home import default_home, default_store

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


def take_terminal() -> None:
    """Make stdin's pty our controlling terminal (we lead a new session), so window changes send SIGWINCH."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def make_app(start: str | None, ascii: bool):
    from pathlib import Path

    from boardgames.tui import app as tui_app
    from boardgames.tui.app import BoardgamesApp
    from boardgames.tui.screens.menu import MenuScreen

    class ServedApp(BoardgamesApp):
        """The shell as one SSH player sees it: it may open on a game's set-up or the last game."""

        CSS_PATH = str(Path(tui_app.__file__).parent / BoardgamesApp.CSS_PATH)  # relative to tui, not here
        out_of_memory = False

        def get_driver_class(self):
            from boardgames.serve.paced import PacedDriver

            return PacedDriver  # keys read only as fast as they are handled: a flood waits at the client

        def _handle_exception(self, error: Exception) -> None:
            if isinstance(error, MemoryError):
                self.out_of_memory = True  # the server says so to the player: no traceback, no second sentence
            super()._handle_exception(error)

        def on_mount(self) -> None:
            super().on_mount()
            if start and self.start_with_session is None:
                self.call_after_refresh(self.open_start)

        def open_start(self) -> None:
            menu = self.screen
            if not isinstance(menu, MenuScreen):
                return
            if start == "continue":
                menu.action_continue_last()
            else:
                menu.new_game(start)

        def _print_error_renderables(self) -> None:
            """A crash goes to the player's errors.log, never as a traceback on their screen."""
            if not self._exit_renderables or self.out_of_memory:
                self._exit_renderables.clear()
                return
            from rich.console import Console

            try:
                default_home().mkdir(parents=True, exist_ok=True)
                with open(default_home() / "errors.log", "a", encoding="utf-8") as log:
                    console = Console(file=log, width=100, color_system=None)
                    for renderable in self._exit_renderables:
                        console.print(renderable)
            except OSError:
                pass
            self._exit_renderables.clear()
            sys.__stderr__.write("\r\nThe game stopped because of an error in the program; every move made "
                                 "is saved, so reconnecting continues the game.\r\n")
            sys.__stderr__.flush()

    return ServedApp(store=default_store(), ascii=ascii)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardgames.serve.child")
    parser.add_argument("--start", default=None)
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--memory", type=int, default=0, metavar="MIB")
    args = parser.parse_args(argv)
    limit_memory(args.memory)
    take_terminal()
    try:
        app = make_app(args.start, args.ascii)
        app.run()
    except KeyboardInterrupt:
        return 130
    except MemoryError:
        return OUT_OF_MEMORY
    except Exception:  # noqa: BLE001 - the player gets a sentence, the folder gets the traceback
        with contextlib.suppress(OSError), open(default_home() / "errors.log", "a", encoding="utf-8") as log:
            traceback.print_exc(file=log)
        sys.__stderr__.write("\r\nThe game could not start because of an error in the program.\r\n")
        return 1
    if app.out_of_memory:
        return OUT_OF_MEMORY
    return app.return_code or 0


if __name__ == "__main__":
    raise SystemExit(main())
