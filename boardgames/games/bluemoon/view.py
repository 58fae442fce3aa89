"""What one seat may see of a Blue Moon City game: the only place secrets are left out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.core import cards as deck_ops
from boardgames.games.bluemoon.data import DRAGONS, Bonus, Building
from boardgames.games.bluemoon.pieces import COURTYARD, GRID, NO_TILE, NOBODY, OFF

if TYPE_CHECKING:
    from boardgames.games.bluemoon.rules import BlueMoonState


def seat_view(state: BlueMoonState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see: a hand and a crystal total only to their owner (all at the end)."""
    over = state.current is None
    cells: list[list[dict[str, Any] | None]] = []
    figures: dict[int, list[int]] = {}
    for s, p in enumerate(state.players):
        figures.setdefault(p.pos, []).append(s)
    for row in range(GRID.height):
        line = []
        for col in range(GRID.width):
            cell = row * GRID.width + col
            line.append(_cell_view(state, cell, figures.get(cell, [])))
        cells.append(line)
    players = []
    for s, p in enumerate(state.players):
        secret = deck_ops.shown_to(seat, s, over)
        players.append({
            "name": state.names[s],
            "position": GRID.name(p.pos),
            "markers": state.markers_left(s),
            "scales": p.scales,
            "offerings": p.offerings,
            "hand_size": deck_ops.size(p.hand),
            "pending_cards": deck_ops.size(p.pending),
            "crystals": p.crystals if secret else None,
            "hand": deck_ops.listing(p.hand) if secret else None,
        })
    pay = None
    if state.pay is not None:
        box = state.rules.buildings[state.pay.building].boxes[state.pay.box]
        pay = {"cell": GRID.name(state.players[state.current].pos), "box": state.pay.box + 1, "value": box.value,
               "colour": state.pay.colour, "cards": [{"card": c, "as": a} for c, a in state.pay.cards],
               "powers": list(state.pay.powers), "total": state.pay.total, "converts": dict(state.pay.converts)}
    return {
        "game": "bluemoon",
        "seat": seat,
        "current": state.current,
        "phase": state.phase,
        "prompt": state.prompt(),
        "expansion": state.expansion,
        "offerings_to_win": state.to_win,
        "peoples": [{"id": p.id, "name": p.name, "colour": p.colour, "letter": p.letter, "dragon": p.dragon,
                     "power": p.power} for p in state.rules.peoples],
        "cells": cells,
        "dragons": {colour: None if where == OFF else GRID.name(where)
                    for colour, where in zip(DRAGONS, state.dragons)},
        "obelisk": [{"cost": cost, "seat": state.obelisk[i] if i < len(state.obelisk) else None}
                    for i, cost in enumerate(state.obelisk_costs)],
        "next_cost": state.next_cost(),
        "scales": {"supply": state.scale_supply(), "total": state.scale_total},
        "deck": deck_ops.size(state.deck),
        "discard": deck_ops.size(state.discard),
        "players": players,
        "turn_state": {"steps_left": state.steps, "contributed": state.contributed, "offered": state.offered,
                       "extra_used": state.extra_used, "jumped": state.jumped, "discarded": state.discarded,
                       "max_discard": state.rules.components.max_discard},
        "pay": pay,
        "outcome": state.outcome,
    }

def _cell_view(state: BlueMoonState, cell: int, figures: list[int]) -> dict[str, Any] | None:
    b = state.grid[cell]
    if b == NO_TILE:
        return None
    dragons = [colour for colour, where in zip(DRAGONS, state.dragons) if where == cell]
    if b == COURTYARD:
        return {**_courtyard_view(state.rules.courtyard.id, state.rules.courtyard.name), "id": GRID.name(cell),
                "figures": figures, "dragons": dragons}
    building = state.rules.buildings[b]
    return {
        **_building_view(building),
        "id": GRID.name(cell),
        "rebuilt": state.rebuilt[b],
        "boxes": [{"colour": box.colour, "value": box.value, "marker": None if seat == NOBODY else seat}
                  for box, seat in zip(building.boxes, state.markers[b])],
        "open_boxes": [k + 1 for k in state.open_boxes(b)],
        "figures": figures,
        "dragons": dragons,
    }


def _building_view(building: Building) -> dict[str, Any]:
    """The printed, never-changing part of a building's view, built anew for each view.

    Not cached: a cached dict or list would be one object shared by every game's
    views, so a screen changing one view would change the others.
    """
    return {"tile": building.id, "name": building.name, "kind": "building", "colour": building.colour,
            "start": building.start, "expansion": building.expansion,
            "majority": _bonus_view(building.majority), "construction": _bonus_view(building.construction),
            "neighbourhood": _bonus_view(building.neighbourhood), "extra": building.extra}


def _courtyard_view(tile: str, name: str) -> dict[str, Any]:
    return {"tile": tile, "name": name, "kind": "courtyard", "colour": None, "rebuilt": True, "start": False,
            "expansion": False, "boxes": [], "open_boxes": [], "majority": [], "construction": [],
            "neighbourhood": [], "extra": None}


def _bonus_view(bonus: Bonus) -> list[dict[str, Any]]:
    return [{"kind": kind, "count": count} for kind, count in bonus.items()]
