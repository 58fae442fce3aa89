"""The review of a finished game: every decision a human made, judged by the search.

For each decision of a human seat that had more than one legal move, the search (core/search.py) looks at the
position with only what that seat could see then, making sure the move played gets its share of the
iterations (``focus``). The move played is then compared with the best move found: the win chance it lost
(never below 0) is graded by the chess GUIs' thresholds (:data:`LIMITS`). Each seat's win chance after every
move is kept for a chart: where a human decided, that seat's chance is the search's and the others share the
rest as the judge shares it; elsewhere every chance is the judge's.

The review is deterministic from the record and the iterations: each decision's search is seeded from the
record's seed and the move's number. It names moves only as their seat read them (``State.label`` on the
position as that seat decides in it), so it shows nothing that seat could not see.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Any

from boardgames.core.engine import Action, IllegalAction, State
from boardgames.core.record import Record, RecordError, split_seat_line
from boardgames.core.registry import get_game
from boardgames.core.search import Analysis, Search, final_chances
from boardgames.core.session import Session
from boardgames.i18n import _
from boardgames.i18n import number as format_number

#: the grades, best first
GRADES = ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
#: the most win chance a move may lose and keep its grade (chess GUIs' thresholds); above the last: blunder
LIMITS = (("best", 0.0), ("excellent", 0.02), ("good", 0.05), ("inaccuracy", 0.10), ("mistake", 0.20))
#: iterations of the search for each decision, unless asked otherwise: a two-player Sintra game with two human
#: seats (about 120 decisions) takes 23-34 s here, under a minute even on a loaded machine; 1000 took 47-54 s
#: (benchmarks/review_speed.py). The slower games take longer: Lemuria and Blue Moon City search about 250
#: iterations a second against Sintra's 3500, so a seat's review there takes three to six minutes.
DEFAULT_ITERATIONS = 600
#: the most iterations a decision may be given
MAX_ITERATIONS = 100_000
#: chances and losses are kept to this many decimals, so a review reads the same on every machine
DECIMALS = 4


#: how a review runs one decision's search: called as ``analyser(search, state, seat, iterations=N, seed=S,
#: focus=A, stop=F)``; by default ``Search.analyse`` itself, in the calling thread (the app holds one of a server's
#: search slots around it: ``boardgames.tui.screens.gameover``)
Analyser = Callable[..., Analysis]


class ReviewError(ValueError):
    """A record that cannot be reviewed; the message is a sentence for the player."""


def grade(loss: float) -> str:
    """The grade of a move that lost ``loss`` of the win chance against the best move found."""
    for name, limit in LIMITS:
        if loss <= limit:
            return name
    return "blunder"


def _round(value: float) -> float:
    return round(value, DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0


def loss_between(chance_best: float, chance_played: float) -> float:
    """The win chance a move lost against the best one, kept to :data:`DECIMALS` (so 0.55 - 0.53 is the 0.02 it
    reads as, not 0.020000000000000018), never below 0."""
    return _round(max(0.0, _round(chance_best) - _round(chance_played)))


@dataclass(frozen=True)
class MoveReview:
    """One human decision: the move played, the best move found, and what the difference cost."""

    #: the move's number in the record, from 1
    number: int
    seat: int
    #: the notation of the move played, and its label as the seat read it
    played: str
    played_label: str
    #: the best move the search found (its notation and label); the move played when nothing was better
    best: str
    best_label: str
    #: the seat's win chance after the best move and after the move played
    chance_best: float
    chance_played: float
    #: ``chance_best - chance_played``, never below 0
    loss: float
    grade: str

    @property
    def better(self) -> bool:
        """Whether another move was found that would have kept more of the win chance."""
        return self.loss > 0 and self.best != self.played

    def to_json(self) -> dict[str, Any]:
        return {"move": self.number, "seat": self.seat, "played": self.played, "played_label": self.played_label,
                "best": self.best, "best_label": self.best_label, "chance_best": self.chance_best,
                "chance_played": self.chance_played, "loss": self.loss, "grade": self.grade}


@dataclass
class Review:
    """The review of one game."""

    game: str
    title: str
    names: list[str]
    #: the seats reviewed: those played by people (or those of them the review was asked for)
    humans: list[int]
    iterations: int
    moves: list[MoveReview]
    #: ``chances[i][seat]``: each seat's win chance after ``i`` moves (0: the set-up; the last: the result)
    chances: list[list[float]]
    #: a sentence when there was nothing to review (no human seat, or no human choice); "" otherwise
    note: str = ""
    #: per move number, its review (filled from ``moves``)
    by_number: dict[int, MoveReview] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.by_number = {move.number: move for move in self.moves}

    def of_seat(self, seat: int) -> list[MoveReview]:
        return [move for move in self.moves if move.seat == seat]

    def counts(self, seat: int) -> dict[str, int]:
        """How many of ``seat``'s moves got each grade, every grade present (best first)."""
        counts = dict.fromkeys(GRADES, 0)
        for move in self.of_seat(seat):
            counts[move.grade] += 1
        return counts

    def costliest(self, seat: int, count: int = 3) -> list[MoveReview]:
        """``seat``'s moves that lost the most win chance (only moves that lost some), the costliest first."""
        lost = [move for move in self.of_seat(seat) if move.loss > 0]
        return sorted(lost, key=lambda move: (-move.loss, move.number))[:count]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "players": [{"seat": seat, "name": name, "human": seat in self.humans}
                        for seat, name in enumerate(self.names)],
            "iterations": self.iterations,
            "note": self.note,
            "moves": [move.to_json() for move in self.moves],
            "summary": [{"seat": seat, "name": self.names[seat], "counts": self.counts(seat),
                         "costliest": [move.number for move in self.costliest(seat)]} for seat in self.humans],
            "chances": self.chances,
        }


