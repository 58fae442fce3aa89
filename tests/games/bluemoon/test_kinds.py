"""The decision kinds put together in rules.py, and the reason ``State.refusal`` gives for a refused action."""

from __future__ import annotations

import re

import pytest

from boardgames.core.engine import Action, IllegalAction
from boardgames.core.rng import Rng
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.games.bluemoon.rules import ACT, PHASES, BlueMoonState

from .positions import MIGUEL, new_position, snapshot, stand, to_action, to_move


def test_every_phase_has_its_kind():
    assert set(BlueMoonState.KINDS) == set(PHASES)


@pytest.mark.parametrize(("move", "reason"), [
    ("go z9", "The place to go must be a tile of the city, such as c3."),
    ("discard te1", "You are moving now: go to a tile, play a power, or stop."),
    ("fly b2", "'fly' is not a Blue Moon City move."),
    ("stop now", "'stop' takes nothing after it."),
])
def test_the_refusal_is_the_reason_applying_gives_and_changes_nothing(move, reason):
    state = new_position()
    to_move(state, MIGUEL)
    stand(state, MIGUEL, "c3")
    before = snapshot(state)
    assert state.refusal(to_action(move)) == reason
    assert snapshot(state) == before
    with pytest.raises(IllegalAction, match=f"^{re.escape(reason)}$"):
        state.apply(to_action(move))
    assert snapshot(state) == before


def test_a_legal_action_is_not_refused():
    state = new_position()
    to_move(state, MIGUEL, ACT)
    assert all(state.refusal(action) is None for action in state.legal_actions())


@pytest.mark.parametrize("seed", [1, 2])
def test_in_random_games_the_refusal_says_what_applying_says(seed):
    state = BLUEMOON.new_state(["A", "B", "C"], {"expansion": "true"}, seed)
    rng = Rng(seed)
    tried = [Action("go", ("a1",)), Action("box", (1,)), Action("add", ("kh1",)), Action("discard", ("zz9",)),
             Action("play", ("ve1", "e5")), Action("extra"), Action("offer"), Action("draw")]
    for _ in range(300):
        if state.is_over:
            break
        legal = state.legal_actions()
        for action in tried:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as refused:
                state.clone().apply(action)
            assert state.refusal(action) == str(refused.value)
        state.apply(legal[rng.below(len(legal))])
