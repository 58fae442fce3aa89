"""Lemuria's festival scoring, final ranking and turn order, from rulings 1, 4, 8, 9, 13 and 18."""

from __future__ import annotations

import pytest

from boardgames.games.lemuria.scoring import festival, ranking, turn_order


def test_ruling_8_festival_one_point_a_occupied_building_and_two_a_building_of_a_colour_led_alone():
    # seat 0: 2 military, 1 religion occupied; seat 1: 1 military, 1 religion; seat 2: 3 commerce
    scores = festival([{"military": 2, "religion": 1}, {"military": 1, "religion": 1}, {"commerce": 3}])
    assert [s.occupied for s in scores] == [3, 2, 3]
    assert scores[0].majorities == {"military": 4}  # 2 buildings x 2; religion is tied 1-1: nobody
    assert scores[1].majorities == {}
    assert scores[2].majorities == {"commerce": 6}
    assert [s.total for s in scores] == [7, 2, 9]


def test_ruling_18_a_colour_majority_needs_an_occupied_building():
    scores = festival([{"production": 0}, {}, {}])
    assert [s.total for s in scores] == [0, 0, 0]


def test_rulings_9_and_18_most_vp_wins_and_a_tie_goes_to_the_earlier_turn_order_place():
    assert ranking([30, 41, 41, 12], last_order=[2, 0, 3, 1]) == [2, 1, 0, 3]
    assert ranking([30, 41, 41, 12], last_order=[1, 3, 2, 0]) == [1, 2, 0, 3]


def test_ruling_1_lowest_vp_takes_the_lowest_free_space():
    assert turn_order([10, 4, 7, 20], reserved={}, previous_leader=0) == [1, 2, 0, 3]


def test_ruling_13_equal_vp_go_clockwise_from_the_previous_leader():
    assert turn_order([5, 5, 5, 5], reserved={}, previous_leader=2) == [2, 3, 0, 1]
    assert turn_order([5, 3, 5], reserved={}, previous_leader=2) == [1, 2, 0]


def test_ruling_4_a_reserved_space_keeps_its_seat_whatever_its_vp():
    # seat 3 (the most VP) reserved space 1 and leads; the others fill spaces 2-4 from the lowest VP
    assert turn_order([10, 4, 7, 20], reserved={1: 3}, previous_leader=0) == [3, 1, 2, 0]
    # a reservation in the middle: the lowest VP still gets the lowest free space
    assert turn_order([10, 4, 7, 20], reserved={2: 0}, previous_leader=0) == [1, 0, 2, 3]


def test_a_seat_reserves_at_most_one_space_within_the_players_spaces():
    with pytest.raises(ValueError):
        turn_order([1, 2, 3], reserved={1: 0, 2: 0}, previous_leader=0)
    with pytest.raises(ValueError):
        turn_order([1, 2, 3], reserved={4: 1}, previous_leader=0)  # 3 players use spaces 1-3