@dataclass(frozen=True)
class _Decision:
    """A position of the game before move ``number``, and who made that move."""

    number: int
    seat: int
    state: State
    played: Action
    #: whether a person made the move and had another to choose: a decision a review judges
    reviewed: bool


def replay_positions(record: Record) -> tuple[Session, list[_Decision]]:
    """Replay ``record`` move by move: the session at its end, and each position with the move made in it.
    Any problem is a ReviewError in plain words."""
    head = replace(record, actions=[], options=dict(record.options), seats=list(record.seats))
    try:
        session = Session.from_record(head)
    except RecordError as exc:
        raise ReviewError(str(exc)) from None
    game = session.game
    decisions = []
    for number, text in enumerate(record.actions, 1):
        state = session.state
        try:
            seat, notation = split_seat_line(text)
            mover = state.seat_to_move if seat is None else seat
            action = game.parse_action(notation)
            human = not record.seats[mover].is_bot
            reviewed = human and len(state.as_seat(mover).legal_actions()) > 1
            before = state.clone()
            session.apply(action, seat)
        except (IllegalAction, ValueError) as exc:
            raise ReviewError(_("This save is damaged: move {number} ('{text}') is not legal here: {exc}",
                                number=number, text=text, exc=exc)) from None
        except Exception:  # noqa: BLE001 - any failure of a save is a sentence, as in Session.from_record
            raise ReviewError(_("This save is damaged: move {number} ('{text}') cannot be replayed.",
                                number=number, text=text)) from None
        decisions.append(_Decision(number, mover, before, action, reviewed))
    return session, decisions


def _move_seed(seed: int, number: int) -> int:
    """The search's seed for move ``number`` of a game with ``seed``."""
    return (seed * 1_000_003 + number * 104_729 + 1) % (1 << 62)


def review_seats(record: Record, readers: Collection[int] | None = None) -> list[int]:
    """The seats a review of ``record`` judges: those played by people (of ``readers`` only, when given)."""
    return [seat for seat, player in enumerate(record.seats)
            if not player.is_bot and (readers is None or seat in readers)]


def one_seat_at_a_time(record: Record, seats: Collection[int]) -> bool:
    """Whether a review of ``seats`` must show one of them at a time: a review names the cards its player held,
    so in a game with secrets several people reviewed at once would read each other's hands."""
    try:
        secrets = get_game(record.game).has_private_info
    except KeyError:
        secrets = True
    return secrets and len(seats) > 1


