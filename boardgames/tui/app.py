"""BoardgamesApp: the Textual shell shared by every game.

Screen stack: the main menu is always at the bottom; a game, the set-up, the
list of saves, a replay, help and dialogs go on top of it. Leaving a game pops
back to the menu. Below 80x24 the too-small screen covers everything until the
terminal is large enough again.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Mapping
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.theme import Theme

from boardgames.core.record import Record, RecordError, read_record
from boardgames.core.savelock import SaveInUse
from boardgames.core.saves import SaveStore
from boardgames.core.session import Session
from boardgames.history.model import RatingChange
from boardgames.home import default_history, default_home, default_lobby, default_store, served_player
from boardgames.i18n import _, set_writing, warm_formats
from boardgames.lobby.store import Lobby
from boardgames.lobby.table import Player, Table, TableError
from boardgames.tui.asciimode import asciify
from boardgames.tui.kept import KeptScreens
from boardgames.tui.keygate import KeyGate
from boardgames.tui.screens.base import MIN_HEIGHT, MIN_WIDTH
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.toosmall import TooSmallScreen

if TYPE_CHECKING:
    from boardgames.history.rebuild import Source


def settle_heap() -> None:
    """Once the app is up: what was made so far (Textual, Rich, the games' tables, the first screen) lives as
    long as the app, so the collector stops scanning it. A full collection scans every object alive; with
    these left in, one took up to 50 ms on this machine in a Blue Moon City game with greedy bots (the
    longest stall of the screen between two bot moves); garbage made before is collected first."""
    gc.collect()
    gc.freeze()


class AsciiScrollBarRender(ScrollBarRender):
    """A scroll bar drawn with spaces only: its thumb is a block of colour with whole-cell ends."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


class BoardgamesApp(App):
    TITLE = "boardgames"
    CSS_PATH = "app.tcss"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]
    #: Textual's command palette (ctrl+p) has no plain key and offers nothing a player needs
    ENABLE_COMMAND_PALETTE = False
    #: whether the first start makes the history from the saves (a server makes its sessions' history itself)
    reads_saves_into_history = True
    #: screens are made ahead (tui/kept.py) and the language's formats read in a worker, once the first frame is out
    prepares_ahead = True

    def action_help_quit(self) -> None:
        """ctrl+c: Textual's own notice that it does not quit, in the player's language."""
        self.notify(_("Press [b]ctrl+q[/b] to quit."), title=_("Do you want to quit?"))

    def __init__(
        self,
        session: Session | None = None,
        replay: Record | None = None,
        ascii: bool = False,
        bot_delay: float = 0.6,
        store: SaveStore | None = None,
        lobby: Lobby | None = None,
        player: Player | None = None,
        history: Path | None = None,
    ) -> None:
        super().__init__()
        #: the one folder of saves this app reads and writes (the command line chooses it)
        self.store = store if store is not None else default_store()
        #: the folder of tables shared with other terminals, and who sits at this one (None: asked in the lobby)
        self.lobby = lobby if lobby is not None else default_lobby()
        self.player = player if player is not None else served_player()
        #: the history of finished games (statistics and ratings): the data folder's, or the server's shared one
        self.history_path = history if history is not None else default_history()
        self.start_with_session = session
        self.start_with_replay = replay
        self.ascii = ascii
        self.bot_delay = bot_delay
        #: drops keys of a burst begun during a bot's turn, so they never answer a human's decision
        self.key_gate = KeyGate()
        #: screens built once and shown again (help, the whole log, the results, the lobby)
        self.kept = KeptScreens(self)
        # --ascii: plain scroll bars (Textual draws their ends with block glyphs) and, through the
        # "-ascii" class and app.tcss, ASCII borders
        ScrollBar.renderer = AsciiScrollBarRender if ascii else ScrollBarRender
        set_writing(asciify if ascii else None)  # every sentence in plain letters, in every language
        if ascii:
            self.add_class("-ascii")
        self._theme_cache: tuple[str, Theme] | None = None

    @property
    def current_theme(self) -> Theme:
        """Textual's lookup copies the table of themes at each call, and a frame asks for the theme hundreds of
        times (every colour of every part): the theme of the current name is kept until a theme changes."""
        name = self.theme
        cached = getattr(self, "_theme_cache", None)  # Textual may ask while the app is being made
        if cached is None or cached[0] != name:
            cached = self._theme_cache = (name, super().current_theme)
        return cached[1]

    def register_theme(self, theme: Theme) -> None:
        self._theme_cache = None
        super().register_theme(theme)

    def unregister_theme(self, theme_name: str) -> None:
        self._theme_cache = None
        super().unregister_theme(theme_name)

    async def on_event(self, event: events.Event) -> None:
        """A key goes to the screen only if the screen's ``admits_key`` (if any) lets it: see tui/keygate.py."""
        if isinstance(event, events.Key) and (self._exit or not self.screen_stack):
            return  # typed while the app closes: there is no screen left to take it
        if isinstance(event, events.Key) and not event.is_forwarded:
            if not getattr(self.screen, "is_live", True):
                return  # the screen on top is closing: the key was meant for it, not for the one below
            admits = getattr(self.screen, "admits_key", None)
            if admits is not None and not admits(event):
                return
        await super().on_event(event)

    async def run_action(self, action: str | tuple[str, str, tuple[object, ...]],
                         default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        """A key's action runs only on the screen on top (or the app): a key that bubbled up while its screen
        closed must not act on a screen that is gone, nor on the one now on top."""
        node = default_namespace
        if isinstance(node, DOMNode) and node is not self:
            try:
                screen = node if isinstance(node, Screen) else node.screen
            except Exception:  # noqa: BLE001 - detached from any screen: gone
                return False
            if screen is not self.screen or not getattr(screen, "is_live", True):
                return False
        return await super().run_action(action, default_namespace, namespaces)

    # -- a crash --------------------------------------------------------------------
    def crash_note(self, log: Path | None) -> str:
        """The sentence a player reads on standard error after the program failed."""
        if log is None:
            return _("The game stopped because of an error in the program; every move made is saved.")
        return _("The game stopped because of an error in the program; every move made is saved. The details "
                 "are in {path}.", path=str(log))

    def _print_error_renderables(self) -> None:
        """A crash goes to errors.log in the data folder and a sentence to standard error, never a traceback."""
        if not self._exit_renderables:
            return
        from datetime import datetime

        from rich.console import Console

        path = default_home() / "errors.log"
        log: Path | None = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8") as out:
                console = Console(file=out, width=100, color_system=None)
                console.print(f"-- {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC", markup=False)
                for renderable in self._exit_renderables:
                    console.print(renderable)
        except OSError:
            log = None
        self._exit_renderables.clear()
        stderr = sys.__stderr__
        if stderr is not None:  # None only in a process started without one
            stderr.write("\r\n" + self.crash_note(log) + "\r\n")
            stderr.flush()

    def on_mount(self) -> None:
        if self.console.color_system in ("standard", "windows"):
            self.theme = "ansi-dark"  # 16 colours: use the terminal's own palette, glass colours stay distinct
        self.push_screen(MenuScreen())
        if self.start_with_session is not None:
            self.start_session(self.start_with_session)
        elif self.start_with_replay is not None:
            self.open_replay(self.start_with_replay, standalone=True)
        self.call_after_refresh(self.check_size)
        self.call_after_refresh(settle_heap)
        if self.prepares_ahead:
            self.call_after_refresh(self.run_worker, warm_formats, thread=True, exit_on_error=False, group="formats")
        if self.reads_saves_into_history:
            from boardgames.history.rebuild import is_new

            if is_new(self.history_path):
                self.run_worker(self.first_history, thread=True, exit_on_error=False, group="history")

    def first_history(self) -> None:
        """The first start: the history is made from the finished saves already there (in a thread: replaying
        many saves takes a while, and the menu is usable meanwhile)."""
        from boardgames.history.recording import first_start

        first_start(self.history_path, self.store.folder)

    def history_sources(self) -> list[Source]:
        """The saves the history is made from when it has to start again (deleted or emptied meanwhile)."""
        from boardgames.history.rebuild import Source

        return [Source(self.store.folder)]

    def remember_game(self, session: Session,
                      owners: list[str | None] | None = None) -> tuple[list[RatingChange], str]:
        """Add the game just finished to the history: each seat's rating before and after, and a sentence when
        the history could not take it (the game is saved all the same). In a worker thread (the results screen
        asks it)."""
        from boardgames.history.recording import remember

        player = self.player
        save = session.path.name if session.path is not None else ""
        return remember(self.history_path, session.record, session.state.result(), save,
                        player.id if player else None, player.name if player else "", owners, self.history_sources())


    # -- size guard --------------------------------------------------------------
    def check_size(self) -> None:
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()
        elif small and isinstance(top, TooSmallScreen):
            top.update_size()

    async def action_quit(self) -> None:
        """Quit (ctrl+q); when a game's last moves could not be saved, first say so and offer to save them.

        A second ctrl+q in that dialog quits all the same.
        """
        from boardgames.tui.screens.game import GameScreen
        from boardgames.tui.screens.unsaved import UnsavedScreen

        unsaved = [s for s in self.screen_stack if isinstance(s, GameScreen) and s.session.unsaved_moves]
        if unsaved and not isinstance(self.screen, UnsavedScreen):
            self.push_screen(UnsavedScreen(unsaved[-1].session, quitting=True),
                             lambda go: self.exit() if go else None)
            return
        self.exit()

    # -- navigation used by the screens ------------------------------------------
    def start_session(self, session: Session, replace: Screen | None = None) -> None:
        from boardgames.tui.screens.game import GameScreen

        screen = GameScreen(session, ascii=self.ascii, bot_delay=self.bot_delay)
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def open_save(self, path: Path, caller: Screen) -> bool:
        """Load a save and open its game; on failure the caller shows the reason and stays usable."""
        try:
            session = Session.load(path, lock=True)
        except SaveInUse as exc:
            self.offer_to_watch(path, str(exc))
            return False
        except RecordError as exc:
            show = getattr(caller, "message", None)
            if show is not None:
                show(str(exc))
            return False
        self.start_session(session)
        return True

    def offer_to_watch(self, path: Path, reason: str) -> None:
        """The save is played in another window: watch it there (read-only, following its moves) or leave it."""
        from boardgames.tui.screens.confirm import ConfirmScreen
        from boardgames.tui.screens.replay import ReplayScreen

        def answered(watch: bool | None) -> None:
            if not watch:
                return
            try:
                record = read_record(path)
            except RecordError as exc:
                self.notify(str(exc), severity="error", markup=False)
                return
            self.push_screen(ReplayScreen(record, ascii=self.ascii, follow=path))

        self.push_screen(ConfirmScreen(reason, yes=_("Watch (y)"), no=_("Leave (n)")), answered)

    def open_table(self, table: Table, watching: bool = False, replace: Screen | None = None) -> None:
        """Sit down at a shared table (or watch it): its room before the game starts, the game after."""
        from boardgames.lobby.play import SharedGame
        from boardgames.tui.screens.tablegame import TableScreen
        from boardgames.tui.screens.tableroom import TableRoomScreen
        from boardgames.tui.tablelink import TableLink

        try:
            spec = table.read()
            me = self.player
            watching = watching or me is None or not spec.seats_of(me.id)
            link = TableLink(table, me, watching)
            screen: Screen
            if spec.started:
                game = SharedGame(table, spec, me or Player("watch:", ""), watching, self.lobby.hold)
                screen = TableScreen(game, link, ascii=self.ascii, bot_delay=self.bot_delay)
            else:
                screen = TableRoomScreen(link, spec)
        except TableError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def open_replay(self, record: Record, standalone: bool = False) -> None:
        from boardgames.tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(record, ascii=self.ascii, standalone=standalone))

    def to_menu(self) -> None:
        """Pop every screen above the main menu (without running their result callbacks)."""
        if not any(isinstance(screen, MenuScreen) for screen in self.screen_stack):
            self.push_screen(MenuScreen())
            return

        async def pop() -> None:
            # keys typed meanwhile may close screens too (the menu's among them), and the app may be closing (its
            # stack emptied): pop only down to a menu that is still there, else open one
            while (stack := self.screen_stack) and not isinstance(stack[-1], MenuScreen):
                if not any(isinstance(screen, MenuScreen) for screen in stack):
                    self.push_screen(MenuScreen())
                    return
                await self.pop_screen()

        self.call_later(pop)
