"""Blue Moon City's log lines say what happened, when it happened, in whole sentences."""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.games.bluemoon.rules import ACT
from tests.loglines import line_of, logged

from .positions import (
    MIGUEL,
    NATASHA,
    arrange,
    deal,
    hand,
    new_position,
    play,
    put_dragon,
    stand,
    to_action,
    to_move,
)


def on_the_earth_temple(hand: str):
    """Miguel on the Earth Temple (c2), acting, with ``hand``."""
    state = new_position()
    arrange(state, {"c2": "earth_temple"})
    stand(state, MIGUEL, "c2")
    deal(state, MIGUEL, hand)
    to_move(state, MIGUEL, ACT)
    return state


def log(state, move: str) -> str:
    """The log line of ``move``, then the move itself."""
    return logged(state, to_action(move))


def test_a_box_is_logged_as_paid_only_when_its_cards_fill_it():
    """Guards issue 7: 'pays box…' was logged before any card was paid."""
    state = on_the_earth_temple("te3 te1")
    first = log(state, "box 2")
    assert first == "Miguel starts paying box 2 (te 4) of the Earth Temple."
    assert log(state, "add te3") == "Miguel adds te3."
    assert log(state, "add te1") == "Miguel adds te1. Miguel fills box 2 of the Earth Temple."


@pytest.mark.parametrize("dragons, words", [
    (("red",), "The dragon here gives Miguel a golden scale."),
    (("red", "blue"), "The 2 dragons here give Miguel a golden scale each."),
])
def test_the_dragons_gift_is_a_whole_sentence_for_one_dragon_or_several(dragons, words):
    """Guards issue 7's wording rule: 'The dragons here give Miguel a golden scale each (1).'"""
    state = on_the_earth_temple("te3")
    for dragon in dragons:
        put_dragon(state, dragon, "c2")
    play(state, "box 3")
    assert line_of(state, to_action("add te3")).endswith(words)


def test_a_tile_out_of_reach_with_one_step_left_says_step():
    """The refusal with one step left reads '1 step', not 'your 1 steps left'."""
    state = new_position()
    to_move(state, MIGUEL)
    stand(state, MIGUEL, "c3")
    play(state, "go b3")
    assert state.steps == 1
    with pytest.raises(IllegalAction, match=r"^c1 is not within the 1 step you have left\.$"):
        play(state, "go c1")


@pytest.mark.parametrize("discards", [(), ("te1",)])
def test_the_drawer_alone_reads_which_cards_were_drawn(discards):
    """Issue 8: the draw line has a private version naming the cards, for the drawer only (ruling 11)."""
    state = new_position()
    deal(state, NATASHA, "te1 te3")
    play(state, "stop", "end", *(f"discard {card}" for card in discards))
    kept = hand(state, NATASHA)
    draw = to_action("draw")
    public = line_of(state, draw)
    mine = logged(state, draw, NATASHA)
    drawn = hand(state, NATASHA)
    for card in kept:
        drawn.remove(card)
    count = len(discards) + 2
    assert public == f"Natasha draws {count} cards." and len(drawn) == count
    assert mine == f"Natasha draws {count} cards: {', '.join(drawn[:-1])} and {drawn[-1]}."
    assert all(card not in public for card in drawn)
