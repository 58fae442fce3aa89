"""What one seat may see of a Blue Moon City game (``BlueMoonState.view``): the only place secrets are left out.

Every key is always there; a secret is None to a seat that may not see it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from boardgames.core import cards as deck_ops
from boardgames.games.bluemoon.data import DRAGONS, Bonus, Building
from boardgames.games.bluemoon.pieces import COURTYARD, GRID, NO_TILE, NOBODY, OFF

if TYPE_CHECKING:
    from boardgames.games.bluemoon.state import BlueMoonState


class BonusView(TypedDict):
    kind: str  # crystal, card or scale
    count: int


class BoxView(TypedDict):
    colour: str  # a people id, or "any" (a Royal Palace box)
    value: int
    marker: int | None


class PrintedTile(TypedDict):
    """The printed, never-changing part of a tile."""

    tile: str
    name: str
    kind: str  # building or courtyard
    colour: str | None
    start: bool
    expansion: bool
    majority: list[BonusView]
    construction: list[BonusView]
    neighbourhood: list[BonusView]
    extra: str | None


class CourtyardPrinted(PrintedTile):
    rebuilt: bool
    boxes: list[BoxView]
    open_boxes: list[int]


class TileView(PrintedTile):
    id: str  # the cell, such as c3
    rebuilt: bool
    boxes: list[BoxView]
    open_boxes: list[int]
    figures: list[int]  # seats
    dragons: list[str]  # colours


class PeopleView(TypedDict):
    id: str
    name: str
    colour: str
    letter: str
    dragon: str | None
    power: str


class ObeliskSpace(TypedDict):
    cost: int
    seat: int | None


class ScalesView(TypedDict):
    supply: int
    total: int


class PlayerView(TypedDict):
    name: str
    position: str
    markers: int
    scales: int
    offerings: int
    hand_size: int
    pending_cards: int
    #: None to the other seats until the game is over
    crystals: int | None
    hand: list[str] | None


#: a card paid into the box and what it counts as ("as" is a Python word, hence this spelling)
PaidCard = TypedDict("PaidCard", {"card": str, "as": str})


class PayView(TypedDict):
    cell: str
    box: int
    value: int
    colour: str | None
    cards: list[PaidCard]
    powers: list[str]
    total: int
    converts: dict[str, int]


class TurnView(TypedDict):
    steps_left: int
    contributed: bool
    offered: bool
    extra_used: bool
    jumped: bool
    discarded: int
    max_discard: int


class SeatView(TypedDict):
    game: str
    seat: int | None
    current: int | None
    phase: str
    prompt: str
    expansion: bool
    offerings_to_win: int
    peoples: list[PeopleView]
    cells: list[list[TileView | None]]  # rows of the grid; None where there is no tile
    dragons: dict[str, str | None]  # colour -> cell, None beside the city
    obelisk: list[ObeliskSpace]
    next_cost: int | None
    scales: ScalesView
    deck: int
    discard: int
    players: list[PlayerView]
    turn_state: TurnView
    #: the box being paid, while paying
    pay: PayView | None
    outcome: str


def seat_view(state: BlueMoonState, seat: int | None) -> SeatView:
    """What ``seat`` may see: a hand and a crystal total only to their owner (all at the end)."""
    over = state.current is None
    cells: list[list[TileView | None]] = []
    figures: dict[int, list[int]] = {}
    for s, p in enumerate(state.players):
        figures.setdefault(p.pos, []).append(s)
    for row in range(GRID.height):
        line = []
        for col in range(GRID.width):
            cell = row * GRID.width + col
            line.append(_cell_view(state, cell, figures.get(cell, [])))
        cells.append(line)
    players: list[PlayerView] = []
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
        "pay": _pay_view(state),
        "outcome": state.outcome,
    }


def _pay_view(state: BlueMoonState) -> PayView | None:
    pay, payer = state.pay, state.current
    if pay is None or payer is None:
        return None
    box = state.rules.buildings[pay.building].boxes[pay.box]
    return {"cell": GRID.name(state.players[payer].pos), "box": pay.box + 1, "value": box.value,
            "colour": pay.colour, "cards": [{"card": c, "as": a} for c, a in pay.cards],
            "powers": list(pay.powers), "total": pay.total, "converts": dict(pay.converts)}


def _cell_view(state: BlueMoonState, cell: int, figures: list[int]) -> TileView | None:
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


def _building_view(building: Building) -> PrintedTile:
    """The printed, never-changing part of a building's view, built anew for each view.

    Not cached: a cached dict or list would be one object shared by every game's
    views, so a screen changing one view would change the others.
    """
    return {"tile": building.id, "name": building.name, "kind": "building", "colour": building.colour,
            "start": building.start, "expansion": building.expansion,
            "majority": _bonus_view(building.majority), "construction": _bonus_view(building.construction),
            "neighbourhood": _bonus_view(building.neighbourhood), "extra": building.extra}


def _courtyard_view(tile: str, name: str) -> CourtyardPrinted:
    return {"tile": tile, "name": name, "kind": "courtyard", "colour": None, "rebuilt": True, "start": False,
            "expansion": False, "boxes": [], "open_boxes": [], "majority": [], "construction": [],
            "neighbourhood": [], "extra": None}


def _bonus_view(bonus: Bonus) -> list[BonusView]:
    return [{"kind": kind, "count": count} for kind, count in bonus.items()]
