"""The shell as one SSH player's game process runs it (``serve/child.py``); importing this module loads Textual."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.driver import Driver

from boardgames.core.saves import SaveStore
from boardgames.i18n import _
from boardgames.serve.child import ran_out_of_memory
from boardgames.tui import app as tui_app
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.menu import MenuScreen

if TYPE_CHECKING:
    from boardgames.history.rebuild import Source


class ServedApp(BoardgamesApp):
    """The shell as one SSH player sees it: it may open on a game's set-up (``start``: a game id) or the last game
    (``start``: ``continue``)."""

    CSS_PATH = str(Path(tui_app.__file__).parent / BoardgamesApp.CSS_PATH)  # relative to tui, not here
    #: set when the game ran out of memory: the server says so to the player, so no traceback is shown
    out_of_memory = False
    #: the server makes the history of every session's games from its players' saves (a thread started here would
    #: also run in the zygote's rehearsal, before it forks)
    reads_saves_into_history = False
    #: no screen is made ahead and no worker started at start: under the game's memory cap, a thread whose start runs
    #: out of memory leaves the loop waiting for it for ever, where the game should end with the server's sentence
    prepares_ahead = False

    def __init__(self, start: str | None, store: SaveStore, ascii: bool) -> None:
        super().__init__(store=store, ascii=ascii)
        self.start_word = start

    def history_sources(self) -> list[Source]:
        """Every player's saves of the server whose history this is (``stats --server --rebuild`` reads the same)."""
        from boardgames.history.command import server_sources

        return server_sources(self.history_path.parent)

    def get_driver_class(self) -> type[Driver]:
        from boardgames.serve.paced import PacedDriver

        return PacedDriver  # keys read only as fast as they are handled: a flood waits at the client

    def _handle_exception(self, error: Exception) -> None:
        if ran_out_of_memory(error):
            self.out_of_memory = True  # the server says so to the player: no traceback, no second sentence
        super()._handle_exception(error)

    def on_mount(self) -> None:
        super().on_mount()
        if self.start_word and self.start_with_session is None:
            self.call_after_refresh(self.open_start)

    def open_start(self) -> None:
        menu, start = self.screen, self.start_word
        if not isinstance(menu, MenuScreen) or start is None:
            return
        if start == "continue":
            if menu.table_listing is not None:  # back at the table whose game goes on
                self.open_table(menu.table_listing.table)
            else:
                menu.action_continue_last()
        elif start == "tables":
            menu.action_tables()
        else:
            menu.new_game(start)

    def crash_note(self, log: Path | None) -> str:
        return _("The game stopped because of an error in the program; every move made is saved, so "
                 "reconnecting continues the game.")

    def _print_error_renderables(self) -> None:
        if self.out_of_memory:  # the server says so to the player: no traceback, no second sentence
            self._exit_renderables.clear()
            return
        super()._print_error_renderables()
