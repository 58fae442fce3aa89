"""The lobby: the tables shared with other terminals (locally, through the data folder; under ``boardgames serve``,
every connection's), to make, join, watch, start or leave.

The list is made again when a file of the lobby changes (inotify on the lobby's folder, its guests' marks and each
table's folders, as the table screens are woken), a moment after the first change of a burst, and only while the
lobby is on screen; where inotify is missing, on a timer. The highlight stays on its table however the list
re-sorts."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from boardgames.core.plaintext import plain
from boardgames.core.registry import get_game
from boardgames.i18n import _
from boardgames.lobby.guests import FOLDER as GUESTS_FOLDER
from boardgames.lobby.store import Listing, keep_finished
from boardgames.lobby.table import Player, TableSpec
from boardgames.lobby.wake import FolderWatch
from boardgames.tui.asciimode import asciify
from boardgames.tui.kept import lay_out_off_screen
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.screens.menu import move
from boardgames.tui.tablechange import change_table
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.message import MessageLine

#: where inotify is missing, how often the lobby reads the tables again
REFRESH_EVERY = 1.0
#: seconds from the first change of a burst to the list made again (a move and its table file come together)
SETTLE = 0.25
#: how often the lobby looks again anyway: the holds and the waiting tables' time run out without a file changing
TIDY_EVERY = 30.0


def options_text(spec: TableSpec) -> str:
    return ", ".join(f"{plain(key)}={plain(value)}" for key, value in sorted(spec.options.items()))


def game_title(spec: TableSpec) -> str:
    try:
        return _(get_game(spec.game).title)
    except KeyError:
        return plain(spec.game)


def seat_word(spec: TableSpec, seat: int, here: frozenset[int]) -> str:
    info = spec.seats[seat]
    name = plain(info.name)
    if info.free:
        return _("free seat")
    if info.bot:
        return _("{name} (bot)", name=name)
    if spec.started and not spec.finished and spec.left_for_good(seat):
        return _("{name} (left for good)", name=name)
    if spec.started and not spec.finished and seat not in here:
        return _("{name} (away)", name=name)
    return name


def describe(listing: Listing, me: Player | None, ascii: bool) -> Text:
    """One table as a line or two of plain text (names are never markup, and file-borne text is made plain)."""
    spec = listing.spec
    text = Text()
    if spec is None:
        text.append(_("Table {id}: {problem}", id=listing.table.id, problem=listing.problem), style="red")
        return text
    if spec.finished:
        state = _("over")
    elif spec.started:
        state = _("playing")
    else:
        state = _("waiting for players")
    head = _("{title} ({state})", title=game_title(spec), state=state)
    text.append(asciify(head) if ascii else head, style="bold")
    if me is not None and spec.seats_of(me.id):
        text.append("  " + _("your table"), style="italic")
    seats = ", ".join(seat_word(spec, seat, listing.present) for seat in range(len(spec.seats)))
    line = _("Seats: {seats}. Made by {name}.", seats=seats, name=plain(spec.creator_name))
    if spec.options:
        line += " " + _("Options: {options}.", options=options_text(spec))
    if listing.spectators:
        line += " " + _("Watching: {count}.", count=listing.spectators)
    text.append("\n    " + (asciify(line) if ascii else line), style="dim")
    return text


class TablesScreen(BaseScreen):
    BINDINGS = [
        Binding("n", "new_table", show=False),
        Binding("w", "watch", show=False),
        Binding("x", "leave", show=False),
        Binding("escape,q", "back", show=False),
        Binding("j", "move(1)", show=False),
        Binding("k", "move(-1)", show=False),
    ]

    DEFAULT_CSS = """
    TablesScreen #tables-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    TablesScreen #tables-about { height: auto; padding: 0 1; color: $text-muted; }
    TablesScreen OptionList, TablesScreen OptionList:focus { height: 1fr; border: none; margin: 0 1; }
    TablesScreen #tables-message { height: auto; min-height: 2; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.listings: list[Listing] = []
        #: what the list shows now (each table's id and text), so an unchanged list is not set again
        self._shown: list[tuple[str, Text]] = []
        self._watch: FolderWatch | None = None
        self._watched: set[str] = set()
        #: reading on a timer, where the kernel would not watch every table's folders
        self._poll: Timer | None = None
        #: the list is made again once the changes of a burst have come (None: no change waits)
        self._pending: Timer | None = None
        #: a change came while another screen was on top: the list is made again when the lobby is back
        self._stale = False
        #: shown since it was made (a list made ahead keeps no highlight: it opens on its first table)
        self._seen = False

    def compose(self) -> ComposeResult:
        yield Static(_("Tables"), id="tables-title")
        yield Static(id="tables-about")
        yield OptionList(id="tables")
        yield MessageLine(id="tables-message")
        bar = KeyBar()
        bar.set_hints([("↑↓", _("choose")), ("Enter", _("sit down")), ("n", _("new table")), ("w", _("watch")),
                       ("x", _("leave or cancel")), ("Esc", _("back"))])
        yield bar

    def on_mount(self) -> None:
        lobby = self.app.lobby
        with contextlib.suppress(OSError):  # (made now so that it can be watched before the first table)
            (lobby.folder / GUESTS_FOLDER).mkdir(parents=True, exist_ok=True)
        self._watch = FolderWatch([lobby.folder])
        live = self._watch.listen(self.changed)
        self.query_one(OptionList).focus()
        self.set_interval(TIDY_EVERY if live else REFRESH_EVERY, self.rebuild)
        if self.is_current:
            self.rebuild()
        else:  # made ahead (tui/kept.py): the tables are listed as a worker reads them, tidied once shown
            self.run_worker(lobby.listings, thread=True, exit_on_error=False, group="lobby")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "lobby" and event.state == WorkerState.SUCCESS and not self._shown:
            self.listings = event.worker.result or []
            self.list_tables()
            lay_out_off_screen(self)

    def on_unmount(self) -> None:
        if self._watch is not None:
            self._watch.close()

    def on_screen_resume(self) -> None:
        self.app.lobby.arrive(self.me)
        # shown again (the menu keeps this screen and makes it ahead: tui/kept.py), its last list is on screen at
        # once, made again first from the tables' files if one changed meanwhile (a stat a table, a table read
        # only when it changed), and tidied right after that first frame, unless the screen is closing by then
        if self._stale or self._pending is not None:
            with contextlib.suppress(OSError):
                self.listings = self.app.lobby.listings()
                self.list_tables()
        if self._stale or self._pending is not None or not self._watched:
            self.call_after_refresh(lambda: self.rebuild() if self.is_live else None)
        self._seen = True

    @property
    def me(self) -> Player | None:
        return self.app.player

    def watch_folder(self, folder: str) -> None:
        """Be woken by changes in ``folder`` too (once); where the kernel will not watch more, read on a timer."""
        if self._watch is None or self._watch.fd is None or folder in self._watched:
            return
        if self._watch.add(folder):
            self._watched.add(folder)
        elif self._poll is None and os.path.isdir(folder):  # (a table removed meanwhile needs no watching)
            self._poll = self.set_interval(REFRESH_EVERY, self.rebuild)

    def changed(self) -> None:
        """A file of the lobby changed: the list is made again a moment later (one rebuild a burst)."""
        if self._pending is None:
            self._pending = self.set_timer(SETTLE, self.rebuild)

    def rebuild(self) -> None:
        self._pending = None
        if not self.is_current or not self.is_live or not self.query("#tables-about"):
            self._stale = True
            return
        self._stale = False
        lobby = self.app.lobby
        try:
            if keep_finished(lobby, self.me, self.app.store):
                self.message(_("A finished game of your tables was added to your list of saves."), error=False)
            self.listings = lobby.tidy()
        except OSError:
            self.listings = []
        folders = {str(lobby.folder), str(lobby.folder / GUESTS_FOLDER)}
        for listing in self.listings:
            folder = str(listing.table.folder)
            folders.update((folder, f"{folder}/seats", f"{folder}/watch"))
        self._watched &= folders  # the kernel forgot the folders removed
        for folder in sorted(folders):
            self.watch_folder(folder)
        self.list_tables()

    def list_tables(self) -> None:
        """Show ``listings`` (only what changed since they were last shown)."""
        about = self.query_one("#tables-about", Static)
        who = _("You are {name}.", name=self.me.name) if self.me is not None else \
            _("You give your name when you make or join a table.")
        about.update(Text(_("Tables shared with other terminals. {who}", who=who)))
        shown = [(listing.table.id, describe(listing, self.me, self.app.ascii)) for listing in self.listings]
        shown.append(("new", Text(_("Make a new table"))))
        if shown == self._shown:
            return
        menu = self.query_one(OptionList)
        keep_id = self.highlighted_id() if self._seen else None
        keep_index = menu.highlighted if self._seen else None
        self._shown = shown
        menu.set_options([Option(text, id=option_id) for option_id, text in shown])
        ids = [option_id for option_id, _text in shown]
        if keep_id in ids:
            menu.highlighted = ids.index(keep_id)
        else:
            menu.highlighted = min(keep_index, len(ids) - 1) if keep_index is not None else 0

    def highlighted_id(self) -> str | None:
        menu = self.query_one(OptionList)
        index = menu.highlighted
        if index is None or not 0 <= index < menu.option_count:
            return None
        return menu.get_option_at_index(index).id

    def selected(self) -> Listing | None:
        """The table under the highlight (by its id: the list may have re-sorted since it was drawn)."""
        table_id = self.highlighted_id()
        return next((listing for listing in self.listings if listing.table.id == table_id), None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "new":
            self.action_new_table()
            return
        listing = next((listing for listing in self.listings if listing.table.id == event.option.id), None)
        if listing is not None:
            self.sit_down(listing)

    def with_name(self, then: Callable[[], None]) -> None:
        """Run ``then()`` once this terminal has a player (a local terminal asks for a name the first time)."""
        from boardgames.tui.screens.askname import AskNameScreen

        if self.me is not None:
            then()
            return

        def named(name: str | None) -> None:
            if name:
                self.app.player = Player(f"local:{name}", name)
                self.rebuild()
                then()

        self.app.push_screen(AskNameScreen(), named)

    def sit_down(self, listing: Listing) -> None:
        """Enter: back at one's own seat, or take the first free one, or (a game already under way) watch."""
        spec = listing.spec
        if spec is None:
            self.message(listing.problem)
            return
        if spec.finished:
            self.message(_("This table's game is over; its save is in the list of saves of each player."))
            return

        def go() -> None:
            assert self.me is not None
            current = listing.table.read()
            if not current.seats_of(self.me.id):
                if current.started:
                    self.message(_("This game has started and no seat is free; press w to watch it."))
                    return
                listing.table.join(self.me, wait=0)
            self.message("")
            self.app.open_table(listing.table)

        self.with_name(lambda: change_table(self, go))

    def action_new_table(self) -> None:
        from boardgames.tui.screens.newtable import NewTableScreen

        self.message("")

        def make() -> None:
            self.app.push_screen(NewTableScreen())

        self.with_name(make)

    def action_watch(self) -> None:
        listing = self.selected()
        if listing is None or listing.spec is None:
            self.message(_("Choose a table to watch."))
            return
        self.message("")
        self.app.open_table(listing.table, watching=True)

    def action_leave(self) -> None:
        """``x``: the maker cancels a table not started (or over), a player ends a table stuck waiting for a
        player away past the hold, each after a question; a player leaves a table not started."""
        from boardgames.tui.screens.confirm import ConfirmScreen

        listing = self.selected()
        me = self.me
        if listing is None or listing.spec is None or me is None:
            self.message(_("Choose a table of yours to leave."))
            return
        spec, table, lobby = listing.spec, listing.table, self.app.lobby
        title = game_title(spec)
        if spec.creator == me.id and (not spec.started or spec.finished):
            question = _("Cancel this table ({title})? It is removed, and whoever sits at it goes back to the "
                         "lobby.", title=title)

            def act() -> None:
                table.cancel(me, wait=0)
                self.message(_("The table is cancelled."), error=False)
                self.rebuild()
        elif spec.seats_of(me.id) and spec.stuck(lobby.hold):
            question = _("End this table ({title})? Its game waits for a player who is away past the hold or gone "
                         "for good; the table is removed, and nobody gets the game's result.", title=title)

            def act() -> None:
                table.end(me, lobby.hold, wait=0)
                self.message(_("The table is ended."), error=False)
                self.rebuild()
        else:
            def leave() -> None:
                table.leave(me, wait=0)
                self.message(_("You left the table."), error=False)
                self.rebuild()

            change_table(self, leave)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                change_table(self, act)

        self.app.push_screen(ConfirmScreen(Text(question)), answered)

    def action_back(self) -> None:
        self.dismiss()

    def action_move(self, step: int) -> None:
        move(self.query_one(OptionList), step)

    def message(self, text: str, error: bool = True) -> None:
        self.query_one("#tables-message", MessageLine).show(text, error)
