"""The lobby: the tables shared with other terminals (locally, through the data folder; under ``boardgames serve``,
every connection's), to make, join, watch, start or leave."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames.core.registry import get_game
from boardgames.i18n import _
from boardgames.lobby.store import Listing, keep_finished
from boardgames.lobby.table import Player, TableError, TableSpec
from boardgames.tui.asciimode import asciify
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.screens.menu import move
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.message import MessageLine

#: how often the lobby reads the tables again (seats taken, players arriving)
REFRESH_EVERY = 1.0


def options_text(spec: TableSpec) -> str:
    return ", ".join(f"{key}={value}" for key, value in sorted(spec.options.items()))


def seat_word(spec: TableSpec, seat: int, here: frozenset[int]) -> str:
    info = spec.seats[seat]
    if info.free:
        return _("free seat")
    if info.bot:
        return _("{name} (bot)", name=info.name)
    if spec.started and not spec.finished and seat not in here:
        return _("{name} (away)", name=info.name)
    return info.name


def describe(listing: Listing, me: Player | None, ascii: bool) -> Text:
    """One table as a line or two of plain text (names are never markup)."""
    spec = listing.spec
    text = Text()
    if spec is None:
        text.append(_("Table {id}: {problem}", id=listing.table.id, problem=listing.problem), style="red")
        return text
    try:
        title = _(get_game(spec.game).title)
    except KeyError:
        title = spec.game
    if spec.finished:
        state = _("over")
    elif spec.started:
        state = _("playing")
    else:
        state = _("waiting for players")
    head = _("{title} ({state})", title=title, state=state)
    text.append(asciify(head) if ascii else head, style="bold")
    if me is not None and spec.seats_of(me.id):
        text.append("  " + _("your table"), style="italic")
    seats = ", ".join(seat_word(spec, seat, listing.present) for seat in range(len(spec.seats)))
    line = _("Seats: {seats}. Made by {name}.", seats=seats, name=spec.creator_name)
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
        self.rebuild()
        self.query_one(OptionList).focus()
        self.set_interval(REFRESH_EVERY, self.rebuild)

    def on_screen_resume(self) -> None:
        # shown again (the menu keeps this screen: tui/kept.py), its last list is on screen at once, read afresh
        # right after that first frame, unless the screen is closing by then
        self.call_after_refresh(lambda: self.rebuild() if self.is_live else None)

    @property
    def me(self) -> Player | None:
        return self.app.player

    def rebuild(self) -> None:
        if not self.is_current:
            return
        about = self.query_one("#tables-about", Static)
        who = _("You are {name}.", name=self.me.name) if self.me is not None else \
            _("You give your name when you make or join a table.")
        about.update(Text(_("Tables shared with other terminals. {who}", who=who)))
        menu = self.query_one(OptionList)
        keep = menu.highlighted
        try:
            if keep_finished(self.app.lobby, self.me, self.app.store):
                self.message(_("A finished game of your tables was added to your list of saves."), error=False)
            self.listings = self.app.lobby.listings()
        except OSError:
            self.listings = []
        options = [Option(describe(listing, self.me, self.app.ascii), id=listing.table.id)
                   for listing in self.listings]
        options.append(Option(Text(_("Make a new table")), id="new"))
        menu.set_options(options)
        menu.highlighted = min(keep, len(options) - 1) if keep is not None else 0

    def selected(self) -> Listing | None:
        menu = self.query_one(OptionList)
        index = menu.highlighted
        if index is None or index >= len(self.listings):
            return None
        return self.listings[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "new":
            self.action_new_table()
            return
        listing = self.selected()
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
                try:
                    listing.table.join(self.me)
                except TableError as exc:
                    self.message(str(exc))
                    return
            self.message("")
            self.app.open_table(listing.table)

        try:
            self.with_name(go)
        except TableError as exc:
            self.message(str(exc))

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
        listing = self.selected()
        if listing is None or listing.spec is None or self.me is None:
            self.message(_("Choose a table of yours to leave."))
            return
        spec = listing.spec
        try:
            if spec.creator == self.me.id:
                listing.table.cancel(self.me)
                self.message(_("The table is cancelled."), error=False)
            else:
                listing.table.leave(self.me)
                self.message(_("You left the table."), error=False)
        except TableError as exc:
            self.message(str(exc))
        self.rebuild()

    def action_back(self) -> None:
        self.dismiss()

    def action_move(self, step: int) -> None:
        move(self.query_one(OptionList), step)

    def message(self, text: str, error: bool = True) -> None:
        self.query_one("#tables-message", MessageLine).show(text, error)
