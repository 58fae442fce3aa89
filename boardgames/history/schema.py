"""The history database's layout, by version, and how an older file is brought up to date.

Version 1 held the games and their seats; version 2 added the ratings (openskill): its migration adds the columns
and computes every rating again from the games already held, so no save has to be read. Version 3 writes each
seat's game in its row, so a player's record and chart are read from one index, without a join. A file of a version
newer than this program's is refused rather than guessed at. Version 4 keeps what the screens ask of every player at
each game's end: a player's record per game (``records``) and two players' games together (``pairs``), so a question
reads a row instead of every game; and a game's end to the microsecond (older ends gain ``.000000``), so games that
ended in one second are rated in the same order live and by a rebuild.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

#: the layout this program writes (``PRAGMA user_version``)
VERSION = 4

GAMES = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    started TEXT NOT NULL,
    ended TEXT NOT NULL,
    duration REAL NOT NULL,
    moves INTEGER NOT NULL,
    players INTEGER NOT NULL,
    save TEXT NOT NULL
)"""

SEATS = """
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    score INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    breakdown TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
)"""

INDEXES = (
    "CREATE INDEX games_by_end ON games (ended, id)",
    "CREATE INDEX seats_by_player ON seats (player, game_id)",
)

RATINGS = """
CREATE TABLE ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, game)
)"""

RECORDS = """
CREATE TABLE records (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    score_sum INTEGER NOT NULL,
    best INTEGER NOT NULL,
    name TEXT NOT NULL,
    last_id INTEGER NOT NULL,
    PRIMARY KEY (player, game)
)"""

#: ``first`` < ``second``: a pair of players is one row a game, whichever is asked about first
PAIRS = """
CREATE TABLE pairs (
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    game TEXT NOT NULL,
    games INTEGER NOT NULL,
    first_ahead INTEGER NOT NULL,
    second_ahead INTEGER NOT NULL,
    level INTEGER NOT NULL,
    PRIMARY KEY (first, second, game)
)"""

RATING_COLUMNS = ("mu_before", "sigma_before", "mu_after", "sigma_after")


def create_v1(db: sqlite3.Connection) -> None:
    db.execute(GAMES)
    db.execute(SEATS)
    for index in INDEXES:
        db.execute(index)


def v1_to_v2(db: sqlite3.Connection) -> None:
    from boardgames.history.store import recompute_ratings

    for column in RATING_COLUMNS:
        db.execute(f"ALTER TABLE seats ADD COLUMN {column} REAL NOT NULL DEFAULT 0")
    db.execute(RATINGS)
    recompute_ratings(db)


def v2_to_v3(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE seats ADD COLUMN game TEXT NOT NULL DEFAULT ''")
    db.execute("UPDATE seats SET game = (SELECT game FROM games WHERE games.id = seats.game_id)")
    db.execute("CREATE INDEX seats_by_player_game ON seats (player, game, game_id, score, rank, mu_after, "
               "sigma_after)")


def v3_to_v4(db: sqlite3.Connection) -> None:
    from boardgames.history.queries import plays

    db.execute(RECORDS)
    db.execute(PAIRS)
    db.execute("INSERT INTO records SELECT player, game, count(*), sum(rank = 1), sum(score), max(score), '', "
               f"max(game_id) FROM {plays('1')} GROUP BY player, game")
    db.execute("UPDATE records SET name = (SELECT name FROM seats s WHERE s.game_id = records.last_id "
               "AND s.player = records.player ORDER BY rank, seat LIMIT 1)")
    db.execute("INSERT INTO pairs SELECT a.player, b.player, a.game, count(*), sum(a.rank < b.rank), "
               f"sum(b.rank < a.rank), sum(a.rank = b.rank) FROM {plays('1')} a JOIN {plays('1')} b "
               "ON a.game_id = b.game_id AND a.player < b.player GROUP BY a.player, b.player, a.game")
    # "2026-03-01T12:00:00+00:00" -> "2026-03-01T12:00:00.000000+00:00": one form, compared as text
    db.execute("UPDATE games SET ended = substr(ended, 1, 19) || '.000000' || substr(ended, 20) "
               "WHERE substr(ended, 20, 1) != '.'")


#: step n takes a file of version n to version n + 1
STEPS: tuple[Callable[[sqlite3.Connection], None], ...] = (create_v1, v1_to_v2, v2_to_v3, v3_to_v4)
assert len(STEPS) == VERSION


def upgrade(db: sqlite3.Connection, found: int) -> None:
    """Bring a file of version ``found`` (0: empty) to VERSION, inside the caller's transaction."""
    for step in STEPS[found:]:
        step(db)
    db.execute(f"PRAGMA user_version = {VERSION}")
