"""``boardgames stats``: the history as text lines or as JSON data (no printing here; the command prints)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.cells import cell_len

from boardgames.core.registry import game_title as title
from boardgames.history.model import GameLine, GameStats, PlayerStats, RecentGame
from boardgames.history.store import History
from boardgames.history.text import change, figure
from boardgames.i18n import _, date_time, n_, number, ordinal

#: how many of a player's last games the report lists
LAST_GAMES = 10


def when(ended: str) -> str:
    try:
        return date_time(datetime.fromisoformat(ended).astimezone(), seconds=False)
    except ValueError:
        return ended


def percent(part: int, whole: int) -> str:
    return _("{percent}%", percent=number(100 * part / whole if whole else 0))


def columns(rows: list[list[str]], right: set[int]) -> list[str]:
    """Rows of cells lined up in columns (widths by terminal cells); columns in ``right`` are right-aligned."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [(" " * (w - cell_len(c)) + c) if i in right else (c + " " * (w - cell_len(c)))
                 for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return lines


def stats_rows(labelled: list[tuple[str, GameStats]], first: str) -> list[str]:
    """One line per game (or per player): games, wins, win rate, average and best score, rating."""
    rows = [[first, _("games"), _("wins"), _("win rate"), _("average"), _("best"), _("rating")]]
    for label, stats in labelled:
        rows.append([label, number(stats.games), number(stats.wins), percent(stats.wins, stats.games),
                     figure(stats.average), number(stats.best), figure(stats.rating.shown)])
    return columns(rows, right={1, 2, 3, 4, 5, 6})


def game_line(line: GameLine) -> str:
    return _("{date}  {game}: {rank} of {players} with a score of {score}; rating {before} to {after} ({change}); "
             "against {opponents}", date=when(line.ended), game=title(line.game), rank=ordinal(line.rank),
             players=line.players, score=line.score, before=figure(line.rating_before),
             after=figure(line.rating_after), change=change(line.rating_before, line.rating_after),
             opponents=", ".join(line.opponents))


def player_report(stats: PlayerStats) -> list[str]:
    """A player's record per game, then their last games."""
    lines = [n_("{name}: {games} finished game, {wins} won ({rate}).",
                "{name}: {games} finished games, {wins} won ({rate}).", stats.games, name=stats.name,
                games=number(stats.games), wins=number(stats.wins), rate=percent(stats.wins, stats.games)), ""]
    lines += stats_rows([(title(s.game), s) for s in stats.per_game], _("game"))
    if stats.last:
        lines += ["", _("Last games:")]
        lines += ["  " + game_line(line) for line in stats.last]
    return lines


def everyone_report(history: History, game: str | None) -> list[str]:
    """Every player of each game (or of ``game``), best rating first."""
    lines: list[str] = []
    for name in [game] if game else history.games_played():
        board = history.leaderboard(name, min_games=1, named_only=False)
        if not board:
            continue
        labelled = [(row.name, history.player_stats(row.player, name, last=0).per_game[0]) for row in board]
        if lines:
            lines.append("")
        lines.append(title(name))
        lines += ["  " + line for line in stats_rows(labelled, _("player"))]
    if not lines and game:
        return [_("No game of {title} has been finished yet.", title=title(game))]
    if not lines:
        return [_("No finished game yet: the statistics start with the first game played to its end.")]
    lines += ["", _("Last games:")]
    lines += ["  " + recent_line(item) for item in history.recent(game, LAST_GAMES)]
    return lines


def recent_line(item: RecentGame) -> str:
    """A finished game in a line: when, which, and each seat's place, name and score."""
    results = ", ".join(_("{rank} {name} ({score})", rank=ordinal(rank), name=name, score=score)
                        for name, rank, score in item.seats)
    return _("{date}  {game}: {results}", date=when(item.ended), game=title(item.game), results=results)


def player_json(stats: PlayerStats) -> dict[str, Any]:
    return {
        "player": stats.player, "name": stats.name, "games": stats.games, "wins": stats.wins,
        "per_game": [{"game": s.game, "games": s.games, "wins": s.wins, "win_rate": round(s.win_rate, 4),
                      "average": round(s.average, 2), "best": s.best, "rating": round(s.rating.shown, 3),
                      "mu": round(s.rating.mu, 3), "sigma": round(s.rating.sigma, 3)} for s in stats.per_game],
        "last": [{"game": g.game, "ended": g.ended, "players": g.players, "rank": g.rank, "score": g.score,
                  "rating_before": round(g.rating_before, 3), "rating_after": round(g.rating_after, 3),
                  "opponents": list(g.opponents), "moves": g.moves, "duration": round(g.duration, 1),
                  "save": g.save} for g in stats.last],
    }


def everyone_json(history: History, game: str | None) -> dict[str, Any]:
    players = [player_json(history.player_stats(key, game, LAST_GAMES)) for key, _name in history.players()]
    last = [{"game": item.game, "ended": item.ended,
             "seats": [{"name": name, "rank": rank, "score": score} for name, rank, score in item.seats]}
            for item in history.recent(game, LAST_GAMES)]
    return {"players": [p for p in players if p["games"]], "last": last}
