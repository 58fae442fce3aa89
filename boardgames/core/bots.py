"""Bots that play any game through the engine contract.

A bot's choice depends only on the game seed, its seat and the move number, so
a replayed or resumed game sees the same bot moves. When several seats may answer
at once (core/decisions.py's ``together`` kinds), a bot chooses for any of them
(``choose(state, ply, seat)``), deciding on the position as that seat sees it
decide (``state.as_seat``), so it knows no more than at one keyboard.

No bot repeats a position inside one turn: each bot remembers the positions it
decided at during the current turn (the state's JSON) and never plays a move that
leads back to one, taking its next preference instead (``Bot.choose``). Drivers
pass the move number, one more for each move applied: a position reached by the
bot's own move is then known without serialising it a second time. A loop
such as adding a villager to a party and taking it out again therefore cannot
go on for ever, whatever a game's judge prefers. The guard changes only a move
that would repeat a position, so games without such loops play as before.

The greedy bot consults optional hooks on the ``Game`` (class attributes
or methods; a game that defines none gets the defaults). The protocols below
(``Judge``, ``PicksCandidates``, ``ValuesActions``, ``PrunesActions``,
``MakesJudges``) spell out the methods; the numbers are plain ints:

- ``greedy_depth: int`` - the most decisions of its own turn the bot looks
  through (default ``GREEDY_DEPTH``). A game whose evaluation already judges
  what the rest of the turn can bring may set 1 and stay fast with long lists.
- ``greedy_budget: int`` - how many positions (states reached by applying an
  action, sampled futures included) one decision may look at (default
  ``GREEDY_BUDGET``). The bot first looks ``greedy_depth`` decisions deep; a
  look that would pass the budget is given up for one a decision shallower,
  down to one decision deep, which is always whole (one position per move). So
  one decision looks at no more than the moves (times the samples) plus the
  budget for each depth given up, and long action lists cannot explode.
  A look is counted before any position of it is judged (the moves of its
  last decision are not even applied till then), so one given up costs little.
  Counting positions instead of seconds keeps the moves the same on any machine.
- ``greedy_actions(state, actions) -> list[Action]`` - the candidates worth
  looking at among the legal ``actions`` (same order, never empty), so a game
  can leave out moves that cannot help; the bot still plays only legal moves.
- ``greedy_samples: int`` - when above 0, an action that draws from the
  state's generator (a card draw, a shuffle: ``rng.calls`` changes) is judged
  as the mean over that many re-seeded futures instead of the real one, so the
  bot never peeks at a face-down deck. 0 (the default) judges the real future.
- ``greedy_evaluator() -> Judge`` - a fresh judge for one bot, with
  ``evaluate(state, seat)`` and optionally ``candidates(state, actions)`` used
  instead of the game's ``evaluate`` and ``greedy_actions``. A judge that caches
  answers keeps them to itself (each bot its own, never a module-level cache)
  and bounds them, e.g. with ``Memo``.
- the judge's optional ``value_action(state, action, seat) -> float | None``: a
  value for ``action`` worked out without applying it (None: apply it as
  usual). A game whose chance actions need an exact expectation (a die the
  bot must not see before it is rolled, a reward hidden until then) values
  them here, on the scale of ``evaluate``; the bot never applies such an
  action in its look, so it never sees what the real draw would be.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

from boardgames.core.engine import Action, Game, State
from boardgames.core.rng import Rng
from boardgames.i18n import N_, _, number

#: the strongest first: menus offer them in this order
BOT_KINDS = ("search", "greedy", "random")
#: each kind of bot as a player reads it (its notation, the kind itself, never changes)
KIND_NAMES = {"search": N_("search"), "greedy": N_("greedy"), "random": N_("random")}


def kind_name(kind: str) -> str:
    """A bot's kind in the reader's language (``search:400`` reads as the search's name with its number)."""
    name, colon, rest = kind.partition(":")
    if name in KIND_NAMES:
        return _(KIND_NAMES[name]) + colon + rest
    return kind

#: the most decisions of one turn the greedy bot looks through, unless the game says otherwise
GREEDY_DEPTH = 3
#: positions a look of the greedy bot deeper than one decision may reach before it is given up
GREEDY_BUDGET = 2000

_SAMPLE_SALT = 0x5DEECE66D

#: the game's own state class: a game's hooks take only its own states, so a hook typed on it fits a protocol
StateT = TypeVar("StateT", bound=State, contravariant=True)


@runtime_checkable
class Judge(Protocol[StateT]):
    """Values a position for a seat. Every ``Game`` is one (``Game.evaluate``); ``greedy_evaluator`` may give each
    bot its own."""

    def evaluate(self, state: StateT, seat: int) -> float: ...


@runtime_checkable
class PicksCandidates(Protocol[StateT]):
    """A judge's optional filter: the moves worth a look among the legal ``actions`` (same order, never empty)."""

    def candidates(self, state: StateT, actions: list[Action]) -> list[Action]: ...


@runtime_checkable
class ValuesActions(Protocol[StateT]):
    """A judge's optional value of ``action`` worked out without applying it (None: apply it as usual)."""

    def value_action(self, state: StateT, action: Action, seat: int) -> float | None: ...


@runtime_checkable
class PrunesActions(Protocol[StateT]):
    """A game's optional filter of the candidates, used when its judge has none (``PicksCandidates``)."""

    def greedy_actions(self, state: StateT, actions: list[Action]) -> list[Action]: ...


@runtime_checkable
class MakesJudges(Protocol[StateT]):
    """A game that gives each greedy bot a judge of its own (with its own caches)."""

    def greedy_evaluator(self) -> Judge[StateT]: ...


class Memo(OrderedDict[Any, Any]):
    """A bounded cache for a bot's answers: at most ``limit`` entries, the oldest leaves first."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = max(1, limit)

    def put(self, key: Any, value: Any) -> Any:
        """Store ``value`` under ``key`` (making room if full) and return it."""
        if key not in self and len(self) >= self.limit:
            self.popitem(last=False)
        self[key] = value
        return value


class _OutOfBudget(Exception):
    """A deeper look would pass the decision's budget."""


#: how a counted look values one move (``GreedyBot._plan``)
Plan = Callable[[], float]


def _mean(plans: list[Plan]) -> float:
    total = 0.0
    for plan in plans:
        total += plan()
    return total / len(plans)


def _bot_rng(seed: int, seat: int, ply: int) -> Rng:
    rng = Rng(seed * 1_000_003 + seat * 7919 + ply * 104_729)
    rng.below(2)  # stir, so neighbouring seeds diverge at once
    return rng


def position(state: State) -> str:
    """A position as the guard against repeats compares it: the whole state as JSON."""
    return json.dumps(state.to_json(), sort_keys=True)


def _signature(state: State) -> tuple[Any, ...]:
    """What two equal positions surely share, cheap to work out: the seat and the legal moves. Positions with
    different signatures differ; only those with the same one are compared in full (``position``)."""
    return (state.current_player, *map(str, state.legal_actions()))


class _Turn:
    """What a bot remembers of one seat's current turn: the positions it decided at (copies, by signature, each
    serialised only if a later position shares its signature), and the position its last move led to, with
    the move number it is expected at (so it is neither copied nor signed twice)."""

    def __init__(self, turn: int) -> None:
        self.turn = turn
        self.seen: dict[tuple[Any, ...], list[list[Any]]] = {}  # signature -> [[state copy, its JSON or None]]
        self.next: tuple[int, tuple[Any, ...], State] | None = None

    def add(self, signature: tuple[Any, ...], state: State) -> None:
        self.seen.setdefault(signature, []).append([state, None])

    def holds(self, signature: tuple[Any, ...], state: State) -> bool:
        """Whether ``state`` is a position already seen this turn."""
        same = self.seen.get(signature)
        if not same:
            return False
        key = position(state)
        for entry in same:
            if entry[1] is None:
                entry[1] = position(entry[0])
            if entry[1] == key:
                return True
        return False


class Bot:
    kind = ""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        #: per seat (one bot may play several), the turn it is playing
        self._turns: dict[int, _Turn] = {}

    def choose(self, state: State, ply: int, seat: int | None = None) -> Action:
        """The bot's move: its first preference that does not lead back to a position it decided at during
        this turn. When every move would, one that ends the turn or hands the decision to another seat is
        taken, else the first preference (a game whose only moves all repeat has no way out to offer).

        ``seat`` (default: the current player) may be any active seat (``state.active_players``): the bot then
        decides on ``state.as_seat(seat)``, the position as that seat answers in it, and its move is played with
        ``apply_as``. A seat with nothing to decide is refused with IllegalAction."""
        if seat is not None and seat != state.current_player:
            state = state.as_seat(seat)
        seat = state.seat_to_move
        memory = self._turns.get(seat)
        if memory is None or memory.turn != state.turn:
            memory = self._turns[seat] = _Turn(state.turn)
        known, memory.next = memory.next, None
        if known is not None and known[0] == ply:
            memory.add(known[1], known[2])
        else:
            memory.add(_signature(state), state.clone())
        ranked = self.rank(state, ply)
        if len(ranked) == 1:
            return ranked[0]
        leaving = None
        for action in ranked:
            child = state.clone()
            child.apply(action)
            if child.turn != state.turn or child.current_player != seat:
                if leaving is None:
                    leaving = action
                if action is ranked[0]:
                    return action
                continue
            signature = _signature(child)
            if not memory.holds(signature, child):
                memory.next = (ply + 1, signature, child)
                return action
        return leaving if leaving is not None else ranked[0]

    def rank(self, state: State, ply: int) -> list[Action]:
        """The legal moves, or the ones worth playing, the bot's first preference first."""
        raise NotImplementedError


class RandomBot(Bot):
    kind = "random"

    def rank(self, state: State, ply: int) -> list[Action]:
        actions = state.legal_actions()
        rng = _bot_rng(self.seed, state.seat_to_move, ply)
        first = actions.pop(rng.below(len(actions)))
        rng.shuffle(actions)
        return [first, *actions]


class GreedyBot(Bot):
    """Looks through the rest of its turn and plays towards the best value of the game's evaluation.

    See the module docstring for the hooks a game may give it.
    """

    kind = "greedy"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.depth: int = getattr(game, "greedy_depth", GREEDY_DEPTH)
        self.budget: int = getattr(game, "greedy_budget", GREEDY_BUDGET)
        self.samples: int = getattr(game, "greedy_samples", 0)
        #: this bot's own judge (and its caches), when the game gives one
        self.evaluator: Judge[Any] | None = game.greedy_evaluator() if isinstance(game, MakesJudges) else None
        judge: Judge[Any] = self.evaluator if isinstance(self.evaluator, Judge) else game
        self.evaluate = judge.evaluate
        self.prune = (self.evaluator.candidates if isinstance(self.evaluator, PicksCandidates)
                      else game.greedy_actions if isinstance(game, PrunesActions) else None)
        self.value_action = self.evaluator.value_action if isinstance(self.evaluator, ValuesActions) else None
        #: positions looked at by the current decision, and the count at which the current look is given up
        self.nodes = 0
        self._limit: int | None = None

    def candidates(self, state: State) -> list[Action]:
        """The legal moves of the seat to move worth a look (the judge's or the game's filter, never empty)."""
        actions = state.legal_actions()
        if self.prune is not None and len(actions) > 1:
            actions = self.prune(state, actions) or actions
        return actions

    def _node(self) -> None:
        self.nodes += 1
        if self._limit is not None and self.nodes > self._limit:
            raise _OutOfBudget

    def _plan(self, state: State, action: Action, seat: int, depth: int) -> Plan:
        """Count the positions the look at ``action`` reaches (``_node`` gives the look up past its budget) and
        return how to value it: the judge's own value (``value_action``), else the evaluation where the turn
        ends, else the best follow-up. Nothing is evaluated before the whole look is counted, and a move of the
        look's last decision is not even applied till then, so a look given up costs little."""
        self._node()
        if depth == 0 and not self.samples:
            return lambda: self._last(state, action, seat)
        if self.value_action is not None:
            value = self.value_action(state, action, seat)
            if value is not None:
                return lambda: value
        child = state.clone()
        child.apply_listed(action)
        if self.samples and child.rng.calls != state.rng.calls:
            futures = []
            for i in range(self.samples):
                self._node()
                future = state.clone()
                future.rng = Rng(state.rng.state ^ (_SAMPLE_SALT * (i + 1)))
                future.apply_listed(action)
                futures.append(self._plan_judge(state, future, seat, depth))
            return lambda: _mean(futures)
        return self._plan_judge(state, child, seat, depth)

    def _plan_judge(self, state: State, child: State, seat: int, depth: int) -> Plan:
        if depth == 0 or child.is_over or child.turn != state.turn or child.current_player != seat:
            return lambda: self.evaluate(child, seat)
        follows = [self._plan(child, follow, seat, depth - 1) for follow in self.candidates(child)]
        return lambda: max(follow() for follow in follows)

    def _last(self, state: State, action: Action, seat: int) -> float:
        """The value of a move of the look's last decision (of a game that samples no futures)."""
        if self.value_action is not None:
            value = self.value_action(state, action, seat)
            if value is not None:
                return value
        child = state.clone()
        child.apply_listed(action)
        return self.evaluate(child, seat)

    def _look(self, state: State, actions: list[Action], seat: int, depth: int) -> list[tuple[float, Action]]:
        """Every candidate valued through ``depth`` decisions of the turn (1: its own position)."""
        plans = [self._plan(state, action, seat, depth - 1) for action in actions]
        return [(plan(), action) for plan, action in zip(plans, actions)]

    def scored(self, state: State) -> list[tuple[float, Action]]:
        """Each candidate move of the seat to move with the judge's value after it (through the rest of the turn,
        as deep as the budget allows), in the candidates' order. The search bot's root starts from these."""
        seat = state.seat_to_move
        actions = self.candidates(state)
        if len(actions) == 1:
            return [(0.0, actions[0])]
        self.nodes = 0
        scored = None
        for depth in range(self.depth, 1, -1):
            self._limit = self.nodes + self.budget
            try:
                scored = self._look(state, actions, seat, depth)
                break
            except _OutOfBudget:
                continue
            finally:
                self._limit = None
        if scored is None:
            scored = self._look(state, actions, seat, 1)  # always whole: the bot needs a value for each move
        return scored

    def rank(self, state: State, ply: int) -> list[Action]:
        seat = state.seat_to_move
        scored = self.scored(state)
        if len(scored) == 1:
            return [scored[0][1]]
        top = max(value for value, _ in scored)
        best = [action for value, action in scored if value >= top - 1e-9]
        first = best[_bot_rng(self.seed, seat, ply).below(len(best))]
        rest = [action for _, action in sorted(scored, key=lambda pair: -pair[0]) if action is not first]
        return [first, *rest]


#: the most iterations ``search:N`` may ask for a decision (a million take hours here)
MAX_SEARCH_ITERATIONS = 1_000_000


def bot_problem(kind: str) -> str | None:
    """Why ``kind`` names no bot ("greedy", "random", "search" or "search:N"); None when it names one."""
    if kind in BOT_KINDS:
        return None
    name, colon, count = kind.partition(":")
    if name == "search" and colon:
        if count.isascii() and count.isdigit() and 1 <= int(count) <= MAX_SEARCH_ITERATIONS:
            return None
        return _("A search bot's iterations are a whole number from 1 to {most} ('search:400'), not '{count}'.",
                 most=number(MAX_SEARCH_ITERATIONS), count=count)
    return _("Unknown bot '{kind}'. Bots: {kinds}, or search:N for exactly N iterations.", kind=kind,
             kinds=", ".join(BOT_KINDS))


def make_bot(kind: str, game: Game, seed: int = 0) -> Bot:
    """The bot ``kind`` names (see ``bot_problem``); ValueError for a name that is none."""
    problem = bot_problem(kind)
    if problem:
        raise ValueError(problem)
    if kind.startswith("search"):
        from boardgames.core.search import SearchBot  # the search builds on this module

        _, _, count = kind.partition(":")
        return SearchBot(game, seed, iterations=int(count) if count else None)
    classes: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}
    return classes[kind](game, seed)
