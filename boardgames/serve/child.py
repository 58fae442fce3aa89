"""The game process of one SSH connection: ``python -m boardgames.serve.child [--start WORD] [--ascii]``.

Started by the server on a fresh pseudo-terminal with ``BOARDGAMES_HOME`` set to the player's
own folder. ``--start continue`` resumes the player's last unfinished game, ``--start GAME`` opens
the new-game screen of that game; without it the menu shows. Only this process imports Textual.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import sys
import termios
import traceback

from boardgames.home import default_home, default_store


def take_terminal() -> None:
    """Make stdin's pty our controlling terminal (we lead a new session), so window changes send SIGWINCH."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def make_app(start: str | None, ascii: bool):
    from pathlib import Path

    from boardgames.tui import app as tui_app
    from boardgames.tui.app import BoardgamesApp
    from boardgames.tui.i18n import _
    from boardgames.tui.screens.menu import MenuScreen

    class ServedApp(BoardgamesApp):
        """The shell as one SSH player sees it: it may open on a game's set-up or the last game."""

        CSS_PATH = str(Path(tui_app.__file__).parent / BoardgamesApp.CSS_PATH)  # relative to tui, not here

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

        def crash_note(self, log: Path | None) -> str:
            return _("The game stopped because of an error in the program; every move made is saved, so "
                     "reconnecting continues the game.")

    return ServedApp(store=default_store(), ascii=ascii)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardgames.serve.child")
    parser.add_argument("--start", default=None)
    parser.add_argument("--ascii", action="store_true")
    args = parser.parse_args(argv)
    take_terminal()
    try:
        app = make_app(args.start, args.ascii)
        app.run()
    except KeyboardInterrupt:
        return 130
    except Exception:  # noqa: BLE001 - the player gets a sentence, the folder gets the traceback
        with contextlib.suppress(OSError), open(default_home() / "errors.log", "a", encoding="utf-8") as log:
            traceback.print_exc(file=log)
        sys.__stderr__.write("\r\nThe game could not start because of an error in the program.\r\n")
        return 1
    return app.return_code or 0


if __name__ == "__main__":
    raise SystemExit(main())
