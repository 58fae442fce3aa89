"""Build Blue Moon City positions for tests.

A position starts as a seeded game (``BLUEMOON.new_state``); ``new_position`` puts
every hand back into the deck, and the helpers below then set what a test needs.
Cards always move between the deck and a hand, so the 80 people cards stay
conserved and ``state.check_invariants()`` keeps holding.

Cells are named as in the notation (``a1`` top left, ``c3`` the courtyard);
buildings by their id in rules_data/bluemoon/buildings.yaml (``water_temple``);
cards by people code and value (``te2``); hands as words (``"te3 te2 te2 te1"``).
The seats are the players of the rulebook's examples.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from boardgames.core import cards as deck_ops
from boardgames.core.engine import Action
from boardgames.games.bluemoon.data import DRAGONS
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.games.bluemoon.rules import GRID, MOVE, NO_TILE, NOBODY, OFF, BlueMoonState

NAMES = ["Natasha", "Miguel", "Laura", "Carol"]
NATASHA, MIGUEL, LAURA, CAROL = range(4)


# -- reading -----------------------------------------------------------------------
def cell(name: str) -> int:
    found = GRID.parse(name)
    assert found is not None, f"no cell {name!r}"
    return found


def building(state: BlueMoonState, building_id: str) -> int:
    """The index of a building in the rules table."""
    return next(i for i, b in enumerate(state.rules.buildings) if b.id == building_id)


def table(state: BlueMoonState, building_id: str):
    """The building's row of the rules table (boxes, bonuses)."""
    return state.rules.buildings[building(state, building_id)]


def markers_on(state: BlueMoonState, building_id: str) -> list[int | None]:
    """Who holds each box of a building, left to right (None = open)."""
    return [None if seat == NOBODY else seat for seat in state.markers[building(state, building_id)]]


def is_rebuilt(state: BlueMoonState, building_id: str) -> bool:
    return state.rebuilt[building(state, building_id)]


def hand(state: BlueMoonState, seat: int) -> list[str]:
    """A seat's hand, sorted, repeats included."""
    return deck_ops.listing(state.players[seat].hand)


def legal(state: BlueMoonState) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def snapshot(state: BlueMoonState) -> str:
    """The whole state as text, to compare before and after."""
    return json.dumps(state.to_json(), sort_keys=True)


def where(state: BlueMoonState, seat: int) -> str:
    return GRID.name(state.players[seat].pos)


# -- setting up --------------------------------------------------------------------
def new_position(players: int = 4, expansion: bool = False, seed: int = 1,
                 setup: str = "standard", empty_hands: bool = True) -> BlueMoonState:
    """A fresh game with ``NAMES``; seat 0 to move; with ``empty_hands`` every hand goes back to the deck."""
    options = {"expansion": "true" if expansion else "false", "setup": setup}
    state = BLUEMOON.new_state(NAMES[:players], options, seed)
    if empty_hands:
        for seat in range(players):
            deal(state, seat, "")
    to_move(state, 0)
    return state


def deal(state: BlueMoonState, seat: int, cards: str | Iterable[str]) -> None:
    """Make ``cards`` the seat's whole hand: the old hand goes back into the deck first."""
    player = state.players[seat]
    for card, n in player.hand.items():
        deck_ops.add(state.deck, card, n)
    player.hand = {}
    for card in cards.split() if isinstance(cards, str) else cards:
        assert state.deck.get(card), f"no {card} left in the deck"
        deck_ops.remove(state.deck, card)
        deck_ops.add(player.hand, card)


def empty_deck_into_discard(state: BlueMoonState) -> None:
    """Every deck card onto the discard pile (to see a reshuffle)."""
    for card, n in state.deck.items():
        deck_ops.add(state.discard, card, n)
    state.deck = {}


