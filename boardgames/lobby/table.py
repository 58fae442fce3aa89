"""A table: one game with seats, kept in a folder that every terminal sitting at it reads and writes.

The folder (under the data folder's ``tables/``, or the server's) holds:

- ``table.json``: the game, its options and seed, the seats (who owns each: a player, a bot, or nobody yet),
  who created it, whether it started, its settings and which seats are away since when;
- ``game.save``: once started, the game's record (the save format of ``core/record.py``), one journal line a
  move, the one place the game's state comes from: each terminal replays it, so a seat's view is always
  computed from the whole state where it is held, never filtered on the player's side of the connection;
- ``chat.jsonl``: one line a chat message;
- ``.lock``: held (``flock``) while a change is made, so two terminals never write at once and a move is
  checked against the latest record;
- ``seats/N.lock``: held while a terminal plays seat N (the kernel frees it when that process ends, however it
  ends), which is how the others know who is here;
- ``copied/``: one mark a player who has the finished game in their saves.

Beside the tables, the lobby's folder holds ``.guests/`` (a served guest's mark, held while its connection lasts:
see ``guests.py``) and ``.seated/`` (which tables each player has a seat at: see ``seated.py``).

The seed (in ``table.json``, then the save's header) deals every hidden hand, so the folder holds the game's
secrets: the lobby draws the seed in secret, no screen shows it before the end, and the folder is its owner's
alone (mode 0700). What remains possible: whoever can read the folder (the account every local terminal runs
as; under ``boardgames serve`` the server's, which players never reach) can deal the game again and read every
hand, as each terminal's process must replay the whole game.

Nothing here knows Textual; the screens (``tui/screens/table*.py``) use it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from boardgames.core.plaintext import is_plain
from boardgames.core.record import Record, atomic_write, name_problem, read_regular, save_record
from boardgames.i18n import _
from boardgames.lobby import seated

#: a table's folder name: letters and digits only, so nothing typed can reach outside the tables folder
TABLE_ID = re.compile(r"[a-z0-9]{6,32}")
#: the settings a table file may hold, and their defaults
WHEN_AWAY = ("bot", "wait")
#: a table file larger than this is damaged
MAX_TABLE_BYTES = 64_000
MAX_SEATS = 8
#: how long a dropped seat is held before the table's setting applies, unless the table says otherwise
DEFAULT_HOLD = 120.0
#: when a seat whose player can never return (a served guest whose connection ended) is away since: long past any
#: hold, so the table's setting applies to it at once
FOR_GOOD = 0.0
#: a game's id, a bot's kind and an option's name as a table file may hold them
WORD = re.compile(r"[a-z][a-z0-9_-]{0,31}")
#: the longest option value a table file may hold
MAX_OPTION_TEXT = 40
#: where a table's maker connected from, as the table file keeps it (a digest of the address, never the address)
ORIGIN = re.compile(r"(?:[0-9a-f]{16})?")
#: seconds a change waits for another terminal to let go of the table's lock before it gives up
LOCK_WAIT = 1.5


class TableError(Exception):
    """A table that cannot be read or changed; the message is one sentence for the player."""


class TableBusy(TableError):
    """Another process has held the table's lock for longer than a change waits (a stopped terminal, a slow disk)."""


@contextlib.contextmanager
def held(path: Path, wait: float, busy: str) -> Iterator[None]:
    """Hold the lock file ``path`` (``flock``), made if missing; after ``wait`` seconds (0: one try), TableBusy
    with the sentence ``busy`` says another process holds it. The kernel frees it when its holder ends, however
    it ends."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0),
                     0o600)
    except FileNotFoundError:
        raise TableError(_("This table is gone or its file cannot be read.")) from None
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise TableBusy(busy) from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Player:
    """Who sits at this terminal: ``id`` is what a seat remembers (``user:ana``, ``guest:3f9a...``, ``local:Ana``);
    ``name`` is what the others read; ``address`` is where a served player connects from ("" at a local
    terminal), so the lobby's limits hold per address whatever the number of guests it opens."""

    id: str
    name: str
    address: str = ""

    @property
    def is_guest(self) -> bool:
        return self.id.startswith("guest:")

    @property
    def origin(self) -> str:
        """The address as the lobby's files keep it: a digest ("" at a local terminal)."""
        return hashlib.sha256(self.address.encode("utf-8")).hexdigest()[:16] if self.address else ""


