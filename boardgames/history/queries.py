"""What the history answers: a player's record, chart, head-to-head and a game's leaderboard (read only).

A player's record and two players' games together are read from the totals each game's end keeps (``records``,
``pairs``), a row each, however many games the history holds.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager

from boardgames.history.model import (
    SIGMAS,
    ChartPoint,
    GameLine,
    GameStats,
    HeadToHead,
    LeaderRow,
    PlayerStats,
    Rating,
    RecentGame,
)

#: keys of players the server knows by name (a leaderboard shows no guest, no bot and no unnamed seat)
NAMED = ("user:", "name:")


def plays(where: str) -> str:
    """A subquery of one row a player a game among the seats ``where`` holds: a bot kind at several seats of one
    game is one player there, placed by its best seat (SQLite takes the other columns from the row of min(rank))."""
    # the columns of the index seats_by_player_game, grouped in its order: read from the index alone, no sorting
    return ("(SELECT player, game, game_id, min(rank) AS rank, score, mu_after, sigma_after FROM seats "
            f"WHERE {where} GROUP BY player, game, game_id)")


def named(key: str) -> bool:
    return key.startswith(NAMED)


def shown_name(key: str, name: str) -> str:
    """The name a player is shown by: a bot by its kind ("greedy bot"), whatever its seat was called."""
    if key.startswith("bot:"):
        from boardgames.core.bots import kind_name
        from boardgames.i18n import _

        return _("{kind} bot", kind=kind_name(key[4:]))
    return name


class Queries:
    """The reading half of ``History`` (which gives ``db`` and ``failures``)."""

    db: sqlite3.Connection
    failures: Callable[[], AbstractContextManager[None]]

    def version(self) -> tuple[object, ...]:
        """What tells one state of the history from another (a game added, ratings made again, a rebuild): to
        compare, never to show."""
        with self.failures():
            return tuple(self.db.execute("SELECT (SELECT count(*) FROM games), (SELECT max(id) FROM games), "
                                         "(SELECT total(mu) FROM ratings)").fetchone())

    def players(self) -> list[tuple[str, str]]:
        """(key, name) of everyone with a finished game: people first by name, then bots; a name as last used."""
        with self.failures():
            # the name of the row with the newest game (SQLite takes a bare column from the row of max())
            rows = [(key, name) for key, name, _last in self.db.execute(
                "SELECT player, name, max(last_id) FROM records GROUP BY player")]
        return sorted(((key, shown_name(key, name)) for key, name in rows),
                      key=lambda pair: (pair[0].startswith("bot:"), pair[1].casefold(), pair[0]))

    def name_of(self, player: str) -> str:
        with self.failures():
            row = self.db.execute("SELECT name, max(last_id) FROM records WHERE player = ?", (player,)).fetchone()
            row = None if row[1] is None else row
        return shown_name(player, row[0]) if row else player

    def find_player(self, text: str) -> str | None:
        """The key of the player called ``text`` (a name, folded, or a key), or None."""
        wanted = text.strip().casefold()
        for key, name in self.players():
            if wanted in (key.casefold(), name.strip().casefold()):
                return key
        return None

    def games_played(self, player: str | None = None) -> list[str]:
        """The games with a finished game (of ``player``), most played first."""
        with self.failures():
            if player is None:
                rows = self.db.execute("SELECT game FROM games GROUP BY game ORDER BY count(*) DESC, game")
            else:
                rows = self.db.execute("SELECT game FROM records WHERE player = ? ORDER BY games DESC, game",
                                       (player,))
            return [row[0] for row in rows]

    def player_stats(self, player: str, game: str | None = None, last: int = 10) -> PlayerStats:
        """Games, wins, average and best score and rating per game, and the ``last`` games played."""
        where, values = ("t.player = ? AND t.game = ?", (player, game)) if game else ("t.player = ?", (player,))
        with self.failures():
            per_game = tuple(
                GameStats(name, count, wins, total / count, best, Rating(mu, sigma))
                for name, count, wins, total, best, mu, sigma in self.db.execute(
                    "SELECT t.game, t.games, t.wins, t.score_sum, t.best, r.mu, r.sigma FROM records t "
                    f"JOIN ratings r ON r.player = t.player AND r.game = t.game WHERE {where} "
                    "ORDER BY t.games DESC, t.game", values))
            lines = tuple(self._lines(player, game, last))
        return PlayerStats(player, self.name_of(player), per_game, lines)

    def _lines(self, player: str, game: str | None, last: int) -> Iterator[GameLine]:
        where, values = ("AND g.game = ?", (player, game)) if game else ("", (player,))
        rows = self.db.execute(  # newest game first, read from the index as far as needed
            "SELECT g.id, g.game, g.ended, g.players, s.rank, s.score, s.mu_before, s.sigma_before, s.mu_after, "
            "s.sigma_after, g.moves, g.duration, g.save FROM games g CROSS JOIN seats s ON s.game_id = g.id "
            f"WHERE s.player = ? {where} ORDER BY g.ended DESC, g.id DESC", values)
        best: dict[int, tuple] = {}  # a bot kind at several seats of a game: its best seat
        for row in rows:
            if row[0] not in best and len(best) == last:
                break
            if row[0] not in best or row[4] < best[row[0]][4]:
                best[row[0]] = row
        for game_id, name, ended, players, rank, score, mu0, s0, mu1, s1, moves, duration, save in best.values():
            others = tuple(shown_name(key, other) for key, other in self.db.execute(
                "SELECT player, name FROM seats WHERE game_id = ? AND player != ? ORDER BY seat", (game_id, player)))
            yield GameLine(name, ended, players, rank, score, mu0 - SIGMAS * s0, mu1 - SIGMAS * s1, others, moves,
                           duration, save)

    def recent(self, game: str | None = None, last: int = 10) -> list[RecentGame]:
        """The ``last`` games that ended (of ``game``), newest first, each seat with its place and score."""
        where, values = ("WHERE game = ?", (game, last)) if game else ("", (last,))
        with self.failures():
            games = self.db.execute(f"SELECT id, game, ended FROM games {where} ORDER BY ended DESC, id DESC LIMIT ?",
                                    values).fetchall()
            return [RecentGame(name, ended, tuple(
                (shown_name(key, seat), rank, score) for key, seat, rank, score in self.db.execute(
                    "SELECT player, name, rank, score FROM seats WHERE game_id = ? ORDER BY rank, seat", (game_id,))))
                for game_id, name, ended in games]

    def chart(self, player: str, game: str) -> list[ChartPoint]:
        """Each finished game of ``player`` at ``game`` in the order they were rated (oldest first): the score and
        the rating after it."""
        with self.failures():
            rows = self.db.execute(
                "SELECT g.ended, s.score, s.mu_after - ? * s.sigma_after "
                f"FROM {plays('player = ? AND game = ?')} s JOIN games g ON g.id = s.game_id "
                "ORDER BY g.ended, g.fingerprint", (SIGMAS, player, game)).fetchall()
        return [ChartPoint(ended, score, rating) for ended, score, rating in rows]

    def head_to_head(self, first: str, second: str, game: str | None = None) -> HeadToHead:
        """The games ``first`` and ``second`` played together, and how often each finished above the other."""
        low, high = sorted((first, second))
        where, values = ("AND game = ?", (low, high, game)) if game else ("", (low, high))
        with self.failures():
            rows = [] if first == second else self.db.execute(
                f"SELECT game, first_ahead, second_ahead, level FROM pairs WHERE first = ? AND second = ? {where} "
                "ORDER BY game", values).fetchall()
        by_game = {name: (ahead, behind, level) if first == low else (behind, ahead, level)
                   for name, ahead, behind, level in rows}
        totals = [sum(counts[i] for counts in by_game.values()) for i in range(3)]
        return HeadToHead(self.name_of(first), self.name_of(second), sum(totals), totals[0], totals[1], totals[2],
                          by_game)

    def leaderboard(self, game: str, min_games: int = 5, named_only: bool = True) -> list[LeaderRow]:
        """The players of ``game`` with at least ``min_games`` finished, best rating first; with ``named_only``
        just the players the server knows by name (never a guest, a bot or a seat nobody logged in for)."""
        with self.failures():
            rows = self.db.execute(
                "SELECT r.player, t.games, r.mu - ? * r.sigma AS shown, t.wins FROM ratings r "
                "JOIN records t ON t.player = r.player AND t.game = r.game "
                "WHERE r.game = ? AND t.games >= ? ORDER BY shown DESC, r.player", (SIGMAS, game, min_games)).fetchall()
        board = [(key, count, shown, wins) for key, count, shown, wins in rows if named(key) or not named_only]
        return [LeaderRow(rank, key, self.name_of(key), count, wins, shown)
                for rank, (key, count, shown, wins) in enumerate(board, 1)]
