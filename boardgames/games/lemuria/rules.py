"""Lemuria's rules: the state (``state.py``) answering the decision kinds of every part of the month.

A month (ruling 1) is in ``months.py``, a turn's menu (ruling 14) in ``turn.py``, and the decisions inside a
turn with their parts: ``planting.py``, ``builds.py``, ``citizens.py``; card effects in ``powers.py``.
"""

from __future__ import annotations

from boardgames.core.decisions import merge
from boardgames.games.lemuria import builds, citizens, months, planting, powers, turn
from boardgames.games.lemuria.state import (
    ALTAR,
    DISCARD,
    HARVEST,
    HOUSE,
    MAX_BUILDINGS,
    PASS,
    PLANT,
    SPOT,
    TURN,
    LemuriaState,
)

__all__ = ["ALTAR", "DISCARD", "HARVEST", "HOUSE", "MAX_BUILDINGS", "PASS", "PLANT", "SPOT", "TURN", "LemuriaState"]

LemuriaState.KINDS = merge(months.KINDS, turn.KINDS, planting.KINDS, builds.KINDS, citizens.KINDS, powers.KINDS)