@dataclass(frozen=True)
class TableSeat:
    """A seat: a bot (``bot`` names its kind), a player's (``owner`` is their id), or free (neither)."""

    name: str = ""
    owner: str | None = None
    bot: str | None = None

    @property
    def free(self) -> bool:
        return self.owner is None and self.bot is None

    @property
    def kind(self) -> str:
        """The record's kind of the seat: ``bot:greedy`` or ``human``."""
        return f"bot:{self.bot}" if self.bot else "human"


@dataclass(frozen=True)
class TableSpec:
    """What ``table.json`` holds."""

    id: str
    game: str
    options: dict[str, str]
    seed: int
    creator: str
    creator_name: str
    seats: tuple[TableSeat, ...]
    created: float = field(default_factory=time.time)
    started: bool = False
    #: whether spectators may write in the chat
    spectator_chat: bool = True
    #: what happens to a seat away past the hold: a greedy bot plays it ("bot") or the table waits ("wait")
    when_away: str = "bot"
    #: seconds a dropped seat is held
    hold: float = DEFAULT_HOLD
    #: seat -> when its player was seen to leave (only while away)
    away: dict[int, float] = field(default_factory=dict)
    #: the game ended (its record says who won)
    finished: bool = False
    #: whether players may ask for a hint (the table's record holds it too, for every terminal)
    hints: bool = True
    #: where its maker connected from (:attr:`Player.origin`; "" at a local terminal)
    origin: str = ""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"] = [asdict(seat) for seat in self.seats]
        data["away"] = {str(seat): since for seat, since in self.away.items()}
        return data

    @classmethod
    def from_json(cls, data: Any) -> TableSpec:
        """Read a table file's data; anything unexpected is a TableError (the file was edited or damaged)."""
        try:
            seats = tuple(_seat(raw) for raw in data["seats"])
            spec = cls(
                id=_text(data["id"]), game=_text(data["game"]),
                options={_text(k): _text(v) for k, v in dict(data["options"]).items()},
                seed=_number(data["seed"]), creator=_text(data["creator"]), creator_name=_text(data["creator_name"]),
                seats=seats, created=float(data["created"]), started=_flag(data["started"]),
                spectator_chat=_flag(data["spectator_chat"]), when_away=_text(data["when_away"]),
                hold=float(data["hold"]), away={int(k): float(v) for k, v in dict(data["away"]).items()},
                finished=_flag(data.get("finished", False)), hints=_flag(data.get("hints", True)),
                origin=_text(data.get("origin", "")),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise TableError(_("This table's file is damaged and cannot be read.")) from exc
        if not TABLE_ID.fullmatch(spec.id) or not 1 <= len(seats) <= MAX_SEATS or spec.when_away not in WHEN_AWAY \
                or not all(0 <= seat < len(seats) for seat in spec.away) or not 0 <= spec.hold <= 86_400 \
                or name_problem(spec.creator_name) or not WORD.fullmatch(spec.game) \
                or not ORIGIN.fullmatch(spec.origin) or not _options_ok(spec.game, spec.options):
            raise TableError(_("This table's file is damaged and cannot be read."))
        return spec

    def seats_of(self, player_id: str) -> list[int]:
        """The seats ``player_id`` owns here (several: they play hot-seat at one terminal)."""
        return [index for index, seat in enumerate(self.seats) if seat.owner == player_id]

    @property
    def free_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.free]

    def left_for_good(self, seat: int) -> bool:
        """Whether ``seat``'s player can never come back (a served guest whose connection ended)."""
        return self.away.get(seat) == FOR_GOOD

    def stuck(self, hold: float, now: float | None = None) -> bool:
        """Whether the game cannot go on: it waits for a seat whose player is away past the hold (or for good)."""
        if not self.started or self.finished or self.when_away != "wait":
            return False
        now = time.time() if now is None else now
        return any(now - since >= hold for since in self.away.values())


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ValueError("not a short text")
    return value


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("not a number")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not a yes/no")
    return value


