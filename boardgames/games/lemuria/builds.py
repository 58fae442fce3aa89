"""Typed builds and reforms: the resources taken off in any order, and a refusal that says what is wrong.

A build is ``build POSITION [RESOURCE...]`` and a reform ``reform BUILDING POSITION [RESOURCE...]``; the
legal list names the resources taken off in the order of the card's cost, and a player may type them in
any order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardgames.core.engine import Action

MAX_BUILDINGS = 8


def split(action: Action) -> tuple[int | None, Any, tuple]:
    """(the building given up or None, the trend position, the resources taken off) of a build or reform."""
    if action.name == "reform":
        return (action.args[0] if action.args else None), (action.args[1] if len(action.args) > 1 else None), \
            action.args[2:]
    return None, (action.args[0] if action.args else None), action.args[1:]


def _card(state: Any, position: Any) -> Any:
    if not isinstance(position, int) or not 1 <= position <= len(state.trend.slots):
        return None
    card = state.trend.slots[position - 1]
    return None if card is None else state.rules.building[card]


def in_cost_order(state: Any, action: Action) -> Action:
    """``action`` with the resources taken off in the order of the card's cost, as the legal list has them."""
    if action.name not in ("build", "reform"):
        return action
    _, position, removed = split(action)
    card = _card(state, position)
    if card is None or len(removed) < 2:
        return action
    order = list(card.cost)
    ordered = tuple(sorted(removed, key=lambda r: order.index(r) if r in order else len(order)))
    head = action.args[:len(action.args) - len(removed)]
    return Action(action.name, (*head, *ordered))


def refusal(state: Any, action: Action) -> str:
    """Why the build or reform ``action`` is not a move now, in one or two sentences."""
    seat, flags = state.current, state.flags
    player = state.players[seat]
    reform_from = state.comp.calendar.reform_from
    old, position, removed = split(action)
    if action.name == "reform":
        if state.round < reform_from:
            return f"Reforms are allowed from month {reform_from}; this is month {state.round}."
        if flags.built:
            return "You have built or reformed this turn already; a reform replaces the turn's build."
        if not player.buildings:
            return "You own no building to reform."
        if not isinstance(old, int) or not 1 <= old <= len(player.buildings):
            return ("You own one building: reform building 1." if len(player.buildings) == 1 else
                    f"Name the building to give up by its number, 1 to {len(player.buildings)}.")
    elif flags.built and not flags.extra_builds:
        return "You have built this turn already."
    elif len(player.buildings) >= MAX_BUILDINGS:
        return f"You own {MAX_BUILDINGS} buildings, the most allowed: reform one instead (from month {reform_from})."
    card = _card(state, position)
    if card is None:
        return f"Name a trend position that holds a card, 1 to {len(state.trend.slots)}."
    off = min(state.discount(seat, position, card.colour, None if old is None else old - 1), sum(card.cost.values()))
    cost = Counter({r: n for r, n in card.cost.items()})
    strange = [r for r in removed if r not in cost]
    if strange:
        return f"The cost of {card.name} ({_cost(card)}) has no {strange[0]} to take off."
    if Counter(removed) - cost:
        return f"You take off more of one resource than {card.name} costs ({_cost(card)})."
    if len(removed) != off:
        if off == 0:
            return f"Nothing comes off {card.name}'s cost now: write the move without resources."
        if off == 1:
            return f"Exactly one resource comes off {card.name}'s cost: name it after the position."
        return f"Exactly {off} resources come off {card.name}'s cost: name them after the position."
    return f"You cannot pay {card.name} ({_cost(card)}) with those resources taken off."


def _cost(card: Any) -> str:
    return ", ".join(f"{n} {r}" for r, n in card.cost.items())
