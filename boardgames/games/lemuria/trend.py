"""Lemuria's trend line: five building cards, bonuses 6, 3, 1, 0, 0 VP, the two lower positions a resource
cheaper, and the refill at a round's end (ruling 12)."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import cards
from boardgames.core.cards import Cards, Deck
from boardgames.core.rng import Rng


class TrendLine:
    """``slots[0]`` is position 1 (the leftmost, the biggest bonus); a built card leaves a gap (None) until
    the round ends."""

    def __init__(self, bonuses: Sequence[int], lower: Sequence[int], slots: Sequence[str | None] | None = None) -> None:
        self.bonuses = tuple(bonuses)
        #: the positions (1-based) of the lower trend, a resource cheaper to build
        self.lower = frozenset(lower)
        self.slots: list[str | None] = list(slots) if slots is not None else [None] * len(self.bonuses)

    def bonus(self, position: int) -> int:
        return self.bonuses[position - 1]

    def is_lower(self, position: int) -> bool:
        return position in self.lower

    def take(self, position: int) -> str:
        """Take the card at ``position`` (1-based) to build it; its place stays empty until the refill."""
        card = self.slots[position - 1]
        if card is None:
            raise ValueError(f"trend position {position} is empty")
        self.slots[position - 1] = None
        return card

    def put(self, position: int, card: str) -> str | None:
        """Put ``card`` at ``position``; returns the card it replaces (to be discarded), if any."""
        old, self.slots[position - 1] = self.slots[position - 1], card
        return old

    def refill(self, deck: Deck, discard: Cards, rng: Rng) -> list[str]:
        """Ruling 12: discard the card in the last position, slide the others right as far as they go,
        then deal into the empty positions from the right-most gap to the left. An empty deck is refilled
        from the discards; with none, a position stays empty. Returns the cards discarded."""
        gone: list[str] = []
        last = self.slots[-1]
        if last is not None:
            gone.append(last)
            cards.add(discard, last)
            self.slots[-1] = None
        kept = [card for card in self.slots if card is not None]
        self.slots = [None] * (len(self.slots) - len(kept)) + kept
        for i in range(len(self.slots) - len(kept) - 1, -1, -1):
            if not len(deck) and cards.size(discard):
                deck.shuffle_in(discard)
                discard.clear()
            if not len(deck):
                break
            self.slots[i] = deck.draw(rng)
        return gone

    def clone(self) -> TrendLine:
        return TrendLine(self.bonuses, sorted(self.lower), self.slots)

    def to_json(self) -> list[str | None]:
        return list(self.slots)
