"""The history database: one row per finished game and one per seat, with each seat's rating before and after.

SQLite in WAL mode with a busy timeout, so many processes (a server's sessions, several terminals) may finish
games at once: each game is written in one short transaction that takes the write lock first (``BEGIN
IMMEDIATE``), reads the ratings, rates and writes. A game is known by a fingerprint of its record, so the copies
of one table game in several players' saves, or a game recorded twice, count once.

Games are rated in the order they ended, to the microsecond, ties by fingerprint: a game written after one that
ended later (another process was quicker to write) rates the later games again, so the ratings held never depend
on which process wrote first, and a rebuild from the saves gives the same figures as playing did. Each write also
keeps the totals the screens ask for (a player's record per game, two players' games together), so no question
reads every game.

Every failure is a HistoryError whose message is one sentence for the player; the game itself is saved apart
from the history (the saves are the source of truth, see ``rebuild``).
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import random
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path

from boardgames.core.engine import Result
from boardgames.core.record import Record, Seat
from boardgames.history import ratings, schema
from boardgames.history.model import Rating, RatingChange
from boardgames.history.queries import Queries
from boardgames.i18n import _

#: how long a writer waits for another's transaction before giving up (seconds)
BUSY_TIMEOUT = 10.0
#: the prefixes of keys that are not a plain (folded) player's name
PREFIXES = ("bot:", "user:", "name:", "guest:", "seat:", "player:")


#: what went wrong, for those who say it in their own words (the end of a game, a served player's screen)
BUSY, DAMAGED = "busy", "damaged"


class HistoryError(Exception):
    """The history cannot be read or written; the message is one sentence for the player, ``kind`` what went
    wrong (BUSY, DAMAGED, or "" for anything else)."""

    def __init__(self, sentence: str, kind: str = "") -> None:
        super().__init__(sentence)
        self.kind = kind


def damaged_sentence() -> str:
    return _("The history of finished games is damaged; rebuild it from the saves with: boardgames stats --rebuild")


def unusable_sentence(exc: sqlite3.OperationalError) -> str:
    """Why SQLite cannot use the file, when a rebuild would fail the same way: the disk, the rights, the file."""
    text = str(exc)
    if "full" in text:
        return _("The history of finished games cannot be written: the disk is full.")
    if "readonly" in text or "read-only" in text:
        return _("The history of finished games cannot be written: its file or its folder is read-only.")
    return _("The history of finished games cannot be used ({reason}).", reason=text)


def player_key(seat: Seat, identity: str | None = None) -> str:
    """The key a seat's games are counted under: a bot's kind; the server's identity of the player at it; else
    the folded name (a name that looks like a key of another sort is kept apart with ``player:``)."""
    if seat.is_bot:
        return f"bot:{seat.bot_kind}"
    if identity:
        return identity
    folded = seat.name.strip().casefold()
    return f"player:{folded}" if ":" in folded else folded


def fingerprint(record: Record) -> str:
    """What tells one game from another: its header and every move (the same game in two files is one game)."""
    body = json.dumps([record.game, record.rules_version, record.seed, [[s.name, s.kind] for s in record.seats],
                       sorted(record.options.items()), record.created, record.actions], ensure_ascii=False)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def ended_at(record: Record, otherwise: datetime) -> datetime:
    """When the game of ``record`` ended: the time its save keeps, else ``otherwise`` (a save from before that
    was kept: the file's time; a game just finished: now)."""
    return _parse_time(record.ended) or otherwise


def _parse_time(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None  # "" too
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Finished:
    """A finished game as the history writes it."""

    record: Record
    result: Result
    save: str
    ended: datetime
    #: the server's identity of the player at some seats (seat -> key); other human seats go by their names
    identities: Mapping[int, str]

    @property
    def keys(self) -> list[str]:
        return [player_key(seat, self.identities.get(number)) for number, seat in enumerate(self.record.seats)]

    @cached_property
    def fingerprint(self) -> str:
        return fingerprint(self.record)

    @property
    def order(self) -> tuple[str, str]:
        """Where the game is rated among the others: when it ended, then its fingerprint (as the games table
        orders them)."""
        return _stamp(self.ended), self.fingerprint

    @property
    def duration(self) -> float:
        started = _parse_time(self.record.created)
        return 0.0 if started is None else max(0.0, (self.ended - started).total_seconds())


class History(Queries):
    """An open history database; ``History.open`` creates or upgrades it."""

    def __init__(self, db: sqlite3.Connection, path: Path, timeout: float | None = None) -> None:
        self.db = db
        self.path = path
        #: how long to wait for another process's transaction (seconds)
        self.timeout = BUSY_TIMEOUT if timeout is None else timeout

    @classmethod
    def open(cls, path: Path, create: bool = True, timeout: float | None = None) -> History:
        """Open (or with ``create``, make) the database at ``path``, upgrading an older one; ``timeout``: how long
        to wait for another process's transaction (BUSY_TIMEOUT by default)."""
        path = Path(path)
        if not create and not path.exists():
            raise HistoryError(_("No game has been recorded yet."))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            raise HistoryError(_("The history of finished games cannot be opened: its folder cannot be written "
                                 "to.")) from None
        wait = BUSY_TIMEOUT if timeout is None else timeout
        try:
            db = sqlite3.connect(path, timeout=wait, isolation_level=None, check_same_thread=False)
        except sqlite3.OperationalError as exc:
            raise HistoryError(unusable_sentence(exc)) from None
        history = cls(db, path, timeout)
        try:
            history._prepare()
        except BaseException:
            db.close()
            raise
        return history

    def _prepare(self) -> None:
        with self.failures():
            self.db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            self.db.execute("PRAGMA foreign_keys = ON")
            found = self.db.execute("PRAGMA user_version").fetchone()[0]
            if found > schema.VERSION:
                raise HistoryError(_("The history of finished games was written by a newer version of boardgames "
                                     "(layout {found}; this one reads up to {ours}); update boardgames to read "
                                     "it.", found=found, ours=schema.VERSION))
            if found == schema.VERSION:
                return
            _patiently(lambda: self.db.execute("PRAGMA journal_mode = WAL"), self.timeout)
            with self.writing():
                found = self.db.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
                if found < schema.VERSION:
                    schema.upgrade(self.db, found)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def failures(self) -> Iterator[None]:
        """Turn SQLite's errors into a HistoryError with a sentence."""
        try:
            yield
        except HistoryError:
            raise
        except sqlite3.OperationalError as exc:
            if _busy(exc):
                raise HistoryError(_("The history of finished games is busy in another program; try again in a "
                                     "moment."), BUSY) from None
            raise HistoryError(unusable_sentence(exc)) from None
        except sqlite3.DatabaseError:
            raise HistoryError(damaged_sentence(), DAMAGED) from None

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding the write lock from its start (so reads inside it are current)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            if self.db.in_transaction:  # SQLite ends it itself on some errors (a full disk)
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- writing ---------------------------------------------------------------------------------------------
    def add(self, finished: Finished) -> list[RatingChange]:
        """Write one finished game (once: a game already held is left as it is) and return its seats' ratings
        before and after it."""
        with self.failures(), self.writing() as db:
            game_id = _held(db, finished.fingerprint)
            if game_id is None:
                game_id = _insert(db, finished)
                if _rated_after(db, finished.order):
                    recompute_ratings(db, since=finished.order)
            return self._changes(game_id)

    def add_many(self, games: Sequence[Finished], clear: bool = False) -> int:
        """Write many finished games in one transaction, in the order they ended (with ``clear``, in place of
        everything held); how many were new. Games that ended before one already held are rated again in order."""
        with self.failures(), self.writing() as db:
            if clear:
                for table in ("seats", "games", "ratings", "records", "pairs"):
                    db.execute(f"DELETE FROM {table}")  # noqa: S608 - the names are ours
            added, early = 0, None
            for finished in sorted(games, key=lambda f: f.order):
                if _held(db, finished.fingerprint) is None:
                    _insert(db, finished)
                    added += 1
                    if early is None and _rated_after(db, finished.order):
                        early = finished.order
            if early is not None:
                recompute_ratings(db, since=early)
            return added

    def _changes(self, game_id: int) -> list[RatingChange]:
        rows = self.db.execute("SELECT seat, player, name, mu_before, sigma_before, mu_after, sigma_after FROM seats "
                               "WHERE game_id = ? ORDER BY seat", (game_id,))
        return [RatingChange(seat, player, name, Rating(mu0, s0), Rating(mu1, s1))
                for seat, player, name, mu0, s0, mu1, s1 in rows]

    def count(self) -> int:
        with self.failures():
            return int(self.db.execute("SELECT count(*) FROM games").fetchone()[0])

    def settle(self) -> None:
        """Put the write-ahead log's pages into the file and empty the log, when no other connection is using
        it at this moment (it never waits for one, and never fails: the log is then emptied later)."""
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("PRAGMA busy_timeout = 0")
            try:
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            finally:
                self.db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")

    def check(self) -> None:
        """Raise the damaged HistoryError unless SQLite finds every page sound (``sound``): a history damaged past
        its first pages answers queries with wrong totals rather than an error. It reads the whole file."""
        with self.failures():
            if not sound(self.db):
                raise HistoryError(damaged_sentence(), DAMAGED)


def sound(db: sqlite3.Connection) -> bool:
    """Whether SQLite's quick check finds every page of ``db`` sound (its list of tables and each table's pages)."""
    found = db.execute("PRAGMA quick_check").fetchone()
    return found is not None and found[0] == "ok"


def _busy(exc: sqlite3.OperationalError) -> bool:
    return "locked" in str(exc) or "busy" in str(exc)


def _patiently(step: Callable[[], object], timeout: float) -> None:
    """Run ``step`` again while another process holds the database, up to the busy timeout: switching to WAL
    needs the file to itself and, unlike a transaction, does not wait for it (many processes making the file at
    once would otherwise fail)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            step()
            return
        except sqlite3.OperationalError as exc:
            if not _busy(exc) or time.monotonic() > deadline:
                raise
        time.sleep(random.uniform(0.005, 0.05))


def _stamp(moment: datetime) -> str:
    """A game's end as the history writes it: UTC to the microsecond, in one form, so the text sorts as time."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _held(db: sqlite3.Connection, fingerprint: str) -> int | None:
    row = db.execute("SELECT id FROM games WHERE fingerprint = ?", (fingerprint,)).fetchone()
    return None if row is None else int(row[0])


def _rated_after(db: sqlite3.Connection, order: tuple[str, str]) -> bool:
    """Whether a game held is rated after a game at ``order`` (when it ended, its fingerprint)."""
    return db.execute("SELECT 1 FROM games WHERE ended > ? OR (ended = ? AND fingerprint > ?) LIMIT 1",
                      (order[0], *order)).fetchone() is not None


def finished_game(record: Record, save: str = "", ended: datetime | None = None,
                  identities: Mapping[int, str] | None = None) -> Finished:
    """A finished record made ready for the history, by replaying it for its result (a RecordError if it cannot
    be replayed; a ValueError if it is not over). It ended at ``ended`` if given, else when its save says, else
    now."""
    from boardgames.core.session import Session

    state = Session.from_record(record).state
    if not state.is_over:
        raise ValueError("the game is not over")
    when = ended if ended is not None else ended_at(record, datetime.now(UTC))
    return Finished(record, state.result(), save, when, identities or {})


def record_finished(history: History, record: Record, save: str = "", ended: datetime | None = None,
                    identities: Mapping[int, str] | None = None) -> list[RatingChange]:
    """Replay a finished record and add it to ``history``; its seats' ratings before and after."""
    return history.add(finished_game(record, save, ended, identities))


def _current(db: sqlite3.Connection, keys: Sequence[str], game: str) -> list[Rating]:
    found = {}
    for key in set(keys):
        row = db.execute("SELECT mu, sigma FROM ratings WHERE player = ? AND game = ?", (key, game)).fetchone()
        found[key] = Rating(*row) if row else ratings.initial()
    return [found[key] for key in keys]


def _store_ratings(db: sqlite3.Connection, keys: Sequence[str], game: str, after: Sequence[Rating]) -> None:
    for key, rating in dict(zip(keys, after)).items():
        db.execute("INSERT INTO ratings (player, game, mu, sigma, games) VALUES (?, ?, ?, ?, 1) "
                   "ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                   "games = games + 1", (key, game, rating.mu, rating.sigma))


def _best_seats(keys: Sequence[str], ranks: Sequence[int]) -> dict[str, int]:
    """Each player's seat in a game: a bot kind at several seats is placed by its best one."""
    best: dict[str, int] = {}
    for seat, key in enumerate(keys):
        if key not in best or ranks[seat] < ranks[best[key]]:
            best[key] = seat
    return best


def _store_totals(db: sqlite3.Connection, game_id: int, finished: Finished) -> None:
    """Count the game in each player's record and in each pair of players' games together."""
    record, result, keys = finished.record, finished.result, finished.keys
    best = _best_seats(keys, result.ranks)
    db.executemany(
        "INSERT INTO records (player, game, games, wins, score_sum, best, name, last_id) "
        "VALUES (?, ?, 1, ?, ?, ?, ?, ?) ON CONFLICT (player, game) DO UPDATE SET games = games + 1, "
        "wins = wins + excluded.wins, score_sum = score_sum + excluded.score_sum, best = max(best, excluded.best), "
        "name = excluded.name, last_id = excluded.last_id",
        [(key, record.game, int(result.ranks[seat] == 1), result.scores[seat], result.scores[seat],
          record.seats[seat].name, game_id) for key, seat in best.items()])
    pairs = []
    for first, second in itertools.combinations(sorted(best), 2):
        a, b = result.ranks[best[first]], result.ranks[best[second]]
        pairs.append((first, second, record.game, int(a < b), int(b < a), int(a == b)))
    db.executemany(
        "INSERT INTO pairs (first, second, game, games, first_ahead, second_ahead, level) VALUES (?, ?, ?, 1, ?, ?, ?) "
        "ON CONFLICT (first, second, game) DO UPDATE SET games = games + 1, "
        "first_ahead = first_ahead + excluded.first_ahead, second_ahead = second_ahead + excluded.second_ahead, "
        "level = level + excluded.level", pairs)


def _insert(db: sqlite3.Connection, finished: Finished) -> int:
    record, result, keys = finished.record, finished.result, finished.keys
    before = _current(db, keys, record.game)
    after = ratings.rate(keys, before, result.ranks)
    cursor = db.execute(
        "INSERT INTO games (fingerprint, game, rules_version, options, seed, started, ended, duration, moves, players, "
        "save) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (finished.fingerprint, record.game, record.rules_version, json.dumps(record.options, sort_keys=True),
         record.seed, record.created, _stamp(finished.ended),
         finished.duration, len(record.actions), len(record.seats), finished.save))
    game_id = int(cursor.lastrowid or 0)
    db.executemany(
        "INSERT INTO seats (game_id, seat, player, name, kind, score, rank, breakdown, mu_before, sigma_before, "
        "mu_after, sigma_after, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_id, number, keys[number], seat.name, seat.kind, result.scores[number], result.ranks[number],
          json.dumps(result.breakdown[number]), before[number].mu, before[number].sigma, after[number].mu,
          after[number].sigma, record.game) for number, seat in enumerate(record.seats)])
    _store_ratings(db, keys, record.game, after)
    _store_totals(db, game_id, finished)
    return game_id


