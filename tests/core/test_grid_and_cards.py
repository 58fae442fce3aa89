"""The shared board grid and card-pile helpers."""

from __future__ import annotations

import pytest

from boardgames.core import cards
from boardgames.core.grid import Grid
from boardgames.core.rng import Rng


def test_cells_are_named_by_column_letter_and_row_from_the_top():
    grid = Grid(5, 5)
    assert grid.name(0) == "a1" and grid.name(12) == "c3" and grid.name(24) == "e5"
    assert [grid.parse(grid.name(c)) for c in range(25)] == list(range(25))
    for bad in ("f1", "a6", "a0", "", "c", 3, None, "3c"):
        assert grid.parse(bad) is None


def test_neighbours_are_orthogonal_and_stay_on_the_board():
    grid = Grid(5, 5)
    assert grid.neighbours(0) == (1, 5)
    assert grid.neighbours(12) == (7, 13, 17, 11)


def test_distances_run_over_open_cells_only():
    grid = Grid(3, 3)
    open_cells = [True] * 9
    open_cells[1] = False  # b1 closed: a1 -> c1 goes the long way round
    found = grid.distances(0, open_cells, 4)
    assert found[grid.parse("c1")] == 4
    assert grid.parse("b1") not in found
    assert grid.parse("c1") not in grid.distances(0, open_cells, 3)


def test_draws_are_uniform_over_contents_and_independent_of_dict_order():
    a = {"x1": 2, "y2": 1}
    b = {"y2": 1, "x1": 2}
    assert cards.draw_one(a, Rng(7)) == cards.draw_one(b, Rng(7))
    seen = {cards.draw_one({"x1": 2, "y2": 1}, Rng(seed)) for seed in range(40)}
    assert seen == {"x1", "y2"}


def test_drawing_past_the_deck_shuffles_the_discards_in_and_stops_when_all_is_gone():
    deck, discard = {"a1": 1}, {"b1": 2}
    drawn = cards.draw(deck, discard, 5, Rng(1))
    assert sorted(drawn) == ["a1", "b1", "b1"]
    assert deck == {} and discard == {}


def test_remove_refuses_cards_that_are_not_there():
    hand = {"a1": 1}
    cards.remove(hand, "a1")
    assert hand == {}
    with pytest.raises(ValueError):
        cards.remove(hand, "a1")
    assert cards.has({"a1": 2}, ["a1", "a1"]) and not cards.has({"a1": 1}, ["a1", "a1"])
    assert cards.listing({"b2": 1, "a1": 2}) == ["a1", "a1", "b2"]


def test_secrets_show_to_their_owner_or_when_everything_is_public():
    assert cards.shown_to(1, 1) and not cards.shown_to(0, 1) and not cards.shown_to(None, 1)
    assert cards.shown_to(None, 1, everything_public=True)
