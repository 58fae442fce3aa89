"""The engine contract every game implements.

Menus, saves, undo, bots, self-play and the conformance tests work only through
these classes, so they serve every game at once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, ClassVar

from boardgames.core.data import recording_reads
from boardgames.core.log import LogLine
from boardgames.core.rng import Rng
from boardgames.i18n import _, language


class IllegalAction(Exception):
    """An action the rules refuse; the message is a sentence for the player."""


class OptionError(ValueError):
    """A setup option that the game does not have or a value it does not take."""


def is_ascii_int(text: object) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, maybe after a minus (``str.isdigit`` also takes ``²``)."""
    return isinstance(text, str) and re.fullmatch(r"-?[0-9]+", text) is not None


@dataclass(frozen=True, order=True)
class Action:
    """A small, hashable decision. ``str(action)`` is its stable text notation."""

    name: str
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.name, *(str(a) for a in self.args)])

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read back a notation: words after the first written in ASCII digits (maybe after a minus) become ints.

        Other digits (``²``, ``٣``) stay words, which the rules then refuse: ``int()`` would choke on some.
        """
        words = text.split()
        if not words:
            raise IllegalAction(_("An empty move was given."))
        args = tuple(int(w) if is_ascii_int(w) else w for w in words[1:])
        return cls(words[0], args)


#: the value of a setup option: a yes/no, a number or one word of a list
OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """A variant chosen at setup, typed by its default: a yes/no (``False``/``True``), a number from ``low`` to
    ``high``, or one word of ``choices``.

    :meth:`parse` is the one check of a value, whether typed or written (a record's options, ``--option``, the
    setup screen); :meth:`text` is its notation in a record (``"true"``, ``"3"``, ``"A"``).
    """

    key: str
    label: str
    default: OptionValue
    help: str = ""
    #: the words of a choice, in the order the setup screen steps through them
    choices: tuple[str, ...] = ()
    #: the range of a number, both ends included
    low: int = 0
    high: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.default, bool):
            ok = not self.choices
        elif isinstance(self.default, int):
            ok = not self.choices and self.low <= self.default <= self.high
        else:
            ok = self.default in self.choices
        if not ok:
            raise ValueError(f"Option '{self.key}': its default {self.default!r} is not one of its values.")

    @property
    def values(self) -> tuple[OptionValue, ...]:
        """Every value the option takes, in the setup screen's order."""
        if isinstance(self.default, bool):
            return (False, True)
        if isinstance(self.default, int):
            return tuple(range(self.low, self.high + 1))
        return self.choices

    def text(self, value: OptionValue) -> str:
        """A value's notation: ``true``/``false``, digits, or the word itself."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(self.text(value) for value in self.values)

    def parse(self, value: object) -> OptionValue:
        """The option's value for ``value`` (a value of the right type, or its notation); anything else is
        refused with an OptionError saying what the option takes. A save written before options were typed
        stores ``"true"``/``"false"``, which read as the booleans."""
        for known in self.values:
            if (type(value) is type(known) and value == known) or value == self.text(known):
                return known
        allowed = ", ".join(self.texts)
        raise OptionError(_("Option '{key}' takes one of: {allowed} (not '{value}').",
                            key=self.key, allowed=allowed, value=value))


@dataclass
class Result:
    """The end of a game: scores, a per-category breakdown and the ranking."""

    scores: list[int]
    #: one ordered mapping category -> points per seat; the values sum to the score
    breakdown: list[dict[str, int]]
    #: rank per seat, 1 = winner; tied seats share a rank
    ranks: list[int]
    #: a sentence saying which tie-break decided, or "" when none was needed
    tiebreak: str = ""
    notes: list[str] = field(default_factory=list)
    #: what a score counts: "points", or "offerings" (Blue Moon City); screens word their sentences by it
    unit: str = "points"

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]


class State:
    """Base class of a game's state. Subclasses hold all the data of one game."""

    game: ClassVar[Game]
    rng: Rng
    #: counts completed turns; undo never crosses a change of this number
    turn: int
    #: counts reveals that draw nothing from the generator (a reward shown after a roll, a card turned
    #: up whose identity was fixed earlier); a game bumps it in ``apply``, and undo never crosses a change.
    #: Draws from ``rng`` are reveals already and need no mark.
    reveals: int = 0
    #: whether ``apply`` writes log lines (``emit``); the Session turns it on for its own state, so
    #: clones (a bot's look-ahead) stay quiet and pay nothing for words. A game may skip building
    #: its texts while it is off.
    keeps_log: bool = False

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def seat_to_move(self) -> int:
        """``current_player`` for code that runs only while the game goes on (a bot's choice, a move played)."""
        seat = self.current_player
        if seat is None:
            raise IllegalAction(_("The game is over."))
        return seat

    @property
    def active_players(self) -> tuple[int, ...]:
        """The seats with a decision pending now, the one answered next first (the hot-seat order); () once the
        game is over. Only the current player, unless the game asks several seats at once (core/decisions.py)."""
        seat = self.current_player
        return () if seat is None else (seat,)

    def seat_name(self, seat: int) -> str:
        """How a sentence names ``seat``; a game with player names gives them."""
        return _("Seat {n}", n=seat + 1)

    def not_active(self, seat: int) -> IllegalAction:
        """The refusal of a move by ``seat``, which has no decision pending now."""
        if self.is_over:
            return IllegalAction(_("The game is over."))
        players = len(getattr(self, "names", ()))  # a state that keeps its players' names, as every game's does
        if isinstance(seat, bool) or not isinstance(seat, int):
            return IllegalAction(_("A move made for a seat must name the seat by its number."))
        if seat < 0 or (players and seat >= players):
            if players:
                return IllegalAction(_("There is no seat {seat} at this table: its seats are numbered from 0 to {n}.",
                                       seat=seat, n=players - 1))
            return IllegalAction(_("There is no seat {seat} at this table.", seat=seat))
        return IllegalAction(_("{name} has no decision to make now.", name=self.seat_name(seat)))

    def as_seat(self, seat: int) -> State:
        """The state as ``seat`` decides in it: its pending decision is the one answered next, so
        ``legal_actions``, ``prompt``, ``label`` and ``view`` speak of it. For reading only (it may share its data
        with this state): a move is made with :meth:`apply_as`. A seat that is not active is refused with
        IllegalAction naming it."""
        if seat != self.current_player or self.is_over:
            raise self.not_active(seat)
        return self

    def apply_as(self, seat: int, action: Action) -> None:
        """``apply`` for any active seat, the current player or another; refused (IllegalAction) when ``seat``
        has no decision pending, and then, as any refusal, leaving the state untouched."""
        self.as_seat(seat)
        self.apply(action)

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        raise NotImplementedError

    def apply_listed(self, action: Action) -> None:
        """``apply`` for an action taken from this very position's ``legal_actions()`` (a bot's look ahead, a
        search's playout), which a state may then apply without finding it in a list made again. Any other
        action goes through ``apply``."""
        self.apply(action)

    def prompt(self) -> str:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def view(self, seat: int | None) -> Mapping[str, Any]:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError when component counts are not conserved."""

    def scramble_private(self, seat: int, rng: Rng) -> bool:
        """Change what only ``seat`` may know (its hand, say) to other values the rules allow.

        The conformance suite uses it to prove that no other seat's view depends on
        those secrets. Returns False when the seat has nothing private, as in Sintra.
        """
        return False

    def scramble_hidden(self, rng: Rng) -> bool:
        """Change what no seat may know (face-down cards already drawn, rewards not yet shown).

        Only values the rules allow and no seat could tell apart: the conformance suite
        then proves that no view, public or any seat's, changes. The random future lives in
        ``rng`` and is stirred separately, so a deck drawn at draw time has nothing to
        scramble here. Returns False when nothing is hidden from everyone.
        """
        return False

    def determinize(self, seat: int, rng: Rng) -> None:
        """Deal anew, from what ``seat`` may see, everything it may not (other seats' secrets, face-down
        cards already drawn): the search bot's sample of what the real position could be.

        The result must depend only on ``seat``'s view and ``rng``, never on the hidden values themselves
        (pool the unknown cards in a sorted order, then deal them out), so two positions that ``seat`` cannot
        tell apart give the same samples. The order of future draws lives in ``rng`` and the search re-seeds
        it itself. The default does nothing: for a game with no secrets but its future draws.
        """

    def emit(self, public: str, private: Mapping[int, str] | None = None) -> None:
        """Log what just happened, from inside ``apply``: ``public`` for the table, ``private`` per seat.

        A seat in ``private`` reads its own text instead of the public one ("Ana passes
        Sentry to Bia" for Ana and Bia, "Ana passes a card" for the others). The lines
        of one action become one line of the session's log; an action that emits
        nothing is logged as its notation.
        """
        if self.keeps_log:
            self.__dict__.setdefault("_log", []).append(LogLine(public, private or {}))

    def take_log(self) -> list[LogLine]:
        """The lines emitted since the last call, which forgets them."""
        lines: list[LogLine] = self.__dict__.pop("_log", [])
        return lines

    def _drop_log(self, keep: int) -> None:
        """Forget lines emitted after the first ``keep`` (an action refused halfway leaves no trace)."""
        del self.__dict__.get("_log", [])[keep:]

    def _log_length(self) -> int:
        return len(self.__dict__.get("_log", ()))

    def label(self, action: Action) -> str:
        """A short phrase for a person choosing ``action`` from a list ("take 3 pink from display 2").

        Only for showing; the notation ``str(action)`` stays what saves and typed moves use.
        """
        return str(action)


class Game:
    """A game's static description and its factory of states."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    #: where the game stands in menus (then by title)
    order: ClassVar[int] = 100
    #: when True the shell shows a hand-off curtain between human seats
    has_private_info: ClassVar[bool] = False
    rules_version: ClassVar[int] = 1
    #: the most moves (actions) a game may take before the conformance checks call it endless;
    #: each game sets it from the longest random and greedy games measured, with a wide margin
    max_moves: ClassVar[int] = 10_000

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> State:
        raise NotImplementedError

    def state_from_json(self, data: dict[str, Any]) -> State:
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` looks for ``seat``; used by the greedy bot."""
        raise NotImplementedError

    def help_text(self) -> str:
        """Our own summary of the rules, as Markdown: ``help.md`` beside the game's module (``help.pt_BR.md``...)."""
        package = resources.files(type(self).__module__.rpartition(".")[0])
        translated = package.joinpath(f"help.{language()}.md")
        return (translated if translated.is_file() else package.joinpath("help.md")).read_text(encoding="utf-8")

    def load_rules(self) -> object:
        """Load and validate every table of the game, raising DataError; games with tables override it."""
        return None

    def check_data(self) -> list[str]:
        """Load and validate every table of the game (raising DataError); return the files it read."""
        with recording_reads() as names:
            self.load_rules()
        return sorted(names)

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Every option's value: the given ones checked (:meth:`Option.parse`), the defaults for the rest;
        an unknown key or a value the option does not take is refused with an OptionError."""
        given = dict(given or {})
        known = {opt.key: opt for opt in self.options}
        for key in given:
            if key not in known:
                names = ", ".join(known) or "none"
                raise OptionError(_("{title} has no option '{key}' (options: {names}).",
                                    title=_(self.title), key=key, names=names))
        return {key: opt.parse(given[key]) if key in given else opt.default for key, opt in known.items()}

    def option_texts(self, given: Mapping[str, object] | None) -> dict[str, str]:
        """The options as a record stores them (each value's notation), defaults filled in."""
        known = {opt.key: opt for opt in self.options}
        return {key: known[key].text(value) for key, value in self.resolve_options(given).items()}

    def check_player_count(self, count: int) -> None:
        if not self.min_players <= count <= self.max_players:
            raise OptionError(
                _("{title} is for {low} to {high} players, not {count}.",
                  title=_(self.title), low=self.min_players, high=self.max_players, count=count)
            )