def _seat(raw: Any) -> TableSeat:
    seat = TableSeat(name=_text(raw["name"]), owner=None if raw["owner"] is None else _text(raw["owner"]),
                     bot=None if raw["bot"] is None else _text(raw["bot"]))
    if seat.name and name_problem(seat.name):
        raise ValueError("a bad name")
    if seat.bot is not None and not WORD.fullmatch(seat.bot):
        raise ValueError("a bad bot")
    return seat


def _options_ok(game_id: str, options: dict[str, str]) -> bool:
    """Whether a table file's options are what the game takes (each name and value plain and short, and, for a
    game this version has, a value the option accepts)."""
    from boardgames.core.engine import OptionError
    from boardgames.core.registry import get_game

    if len(options) > 32 or not all(WORD.fullmatch(key) and len(value) <= MAX_OPTION_TEXT and is_plain(value)
                                    for key, value in options.items()):
        return False
    try:
        get_game(game_id).resolve_options(options)
    except KeyError:
        return True  # a game this version does not have: the lobby lists it by its id
    except OptionError:
        return False
    return True


def new_table_id() -> str:
    return secrets.token_hex(6)


def remove_folder(folder: Path) -> None:
    """Remove a table's folder and what it holds (files and the one level of ``seats``/``watch``/``copied``
    below)."""
    for sub in ("seats", "watch", "copied"):
        with contextlib.suppress(OSError):
            for item in (folder / sub).iterdir():
                with contextlib.suppress(OSError):
                    item.unlink()
        with contextlib.suppress(OSError):
            (folder / sub).rmdir()
    with contextlib.suppress(OSError):
        for item in folder.iterdir():
            with contextlib.suppress(OSError):
                item.unlink()
    with contextlib.suppress(OSError):
        folder.rmdir()