def recompute_ratings(db: sqlite3.Connection, since: tuple[str, str] | None = None) -> None:
    """Every rating again (after a migration), or those of the games from ``since`` on (when they ended, their
    fingerprint: a game added that ended before some held), game by game in the order they ended; inside the
    caller's transaction."""
    order = "ORDER BY ended, fingerprint"
    if since is None:
        db.execute("DELETE FROM ratings")
        games = db.execute(f"SELECT id, game FROM games {order}").fetchall()  # noqa: S608 - ours
    else:
        games = db.execute(f"SELECT id, game FROM games WHERE ended > ? OR (ended = ? AND fingerprint >= ?) "
                           f"{order}", (since[0], *since)).fetchall()  # noqa: S608 - ours
    held: dict[tuple[str, str], Rating] = {}  # (player, game) -> the rating going into the next game

    def going_in(key: str, game: str) -> Rating:
        if (key, game) not in held:
            row = None if since is None else db.execute(
                "SELECT s.mu_after, s.sigma_after FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.player = ? AND g.game = ? AND (g.ended < ? OR (g.ended = ? AND g.fingerprint < ?)) "
                "ORDER BY g.ended DESC, g.fingerprint DESC LIMIT 1", (key, game, since[0], *since)).fetchone()
            held[key, game] = Rating(*row) if row else ratings.initial()
        return held[key, game]

    counts: dict[tuple[str, str], int] = {}
    for game_id, game in games:
        seats = db.execute("SELECT seat, player, rank FROM seats WHERE game_id = ? ORDER BY seat",
                           (game_id,)).fetchall()
        keys = [player for _seat, player, _rank in seats]
        before = [going_in(key, game) for key in keys]
        after = ratings.rate(keys, before, [rank for _seat, _player, rank in seats])
        db.executemany("UPDATE seats SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ? "
                       "WHERE game_id = ? AND seat = ?",
                       [(b.mu, b.sigma, a.mu, a.sigma, game_id, seat)
                        for (seat, _player, _rank), b, a in zip(seats, before, after)])
        for key, rating in zip(keys, after):
            held[key, game] = rating
        for key in set(keys):
            counts[key, game] = counts.get((key, game), 0) + 1
    if since is None:
        db.executemany("INSERT INTO ratings (player, game, mu, sigma, games) VALUES (?, ?, ?, ?, ?)",
                       [(key, game, held[key, game].mu, held[key, game].sigma, count)
                        for (key, game), count in counts.items()])
    else:
        db.executemany("UPDATE ratings SET mu = ?, sigma = ? WHERE player = ? AND game = ?",
                       [(held[key, game].mu, held[key, game].sigma, key, game) for key, game in counts])
