"""Bots that play any game through the engine contract.

A bot's choice depends only on the game seed, its seat and the move number, so
a replayed or resumed game sees the same bot moves.
"""

from __future__ import annotations

from boardgames.core.engine import Action, Game, State
from boardgames.core.rng import Rng

#: the strongest first: menus offer them in this order
BOT_KINDS = ("greedy", "random")

#: how many decisions of one turn the greedy bot looks through
GREEDY_DEPTH = 3


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
    """One turn of look-ahead: the best value of the game's evaluation at turn's end."""

    kind = "greedy"

    def _after(self, state: State, action: Action, seat: int, depth: int) -> float:
        """The value of ``action``: evaluated when the turn ends, else the best follow-up."""
        child = state.clone()
        child.apply(action)
        if depth == 0 or child.is_over or child.turn != state.turn or child.current_player != seat:
            return self.game.evaluate(child, seat)
        return max(self._after(child, follow, seat, depth - 1) for follow in child.legal_actions())

    def choose(self, state: State, ply: int) -> Action:
        seat = state.current_player
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scored = [(self._after(state, action, seat, GREEDY_DEPTH - 1), action) for action in actions]
        top = max(value for value, _ in scored)
        best = [action for value, action in scored if value >= top - 1e-9]
        return best[_bot_rng(self.seed, seat, ply).below(len(best))]


def make_bot(kind: str, game: Game, seed: int = 0) -> Bot:
    classes = {"random": RandomBot, "greedy": GreedyBot}
    if kind not in classes:
        raise ValueError(f"Unknown bot '{kind}'. Bots: {', '.join(BOT_KINDS)}.")
    return classes[kind](game, seed)
