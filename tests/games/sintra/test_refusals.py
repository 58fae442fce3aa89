"""State.refusal: a board asking why a move is refused reads the very sentence applying it would raise."""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.core.rng import Rng
from boardgames.games.sintra.game import SINTRA

from .positions import snapshot
from .test_illegal import CASES


@pytest.mark.parametrize("build, text, message", CASES,
                         ids=[f"{b.__name__}:{t if isinstance(t, str) else 'keep-absent'}" for b, t, _ in CASES])
def test_the_refusal_is_the_sentence_apply_raises_and_changes_nothing(build, text, message):
    state = build()
    if not isinstance(text, str):
        text = f"keep {text(state)}"
    action = SINTRA.parse_action(text)
    before = snapshot(state)
    reason = state.refusal(action)
    assert snapshot(state) == before
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert reason == str(refused.value)


def test_no_legal_move_is_refused():
    state = SINTRA.new_state(["Ana", "Bia", "Caio"], {"side": "B"}, 11)
    rng = Rng(11)
    while not state.is_over:
        legal = state.legal_actions()
        assert all(state.refusal(action) is None for action in legal)
        state.apply(legal[rng.below(len(legal))])
