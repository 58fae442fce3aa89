"""Records: a header plus the list of action notations. Save = write; load = replay.

A save is the record as one JSON document, written atomically (temp file +
rename), then followed by a journal: one JSON line per later move, appended
and flushed to disk as the move is made. So a move costs one short line, not a
rewrite of the whole game, and a killed process loses nothing it had saved; the
session writes the file whole again now and then (compacting the journal).
A save without journal lines is exactly the format of earlier versions. The journal is read one line at a
time (core/journal.py): a damaged line leaves the game readable up to the move before it, and the record
says so (``damaged``).

A move is written as its notation (``pass A3``). When several seats may answer at
once (core/decisions.py) and one that is not the current player answers, its line
names it first: ``@2 pass A3`` (seats counted from 0). Moves made in the hot-seat
order never carry the mark, so a game played at one keyboard writes what earlier
versions wrote.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
import tempfile
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from boardgames.core.journal import MAX_ACTIONS, MAX_TEXT, read_journal
from boardgames.i18n import _

FORMAT = "boardgames-record"
FORMAT_VERSION = 1

#: seeds are whole numbers from 0 to MAX_SEED (the generator keeps 64 bits; the history's SQLite column holds 63)
MAX_SEED = 2**63 - 1
#: the longest player name a save, the command line or the set-up screen accepts
MAX_NAME_LENGTH = 40
#: a save larger than this is refused before it is parsed
MAX_SAVE_BYTES = 10_000_000
#: sanity bounds for the other fields of a save (and MAX_ACTIONS, MAX_TEXT from core/journal.py)
MAX_SEATS = 16


def secret_seed() -> int:
    """A seed nobody can know or search for: 63 bits from the system's secret generator. The seed alone deals
    every hidden hand, so a game that has secrets starts from one of these and shows it to no one before its end
    (the finished save holds it, as every save does)."""
    return secrets.randbelow(MAX_SEED + 1)


#: characters that must never be in a name: they move the cursor, change colours or reorder text
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_BAD_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}


class RecordError(ValueError):
    """A save file that cannot be loaded; the message says why in plain words."""


class SavesFolderError(OSError):
    """The saves folder cannot be written to; the message is one sentence."""


@dataclass(frozen=True)
class Seat:
    name: str
    #: "human", or "bot:<kind>" such as "bot:greedy"
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def bot_kind(self) -> str:
        return self.kind.split(":", 1)[1] if self.is_bot else ""


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, as a sentence; None when it can."""
    if not isinstance(name, str) or not name.strip():
        return _("A player's name cannot be empty.")
    if len(name) > MAX_NAME_LENGTH:
        return _("A player's name can have at most {most} characters.", most=MAX_NAME_LENGTH)
    if any(ch in _BIDI or unicodedata.category(ch) in _BAD_CATEGORIES for ch in name):
        return _("A player's name cannot contain control characters (such as a tab, a new line or an escape).")
    return None


def kind_problem(kind: object) -> str | None:
    """Why ``kind`` is not "human" or "bot:<a kind this version has>"; None when it is."""
    from boardgames.core.bots import bot_problem

    if kind == "human":
        return None
    if isinstance(kind, str) and kind.startswith("bot:"):
        return bot_problem(kind[4:])
    return _("A seat is either human or a bot, not '{kind}'.", kind=kind)


def seats_problem(seats: list[Seat]) -> str | None:
    """The first thing wrong with a list of seats (names, kinds, a name used twice); None when all is well."""
    seen: set[str] = set()
    for seat in seats:
        problem = name_problem(seat.name) or kind_problem(seat.kind)
        if problem:
            return problem
        key = seat.name.strip().casefold()
        if key in seen:
            return _("Two players are called {name}; give every seat its own name.", name=seat.name)
        seen.add(key)
    return None


def seat_line(seat: int, notation: str) -> str:
    """The record line of a move that ``seat`` makes out of the hot-seat order: ``@2 pass A3``."""
    return f"@{seat} {notation}"


def split_seat_line(line: str) -> tuple[int | None, str]:
    """The seat a record line names (None for a plain notation: the current player's move) and the move's
    notation. A line that starts with ``@`` but names no seat by its number is refused with a ValueError."""
    if not line.startswith("@"):
        return None, line
    mark, _space, notation = line.partition(" ")
    number = mark[1:]
    if not (number.isascii() and number.isdigit()) or not notation.strip():
        raise ValueError(_("'{line}' names no seat: a move made out of turn is written '@<seat> <move>'.", line=line))
    return int(number), notation


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short_text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _damaged(sentence: str) -> RecordError:
    """The error of a damaged save: ``sentence`` is whole ("This save is damaged: ...") and translated."""
    return RecordError(sentence)


