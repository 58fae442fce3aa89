"""Positions for Above and Below's tests, built on the fixture tables.

make_fixture.py writes the tables once per test session (per process, with xdist per worker) into a
temporary folder, removed when the session ends; they are not stored in the checkout.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from boardgames.core.cards import add, remove
from boardgames.core.engine import Action
from boardgames.games.abovebelow.data import rules_from
from boardgames.games.abovebelow.rules import AboveBelowState
from tests.games.abovebelow import make_fixture

FIXTURE = make_fixture.write(Path(tempfile.mkdtemp(prefix="abovebelow-tables-")))
atexit.register(shutil.rmtree, FIXTURE, ignore_errors=True)
RULES = rules_from(str(FIXTURE), balance=False)  # test tables: figures for hand counts, not the balance
NAMES = ["Ana", "Bia", "Caio", "Duda"]


def new(players: int = 2, seed: int = 1) -> AboveBelowState:
    return AboveBelowState.setup(RULES, NAMES[:players], seed)


def a(text: str) -> Action:
    return Action.parse(text)


def play(state: AboveBelowState, *moves: str) -> AboveBelowState:
    for move in moves:
        state.apply(a(move))
    return state


def dice(state: AboveBelowState, *values: int) -> None:
    """The next dice the state rolls (entry die, villager dice, rerolls, Cave Cat checks), in order.

    A copy of the state (a snapshot for undo, a trial of a move) rolls from its own copy of what is left, as
    a copied generator would, so trying a move on a copy never uses up the live state's dice."""
    queue = list(values)
    plain_clone = type(state).clone

    def roll() -> int:
        return queue.pop(0)

    def clone() -> AboveBelowState:
        copy = plain_clone(state)
        dice(copy, *queue)
        return copy

    state.roll = roll
    state.clone = clone


def take_card(state: AboveBelowState, card: str) -> None:
    """Take ``card`` out of wherever it is on the table (a row or a deck)."""
    for row in (state.house_row, state.outpost_row, state.star_row, state.key_row):
        if card in row:
            row.remove(card)
            return
    for deck in (state.houses, state.outposts):
        if card in deck.hidden:
            remove(deck.hidden, card)
            return
        for part in (deck.top, deck.bottom):
            if card in part:
                part.remove(card)
                return
    raise ValueError(card)


def own(state: AboveBelowState, seat: int, *cards: str) -> None:
    """The seat owns these cards (no purchase effects; goods put on them by hand)."""
    for card in cards:
        take_card(state, card)
        state.players[seat].buildings.append(card)


def _set_row(state: AboveBelowState, row: list[str], deck, cards: tuple[str, ...]) -> None:
    """Make ``row`` exactly ``cards`` (the old row goes back into ``deck``)."""
    for card in row:
        add(deck.hidden, card)
    row.clear()
    for card in cards:
        take_card(state, card)
        row.append(card)


def house_row(state: AboveBelowState, *cards: str) -> None:
    """Make the house row exactly ``cards`` (the old row goes back into the deck)."""
    _set_row(state, state.house_row, state.houses, cards)


def outpost_row(state: AboveBelowState, *cards: str) -> None:
    """Make the outpost row exactly ``cards`` (the old row goes back into the deck)."""
    _set_row(state, state.outpost_row, state.outposts, cards)


def cave_top(state: AboveBelowState, cave: str) -> None:
    """Put ``cave`` on top of the cave pile (the old top goes back into the face-down pile)."""
    pile = state.caves
    for card in pile.top:
        add(pile.hidden, card)
    pile.top.clear()
    if cave in pile.hidden:
        remove(pile.hidden, cave)
    else:
        pile.bottom.remove(cave)
    pile.top.append(cave)


def win_cave(state: AboveBelowState, seat: int, cave: str) -> None:
    """The seat owns the cave card ``cave`` (taken from the pile)."""
    pile = state.caves
    if cave in pile.top:
        pile.top.remove(cave)
        state.reveal_cave_top()
    elif cave in pile.hidden:
        remove(pile.hidden, cave)
    else:
        pile.bottom.remove(cave)
    state.players[seat].caves.append([cave, None])


def names(actions) -> set[str]:
    return {action.name for action in actions}
