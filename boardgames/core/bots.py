"""Bots that play any game through the engine contract.

A bot's choice depends only on the game seed, its seat and the move number, so
a replayed or resumed game sees the same bot moves.

The greedy bot consults three optional hooks on the ``Game`` (class attributes
or methods; a game that defines none gets the defaults, as Sintra does):

- ``greedy_depth: int`` - the most decisions of its own turn the bot looks
  through (default ``GREEDY_DEPTH``). A game whose evaluation already judges
  what the rest of the turn can bring may set 1 and stay fast with long lists.
- ``greedy_budget: int`` - how many positions (states reached by applying an
  action, sampled futures included) one decision may look at (default
  ``GREEDY_BUDGET``). The bot looks one decision deep at every candidate, then
  one decision deeper at all of them while the budget lasts: a pass the budget
  cuts short is thrown away, so the bot plays on the deepest complete look and
  long action lists cannot explode. Counting positions instead of seconds keeps
  the bot's moves the same on any machine.
- ``greedy_actions(state, actions) -> list[Action]`` - the candidates worth
  looking at among the legal ``actions`` (same order, never empty), so a game
  can leave out moves that cannot help; the bot still plays only legal moves.
- ``greedy_samples: int`` - when above 0, an action that draws from the
  state's generator (a card draw, a shuffle: ``rng.calls`` changes) is judged
  as the mean over that many re-seeded futures instead of the real one, so the
  bot never peeks at a face-down deck. 0 (the default) judges the real future.
"""

from __future__ import annotations

from boardgames.core.engine import Action, Game, State
from boardgames.core.rng import Rng

#: the strongest first: menus offer them in this order
BOT_KINDS = ("greedy", "random")

#: the most decisions of one turn the greedy bot looks through, unless the game says otherwise
GREEDY_DEPTH = 3
#: positions one decision of the greedy bot may look at beyond its first, one-deep look
GREEDY_BUDGET = 2000

_SAMPLE_SALT = 0x5DEECE66D


class _OutOfBudget(Exception):
    """A deeper look would pass the decision's budget."""


def _bot_rng(seed: int, seat: int, ply: int) -> Rng:
    rng = Rng(seed * 1_000_003 + seat * 7919 + ply * 104_729)
    rng.below(2)  # stir, so neighbouring seeds diverge at once
    return rng


class Bot:
    kind = ""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.seed = seed

    def choose(self, state: State, ply: int) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    kind = "random"

    def choose(self, state: State, ply: int) -> Action:
        actions = state.legal_actions()
        return actions[_bot_rng(self.seed, state.current_player, ply).below(len(actions))]


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
        self.prune = getattr(game, "greedy_actions", None)
        #: positions looked at by the current decision, and the count at which a deeper look stops
        self.nodes = 0
        self._limit: int | None = None
        self._cut = False  # a look stopped at its depth while the turn went on: a deeper look would see more

    def _candidates(self, state: State) -> list[Action]:
        actions = state.legal_actions()
        if self.prune is not None and len(actions) > 1:
            actions = self.prune(state, actions) or actions
        return actions

    def _node(self) -> None:
        self.nodes += 1
        if self._limit is not None and self.nodes > self._limit:
            raise _OutOfBudget

    def _after(self, state: State, action: Action, seat: int, depth: int) -> float:
        """The value of ``action``: evaluated when the turn ends, else the best follow-up."""
        self._node()
        child = state.clone()
        child.apply(action)
        if self.samples and child.rng.calls != state.rng.calls:
            total = 0.0
            for i in range(self.samples):
                self._node()
                future = state.clone()
                future.rng = Rng(state.rng.state ^ (_SAMPLE_SALT * (i + 1)))
                future.apply(action)
                total += self._judge(state, future, seat, depth)
            return total / self.samples
        return self._judge(state, child, seat, depth)

    def _judge(self, state: State, child: State, seat: int, depth: int) -> float:
        if child.is_over or child.turn != state.turn or child.current_player != seat:
            return self.game.evaluate(child, seat)
        if depth == 0:
            self._cut = True
            return self.game.evaluate(child, seat)
        return max(self._after(child, follow, seat, depth - 1) for follow in self._candidates(child))

    def _look(self, state: State, actions: list[Action], seat: int, depth: int) -> list[tuple[float, Action]]:
        """Every candidate valued through ``depth`` decisions of the turn (1: its own position)."""
        self._cut = False
        return [(self._after(state, action, seat, depth - 1), action) for action in actions]

    def choose(self, state: State, ply: int) -> Action:
        seat = state.current_player
        actions = self._candidates(state)
        if len(actions) == 1:
            return actions[0]
        self.nodes, self._limit = 0, None
        scored = self._look(state, actions, seat, 1)  # always whole: the bot needs a value for each move
        depth, deeper = 1, self._cut
        self._limit = self.budget
        while deeper and depth < self.depth:
            try:
                scored = self._look(state, actions, seat, depth + 1)
            except _OutOfBudget:
                break
            depth, deeper = depth + 1, self._cut
        self._limit = None
        top = max(value for value, _ in scored)
        best = [action for value, action in scored if value >= top - 1e-9]
        return best[_bot_rng(self.seed, seat, ply).below(len(best))]


def make_bot(kind: str, game: Game, seed: int = 0) -> Bot:
    classes = {"random": RandomBot, "greedy": GreedyBot}
    if kind not in classes:
        raise ValueError(f"Unknown bot '{kind}'. Bots: {', '.join(BOT_KINDS)}.")
    return classes[kind](game, seed)
