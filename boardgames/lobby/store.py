"""The lobby: the folder of tables, as one object made at start-up and passed down (as ``SaveStore`` is for
saves). Locally it is the data folder's ``tables/``; under ``boardgames serve`` the server's, shared by every
connection."""

from __future__ import annotations

import contextlib
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from boardgames.core.engine import Game
from boardgames.core.record import Record, RecordError, name_problem, secret_seed
from boardgames.core.saves import SaveStore
from boardgames.i18n import _
from boardgames.lobby import presence
from boardgames.lobby.table import (
    DEFAULT_HOLD,
    MAX_SEATS,
    TABLE_ID,
    WHEN_AWAY,
    Player,
    Table,
    TableError,
    TableSeat,
    TableSpec,
    new_table_id,
)

#: the most tables one player may have made and not yet finished, and the most in a lobby
MAX_TABLES_PER_PLAYER = 5
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
    _made: list[str] = field(default_factory=list)

    def table(self, table_id: str) -> Table:
        if not TABLE_ID.fullmatch(table_id):
            raise TableError(_("There is no table with that name."))
        return Table(self.folder / table_id)

    def listings(self) -> list[Listing]:
        """Every table, the most recently changed first; a damaged one is listed with the reason."""
        found: list[Listing] = []
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.folder):
                if entry.is_dir(follow_symlinks=False) and TABLE_ID.fullmatch(entry.name):
                    found.append(self.listing(Table(Path(entry.path))))
        found.sort(key=lambda listing: -listing.mtime)
        return found

    def my_table(self, player: Player | None) -> Listing | None:
        """The newest table whose game goes on with a seat of ``player``'s (Continue takes them back to it)."""
        if player is None:
            return None
        for listing in self.listings():
            spec = listing.spec
            if spec is not None and spec.started and not spec.finished and spec.seats_of(player.id):
                return listing
        return None

    def listing(self, table: Table) -> Listing:
        try:
            mtime = max(os.stat(path).st_mtime for path in (table.spec_path, table.game_path, table.folder)
                        if path.exists())
        except (OSError, ValueError):
            mtime = 0.0
        try:
            spec = table.read()
        except TableError as exc:
            return Listing(table, None, str(exc), mtime=mtime)
        here = frozenset(seat for seat in range(len(spec.seats)) if presence.is_held(table.seat_lock_path(seat)))
        return Listing(table, spec, "", here, presence.spectators(table.folder / "watch"), mtime)

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
        listings = self.listings()
        if len(listings) >= MAX_TABLES:
            raise TableError(_("The lobby is full; finish or cancel a table first."))
        mine = [item for item in listings if item.spec is not None and item.spec.creator == player.id
                and not item.spec.finished]
        if len(mine) >= MAX_TABLES_PER_PLAYER:
            raise TableError(_("You already have {count} tables open; finish or cancel one first.", count=len(mine)))
        spec = TableSpec(id=new_table_id(), game=game.id, options=game.option_texts(options),
                         seed=secret_seed() if seed is None else seed,
                         creator=player.id, creator_name=player.name, seats=tuple(seats),
                         spectator_chat=spectator_chat, when_away=when_away, hold=self.hold, hints=hints)
        table = Table(self.folder / spec.id)
        table.folder.mkdir(mode=0o700, parents=True, exist_ok=False)
        (table.folder / "seats").mkdir()
        (table.folder / "watch").mkdir()
        table.write(spec)
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

    mark = table.folder / "copied" / hashlib.sha256(player.id.encode("utf-8")).hexdigest()[:32]
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
    for listing in lobby.listings():
        spec = listing.spec
        if spec is not None and spec.finished and spec.seats_of(player.id):
            with contextlib.suppress(OSError, RecordError):
                copied += keep_copy(listing.table, player, store) is not None
    return copied
