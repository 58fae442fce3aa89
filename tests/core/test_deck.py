"""The ordered deck: known top and bottom around a face-down middle drawn at draw time."""

import json

import pytest

from boardgames.core.cards import Deck
from boardgames.core.rng import Rng


def test_known_top_then_face_down_then_known_bottom():
    deck = Deck({"a": 2, "b": 1}, top=["t1", "t2"])
    deck.to_bottom("failed-cave")
    deck.to_top("oracle")
    rng = Rng(4)
    drawn = [deck.draw(rng) for _ in range(len(deck))]
    assert drawn[:3] == ["oracle", "t1", "t2"]
    assert sorted(drawn[3:6]) == ["a", "a", "b"]
    assert drawn[6] == "failed-cave"
    with pytest.raises(ValueError):
        deck.draw(rng)


def test_the_view_shows_the_size_and_nothing_of_the_face_down_cards():
    one = Deck({"a": 3}, bottom=["x"])
    other = Deck({"b": 1, "c": 2}, bottom=["y"])
    assert one.view() == other.view() == {"size": 4}


def test_a_face_down_draw_depends_on_the_generator_at_draw_time_only():
    first, second = Deck({"a": 5, "b": 5}), Deck({"b": 5, "a": 5})  # built in another order
    assert [first.draw(Rng(9)) for _ in range(3)] == [second.draw(Rng(9)) for _ in range(3)]


def test_json_round_trip_and_clones_share_nothing():
    deck = Deck({"a": 2}, top=["t"], bottom=["z"])
    copy = Deck.from_json(json.loads(json.dumps(deck.to_json())))
    assert copy == deck
    clone = deck.clone()
    clone.draw(Rng(1))
    clone.to_bottom("q")
    assert deck.to_json() == {"top": ["t"], "hidden": {"a": 2}, "bottom": ["z"]}


def test_shuffling_in_makes_the_known_cards_face_down():
    deck = Deck({"a": 1}, top=["t"], bottom=["z"])
    deck.shuffle_in({"d": 2})
    assert deck.top == [] and deck.bottom == []
    assert deck.hidden == {"a": 1, "t": 1, "z": 1, "d": 2}
