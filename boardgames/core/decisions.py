"""A turn as a stack of pending decisions, in the spirit of boardgame.io's stages.

A :class:`Decision` is data: a kind name, the seat that answers it and a few plain
arguments. What a kind offers and does lives in the game's :class:`Kind` handlers,
registered by name on the state class, so the stack copies and serialises as
cheaply as a list of tuples and a save stays a plain list of actions.

The top of the stack is answered next and its seat is the current player. Answering
may replace the top with a follow-up (``replace``), push a choice inside the choice
(``push``, and ``pop`` once it is answered), or ask another seat (push a decision
for that seat: the deciding seat switches until it is popped).

Several seats at once (boardgame.io's active players). A kind built with
``together=True`` is a choice every seat makes for itself, such as Lemuria's opening
card pass, whose answers wait in escrow until the last. Decisions of such kinds that
sit next to each other on top of the stack are all pending at once:

- ``active_players`` lists their seats, the top first: the order in which one
  keyboard (hot-seat) asks them, one after the other, exactly as a stack without
  ``together`` would. The current player is always the first.
- ``as_seat(seat)`` is the position as that seat decides in it (a shallow clone
  whose stack has the seat's decision on top), for its legal actions, prompt,
  labels, refusals and view; a seat that is not active is refused with a sentence
  naming it.
- ``apply_as(seat, action)`` answers for any active seat: the seat's decision moves
  to the top, the others keeping their order, and is answered as usual. A refused
  answer leaves everything as it was, the stack's order included.

So answering in any order must lead to the same position: a ``together`` kind's
``apply`` changes only what is the seat's own (and the escrow), and whatever
depends on every answer waits for the last; an answer the others may not know
stays out of their views and log lines until then, whichever seat answered
first. A follow-up pushed for one seat is
answered before the others are asked again, since only decisions next to each
other on top are pending at once. A decision asked of one seat in reply to
another's move (a seller's answer to an offer) is not ``together``: it is asked
in order. A record writes a move made out of the hot-seat order as ``@<seat>
<notation>`` (core/record.py), so it replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from boardgames.core.engine import Action, IllegalAction, State
from boardgames.core.rng import Rng
from boardgames.i18n import _

#: what a decision's arguments may hold, so they survive JSON unchanged
Scalar = str | int | bool | None

S = TypeVar("S", bound=State)


@dataclass(frozen=True, slots=True)
class Decision:
    """One pending choice: ``kind`` names its handlers, ``seat`` answers it."""

    kind: str
    seat: int
    args: tuple[Scalar, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(data["kind"], data["seat"], tuple(data.get("args", ())))


def _notation(state: Any, decision: Decision, action: Action) -> str:
    return str(action)


#: a kind's refusal: one sentence for every refused action, or a function wording why this exact one is refused
Refusal = str | Callable[[S, Decision, Action], str]


@dataclass(frozen=True)
class Kind(Generic[S]):
    """The behaviour of one kind of decision; every function gets the state and the decision.

    A game writes each kind's functions side by side in the module of its part of the turn and builds the
    kind from them; ``rules.py`` merges the modules' tables with :func:`merge`.
    """

    #: the actions the seat may answer with
    legal: Callable[[S, Decision], list[Action]]
    #: answer it: change the state and the stack, or raise IllegalAction leaving both untouched
    apply: Callable[[S, Decision, Action], None]
    #: a sentence telling the seat what to decide
    prompt: Callable[[S, Decision], str]
    #: a short phrase for one action, for a person choosing from a list
    label: Callable[[S, Decision, Action], str] = _notation
    #: why an action is refused: a sentence, or a function of (state, decision, action) giving the reason for
    #: that action (a board then explains a refusal without mirroring the rules); "" says it is not a move now
    refusal: Refusal[S] = ""
    #: whether ``apply`` is only ever handed an action ``legal`` lists: any other is refused with
    #: :meth:`refuse` before ``apply`` runs, changing nothing
    listed: bool = False
    #: whether every seat makes this choice for itself at the same time (see the module's docstring): such
    #: decisions next to each other on top of the stack are all pending at once
    together: bool = False

    def refuse(self, state: S, decision: Decision, action: Action) -> str:
        """The sentence saying why ``action`` is refused now."""
        text = self.refusal(state, decision, action) if callable(self.refusal) else self.refusal
        return text or _("'{action}' is not a move now: {prompt}", action=action, prompt=self.prompt(state, decision))


def by_trial(apply: Callable[[S, Decision, Action], None]) -> Callable[[S, Decision, Action], str]:
    """A refusal worded by the kind's own ``apply``: the sentence it refuses the action with, found by trying the
    action on a clone (a refusal is asked only for an action the legal list lacks, never on a hot path)."""

    def refusal(state: S, decision: Decision, action: Action) -> str:
        try:
            apply(cast(S, state.clone()), decision, action)
        except IllegalAction as refused:
            return str(refused)
        return ""

    return refusal


def merge(*tables: Mapping[str, Kind[Any]]) -> dict[str, Kind[Any]]:
    """One table of the kinds of several modules; a name defined twice is refused (ValueError naming it), so a
    module cannot silently take over another's decision."""
    merged: dict[str, Kind[Any]] = {}
    for table in tables:
        for name, kind in table.items():
            if name in merged:
                raise ValueError(f"The decision kind '{name}' is defined twice.")
            merged[name] = kind
    return merged