def arrange(state: BlueMoonState, layout: dict[str, str]) -> None:
    """Put buildings on cells, ``{"b2": "water_temple"}``; each swaps with what stood there.

    Only tiles move, so the shape of the city stays the same.
    """
    grid = list(state.grid)
    for name, building_id in layout.items():
        target = cell(name)
        assert grid[target] >= 0, f"{name} holds no building tile"
        b = building(state, building_id)
        assert b in grid, f"{building_id} is not in this city"
        source = grid.index(b)
        grid[source], grid[target] = grid[target], b
    _set_grid(state, grid)


def _set_grid(state: BlueMoonState, grid: list[int]) -> None:
    state.grid = grid  # a new list: clones share the old one
    for cached in ("_tiles", "_tile_names", "_distances"):
        state.__dict__.pop(cached, None)


def remove_tile(state: BlueMoonState, name: str) -> None:
    """Leave a hole in the city (to build a city shape for a movement test)."""
    grid = list(state.grid)
    grid[cell(name)] = NO_TILE
    _set_grid(state, grid)


def stand(state: BlueMoonState, seat: int, name: str) -> None:
    state.players[seat].pos = cell(name)


def put_dragon(state: BlueMoonState, colour: str, name: str | None) -> None:
    """A dragon on a cell, or beside the city with ``None``."""
    state.dragons[DRAGONS.index(colour)] = OFF if name is None else cell(name)


def dragon_at(state: BlueMoonState, colour: str) -> str | None:
    place = state.dragons[DRAGONS.index(colour)]
    return None if place == OFF else GRID.name(place)


def fill(state: BlueMoonState, building_id: str, seats: list[int | None]) -> None:
    """Markers on a building's boxes, left to right; None leaves a box open."""
    b = building(state, building_id)
    assert len(seats) == len(state.markers[b]), f"{building_id} has {len(state.markers[b])} boxes"
    state.markers[b] = [NOBODY if seat is None else seat for seat in seats]


def rebuild(state: BlueMoonState, *building_ids: str) -> None:
    for building_id in building_ids:
        b = building(state, building_id)
        state.rebuilt[b] = True
        state.markers[b] = [NOBODY] * len(state.markers[b])


def rebuild_all_but(state: BlueMoonState, *building_ids: str) -> None:
    """Every building of the city rebuilt except those named."""
    keep = {building(state, bid) for bid in building_ids}
    for b in state.grid:
        if b >= 0 and b not in keep:
            state.rebuilt[b] = True
            state.markers[b] = [NOBODY] * len(state.markers[b])


def set_obelisk(state: BlueMoonState, seats: list[int]) -> None:
    """The obelisk's filled spaces from the bottom, and each seat's offerings to match."""
    state.obelisk = list(seats)
    for seat, player in enumerate(state.players):
        player.offerings = seats.count(seat)


def to_move(state: BlueMoonState, seat: int, phase: str = MOVE) -> None:
    """Start ``seat``'s turn afresh (2 steps, nothing done yet), in ``phase``."""
    state.current = seat
    state.phase = phase
    state.steps = state.rules.components.movement
    state.contributed = state.offered = state.pillar_ready = state.extra_used = state.jumped = False
    state.discarded = 0
    state.pay = None


def play(state: BlueMoonState, *moves: str) -> None:
    """Apply moves in notation, checking the state's invariants after each."""
    for text in moves:
        state.apply(BLUEMOON.parse_action(text))
        state.check_invariants()


def pass_turn(state: BlueMoonState) -> None:
    """The current player does nothing: stop, end, draw 2."""
    play(state, "stop", "end", "draw")


def to_action(text: str) -> Action:
    return BLUEMOON.parse_action(text)


def spend_markers(state: BlueMoonState, seat: int, count: int, spare: Iterable[str] = ()) -> None:
    """Put ``count`` of the seat's markers on open boxes, leaving every building one box open.

    The buildings named in ``spare`` get none.
    """
    skip = {building(state, building_id) for building_id in spare}
    for b in state.grid:
        if b < 0 or state.rebuilt[b] or b in skip:
            continue
        row = state.markers[b]
        for k, holder in enumerate(row):
            if count == 0:
                return
            if holder == NOBODY and row.count(NOBODY) > 1:
                row[k] = seat
                count -= 1
    assert count == 0, "not enough open boxes"