class Table:
    """One table's folder; every change is made under its lock, from what the files hold then."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.id = folder.name

    @property
    def spec_path(self) -> Path:
        return self.folder / "table.json"

    @property
    def game_path(self) -> Path:
        return self.folder / "game.save"

    @property
    def chat_path(self) -> Path:
        return self.folder / "chat.jsonl"

    def seat_lock_path(self, seat: int) -> Path:
        return self.folder / "seats" / f"{seat}.lock"

    # -- reading and writing the table file ---------------------------------------------------------------
    def read(self) -> TableSpec:
        """The table as its file holds it now; a TableError says why it cannot be read."""
        try:
            raw = read_regular(self.spec_path, MAX_TABLE_BYTES)
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise TableError(_("This table's file is damaged and cannot be read.")) from exc
        except Exception as exc:  # noqa: BLE001 - read_regular's RecordError: missing, a folder, too large
            raise TableError(_("This table is gone or its file cannot be read.")) from exc
        spec = TableSpec.from_json(data)
        if spec.id != self.id:
            raise TableError(_("This table's file is damaged and cannot be read."))
        return spec

    def write(self, spec: TableSpec) -> None:
        atomic_write(self.spec_path, json.dumps(spec.to_json(), indent=1) + "\n")

    def locked(self, wait: float = LOCK_WAIT) -> contextlib.AbstractContextManager[None]:
        """Hold the table's lock: one change at a time, whichever terminal makes it. Another process may hold it
        for ever (a terminal stopped with ctrl+z): after ``wait`` seconds (0: one try), TableBusy says so."""
        return held(self.folder / ".lock", wait, _("The table is busy: another terminal has held it for a while. "
                                                   "Nothing was changed; try again in a moment."))

    def change(self, how: Callable[[TableSpec], TableSpec], wait: float = LOCK_WAIT) -> TableSpec:
        """Apply ``how(spec) -> spec`` under the lock to the table as it is now, write it and return it;
        ``how`` raises TableError to refuse (nothing is written), and TableBusy says the lock was not had."""
        with self.locked(wait):
            spec = how(self.read())
            self.write(spec)
            return spec

    # -- seats --------------------------------------------------------------------------------------------
    def join(self, player: Player, seat: int | None = None, name: str | None = None,
             wait: float = LOCK_WAIT) -> TableSpec:
        """Take a free seat (the first one if ``seat`` is None) for ``player``, named ``name`` (their own by
        default); refused with a sentence when it was taken meanwhile or the name is already at the table.
        ``wait``, here and in every change below: how long to wait for the lock (TableBusy after it)."""
        name = name or player.name

        def take(spec: TableSpec) -> TableSpec:
            if spec.seats_of(player.id):
                return spec  # already seated here
            free = spec.free_seats
            if spec.started and seat is None:
                raise TableError(_("This table's game has started; only its players can sit at it."))
            index = free[0] if seat is None and free else seat
            if index is None or not 0 <= index < len(spec.seats) or not spec.seats[index].free:
                raise TableError(_("That seat was taken meanwhile; choose another."))
            for other in spec.seats:
                if other.name.casefold() == name.casefold():
                    raise TableError(_("A seat at this table is already called {name}; choose another name.",
                                       name=other.name))
            seats = list(spec.seats)
            seats[index] = TableSeat(name=name, owner=player.id)
            return replace(spec, seats=tuple(seats))

        spec = self.change(take, wait)
        seated.note(self.folder.parent, player.id, self.id)
        return spec

    def leave(self, player: Player, wait: float = LOCK_WAIT) -> TableSpec:
        """Give up ``player``'s seats at a table that has not started (after the start a player who leaves is
        away, and keeps the seat); the table's maker cancels it instead."""

        def give_up(spec: TableSpec) -> TableSpec:
            if spec.started:
                raise TableError(_("The game has started: your seat is kept for you, so you can come back."))
            if player.id == spec.creator:
                raise TableError(_("You made this table: cancel it instead (the others are told)."))
            seats = [TableSeat() if seat.owner == player.id else seat for seat in spec.seats]
            return replace(spec, seats=tuple(seats))

        return self.change(give_up, wait)

    def cancel(self, player: Player, wait: float = LOCK_WAIT) -> None:
        """The maker removes a table that has not started, or one whose game is over."""
        with self.locked(wait):
            spec = self.read()
            if player.id != spec.creator:
                raise TableError(_("Only the player who made this table can cancel it."))
            if spec.started and not spec.finished:
                raise TableError(_("This table's game is under way; it stays until it is over."))
        remove_folder(self.folder)

    def end(self, player: Player, hold: float, now: float | None = None, wait: float = LOCK_WAIT) -> None:
        """A player of a table whose game cannot go on (it waits for a seat away past ``hold``, or gone for good)
        ends it: the table is removed, and its game with it."""
        with self.locked(wait):
            spec = self.read()
            if not spec.seats_of(player.id):
                raise TableError(_("Only a player of this table can end it."))
            if not spec.stuck(hold, now):
                raise TableError(_("This table's game can go on; it can be ended only while it waits for a player "
                                   "away past the hold."))
            remove_folder(self.folder)

    def start(self, player: Player, record: Record, wait: float = LOCK_WAIT) -> TableSpec:
        """The maker starts the game once every seat is taken: ``record`` (the game's empty record) is written
        as the table's save."""
        with self.locked(wait):
            spec = self.read()
            if player.id != spec.creator:
                raise TableError(_("Only the player who made this table can start its game."))
            if spec.started:
                return spec
            if spec.free_seats:
                raise TableError(_("Some seats are still free: wait for players, or fill them with bots."))
            save_record(record, self.game_path)
            spec = replace(spec, started=True, away={})
            self.write(spec)
            return spec

    def fill_with_bots(self, player: Player, kind: str = "greedy", wait: float = LOCK_WAIT) -> TableSpec:
        def fill(spec: TableSpec) -> TableSpec:
            if player.id != spec.creator:
                raise TableError(_("Only the player who made this table can fill its seats with bots."))
            names = {seat.name.casefold() for seat in spec.seats}
            seats = []
            for index, seat in enumerate(spec.seats):
                if seat.free:
                    name = _bot_name(index, names)
                    names.add(name.casefold())
                    seat = TableSeat(name=name, bot=kind)
                seats.append(seat)
            return replace(spec, seats=tuple(seats))

        return self.change(fill, wait)


def _bot_name(index: int, taken: set[str]) -> str:
    for number in range(index + 1, index + 100):
        name = f"Bot {number}"
        if name.casefold() not in taken:
            return name
    return f"Bot {index + 1}"
