"""The lobby: the folder of tables, as one object made at start-up and passed down (as ``SaveStore`` is for
saves). Locally it is the data folder's ``tables/``; under ``boardgames serve`` the server's, shared by every
connection.

Table files are read again only when they change (their inode, change time and size are kept with what was
read), so looking at a lobby of many tables costs a few system calls a table."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from boardgames.core.engine import Game
from boardgames.core.record import Record, RecordError, name_problem, secret_seed
from boardgames.core.saves import SaveStore
from boardgames.i18n import _
from boardgames.lobby import guests, presence, seated, tidy
from boardgames.lobby.table import (
    DEFAULT_HOLD,
    LOCK_WAIT,
    MAX_SEATS,
    TABLE_ID,
    WHEN_AWAY,
    Player,
    Table,
    TableError,
    TableSeat,
    TableSpec,
    held,
    new_table_id,
)

#: the most tables not yet finished one player may have made, all the players of one address together, and the
#: whole lobby
MAX_TABLES_PER_PLAYER = 5
MAX_TABLES_PER_ADDRESS = 10
MAX_TABLES = 200


@dataclass(frozen=True)
class Listing:
    """One table as the lobby shows it: its file's contents, or why they cannot be read."""

    table: Table
    spec: TableSpec | None
    problem: str = ""
    #: the seats whose player is at the table now
    present: frozenset[int] = frozenset()
    spectators: int = 0
    mtime: float = 0.0


