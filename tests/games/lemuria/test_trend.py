"""Lemuria's trend line: bonuses, the lower trend, and the refill of ruling 12."""

from __future__ import annotations

import pytest

from boardgames.core.cards import Deck
from boardgames.core.rng import Rng
from boardgames.games.lemuria.trend import TrendLine


def line(slots) -> TrendLine:
    return TrendLine((6, 3, 1, 0, 0), (4, 5), slots)


def test_bonuses_6_3_1_0_0_and_the_two_right_positions_are_the_lower_trend():
    t = line(["a", "b", "c", "d", "e"])
    assert [t.bonus(p) for p in range(1, 6)] == [6, 3, 1, 0, 0]
    assert [p for p in range(1, 6) if t.is_lower(p)] == [4, 5]


def test_a_built_card_leaves_a_gap_until_the_round_ends():
    t = line(["a", "b", "c", "d", "e"])
    assert t.take(2) == "b" and t.slots == ["a", None, "c", "d", "e"]
    with pytest.raises(ValueError):
        t.take(2)


def test_ruling_12_refill_discards_the_last_slides_right_and_deals_on_the_left():
    t = line(["a", None, "c", "d", "e"])
    deck, discard = Deck({"x": 1, "y": 1}), {}
    gone = t.refill(deck, discard, Rng(1))
    assert gone == ["e"] and discard == {"e": 1}
    assert t.slots[2:] == ["a", "c", "d"]  # slid right as far as they go
    assert sorted(t.slots[:2]) == ["x", "y"] and len(deck) == 0


def test_ruling_12_an_empty_deck_takes_the_discards_and_with_none_a_position_stays_empty():
    t = line([None, None, None, "d", None])
    deck, discard = Deck({}), {"old": 1}
    t.refill(deck, discard, Rng(2))
    assert t.slots[4] == "d" and t.slots.count(None) == 3 and "old" in t.slots
    assert discard == {}
