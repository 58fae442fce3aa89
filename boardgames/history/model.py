"""What the history of finished games answers: plain frozen records, free of SQL, for the screens and the CLI."""

from __future__ import annotations

from dataclasses import dataclass, field

#: the conservative rating shown to players is mu minus this many sigmas
SIGMAS = 3.0


@dataclass(frozen=True)
class Rating:
    """A player's skill in one game as the rating model believes it: a mean and an uncertainty."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The conservative figure players see (mu - 3 sigma): it rises as the model grows sure of a player."""
        return self.mu - SIGMAS * self.sigma


@dataclass(frozen=True)
class RatingChange:
    """One seat's rating in the game just finished: before it and after it (the results screen shows both)."""

    seat: int
    player: str
    name: str
    before: Rating
    after: Rating


@dataclass(frozen=True)
class GameLine:
    """One finished game as one player played it."""

    game: str
    ended: str  # ISO date and time, UTC
    players: int
    rank: int
    score: int
    rating_before: float
    rating_after: float
    #: the other seats' names, in seat order
    opponents: tuple[str, ...]
    moves: int
    duration: float  # seconds
    save: str  # the save's file name ("" for a game that had none)


@dataclass(frozen=True)
class GameStats:
    """A player's record in one game."""

    game: str
    games: int
    wins: int
    average: float
    best: int
    rating: Rating

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class PlayerStats:
    """Everything ``boardgames stats`` and the Statistics screen show of one player."""

    player: str  # the key: a folded name, "bot:<kind>", or a server identity such as "user:ana"
    name: str  # as last written
    per_game: tuple[GameStats, ...]
    last: tuple[GameLine, ...]

    @property
    def games(self) -> int:
        return sum(stats.games for stats in self.per_game)

    @property
    def wins(self) -> int:
        return sum(stats.wins for stats in self.per_game)


@dataclass(frozen=True)
class ChartPoint:
    """One finished game on a player's chart: the score made and the rating after it."""

    ended: str
    score: int
    rating: float


@dataclass(frozen=True)
class HeadToHead:
    """Two players' games together: how often each finished above the other."""

    first: str  # names
    second: str
    games: int
    first_ahead: int
    second_ahead: int
    level: int
    by_game: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # game -> (first, second, level)


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    player: str
    name: str
    games: int
    wins: int
    rating: float


@dataclass(frozen=True)
class RecentGame:
    """A finished game as the history's list of recent games shows it: its seats in the order they finished."""

    game: str
    ended: str
    #: (name, rank, score) of each seat, first place first
    seats: tuple[tuple[str, int, int], ...]
