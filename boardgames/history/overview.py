"""What the Statistics screen shows for one choice of player, game and second player, read from the history at
once: the screen reads it in a worker thread when it is made, so its first frame asks SQLite nothing.

Reading the history ahead also checks it (``PRAGMA quick_check``, which reads every page): a history damaged
past its first pages would otherwise answer with wrong totals. The check reads the whole file (tens of
milliseconds at 10,000 games), so it is made only off the UI thread.

Whether the history changed since a reading is told by its files (``signature``, a ``stat`` of the database and
its write-ahead log), never by asking SQLite, so showing the screen again costs the UI thread no query.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from boardgames.history.model import ChartPoint, HeadToHead, LeaderRow, PlayerStats
from boardgames.history.queries import Queries
from boardgames.history.store import History, HistoryError

#: the fewest finished games of a game that put a player on its leaderboard
LEADER_GAMES = 5
#: the last games the screen lists
LAST = 10
#: how many times a reading is made while the history's files change under it
READINGS = 3
#: each history this process last found sound, by its signature then: a file unchanged since is not checked again
#: (every terminal of a server checks the shared history once, not once a connection)
_SOUND: dict[Path, tuple[object, ...]] = {}


@dataclass(frozen=True)
class Choice:
    """What the reader chose; None lets the reading choose (see ``read``)."""

    player: str | None = None
    game: str | None = None
    versus: str | None = None


@dataclass(frozen=True)
class Overview:
    """Everything the screen shows for one choice (``stats`` None: the history holds no game)."""

    version: tuple[object, ...]
    #: (key, name) of every player of the history, people first
    everyone: tuple[tuple[str, str], ...]
    player: str
    #: the games that may be chosen (the player's; over SSH, every game), most played first
    games: tuple[str, ...]
    game: str | None
    #: (key, name) of the second players that may be chosen
    others: tuple[tuple[str, str], ...]
    versus: str | None
    stats: PlayerStats | None
    head_to_head: HeadToHead | None
    #: over SSH: each game's leaderboard of named players (the chosen game's alone when one is chosen)
    leaders: tuple[tuple[str, tuple[LeaderRow, ...]], ...]
    #: the game charted (the chosen one, else the player's most played) and its points; None when not read
    chart: tuple[str, tuple[ChartPoint, ...]] | None


EMPTY = Overview((), (), "", (), None, (), None, None, None, (), None)


def signature(path: Path) -> tuple[object, ...]:
    """What changes whenever the history at ``path`` is written (its file and its write-ahead log, replaced or
    grown or touched), to tell whether a reading is still current without asking SQLite. An empty log counts as
    none: SQLite makes one as a connection opens and deletes it as the last one closes."""
    found: list[object] = []
    for file in (path, path.with_name(path.name + "-wal")):
        try:
            info = os.stat(file)
        except OSError:
            found.append(None)
        else:
            found.append((info.st_ino, info.st_size, info.st_mtime_ns) if info.st_size or file == path else None)
    return tuple(found)


def read_at(path: Path, me: str | None, local: str | None,
            choice: Choice = Choice()) -> tuple[tuple[object, ...], Overview]:
    """What the screen shows (EMPTY when there is no history yet), read once SQLite has checked every page (a
    HistoryError saying it is damaged otherwise), and the history's ``signature`` it was read at. For a worker
    thread. The check runs on a connection of its own in a thread of its own while the reading goes on (both
    spend their time in SQLite, which lets the other run). The log's pages are put into the file first, so that
    closing it changes neither; a reading during which the files changed all the same (a write meanwhile) is made
    again, so the signature stands for what it read."""
    mark: tuple[object, ...] = ()
    found = EMPTY
    for _attempt in range(READINGS):
        if not path.exists():
            return signature(path), EMPTY
        with History.open(path, create=False) as history:
            history.settle()
            mark = signature(path)
            check = None if _SOUND.get(path) == mark else _Check(path)
            found = read(history, me, local, choice)
        if check is not None:
            check.verdict()
        if signature(path) == mark:
            _SOUND[path] = mark
            break
    return mark, found


class _Check(threading.Thread):
    """SQLite's check of every page of the history at ``path``, on a connection and a thread of its own."""

    def __init__(self, path: Path) -> None:
        super().__init__(name="history check", daemon=True)
        self.path = path
        self.error: HistoryError | None = None
        self.start()

    def run(self) -> None:
        try:
            with History.open(self.path, create=False) as history:
                history.check()
        except HistoryError as exc:
            self.error = exc

    def verdict(self) -> None:
        """Wait for the check; its HistoryError, if it found one."""
        self.join()
        if self.error is not None:
            raise self.error


def read(history: Queries, me: str | None, local: str | None, choice: Choice = Choice(),
         chart: bool = True) -> Overview:
    """What the screen shows for ``choice`` (its parts that no longer exist chosen anew: the player at this
    terminal, ``local``, when the history knows them, else the first; every game; the first other player).
    ``me``: the served player (who sees only their own record and the leaderboards), None at a local terminal.
    Without ``chart`` the chart's points are left to be read after the first frame."""
    version = history.version()
    everyone = tuple(history.players())
    if not everyone:
        return EMPTY
    keys = [key for key, _name in everyone]
    if me is not None:
        player = me
    else:
        player = next((key for key in (choice.player, local) if key in keys), keys[0])
    games = tuple(history.games_played(None if me is not None else player))
    game = choice.game if choice.game in games else None
    boards = {name: tuple(history.leaderboard(name, LEADER_GAMES, named_only=True))
              for name in history.games_played()} if me is not None else {}
    others = _others(everyone, boards, player, me)
    other_keys = [key for key, _name in others]
    versus = choice.versus if choice.versus in other_keys else (other_keys[0] if other_keys else None)
    stats = history.player_stats(player, game, last=LAST)
    together = history.head_to_head(player, versus, game) if versus is not None else None
    leaders = tuple((name, boards[name]) for name in ([game] if game else list(boards)) if name in boards)
    points = charted(history, stats, game) if chart else None
    return Overview(version, everyone, player, games, game, others, versus, stats, together, leaders, points)


def charted(history: Queries, stats: PlayerStats, game: str | None) -> tuple[str, tuple[ChartPoint, ...]] | None:
    """The chart of ``stats``' player: the chosen game's, else the most played one's (None: no game finished)."""
    if not stats.per_game:
        return None
    shown = game or stats.per_game[0].game
    return shown, tuple(history.chart(stats.player, shown))


def _others(everyone: Sequence[tuple[str, str]], boards: dict[str, tuple[LeaderRow, ...]], player: str,
            me: str | None) -> tuple[tuple[str, str], ...]:
    """Everyone else locally; over SSH, the names on the leaderboards."""
    if me is None:
        return tuple((key, name) for key, name in everyone if key != player)
    seen: dict[str, str] = {}
    for rows in boards.values():
        for row in rows:
            seen.setdefault(row.player, row.name)
    return tuple((key, name) for key, name in seen.items() if key != me)
