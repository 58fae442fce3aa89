"""How the greedy bot judges a Blue Moon City position (a first version; see evaluate)."""

from __future__ import annotations

from boardgames.games.bluemoon.rules import BlueMoonState


def evaluate(state: BlueMoonState, seat: int) -> float:
    """Offerings first, then crystals, scales and cards that lead to them."""
    me = state.players[seat]
    if state.current is None:
        return 1000.0 if state.result().ranks[seat] == 1 else -1000.0
    value = 60.0 * me.offerings + me.crystals + 0.8 * me.scales
    value += 0.6 * sum(int(c[2:]) * n for c, n in me.hand.items()) + 0.5 * sum(me.pending.values())
    return value