class Decisions:
    """The stack of pending decisions; the last one is on top and answered next."""

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[Decision] = ()) -> None:
        self._items: list[Decision] = list(items)

    @property
    def top(self) -> Decision | None:
        return self._items[-1] if self._items else None

    @property
    def seat(self) -> int | None:
        """The seat that decides now, or None once nothing is pending (the game is over)."""
        return self._items[-1].seat if self._items else None

    def push(self, decision: Decision) -> None:
        """A choice inside the current one, or a question to another seat; answered before the rest."""
        self._items.append(decision)

    def pop(self) -> Decision:
        """The top decision is answered: the one below it is pending again."""
        if not self._items:
            raise IndexError("no decision is pending")
        return self._items.pop()

    def replace(self, decision: Decision) -> None:
        """The top decision is answered and ``decision`` follows in its place."""
        if self._items:
            self._items[-1] = decision
        else:
            self._items.append(decision)

    def reset(self, *decisions: Decision) -> None:
        """Start afresh with these decisions, the last on top (no arguments: nothing pending)."""
        self._items[:] = decisions

    def lift(self, index: int) -> None:
        """Move the decision at ``index`` (0: the bottom) to the top, the others keeping their order."""
        self._items.append(self._items.pop(index))

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: int) -> Decision:
        """The decision at ``index``, 0 being the bottom and -1 the top."""
        return self._items[index]

    def __iter__(self) -> Iterator[Decision]:
        """From the bottom of the stack to the top."""
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decisions) and self._items == other._items

    def __repr__(self) -> str:
        return f"Decisions({self._items!r})"

    def copy(self) -> Decisions:
        """Decisions never change, so sharing them is safe: a copy is one list copy."""
        clone = Decisions.__new__(Decisions)
        clone._items = self._items[:]
        return clone

    def to_json(self) -> list[dict[str, Any]]:
        return [d.to_json() for d in self._items]

    @classmethod
    def from_json(cls, data: Iterable[Mapping[str, Any]]) -> Decisions:
        return cls(Decision.from_json(d) for d in data)


