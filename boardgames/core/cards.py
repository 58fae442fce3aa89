"""Decks, hands and discard piles of interchangeable cards, kept as counts per card code.

A multiset is order-free, so two hands holding the same cards are equal, clones
are cheap and a face-down deck has no order to leak: a draw picks uniformly
from what is left using the state's generator. Codes are walked in sorted order
so a draw depends only on the contents, never on how a dict was built.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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


class Deck:
    """A draw pile: known cards on top, a face-down middle with no order, known cards at the bottom.

    The face-down middle is a multiset; a draw from it picks with the state's
    generator at draw time, so nothing (a view, a bot) can know the next card
    before it is drawn. Cards put back on top or at the bottom (a failed cave
    card, a card an effect looked at) are known, and come off in their order.
    """

    __slots__ = ("top", "hidden", "bottom")

    def __init__(self, hidden: Cards | None = None, top: Iterable[str] = (), bottom: Iterable[str] = ()) -> None:
        self.top: list[str] = list(top)  #: drawn first, first element first
        self.hidden: Cards = dict(hidden or {})
        self.bottom: list[str] = list(bottom)  #: drawn last, last element last

    def __len__(self) -> int:
        return len(self.top) + size(self.hidden) + len(self.bottom)

    def draw(self, rng: Rng) -> str:
        """The next card: the known top, else a random face-down card, else the known bottom."""
        if self.top:
            return self.top.pop(0)
        if self.hidden:
            return draw_one(self.hidden, rng)
        if self.bottom:
            return self.bottom.pop(0)
        raise ValueError("draw from an empty deck")

    def to_top(self, card: str) -> None:
        self.top.insert(0, card)

    def to_bottom(self, card: str) -> None:
        self.bottom.append(card)

    def shuffle_in(self, cards: Cards) -> None:
        """Mix cards into the face-down part (the known top and bottom become unknown too)."""
        for card in self.top + self.bottom:
            add(self.hidden, card)
        self.top.clear()
        self.bottom.clear()
        for card, count in cards.items():
            add(self.hidden, card, count)

    def view(self) -> dict[str, int]:
        """What anyone may know of the deck: how many cards, never their order or the face-down ones."""
        return {"size": len(self)}

    def clone(self) -> Deck:
        return Deck(self.hidden, self.top, self.bottom)

    def to_json(self) -> dict[str, object]:
        return {"top": list(self.top), "hidden": dict(sorted(self.hidden.items())), "bottom": list(self.bottom)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deck:
        return cls(dict(data["hidden"]), list(data["top"]), list(data["bottom"]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self.to_json() == other.to_json()