def _check_seats(raw: object) -> list[Seat]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SEATS:
        raise _damaged(_("This save is damaged: its list of players is missing or wrong."))
    seats = []
    for number, item in enumerate(raw, 1):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str) or not isinstance(item.get("kind"), str):
            raise _damaged(_("This save is damaged: player {number} has no name or kind.", number=number))
        seats.append(Seat(item["name"], item["kind"]))
    problem = seats_problem(seats)
    if problem:
        raise RecordError(_("This save is damaged. {problem}", problem=problem))
    return seats


@dataclass
class Record:
    game: str
    seed: int
    seats: list[Seat]
    options: dict[str, str]
    rules_version: int = 1
    actions: list[str] = field(default_factory=list)
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    finished: bool = False
    #: whether a player may ask for a hint (``H``): a setting of the table, not a rule, so no game's options
    hints: bool = True
    #: the hints taken: (moves made, seat) of each decision a seat asked a hint for, so the log's notes ("Ana
    #: asked for a hint.") outlive a save and load
    hinted: list[tuple[int, int]] = field(default_factory=list)
    #: when the game ended (ISO, UTC), written with its last move; "" while it goes on, and in saves made before
    #: it was kept (the history then takes the file's time)
    ended: str = ""
    #: the save holds more than could be read (a damaged journal line, a journal's move that cannot be replayed):
    #: these are the moves up to the first bad one. Never written: a save written anew is whole again.
    damaged: bool = field(default=False, compare=False)
    #: how many of the last moves were read from journal lines, each on its own (a bad one ends the game's
    #: record there, see ``Session.from_record``); never written
    journaled: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "options": dict(self.options),
            "created": self.created,
            "finished": self.finished,
            "hints": self.hints,
            "hinted": [[moves, seat] for moves, seat in self.hinted],
            "actions": list(self.actions),
        }
        if self.ended:
            data["ended"] = self.ended
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Check every field for type and range; anything wrong is a RecordError saying what."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(_("This file is not a boardgames save."))
        version = data.get("format_version")
        if not _is_int(version) or version != FORMAT_VERSION:
            raise RecordError(_("This save was written by another version of boardgames and cannot be read."))
        for key in ("game", "rules_version", "seed", "seats", "options", "actions"):
            if key not in data:
                raise _damaged(_("This save is damaged: its header has no '{key}'.", key=key))
        game = data["game"]
        if not _short_text(game) or not game:
            raise _damaged(_("This save is damaged: the name of its game is missing."))
        rules_version = data["rules_version"]
        if not _is_int(rules_version) or not 0 <= rules_version <= 10**6:
            raise _damaged(_("This save is damaged: its rules version is not a whole number."))
        seed = data["seed"]
        if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise _damaged(_("This save is damaged: its seed is not a whole number from 0 to {most}.", most=MAX_SEED))
        seats = _check_seats(data["seats"])
        options = data["options"]
        if not isinstance(options, dict) or len(options) > 64 or not all(
            _short_text(k) and _short_text(v) for k, v in options.items()
        ):
            raise _damaged(_("This save is damaged: its options are not a list of names and values."))
        actions = data["actions"]
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS or not all(_short_text(a) for a in actions):
            raise _damaged(_("This save is damaged: its moves are not a list of move notations."))
        created = data.get("created", "")
        finished = data.get("finished", False)
        if not _short_text(created):
            raise _damaged(_("This save is damaged: its date of creation is not text."))
        if not isinstance(finished, bool):
            raise _damaged(_("This save is damaged: whether it is finished is neither true nor false."))
        hints = data.get("hints", True)  # saves from before hints allow them
        if not isinstance(hints, bool):
            raise _damaged(_("This save is damaged: whether hints are allowed is neither true nor false."))
        hinted = _check_hinted(data.get("hinted", []), len(actions), len(seats))  # none before hints were noted
        ended = data.get("ended", "")
        if not _short_text(ended):
            raise _damaged(_("This save is damaged: the time its game ended is not text."))
        return cls(game=game, seed=seed, seats=seats, options=dict(options), rules_version=rules_version,
                   actions=list(actions), created=created, finished=finished, hints=hints, hinted=hinted,
                   ended=ended)