class DecidingState(State):
    """A State whose turn is a stack of decisions, each answered by its kind's handlers.

    A subclass sets ``KINDS`` (kind name -> :class:`Kind`) and keeps ``decisions`` in
    its clone, ``to_json`` and ``from_json``.
    """

    KINDS: ClassVar[Mapping[str, Kind[Any]]] = {}
    decisions: Decisions
    #: the turns played so far (see :meth:`answered`)
    turn: int

    def __init__(self, names: Sequence[str], rng: Rng) -> None:
        """What every deciding state starts with: the seats' names, its random generator, no turn played."""
        self.names = list(names)
        self.rng = rng
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return self.decisions.seat

    @property
    def current(self) -> int | None:
        """The seat deciding now (None once the game is over)."""
        return self.decisions.seat

    @current.setter
    def current(self, seat: int | None) -> None:
        """For building positions: the pending decisions go to ``seat`` (see :meth:`set_current`)."""
        self.set_current(seat)

    def set_current(self, seat: int | None) -> None:
        """How a game that builds positions hands the pending decisions to ``seat`` (None: nothing pending)."""
        raise NotImplementedError(f"{type(self).__name__} does not build positions by seat")

    @property
    def phase(self) -> str:
        """The kind of the pending decision, or "over" once nothing is pending."""
        top = self.decisions.top
        return "over" if top is None else top.kind

    @phase.setter
    def phase(self, kind: str) -> None:
        """For building positions: the seat deciding now decides ``kind`` instead (see :meth:`set_phase`)."""
        self.set_phase(kind)

    def set_phase(self, kind: str) -> None:
        """How a game that builds positions puts the seat deciding now in the phase ``kind``."""
        raise NotImplementedError(f"{type(self).__name__} does not build positions by phase")

    def answered(self) -> bool:
        """The top decision is answered: a turn is counted and the decision popped. Whether none is left pending,
        as when each seat in a round of questions has now answered, so the caller moves the game on."""
        self.turn += 1
        self.decisions.pop()
        return self.decisions.top is None

    def shallow_clone(self) -> Self:
        """A clone sharing every field, with its own stack of decisions and no log; a game's ``clone`` then
        copies the fields that change."""
        clone = type(self).__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.__dict__.pop("_log", None)
        clone.keeps_log = False
        clone.decisions = self.decisions.copy()
        return clone

    # -- several seats at once (see the module's docstring) --------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.names[seat]

    def _pending(self) -> dict[int, int]:
        """Each active seat -> the place in the stack of its pending decision, the top first."""
        stack = self.decisions
        if not len(stack):
            return {}
        top = len(stack) - 1
        pending = {stack[top].seat: top}
        if self.KINDS[stack[top].kind].together:
            for index in range(top - 1, -1, -1):
                decision = stack[index]
                if not self.KINDS[decision.kind].together:
                    break
                pending.setdefault(decision.seat, index)
        return pending

    @property
    def active_players(self) -> tuple[int, ...]:
        return tuple(self._pending())

    def _place_of(self, seat: int) -> int:
        place = self._pending().get(seat) if isinstance(seat, int) and not isinstance(seat, bool) else None
        if place is None:
            raise self.not_active(seat)
        return place

    def as_seat(self, seat: int) -> Self:
        place = self._place_of(seat)
        if place == len(self.decisions) - 1:
            return self
        view = self.shallow_clone()
        view.decisions.lift(place)
        return view

    def apply_as(self, seat: int, action: Action) -> None:
        place = self._place_of(seat)
        if place == len(self.decisions) - 1:
            self.apply(action)
            return
        before = list(self.decisions)
        self.decisions.lift(place)
        try:
            self.apply(action)
        except IllegalAction:
            self.decisions.reset(*before)
            raise

    def _kind(self) -> tuple[Decision, Kind[Any]] | None:
        top = self.decisions.top
        return None if top is None else (top, self.KINDS[top.kind])

    def legal_actions(self) -> list[Action]:
        pending = self._kind()
        return [] if pending is None else pending[1].legal(self, pending[0])

    def refusal(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the sentence saying why this very action is refused (the
        kind's reason for it), for a board to show without asking the rules to apply it."""
        pending = self._kind()
        if pending is None:
            return _("The game is over.")
        top, kind = pending
        if action in kind.legal(self, top):
            return None
        return kind.refuse(self, top, action)

    def apply(self, action: Action) -> None:
        self._answer(action, listed=False)

    def apply_listed(self, action: Action) -> None:
        self._answer(action, listed=True)

    def _answer(self, action: Action, listed: bool) -> None:
        """Apply ``action`` to the pending decision; ``listed``: the caller took it from ``legal_actions()`` of
        this very position, so a kind that checks its list first need not make the list again."""
        pending = self._kind()
        if pending is None:
            raise IllegalAction(_("The game is over."))
        top, kind = pending
        if kind.listed and not listed and action not in kind.legal(self, top):
            raise IllegalAction(kind.refuse(self, top, action))
        if not self.keeps_log:
            kind.apply(self, top, action)
            return
        logged = self._log_length()
        try:
            kind.apply(self, top, action)
        except IllegalAction:
            self._drop_log(logged)  # a refused action leaves no line behind
            raise

    def prompt(self) -> str:
        pending = self._kind()
        return _("The game is over.") if pending is None else pending[1].prompt(self, pending[0])

    def label(self, action: Action) -> str:
        pending = self._kind()
        return str(action) if pending is None else pending[1].label(self, pending[0], action)
