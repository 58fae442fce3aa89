"""Refused actions: IllegalAction with a sentence for the player, and the state untouched."""

from __future__ import annotations

import json

import pytest

from boardgames.core.engine import Action, IllegalAction
from boardgames.games.sintra.data import JOKER
from boardgames.games.sintra.game import SINTRA
from boardgames.games.sintra.rules import KEEP, PLACE

from .positions import (
    AMANDA,
    BRUNO,
    colour,
    fill_all_but,
    hold,
    new_position,
    play,
    play_last_turn,
    set_factory,
    set_glazier,
    set_window,
    snapshot,
    use_side,
)


def take_phase():
    state = new_position(clear=False)
    set_factory(state, 1, "pink pink yellow blue")  # no orange, no green on display 1
    return state


def place_phase():
    """Amanda holds 2 orange; glazier above strip 2; strip 4 is gone; strip 5 has no orange, strip 6 has."""
    state = new_position(clear=False)
    orange = colour(state, "orange")
    use_side(state, AMANDA, 6, lambda p: orange in p and JOKER not in p)
    use_side(state, AMANDA, 5, lambda p: orange not in p and JOKER not in p, keep=(6,))
    set_window(state, AMANDA, 4, "pink", "blue")
    set_glazier(state, AMANDA, 2)
    hold(state, AMANDA, "orange orange")
    return state


def keep_phase():
    state = new_position()
    codes = use_side(state, AMANDA, 1, lambda p: JOKER not in p and len(set(p)) < 5)
    fill_all_but(state, AMANDA, 1, empty=1)
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, state.rules.colours[codes[0]].id)
    play(state, "place 1")
    assert state.phase == KEEP
    return state


def game_over():
    state = new_position()
    play_last_turn(state, BRUNO)
    return state


def absent_from_strip(state):
    return next(c.id for i, c in enumerate(state.rules.colours) if i not in state.keep_pieces)


CASES = [
    # taking
    (take_phase, "take 12 orange", "no display '12'; choose 1 to 5 or C"),
    (take_phase, "take 0 orange", "no display '0'"),
    (take_phase, "take c orange", "no display 'c'"),
    (take_phase, "take C purple", "no glass colour called 'purple'"),
    (take_phase, "take 1", "Say where to take from and which colour"),
    (take_phase, "take", "Say where to take from and which colour"),
    (take_phase, "take 1 pink yellow", "Say where to take from and which colour"),
    (take_phase, "take 1 orange", "There is no orange glass on display 1"),
    (take_phase, "take C green", "There is no green glass on the centre"),
    (take_phase, "place 1", "Now take glass"),
    (take_phase, "keep pink", "Now take glass"),
    (take_phase, "break", "Now take glass"),
    (take_phase, "dance", "Now take glass"),
    (take_phase, "reset", "already above your leftmost strip"),
    (take_phase, "reset 2", "Write just 'reset'"),
    # placing
    (place_phase, "place 0", "Choose a strip from 1 to 8"),
    (place_phase, "place 9", "Choose a strip from 1 to 8"),
    (place_phase, "place x", "Choose a strip from 1 to 8"),
    (place_phase, "place", "Choose a strip from 1 to 8"),
    (place_phase, "place 6 7", "Choose a strip from 1 to 8"),
    (place_phase, "place 4", "Strip 4 has been removed"),
    (place_phase, "place 1", "Strip 1 is left of your glazier"),
    (place_phase, "place 5", "Strip 5 has no empty space for this glass"),
    (place_phase, "break", "must be placed there"),
    (place_phase, "break now", "Write just 'break'"),
    (place_phase, "take 1 pink", "Now place the glass you took"),
    (place_phase, "reset", "Now place the glass you took"),
    # keeping
    (keep_phase, "keep purple", "no glass colour called 'purple'"),
    (keep_phase, "keep", "Say which colour to keep"),
    (keep_phase, "keep pink blue", "Say which colour to keep"),
    (keep_phase, absent_from_strip, "holds no piece of that colour"),
    (keep_phase, "place 1", "Now choose which piece"),
    (keep_phase, "break", "Now choose which piece"),
    # after the end
    (game_over, "take 1 pink", "The game is over."),
    (game_over, "reset", "The game is over."),
]


@pytest.mark.parametrize("build, text, message", CASES,
                         ids=[f"{b.__name__}:{t if isinstance(t, str) else 'keep-absent'}" for b, t, _ in CASES])
def test_illegal_action_is_refused_with_a_sentence_and_changes_nothing(build, text, message):
    state = build()
    if not isinstance(text, str):
        text = f"keep {text(state)}"
    before = snapshot(state)
    legal_before = state.legal_actions()

    with pytest.raises(IllegalAction) as refused:
        state.apply(SINTRA.parse_action(text))

    sentence = str(refused.value)
    assert message in sentence
    assert sentence[0].isupper() and sentence.endswith("."), sentence
    assert snapshot(state) == before
    assert state.legal_actions() == legal_before
    assert Action.parse(text) not in legal_before


def test_the_place_phase_position_is_what_the_cases_expect():
    state = place_phase()
    assert state.phase == PLACE
    assert "place 6" in [str(a) for a in state.legal_actions()]


def test_to_json_is_a_snapshot_that_later_moves_do_not_change():
    state = new_position(clear=False)
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)
    play(state, "take 1 " + state.rules.colours[next(c for c in range(5) if state.factories[0][c])].id)
    assert json.dumps(data, sort_keys=True) == text


def test_a_state_read_from_json_shares_nothing_with_its_source():
    state = new_position(clear=False)
    data = state.to_json()
    copy = SINTRA.state_from_json(data)
    assert snapshot(copy) == snapshot(state)
    action = copy.legal_actions()[0]
    copy.apply(action)
    copy.apply(copy.legal_actions()[0])
    assert json.dumps(data, sort_keys=True) == snapshot(state)
    state.apply(action)
    state.apply(state.legal_actions()[0])
    assert snapshot(copy) == snapshot(state)
