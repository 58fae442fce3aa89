"""How the greedy bot judges a Sintra position for one seat."""

from __future__ import annotations

from boardgames.games.sintra.data import SLOTS, STRIP_LEN
from boardgames.games.sintra.rules import EMPTY, SintraState, end_bonus

#: the search bot (core/search.py): the lead in this judge's units worth about 73% against one rival, fitted
#: to the winners of greedy games (benchmarks/win_chance_calibration.py), so a hint's chance is about right
SEARCH_SCALE = 4.0


def evaluate(state: SintraState, seat: int) -> float:
    """Points now plus what the palace is on course to score: the sum of :func:`terms`."""
    return sum(terms(state, seat).values())


def terms(state: SintraState, seat: int) -> dict[str, float]:
    """The judge's value by its parts (hints name the largest gains): ``points`` (the score now), ``glass`` (the
    broken-glass track), ``bonus`` (the share of the palace's end bonus counted) and ``strip:N``.

    A part-filled strip is worth the share of its completion score (its window,
    the glazed windows to its right, and a margin for the window's future use)
    that grows with the square of its filled spaces; strips left of the glazier
    count a little less because a turn is needed to reach them again. Rivals are
    left out: a move never changes another palace, so they never change a choice.
    """
    palace = state.players[seat]
    if palace.final is not None:
        return {"points": float(palace.score)}
    side = state.rules.palace[state.side]
    values = side.window_values
    parts: dict[str, float] = {
        "points": float(palace.score),
        "glass": float(state.rules.components.broken_track[palace.track]),
        "bonus": 0.8 * end_bonus(side, palace.windows)[0],
    }
    for slot, row in enumerate(palace.filled):
        filled = STRIP_LEN - row.count(EMPTY)
        if not filled or palace.strip_ids[slot] is None:
            continue
        gain = values[slot] + 4 + sum(values[w] for w in range(slot + 1, SLOTS) if palace.windows[w][0] != EMPTY)
        reach = 1.0 if slot >= palace.glazier else 0.85
        parts[f"strip:{slot + 1}"] = reach * 0.8 * (filled / STRIP_LEN) ** 2 * gain
    return parts


class Evaluator:
    """One greedy bot's judge; Sintra's evaluation keeps no cache, so every bot's is the same."""

    @staticmethod
    def evaluate(state: SintraState, seat: int) -> float:
        return evaluate(state, seat)
