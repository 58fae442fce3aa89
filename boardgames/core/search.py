"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012), one for every game.

The searching seat never sees more than its own view. Every iteration deals a fresh *determinization*: a copy
of the position in which everything that seat cannot see (other hands, the face-down decks, a card still to be
turned up, the order of future draws) is dealt anew from what the seat can see (``State.determinize``). In
that copy it descends a single tree shared by every determinization (SO-ISMCTS): at each node only the moves
legal in the copy are considered, each child counting how often it was available, and UCT picks among them
by the win chance of the seat who makes the move. Then a short playout of random moves (the game's horizon)
ends in the game's judge, turned into a win chance per seat (``win_chances``); a finished game is scored by
its ranking.

The root is where the greedy bot's knowledge enters: its candidates are the greedy bot's moves (its judge may
leave out moves that cannot help), tried in the greedy bot's order and widened progressively, so a small
budget plays about as the greedy bot does and a larger one corrects it by looking at replies and chance.

A game whose turns are many small decisions may ask for a *flat* search (``search_flat``): no tree below the
root, the greedy bot's first few moves each played to the end of its turn by the judge's favourites (up to a
move left to chance) and judged there, every move's j-th visit in the same sample. Blue Moon City does: its
judge's promise for the rest of a turn is kept by a different amount on every path, so a tree inside a turn
compares values that are not comparable.

A game supplies only its horizon (``search_horizon``: random moves in a playout), the scale of its
judge (``search_scale``: the lead in the judge's units that makes a seat about 73% sure to beat another,
before the game's end) and ``search_flat``, all optional, and ``determinize`` on its state.

With ``iterations`` the search is deterministic from its seed; with ``seconds`` it stops at the first
iteration past the time, so results then depend on the machine.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardgames.core.bots import Bot, GreedyBot, _bot_rng
from boardgames.core.engine import Action, Game, State
from boardgames.core.rng import Rng

#: random moves played after the tree, before the judge values the position, unless the game says otherwise
SEARCH_HORIZON = 0
#: the judge's lead that gives about a 73% win chance against one rival, unless the game says otherwise
SEARCH_SCALE = 10.0
#: the share of the broad softmax in a win chance (see ``win_chances``)
BROAD_SHARE = 0.25
#: UCT's exploration constant (rewards are win chances in [0, 1])
EXPLORATION = 0.7
#: root moves tried at once; one more each time the root's visits double past ``WIDEN_FROM``
WIDEN_START = 3
WIDEN_FROM = 8
#: the root moves a flat search (``search_flat``) judges: the greedy bot's first ones
FLAT_WIDTH = 3
#: the most decisions of a seat's turn played by the judge's favourites after a move (hints, a flat search)
REST_OF_TURN = 24
#: a move that must be judged (the move a player made, in a review) gets at least this share of the iterations
FOCUS_SHARE = 0.25
#: ``bot:search``'s budget: this many seconds a decision (the last iteration and the bot's check against
#: repeating a position come on top: a decision took 1.00 to 1.02 s here with a budget of 1.0)
DEFAULT_SECONDS = 0.95


def win_chances(values: list[float], scale: float) -> list[float]:
    """The judge's values per seat turned into win chances that add up to 1 (a softmax over the seats):
    equal values share the win, and a lead of ``scale`` against one rival is about 73%.

    A quarter of the weight goes to the same softmax at four times the scale: once a game is all but decided
    the chances would otherwise all read 0 or 1, and the search, the hints and the review could no longer
    tell a good move of the losing seat from a bad one."""
    sharp, broad = _softmax(values, scale), _softmax(values, 4 * scale)
    return [BROAD_SHARE * b + (1 - BROAD_SHARE) * s for s, b in zip(sharp, broad)]


def _softmax(values: list[float], scale: float) -> list[float]:
    top = max(values)
    weights = [math.exp((value - top) / scale) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


def final_chances(state: State) -> list[float]:
    """A finished game's outcome as win chances: the winners share 1."""
    ranks = state.result().ranks
    winners = ranks.count(1)
    return [1 / winners if rank == 1 else 0.0 for rank in ranks]


def sample(state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with what ``seat`` cannot see dealt anew from ``rng``, the future draws included."""
    world = state.clone()
    world.determinize(seat, rng)
    world.rng = Rng(rng.below(1 << 62), world.rng.calls)
    return world


def rest_of_turn(search: Search, world: State, seat: int, turn: int) -> State:
    """``world`` after the rest of ``seat``'s decisions of ``turn``, each the judge's favourite one move ahead,
    stopping before a move left to chance (a die, a draw: a sample's would tell nothing of the real one)."""
    for _step in range(REST_OF_TURN):
        if world.is_over or world.current_player != seat or world.turn != turn:
            break
        best: tuple[float, State] | None = None
        for action in search.greedy.candidates(world):
            child = world.clone()
            child.apply_listed(action)
            if child.rng.calls != world.rng.calls:
                continue  # chance: left for the judge to value at its odds
            value = search.evaluate(child, seat)
            if best is None or value > best[0]:
                best = (value, child)
        if best is None:
            break
        world = best[1]
    return world


class _Node:
    """One move in the tree: its statistics are those of the seat who makes it (``mover``)."""

    __slots__ = ("action", "mover", "children", "visits", "available", "total", "order")

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        #: the moves worth trying here, best first (``Search._ordered``), once the node is reached
        self.order: list[Action] | None = None

    def score(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


@dataclass(frozen=True)
class MoveValue:
    """A root move as the search left it: how often it was tried and the mover's win chance after it (its
    mean result; ``prior``: the greedy judge's value, for moves the search never tried)."""

    action: Action
    visits: int
    chance: float
    prior: float


@dataclass
class Analysis:
    """What one search found for the seat deciding at the root: its moves best first."""

    seat: int
    moves: list[MoveValue]
    iterations: int
    seconds: float
    #: the seat's win chance before the move (the mean over every iteration)
    chance: float

    def value_of(self, action: Action) -> MoveValue | None:
        text = str(action)
        return next((move for move in self.moves if str(move.action) == text), None)


class Stopped(Exception):
    """The search was asked to stop (a review cancelled, a screen closed)."""


class Search:
    """One seat's searches in one game, with a judge of its own (its caches stay with it)."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.greedy = GreedyBot(game, seed)
        self.evaluate = self.greedy.evaluate
        self.horizon: int = int(getattr(game, "search_horizon", SEARCH_HORIZON))
        self.scale: float = float(getattr(game, "search_scale", SEARCH_SCALE))
        #: whether a leaf waits for the end of its turn: not when the judge already values what the rest of a
        #: turn can bring (a game whose greedy bot looks one decision deep, as Blue Moon City's)
        self.whole_turns = self.greedy.depth > 1
        #: whether only the root's first moves are judged, each at the end of its turn (``_iterate_flat``)
        self.flat = bool(getattr(game, "search_flat", False))

    # -- the pieces ---------------------------------------------------------------------------------------
    def chances(self, state: State) -> list[float]:
        """Every seat's win chance in ``state`` as the judge sees it (the ranking once the game is over)."""
        if state.is_over:
            return final_chances(state)
        seats = len(state.names)  # type: ignore[attr-defined]
        return win_chances([self.evaluate(state, seat) for seat in range(seats)], self.scale)

    def _playout(self, state: State, rng: Rng) -> list[float]:
        for _ in range(self.horizon):
            if state.is_over:
                break
            actions = state.legal_actions()
            state.apply_listed(actions[rng.below(len(actions))])
        return self.chances(state)

    # -- the search ---------------------------------------------------------------------------------------
    def analyse(
        self,
        state: State,
        seat: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        focus: Action | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> Analysis:
        """Search the decision of ``seat`` (default: the current player) in ``state``, using only what that
        seat may see. Give ``iterations`` (deterministic from ``seed``) or ``seconds``. ``focus``: a move that
        must be judged well (it gets at least a quarter of the iterations). ``stop`` is asked between
        iterations; when it answers True the search raises :class:`Stopped`."""
        if iterations is None and seconds is None:
            raise ValueError("a search needs iterations or seconds")
        started = time.perf_counter()
        if seat is not None and seat != state.current_player:
            state = state.as_seat(seat)
        seat = state.seat_to_move
        root_state = state.clone()
        rng = Rng(seed * 1_000_003 + seat * 7919 + 17)
        rng.below(2)
        first = sample(root_state, seat, rng)
        scored = self.greedy.scored(first)  # the greedy look, in a sample too
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        ranked = [scored[i] for i in order]
        if focus is not None and all(str(a) != str(focus) for _, a in ranked):
            ranked.append((min(v for v, _ in ranked), focus))  # a move the judge's candidates left out
        root = _Node(None, seat)
        done = 0
        chance_total = 0.0
        limit = iterations if iterations is not None else 10**9
        deadline = started + seconds if seconds is not None else math.inf
        if len(ranked) > 1:
            while done < limit and (done == 0 or time.perf_counter() < deadline):
                if stop is not None and stop():
                    raise Stopped
                dealer = Rng(rng.below(1 << 62))
                if self.flat:
                    chance_total += self._iterate_flat(root_state, first, root, ranked, focus, seed)[seat]
                else:
                    world = sample(root_state, seat, dealer)
                    chance_total += self._iterate(world, root, ranked, focus, dealer)[seat]
                done += 1
        moves = []
        for value, action in ranked:
            node = root.children.get(str(action))
            if node is not None and node.visits:
                moves.append(MoveValue(action, node.visits, node.total / node.visits, value))
            else:
                moves.append(MoveValue(action, 0, -1.0, value))
        rank_of = {str(action): i for i, (_, action) in enumerate(ranked)}
        moves.sort(key=lambda m: (-m.visits, -m.chance, rank_of[str(m.action)]))
        if len(ranked) == 1:  # nothing to choose: the judge's chance in one sample of what the seat cannot see
            chance = self.chances(sample(root_state, seat, rng))[seat]
            moves = [MoveValue(ranked[0][1], 0, chance, ranked[0][0])]
        else:
            chance = chance_total / max(1, done)
        return Analysis(seat, moves, done, time.perf_counter() - started, chance)

    def _iterate_flat(self, root_state: State, first: State, root: _Node, ranked: list[tuple[float, Action]],
                      focus: Action | None, seed: int) -> list[float]:
        """One iteration of a flat search: one of the greedy bot's first ``FLAT_WIDTH`` moves (UCT among them),
        played in a fresh sample and followed by the rest of the seat's turn as the judge would play it, up to a
        move left to chance; then the judge. The j-th visit of every move is played in the same sample (common
        random numbers), so the moves are compared on the same cards."""
        seat = root_state.seat_to_move
        legal = {str(a) for a in first.legal_actions()}
        open_moves = [a for _, a in ranked[:FLAT_WIDTH] if str(a) in legal] or first.legal_actions()
        child = None
        if focus is not None and str(focus) in legal:
            focused = root.children.get(str(focus))
            if focused is None or focused.visits < FOCUS_SHARE * (root.visits + 1):
                child = focused or self._add(root, focus, seat)
        if child is None:
            child = self._select(root, open_moves, seat)
        dealer = Rng(seed * 7_368_787 + child.visits * 1_000_033 + 11)
        world = sample(root_state, seat, dealer)
        root.visits += 1
        if str(child.action) not in {str(a) for a in world.legal_actions()}:
            return self.chances(world)  # a move this sample does not allow: nothing learnt about it
        turn = world.turn
        world.apply(child.action)  # type: ignore[arg-type]
        chances = self._playout(rest_of_turn(self, world, seat, turn), Rng(dealer.below(1 << 62)))
        child.visits += 1
        child.total += chances[seat]
        return chances

    def _ordered(self, world: State, node: _Node) -> list[Action]:
        """The moves worth trying at ``node``, best first by the judge one move ahead (the judge's candidates
        when it has a filter), worked out when the node is first reached; a move legal in a later sample but
        not in that first one goes last."""
        if node.order is None:
            mover = world.seat_to_move
            actions = self.greedy.candidates(world)
            if len(actions) > 1:
                values = [self._value_after(world, action, mover) for action in actions]
                ranks = sorted(range(len(actions)), key=lambda i: -values[i])
                actions = [actions[i] for i in ranks]
            node.order = actions
            return actions
        legal = world.legal_actions()
        known = {str(a) for a in node.order}
        texts = {str(a) for a in legal}
        return [a for a in node.order if str(a) in texts] + [a for a in legal if str(a) not in known]

    def _value_after(self, world: State, action: Action, mover: int) -> float:
        valued = self.greedy.value_action
        if valued is not None:
            value = valued(world, action, mover)
            if value is not None:
                return value
        child = world.clone()
        child.apply_listed(action)
        return self.evaluate(child, mover)

    def _iterate(self, world: State, root: _Node, ranked: list[tuple[float, Action]], focus: Action | None,
                 rng: Rng) -> list[float]:
        """One descent: through the tree by UCT, adding the first new node and then every node up to the end of
        that seat's turn (each new node's first move is the judge's favourite, so a turn is never judged half
        played, unless the judge values the rest of a turn itself: ``whole_turns``), then ``horizon`` random
        moves, then the judge."""
        path = [root]
        legal = {str(a) for a in world.legal_actions()}
        open_moves = [a for _, a in ranked[:self._width(root)] if str(a) in legal]
        if not open_moves:  # the sample allows none of the candidates: any legal move will do
            open_moves = world.legal_actions()
        child = None
        if focus is not None and str(focus) in legal:
            focused = root.children.get(str(focus))
            if focused is None or focused.visits < FOCUS_SHARE * (root.visits + 1):
                child = focused or self._add(root, focus, world.seat_to_move)
        if child is None:
            child = self._select(root, open_moves, world.seat_to_move)
        expanded = child.visits == 0
        leaf_mover, leaf_turn = world.seat_to_move, world.turn
        world.apply(child.action)  # type: ignore[arg-type]
        path.append(child)
        node = child
        while not world.is_over and (not expanded or (self.whole_turns and world.current_player == leaf_mover
                                                      and world.turn == leaf_turn)):
            moves = self._ordered(world, node)
            if not moves:
                break
            mover = world.seat_to_move
            child = self._select(node, moves[:self._width(node)] or moves, mover)
            if child.visits == 0 and not expanded:
                expanded, leaf_mover, leaf_turn = True, mover, world.turn
            world.apply(child.action)  # type: ignore[arg-type]
            path.append(child)
            node = child
        chances = self._playout(world, rng)
        root.visits += 1
        for step in path[1:]:
            step.visits += 1
            step.total += chances[step.mover]
        return chances

    @staticmethod
    def _width(node: _Node) -> int:
        """How many of a node's moves (best first) are open: three, one more each time its visits double."""
        if node.visits < WIDEN_FROM:
            return WIDEN_START
        return WIDEN_START + int(math.log2(node.visits / WIDEN_FROM)) + 1

    @staticmethod
    def _add(node: _Node, action: Action, mover: int) -> _Node:
        child = node.children[str(action)] = _Node(action, mover)
        return child

    def _select(self, node: _Node, actions: list[Action], mover: int) -> _Node:
        """The first untried of ``actions`` (they come best first), else UCT among the tried ones. Every child
        available here has its availability count raised (SO-ISMCTS)."""
        untried = None
        available = []
        for action in actions:
            child = node.children.get(str(action))
            if child is None or child.visits == 0:
                if untried is None:
                    untried = action
            else:
                available.append(child)
        for child in available:
            child.available += 1
        if untried is not None:
            child = node.children.get(str(untried)) or self._add(node, untried, mover)
            child.available += 1
            return child
        return max(available, key=lambda child: child.score(EXPLORATION))


class SearchBot(Bot):
    """``bot:search`` (about a second a decision) and ``bot:search:N`` (exactly N iterations, deterministic
    from the game's seed)."""

    kind = "search"

    def __init__(self, game: Game, seed: int = 0, iterations: int | None = None,
                 seconds: float = DEFAULT_SECONDS) -> None:
        super().__init__(game, seed)
        self.iterations = iterations
        self.seconds = seconds
        self.search = Search(game, seed)
        self.last: Analysis | None = None
        #: where the search runs instead of here (``boardgames.thinking``: another process, a server's cap):
        #: called as ``runner(state, seed, iterations=N)`` or ``runner(state, seed, seconds=S)``
        self.runner: Callable[..., Analysis] | None = None

    def rank(self, state: State, ply: int) -> list[Action]:
        seed = _bot_rng(self.seed, state.seat_to_move, ply).below(1 << 62)
        budget: dict[str, Any] = ({"iterations": self.iterations} if self.iterations is not None
                                  else {"seconds": self.seconds})
        if self.runner is not None:
            self.last = self.runner(state, seed, **budget)
        else:
            self.last = self.search.analyse(state, seed=seed, **budget)
        return [move.action for move in self.last.moves]