def _nothing_to_review(record: Record, humans: list[int]) -> str:
    if all(seat.is_bot for seat in record.seats):
        return _("Every seat of this game was played by a bot, so there is no human move to review.")
    if not humans:
        return _("None of the seats asked for was played by a person, so there is no move to review.")
    return _("No human player had a choice to make in this game, so there is no move to review.")


def review_record(
    record: Record,
    iterations: int = DEFAULT_ITERATIONS,
    *,
    seats: Collection[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    analyser: Analyser | None = None,
) -> Review:
    """Review every decision of a human seat in the finished game ``record``, ``iterations`` of the search each;
    with ``seats``, only the decisions of those seats (the human ones among them: a reader's own, at a table).

    ``progress(done, total)`` is called before the first decision and after each one; ``stop()`` is asked
    between iterations, and when it answers True the review ends with :class:`boardgames.core.search.Stopped`.
    A record that cannot be reviewed (damaged, not finished) is a ReviewError. ``analyser``: where each search
    runs (see :data:`Analyser`)."""
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ReviewError(_("A review's iterations are a whole number from 1 to {most}, not {iterations}.",
                            most=format_number(MAX_ITERATIONS), iterations=iterations))
    session, decisions = replay_positions(record)
    game = session.game
    if not session.state.is_over:
        raise ReviewError(_("This game is not finished: a game is reviewed only once it has ended."))
    humans = review_seats(record, seats)
    todo = [decision for decision in decisions if decision.reviewed and decision.seat in humans]
    total = len(todo)
    if progress is not None:
        progress(0, total)
    judge = Search(game, record.seed)
    searches = {seat: Search(game, record.seed + seat + 1) for seat in humans}
    moves: list[MoveReview] = []
    chances: list[list[float]] = []
    for decision in decisions:
        position = judge.chances(decision.state)
        if decision.reviewed and decision.seat in humans:
            move, chance = _review_move(searches[decision.seat], decision, iterations,
                                        _move_seed(record.seed, decision.number), stop, analyser or Search.analyse)
            moves.append(move)
            position = _with_mover(position, decision.seat, chance)
            if progress is not None:
                progress(len(moves), total)
        chances.append([_round(chance) for chance in position])
    chances.append([_round(chance) for chance in final_chances(session.state)])
    note = "" if todo else _nothing_to_review(record, humans)
    return Review(game.id, game.title, [seat.name for seat in record.seats], humans, iterations, moves, chances,
                  note)


def _with_mover(chances: list[float], seat: int, chance: float) -> list[float]:
    """The judge's ``chances`` with ``seat``'s own replaced by the search's ``chance``, the others sharing the
    rest as the judge shares it among them (so the chances still add up to 1)."""
    others = sum(value for other, value in enumerate(chances) if other != seat)
    rest = len(chances) - 1
    return [chance if other == seat else (1 - chance) * (value / others if others > 0 else 1 / rest)
            for other, value in enumerate(chances)]


def _review_move(search: Search, decision: _Decision, iterations: int, seed: int,
                 stop: Callable[[], bool] | None, analyser: Analyser) -> tuple[MoveReview, float]:
    """The review of one decision, and the seat's win chance before it (as the search saw it)."""
    seat, played = decision.seat, decision.played
    analysis = analyser(search, decision.state, seat, iterations=iterations, seed=seed, focus=played, stop=stop)
    view = decision.state.as_seat(seat)
    mine = analysis.value_of(played)
    chance_played = _round(mine.chance if mine is not None and mine.chance >= 0 else analysis.chance)
    # the search's favourite among the other moves (by visits, as a search bot picks): the move played got
    # extra visits to be judged well, so it is compared with the best of the rest rather than ranked by them
    rival = next((move for move in analysis.moves if move.visits and str(move.action) != str(played)), None)
    chance_best = _round(rival.chance) if rival is not None else chance_played
    loss = loss_between(chance_best, chance_played)
    if rival is None or loss == 0:
        best_action, chance_best = played, chance_played
    else:
        best_action = rival.action
    move = MoveReview(
        number=decision.number, seat=seat, played=str(played), played_label=view.label(played),
        best=str(best_action), best_label=view.label(best_action), chance_best=chance_best,
        chance_played=chance_played, loss=loss, grade=grade(loss),
    )
    return move, _round(analysis.chance)
