"""A table before its game starts: who sits where and who is here, the chat, and for the table's maker the keys
to start (once every seat is taken) or to fill the free seats with bots. When the game starts, everyone in the
room goes to it at once."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from boardgames.core.plaintext import plain
from boardgames.core.registry import get_game
from boardgames.i18n import _
from boardgames.lobby import chat, tidy
from boardgames.lobby.store import record_of
from boardgames.lobby.table import TableError, TableSpec
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.screens.tables import game_title, options_text
from boardgames.tui.tablechange import change_table
from boardgames.tui.tablelink import TableLink
from boardgames.tui.widgets import KeyBar, LogPanel
from boardgames.tui.widgets.message import MessageLine

#: how often the room looks again at who is here (a seat's lock let go is seen at once where inotify works)
TICK = 1.0


def chat_text(line: chat.ChatLine) -> str:
    if line.kind == "hint":
        from boardgames.tui.hinting import note_text

        return note_text(line.name)
    return _("{name} says: {text}", name=line.name, text=line.text)


class TableRoomScreen(BaseScreen):
    BINDINGS = [
        Binding("s", "start", show=False),
        Binding("f", "fill", show=False),
        Binding("T", "chat", show=False),
        Binding("x", "leave", show=False),
        Binding("escape,q", "back", show=False),
    ]

    DEFAULT_CSS = """
    TableRoomScreen #room-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    TableRoomScreen #room-seats { height: auto; padding: 1 1 0 1; }
    TableRoomScreen #room-chat-title { height: 1; padding: 0 1; color: $text-muted; margin-top: 1; }
    TableRoomScreen LogPanel { height: 1fr; padding: 0 1; }
    TableRoomScreen #room-message { height: auto; min-height: 1; padding: 0 1; }
    """

    def __init__(self, link: TableLink, spec: TableSpec) -> None:
        super().__init__()
        self.link = link
        self.spec = spec
        self.log_panel = LogPanel(ascii=False, id="room-chat")

    @property
    def table(self):  # noqa: ANN201
        return self.link.table

    def compose(self) -> ComposeResult:
        yield Static(id="room-title")
        yield Static(id="room-seats")
        yield Static(_("Chat"), id="room-chat-title")
        yield self.log_panel
        yield MessageLine(id="room-message")
        yield KeyBar(id="room-keys")

    def on_mount(self) -> None:
        self.log_panel.ascii = self.app.ascii
        self.link.sit(self.spec)
        self.link.listen(self.changed)
        self.set_interval(TICK, self.changed)
        self.changed()

    def on_unmount(self) -> None:
        self.link.close()

    @property
    def is_maker(self) -> bool:
        me = self.link.me
        return me is not None and me.id == self.spec.creator

    def changed(self) -> None:
        """Read the table again: seats, who is here, the chat; go to the game once it has started."""
        if not self.is_live:
            return
        try:
            spec = tidy.settle(self.table, self.table.read())  # a guest gone for good frees their seat
        except TableError as exc:
            self.message(_("{reason} Press Esc for the lobby.", reason=exc))
            return
        if spec is None:
            self.message(_("{reason} Press Esc for the lobby.", reason=_("This table is gone or its file cannot be "
                                                                          "read.")))
            return
        self.spec = spec
        if self.spec.started:
            self.link.close()
            self.app.open_table(self.table, watching=self.link.watching, replace=self)
            return
        self.link.sit(self.spec)
        here = self.link.present(self.spec)
        heading = _("Table: {title}, made by {name}", title=game_title(self.spec), name=plain(self.spec.creator_name))
        if self.spec.options:
            heading += "  " + _("Options: {options}.", options=options_text(self.spec))
        self.query_one("#room-title", Static).update(Text(heading))
        seats = Text()
        for index, seat in enumerate(self.spec.seats):
            name = plain(seat.name)
            if seat.free:
                line = _("Seat {n}: free", n=index + 1)
            elif seat.bot:
                line = _("Seat {n}: {name} (a bot)", n=index + 1, name=name)
            elif index in here:
                line = _("Seat {n}: {name}, here", n=index + 1, name=name)
            else:
                line = _("Seat {n}: {name}, not here", n=index + 1, name=name)
            seats.append(line + "\n")
        if self.is_maker:
            if self.spec.free_seats:
                seats.append(_("Waiting for players. Press f to fill the free seats with bots."))
            else:
                seats.append(_("Every seat is taken: press s to start the game."))
        else:
            seats.append(_("Waiting for {name} to start the game.", name=plain(self.spec.creator_name)))
        self.query_one("#room-seats", Static).update(seats)
        self.log_panel.set_lines([chat_text(line) for line in chat.read_chat(self.table)][-chat.KEEP:])
        hints = [("T", _("chat")), ("x", _("cancel the table") if self.is_maker else _("leave the table")),
                 ("Esc", _("lobby"))]
        if self.is_maker:
            hints = [("s", _("start")), ("f", _("fill with bots")), *hints]
        self.query_one("#room-keys", KeyBar).set_hints(hints)

    def action_start(self) -> None:
        me = self.link.me
        if me is None or not self.is_maker:
            self.message(_("Only {name}, who made this table, can start it.", name=plain(self.spec.creator_name)))
            return

        def start() -> None:
            try:
                game = get_game(self.spec.game)
                self.table.start(me, record_of(game, self.table.read()), wait=0)
            except (KeyError, OSError) as exc:
                self.message(str(exc))
                return
            self.changed()

        change_table(self, start)

    def action_fill(self) -> None:
        me = self.link.me
        if me is None:
            return

        def fill() -> None:
            self.table.fill_with_bots(me, wait=0)
            self.changed()

        change_table(self, fill)

    def action_chat(self) -> None:
        from boardgames.tui.tablechat import ask_and_send

        ask_and_send(self, self.link, self.spec, 0)

    def action_leave(self) -> None:
        """``x``: leave the table, or (its maker) cancel it after a question."""
        from boardgames.tui.screens.confirm import ConfirmScreen

        me = self.link.me
        if me is None:
            self.action_back()
            return

        def leave() -> None:
            if self.is_maker:
                self.table.cancel(me, wait=0)
            else:
                self.table.leave(me, wait=0)
            self.action_back()

        if not self.is_maker:
            change_table(self, leave)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                change_table(self, leave)

        question = _("Cancel this table ({title})? It is removed, and whoever sits at it goes back to the lobby.",
                     title=game_title(self.spec))
        self.app.push_screen(ConfirmScreen(Text(question)), answered)

    def action_back(self) -> None:
        self.link.close()
        self.dismiss()
