"""State.label: a phrase for every Blue Moon City move a player may choose, never its bare notation."""

from __future__ import annotations

import pytest

from boardgames.core.rng import Rng
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.games.bluemoon.rules import ACT, CENTRE, COURTYARD
from tests.loglines import line_of

from .positions import MIGUEL, new_position, to_action, to_move


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}), (3, 2, {"expansion": "true"}), (4, 3, {"expansion": "true", "setup": "alternative"})])
def test_every_legal_move_has_its_own_label_in_random_games(players, seed, options):
    """Guards moves listed by notation (State.label defaulting to str(action)) or two moves read alike."""
    state = BLUEMOON.new_state([f"P{i}" for i in range(players)], options, seed)
    rng = Rng(seed)
    kinds = set()
    for _ in range(600):
        if state.is_over:
            break
        legal = state.legal_actions()
        labels = [state.label(action) for action in legal]
        assert all(labels), legal
        assert len(set(labels)) == len(labels), labels
        for action, label in zip(legal, labels):
            assert label != str(action) and label[0].isupper(), label
            kinds.add(action.name)
        state.apply(legal[rng.below(len(legal))])
    assert {"go", "stop", "end", "draw"} <= kinds


def test_labels_name_the_tile_and_match_the_log():
    state = new_position(3)
    to_move(state, MIGUEL)
    go = next(a for a in state.legal_actions() if a.name == "go")
    label = state.label(go)
    assert label.startswith(f"Move to {go.args[0]} (") and label.endswith(")")
    assert line_of(state, go) == f"{state.names[MIGUEL]} moves to {label[len('Move to '):]}."
    assert state.label(to_action("stop")).startswith("Stop on ")


def test_offerings_have_labels_with_their_cost():
    state = new_position(3)
    to_move(state, MIGUEL, ACT)
    state.players[MIGUEL].pos = CENTRE
    state.players[MIGUEL].crystals = 30
    state.players[MIGUEL].hand = {"pi1": 1}
    cost = state.next_cost()
    assert state.label(to_action("offer")) == f"Make an offering for {cost} crystals"
    state.apply(to_action("offer"))
    legal = state.legal_actions()
    assert to_action("play pi1") in legal
    assert [state.label(a) for a in legal] == ["Play pi1 for one more offering", "End your actions"]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5), (4, 6)])
def test_the_act_prompt_offers_an_offering_only_on_the_courtyard_or_the_golden_temple(players, seed):
    """Guards: the prompt said "make an offering on the courtyard" on every tile. Every seat reads the prompt,
    so it goes by what all see (where the player stands), never by the hidden crystals (the conformance test
    checks that no seat's secret shows in it)."""
    state = BLUEMOON.new_state([f"P{i}" for i in range(players)], {"expansion": "true"}, seed)
    rng = Rng(seed)
    said = set()
    for _ in range(3000):
        if state.is_over:
            break
        legal = state.legal_actions()
        if state.phase == ACT:
            prompt = state.prompt()
            here = state.grid[state.players[state.current_player].pos]
            temple = here >= 0 and state.rules.buildings[here].extra == "offer"
            offered = "offering" in prompt and "no offering" not in prompt
            assert not offered or here == COURTYARD or temple, prompt
            if any(a.name in ("offer", "play") or (a.name == "extra" and temple) for a in legal):
                assert offered, (prompt, legal)
            said.add((here == COURTYARD, offered))
        state.apply(legal[rng.below(len(legal))])
    assert (True, True) in said and (False, False) in said