@dataclass
class Lobby:
    folder: Path
    #: seconds a dropped seat is held at the tables made here (``boardgames serve --seat-hold``)
    hold: float = DEFAULT_HOLD
    #: table id -> (the table file's inode, change time and size, what it held or why it could not be read)
    _read: dict[str, tuple[tuple[int, int, int], TableSpec | str]] = field(default_factory=dict, repr=False)
    #: this process's guest mark (see guests.py), held from the first time a guest opens the lobby
    _mark: presence.Held | None = field(default=None, repr=False)
    #: the seat marks of the tables made before they existed were looked for (see build_marks)
    _marks_checked: bool = field(default=False, repr=False)

    def table(self, table_id: str) -> Table:
        if not TABLE_ID.fullmatch(table_id):
            raise TableError(_("There is no table with that name."))
        return Table(self.folder / table_id)

    def arrive(self, player: Player | None) -> None:
        """A served guest opens the lobby: their mark is held for as long as this process lives, so the others
        know when the guest's connection has ended (nothing for anyone else)."""
        if player is not None and self._mark is None:
            with contextlib.suppress(OSError):
                self._mark = guests.arrive(self.folder, player)

    def tables(self) -> list[Table]:
        """Every table's folder (in no order)."""
        found = []
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.folder):
                if TABLE_ID.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
                    found.append(Table(Path(entry.path)))
        return found

    def listings(self) -> list[Listing]:
        """Every table, the most recently changed first; a damaged one is listed with the reason."""
        found = [self.listing(table) for table in self.tables()]
        ids = {listing.table.id for listing in found}
        for gone in self._read.keys() - ids:
            self._read.pop(gone, None)  # (pop: a worker thread may read the lobby too, tui/screens/tables.py)
        found.sort(key=lambda listing: -listing.mtime)
        return found

    def tidy(self) -> list[Listing]:
        """The listings after the lobby's housekeeping (lobby/tidy.py) has run over them."""
        listings = self.listings()
        return self.listings() if tidy.tidy(listings) else listings

    def my_table(self, player: Player | None) -> Listing | None:
        """The newest table whose game goes on with a seat of ``player``'s (Continue takes them back to it)."""
        mine = [listing for listing in self.tables_of(player) if listing.spec is not None and listing.spec.started
                and not listing.spec.finished]
        return max(mine, key=lambda listing: listing.mtime, default=None)

    def tables_of(self, player: Player | None) -> list[Listing]:
        """The tables with a seat of ``player``'s (read from their marks, lobby/seated.py)."""
        if player is None:
            return []
        self.build_marks()
        found = []
        for table_id in seated.tables_of(self.folder, player.id):
            listing = self.listing(self.table(table_id), presence_too=False)
            if listing.spec is not None and listing.spec.seats_of(player.id):
                found.append(listing)
            elif listing.spec is not None or not os.path.isdir(listing.table.folder):
                seated.forget(self.folder, player.id, table_id)
        return found

    def build_marks(self) -> None:
        """Make the seat marks of the tables made before marks existed (lobby/seated.py), once for the lobby's
        folder: each player seated at a readable table gets the table's mark."""
        if self._marks_checked:
            return
        self._marks_checked = True
        if seated.built(self.folder) or not os.path.isdir(self.folder):
            return
        for table in self.tables():
            spec = self.spec_of(table)
            if isinstance(spec, TableSpec):
                for owner in {seat.owner for seat in spec.seats if seat.owner is not None}:
                    seated.note(self.folder, owner, table.id)
        seated.mark_built(self.folder)

    def spec_of(self, table: Table) -> TableSpec | str:
        """The table's file as read (again only when it changed since), or why it cannot be read."""
        try:
            info = os.stat(os.path.join(table.folder, "table.json"))
            key = (info.st_ino, info.st_ctime_ns, info.st_size)
        except OSError:
            key = (0, 0, 0)
        known = self._read.get(table.id)
        if known is not None and known[0] == key and key != (0, 0, 0):
            return known[1]
        try:
            spec: TableSpec | str = table.read()
        except TableError as exc:
            spec = str(exc)
        self._read[table.id] = (key, spec)
        return spec

    def listing(self, table: Table, presence_too: bool = True) -> Listing:
        folder = str(table.folder)
        mtime = 0.0
        for path in (folder, os.path.join(folder, "table.json"), os.path.join(folder, "game.save")):
            with contextlib.suppress(OSError):
                mtime = max(mtime, os.stat(path).st_mtime)
        spec = self.spec_of(table)
        if isinstance(spec, str):
            return Listing(table, None, spec, mtime=mtime)
        if not presence_too:
            return Listing(table, spec, "", mtime=mtime)
        here = frozenset(seat for seat in range(len(spec.seats))
                         if presence.is_held(os.path.join(folder, "seats", f"{seat}.lock")))
        return Listing(table, spec, "", here, presence.spectators(os.path.join(folder, "watch")), mtime)

    def create(self, player: Player, game: Game, seats: list[TableSeat], options: dict[str, str],
               seed: int | None = None, spectator_chat: bool = True, when_away: str = "bot",
               hints: bool = True) -> Table:
        """A new table made by ``player``; its seats as given (free ones wait for players). Its seed is drawn in
        secret (``seed`` is for tests), and its folder is its owner's alone (see ``lobby/table.py``)."""
        game.check_player_count(len(seats))
        if len(seats) > MAX_SEATS or when_away not in WHEN_AWAY:
            raise TableError(_("This table cannot be made as asked."))
        names = [seat.name for seat in seats if not seat.free]
        for name in names:
            problem = name_problem(name)
            if problem:
                raise TableError(problem)
        if len({name.casefold() for name in names}) != len(names):
            raise TableError(_("Two seats have the same name; give each its own."))
        self.arrive(player)
        # the counts below and the new table's folder under one lock for the whole lobby: two terminals (or
        # server sessions) making tables at once could otherwise both pass a limit with one table to spare
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        with held(self.folder / ".making.lock", LOCK_WAIT,
                  _("The lobby is busy: another terminal has been making a table for a while. Nothing was made; "
                    "try again in a moment.")):
            return self._create(player, game, seats, options, seed, spectator_chat, when_away, hints)

    def _create(self, player: Player, game: Game, seats: list[TableSeat], options: dict[str, str],
                seed: int | None, spectator_chat: bool, when_away: str, hints: bool) -> Table:
        open_tables = [item.spec for item in self.tidy() if item.spec is None or not item.spec.finished]
        if len(open_tables) >= MAX_TABLES:
            raise TableError(_("The lobby is full; finish or cancel a table first."))
        mine = [spec for spec in open_tables if spec is not None and spec.creator == player.id]
        if len(mine) >= MAX_TABLES_PER_PLAYER:
            raise TableError(_("You already have {count} tables open; finish or cancel one first.", count=len(mine)))
        if player.origin and sum(spec is not None and spec.origin == player.origin
                                 for spec in open_tables) >= MAX_TABLES_PER_ADDRESS:
            raise TableError(_("Your address already has {count} tables open, the most for one address; finish or "
                               "cancel one first.", count=MAX_TABLES_PER_ADDRESS))
        spec = TableSpec(id=new_table_id(), game=game.id, options=game.option_texts(options),
                         seed=secret_seed() if seed is None else seed,
                         creator=player.id, creator_name=player.name, seats=tuple(seats),
                         spectator_chat=spectator_chat, when_away=when_away, hold=self.hold, hints=hints,
                         origin=player.origin)
        table = Table(self.folder / spec.id)
        table.folder.mkdir(mode=0o700, parents=True, exist_ok=False)
        (table.folder / "seats").mkdir()
        (table.folder / "watch").mkdir()
        table.write(spec)
        seated.note(self.folder, player.id, spec.id)
        return table


def record_of(game: Game, spec: TableSpec) -> Record:
    """The empty record a table's game starts from."""
    from boardgames.core.record import Seat

    return Record(game=game.id, seed=spec.seed, seats=[Seat(seat.name, seat.kind) for seat in spec.seats],
                  options=dict(spec.options), rules_version=game.rules_version, hints=spec.hints)


def keep_copy(table: Table, player: Player, store: SaveStore) -> Path | None:
    """Copy a finished table's game into ``player``'s saves, once (a mark in the table's folder remembers it);
    the path written, or None when there is nothing to copy or it was copied before."""
    from boardgames.core.record import read_record, save_new_record

    mark = tidy.copy_mark(table, player.id)
    if mark.exists():
        return None
    record = read_record(table.game_path)
    if not record.finished:
        return None
    path = save_new_record(record, store.new_path(record.game))
    mark.parent.mkdir(exist_ok=True)
    mark.touch()
    return path


def keep_finished(lobby: Lobby, player: Player | None, store: SaveStore) -> int:
    """Copy every finished game of ``player``'s tables they do not have yet into their saves; how many."""
    if player is None:
        return 0
    copied = 0
    for listing in lobby.tables_of(player):
        if listing.spec is not None and listing.spec.finished:
            with contextlib.suppress(OSError, RecordError):
                copied += keep_copy(listing.table, player, store) is not None
    return copied
