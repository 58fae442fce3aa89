"""Positions for Above and Below's tests, built on the fixture tables (fixture/, written by make_fixture.py)."""

from __future__ import annotations

from pathlib import Path

from boardgames.core.cards import add, remove
from boardgames.core.engine import Action
from boardgames.games.abovebelow.data import rules_from
from boardgames.games.abovebelow.rules import AboveBelowState

FIXTURE = Path(__file__).parent / "fixture"
RULES = rules_from(str(FIXTURE))
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
    """The next dice the state rolls (entry die, villager dice, rerolls, Cave Cat checks), in order."""
    queue = list(values)

    def roll() -> int:
        return queue.pop(0)

    state.roll = roll


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


def house_row(state: AboveBelowState, *cards: str) -> None:
    """Make the house row exactly ``cards`` (the old row goes back into the deck)."""
    for card in state.house_row:
        add(state.houses.hidden, card)
    state.house_row.clear()
    for card in cards:
        take_card(state, card)
        state.house_row.append(card)


def outpost_row(state: AboveBelowState, *cards: str) -> None:
    for card in state.outpost_row:
        add(state.outposts.hidden, card)
    state.outpost_row.clear()
    for card in cards:
        take_card(state, card)
        state.outpost_row.append(card)


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
