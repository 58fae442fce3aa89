"""Decks, hands and discard piles of interchangeable cards, kept as counts per card code.

A multiset is order-free, so two hands holding the same cards are equal, clones
are cheap and a face-down deck has no order to leak: a draw picks uniformly
from what is left using the state's generator. Codes are walked in sorted order
so a draw depends only on the contents, never on how a dict was built.
"""

from __future__ import annotations

from collections.abc import Iterable

from boardgames.core.rng import Rng

Cards = dict[str, int]


def size(cards: Cards) -> int:
    return sum(cards.values())


def add(cards: Cards, code: str, count: int = 1) -> None:
    cards[code] = cards.get(code, 0) + count


def remove(cards: Cards, code: str, count: int = 1) -> None:
    """Take ``count`` copies of ``code`` out; the caller has checked they are there."""
    left = cards.get(code, 0) - count
    if left < 0:
        raise ValueError(f"not enough {code} to remove")
    if left:
        cards[code] = left
    else:
        cards.pop(code, None)


def has(cards: Cards, needed: Iterable[str]) -> bool:
    """True when ``cards`` holds every code of ``needed``, repeats counted."""
    want: Cards = {}
    for code in needed:
        add(want, code)
    return all(cards.get(code, 0) >= n for code, n in want.items())


def listing(cards: Cards) -> list[str]:
    """Every card, sorted, repeats included (``['aq1', 'aq1', 'kh1']``)."""
    return [code for code in sorted(cards) for _ in range(cards[code])]


def draw_one(deck: Cards, rng: Rng) -> str:
    """Remove and return a uniformly random card of a non-empty deck."""
    pick = rng.below(size(deck))
    for code in sorted(deck):
        if pick < deck[code]:
            remove(deck, code)
            return code
        pick -= deck[code]
    raise ValueError("draw from an empty deck")


def draw(deck: Cards, discard: Cards, count: int, rng: Rng) -> list[str]:
    """Draw up to ``count`` cards, shuffling the discard pile in when the deck runs out."""
    drawn = []
    for _ in range(count):
        if not deck:
            if not discard:
                break
            deck.update(discard)
            discard.clear()
        drawn.append(draw_one(deck, rng))
    return drawn


def shown_to(viewer: int | None, owner: int, everything_public: bool = False) -> bool:
    """Whether a secret of ``owner`` (a hand, a hidden total) appears in ``viewer``'s view."""
    return everything_public or viewer == owner