def _check_hinted(value: Any, moves: int, seats: int) -> list[tuple[int, int]]:
    """The hints taken, each at a move of the record and by one of its seats."""
    if not isinstance(value, list) or len(value) > MAX_ACTIONS or not all(
        isinstance(pair, list) and len(pair) == 2 and all(_is_int(n) for n in pair)
        and 0 <= pair[0] <= moves and 0 <= pair[1] < seats for pair in value
    ):
        raise _damaged(_("This save is damaged: its list of hints taken does not fit its moves and seats."))
    return [(pair[0], pair[1]) for pair in value]


#: the option that turns hints off (``--option hints=false``): the shell's, never passed to a game
HINTS_OPTION = "hints"
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def hints_setting(value: object) -> bool:
    """The value of ``hints=...`` as a flag; ValueError with a sentence for anything but true or false."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().casefold()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(_("The option hints is true or false, not '{value}'.", value=value))


def atomic_write(path: Path, text: str, *, new: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all (a killed process leaves the old file or none).

    With ``new``, the file must not exist yet: FileExistsError instead of replacing it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if new:
            try:
                os.link(tmp, path)  # atomic, and fails if another process took the name first
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links: claim the name, then fill it
                with open(path, "x", encoding="utf-8") as handle:
                    handle.write(text)
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_record(record: Record, path: Path) -> None:
    atomic_write(path, json.dumps(record.to_json(), indent=1) + "\n")


def journal_line(record: Record, number: int) -> str:
    """The journal line of move ``number`` (from 1) of ``record``; the game's last move says it is finished."""
    line: dict[str, Any] = {"move": number, "action": record.actions[number - 1]}
    if number == len(record.actions) and record.finished:
        line["finished"] = True
        if record.ended:
            line["ended"] = record.ended
    return json.dumps(line, ensure_ascii=False) + "\n"


def append_moves(record: Record, path: Path, start: int, at: int | None = None) -> int:
    """Write the journal lines of the moves of ``record`` after the first ``start`` at the end of the save at
    ``path`` and flush them to disk; the file's size after them. With ``at`` (where its last good line ends),
    whatever follows that point (a line cut by a failed write) is cut off first.

    The file must hold exactly those ``start`` moves. A failure undoes itself: the file is cut back to where
    the lines began, so the next line is never written after a cut one.
    """
    data = "".join(journal_line(record, number) for number in range(start + 1, len(record.actions) + 1)).encode()
    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, os.strerror(errno.EINVAL), str(path))
        end = info.st_size if at is None else at
        try:
            if end != info.st_size:
                os.ftruncate(fd, end)
            done = 0
            while done < len(data):
                done += os.pwrite(fd, data[done:], end + done)
            os.fsync(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, end)
                os.fsync(fd)
            raise
        return end + len(data)
    finally:
        os.close(fd)


def keep_damaged(path: Path) -> Path | None:
    """Keep the file of a damaged save under a name of its own beside it (``NAME.damaged``, or the next free
    one), before it is written anew with only the moves that could be read; None if it cannot be kept."""
    for counter in range(1, 100):
        kept = path.with_name(f"{path.name}.damaged" + (f"-{counter}" if counter > 1 else ""))
        with contextlib.suppress(OSError):
            if os.path.samefile(path, kept):
                return kept  # kept already, when the game was opened before
        try:
            os.link(path, kept)  # the damaged file itself: a save is written anew by replacing its name
        except FileExistsError:
            continue
        except OSError:  # no hard links here: a copy
            try:
                with open(kept, "xb") as copy:
                    copy.write(read_part(path, 0, MAX_SAVE_BYTES)[0])
            except FileExistsError:
                continue
            except (OSError, RecordError):
                return None
        return kept
    return None


def save_new_record(record: Record, path: Path) -> Path:
    """Write a game's first save under ``path``'s name or, if that name is taken, the next free one.

    Never overwrites a file, even when several processes start games in the same
    second; returns the path written.
    """
    text = json.dumps(record.to_json(), indent=1) + "\n"
    stem = path.stem
    for counter in range(1, 10_000):
        candidate = path if counter == 1 else path.with_name(f"{stem}-{counter}{path.suffix}")
        try:
            atomic_write(candidate, text, new=True)
        except FileExistsError:
            continue
        return candidate
    raise SavesFolderError(_("Too many saves share this name; clear out the saves folder."))


