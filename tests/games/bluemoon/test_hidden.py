"""Cards earned on one's own turn are hidden from everyone until the turn ends, and no view shows them."""

from __future__ import annotations

import json

from boardgames.core.bots import make_bot
from boardgames.core.rng import Rng
from boardgames.core.soak import check_hidden_information
from boardgames.games.bluemoon.game import BLUEMOON


def _state_with_pending_cards():
    for seed in range(40):
        state = BLUEMOON.new_state(["A", "B", "C"], {}, seed)
        bot = make_bot("random", BLUEMOON, seed)
        ply = 0
        while not state.is_over:
            if any(p.pending for p in state.players):
                return state
            state.apply(bot.choose(state, ply))
            ply += 1
    raise AssertionError("no seeded game earned a card on its own turn")


def test_scramble_hidden_swaps_a_pending_card_and_no_view_changes():
    """Guards the pending cards: drawn at once, seen by nobody, yet never stirred by the hidden-information check."""
    state = _state_with_pending_cards()
    scrambled = state.clone()
    assert scrambled.scramble_hidden(Rng(3)) is True
    assert [p.pending for p in scrambled.players] != [p.pending for p in state.players]
    scrambled.check_invariants()
    views = [json.dumps(state.view(s), sort_keys=True) for s in (None, 0, 1, 2)]
    assert views == [json.dumps(scrambled.view(s), sort_keys=True) for s in (None, 0, 1, 2)]
    check_hidden_information(state, 3)


def test_nothing_is_hidden_from_everyone_without_pending_cards():
    state = BLUEMOON.new_state(["A", "B"], {}, 1)
    assert state.scramble_hidden(Rng(1)) is False


def test_sintra_hides_nothing_from_everyone():
    from boardgames.games.sintra.game import SINTRA

    assert SINTRA.new_state(["A", "B"], {}, 1).scramble_hidden(Rng(1)) is False
