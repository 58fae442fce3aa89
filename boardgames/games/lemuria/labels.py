"""What a player reads for each move of the turn's own decisions: the consequence first, distinct early.

The list of moves shows about 24 characters of a label at 80 columns (the line under the board shows it
whole), so what tells two moves apart comes first ("Build 2 -BS: ...", "Plant in 4: mineral ...") and the
consequence follows: what a harvest gives whom and whether it costs gold, the VP a build or a housing
brings, the old building of a reform by name. Resources taken off a cost are written by their letters, as
the trend line shows costs. Card decisions label themselves in ``powers.py``.
"""

from __future__ import annotations

from typing import Any

from boardgames.core.decisions import Decision
from boardgames.core.engine import Action


def _letters(state: Any, removed: tuple) -> str:
    letter = {r.id: r.letter for r in state.comp.resources}
    return " -" + "".join(letter.get(r, str(r)) for r in removed) if removed else ""


def _build(state: Any, d: Decision, action: Action) -> str:
    reform = action.name == "reform"
    index, position = (action.args[0], action.args[1]) if reform else (None, action.args[0])
    removed = action.args[2:] if reform else action.args[1:]
    card = state.rules.building[state.trend.slots[position - 1]]
    bonus = state.flags.trend_bonus if state.flags.trend_bonus is not None else state.trend.bonus(position)
    vp = card.vp + (bonus if all(keeps for _n, keeps in state.flags.discounts) else 0)
    off = _letters(state, removed)
    if not reform:
        return f"Build {position}{off}: {card.name} for {vp} VP"
    old = state.rules.building[state.players[d.seat].buildings[index - 1].building]
    return f"Reform {index} to {position}{off}: {old.name} into {card.name} for {vp} VP"


def _harvest(state: Any, d: Decision, section: int) -> str:
    paid = d.args[0] and not state.flags.free_harvests
    shares = state.altar.shares(section, d.seat)
    resource = shares[0].resource
    others = [f"{state.names[s.seat]} {s.amount}" for s in shares[1:]]
    head = f"Harvest {section} for 1 gold" if paid else f"Harvest {section}"
    gets = f"you get {shares[0].amount} {resource}"
    return f"{head}: {gets}, " + ", ".join(others) if others else f"{head}: {gets}"


def _house(state: Any, d: Decision, index: int) -> str:
    building = state.rules.building[state.players[d.seat].buildings[index - 1].building]
    vp = state.rules.citizen[d.args[0]].vp_in(building.colour)
    return f"House in {building.name} for {vp} VP"


def label(state: Any, d: Decision, action: Action) -> str:
    args, name = action.args, action.name
    rules = state.rules
    if name == "pass":
        return f"Pass {rules.citizen[args[0]].name}"
    if name == "citizen":
        citizen = rules.citizen[args[0]]
        return f"Play {citizen.name} ({citizen.food} food): {citizen.text}"
    if name in ("build", "reform"):
        return _build(state, d, action)
    if name == "put":
        section, kind = args
        return f"Plant in {section}: {kind} for {state.altar.resource(section, kind)}"
    if name == "reserve":
        return f"Reserve space {args[0]}: {args[1]}"
    if name == "take":
        return _harvest(state, d, args[0])
    if name == "house":
        return _house(state, d, args[0])
    if name == "discard" and args:
        return f"Discard {rules.citizen[args[0]].name}"
    if name == "spot":
        area = next(a for a in state.comp.areas if a.id == args[0])
        return f"Marker in {area.name}: its bonus is {area.bonus.describe()}"
    if name == "impact":
        card = rules.impact[state.impact_left[0] - 1]
        return f"Impact card {card.number}, {card.name}: {card.text}"
    if name == "buy":
        price = 0 if state.flags.free_buys else len(state.players[d.seat].hand)
        return f"Buy a citizen card for {price} gold"
    if name == "altar":
        return {"stay": "Leave the altar", "cw": "Turn clockwise (1 gold)",
                "ccw": "Turn anticlockwise (1 gold)"}.get(args[0] if args else "", "Altar")
    return {"plant": "Plant matter", "harvest": "Harvest", "swap": "Swap a citizen card (2 gold)",
            "end": "End the turn", "done": "Done", "discard": "Discard the citizen"}.get(name, str(action))