@dataclass(frozen=True)
class SaveRead:
    """A save as read: its record (up to its first bad line, see ``Record.damaged``) and where that ends."""

    record: Record
    #: how many bytes of the file are good lines: the record and the journal lines up to the first bad one
    end: int
    #: the file's status as it was read (its size, identity and time of change)
    info: os.stat_result
    #: whether the next journal line may be written at ``end`` (after cutting off what follows): the save is
    #: not damaged and a line starts there
    appendable: bool


def read_save(path: Path) -> SaveRead:
    """Read and check a save; every failure is a RecordError that names the file (never its folder). A
    damaged journal is no failure: the record holds the moves up to its first bad line."""
    path = Path(path)
    try:
        return _read(path)
    except RecordError as exc:
        raise RecordError(f"{path.name}: {exc}") from None
    except (ValueError, TypeError, KeyError, RecursionError, OverflowError, MemoryError):
        raise RecordError(_("{file}: This save is damaged and cannot be read.", file=path.name)) from None


def read_record(path: Path) -> Record:
    """The record of the save at ``path`` (see ``read_save``)."""
    return read_save(path).record


@contextlib.contextmanager
def _regular(path: Path) -> Iterator[tuple[int, os.stat_result]]:
    """An open regular file: opened without blocking (a named pipe would wait for a writer forever) and checked
    on the open file itself (a symlink to ``/dev/zero`` would be read until memory runs out). RecordError when
    the file is missing, unreadable or not a regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise RecordError(_("There is no save file with this name.")) from None
    except OSError:
        raise RecordError(_("This file cannot be read (it may be a folder, or not readable by you).")) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(_("This file cannot be read as a save: it is not a regular file (it may be a folder, a "
                                "pipe or a device)."))
        yield fd, info
    except OSError:
        raise RecordError(_("This file cannot be read (it may be a folder, or not readable by you).")) from None
    finally:
        os.close(fd)


def _read_at(fd: int, start: int, count: int) -> bytes:
    chunks, size = [], 0
    while size < count:
        chunk = os.pread(fd, count - size, start + size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes (see ``_regular``); RecordError
    when it is larger."""
    with _regular(path) as (fd, info):
        if info.st_size > limit:
            raise RecordError(_("This file is far too large to be a save."))
        raw = _read_at(fd, 0, limit + 1)
    if len(raw) > limit:  # it grew after the check
        raise RecordError(_("This file is far too large to be a save."))
    return raw


def read_part(path: Path, start: int | None, count: int) -> tuple[bytes, os.stat_result]:
    """At most ``count`` bytes of the regular file ``path`` from offset ``start`` (None: its last ``count``
    bytes), with the file's status as it was opened (see ``_regular``)."""
    with _regular(path) as (fd, info):
        if start is None:
            start = max(0, info.st_size - count)
        return _read_at(fd, start, count), info


def _read(path: Path) -> SaveRead:
    raw, info = read_part(path, 0, MAX_SAVE_BYTES + 1)
    cut = len(raw) > MAX_SAVE_BYTES  # only its start is read: the rest cannot be
    if cut:
        raw = raw[:MAX_SAVE_BYTES]
    text = raw.decode("utf-8", "surrogateescape")  # bytes that are not UTF-8 spoil only the line they are in
    try:
        data, end = json.JSONDecoder().raw_decode(text, len(text) - len(text.lstrip()))
    except (ValueError, RecursionError):
        if cut:
            raise RecordError(_("This file is far too large to be a save.")) from None
        raise RecordError(_("This save is damaged: it is not valid JSON, or it holds numbers or nesting too large to "
                            "read.")) from None
    try:
        head = len(text[:end].encode("utf-8"))
    except UnicodeEncodeError:
        raise RecordError(_("This save is damaged: it is not UTF-8 text.")) from None
    record = Record.from_json(data)
    journal = read_journal(raw[head:], len(record.actions))
    record.actions += journal.actions
    record.journaled = len(journal.actions)
    if journal.finished is not None:
        record.finished, record.ended = journal.finished, journal.ended
    record.damaged = journal.bad or cut
    return SaveRead(record, head + journal.end, info, appendable=journal.end > 0 and not record.damaged)
