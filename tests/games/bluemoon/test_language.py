"""Blue Moon City read in another language: every label, prompt, log line, refusal and result sentence goes
through the catalogue (the pseudo-language marks each with a trailing ·), and Portuguese reads as Portuguese."""

from __future__ import annotations

import pytest

from boardgames.core.engine import Action, IllegalAction
from boardgames.core.rng import Rng
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.i18n import set_language


@pytest.fixture
def language():
    """Set a language for one test, back to English after it."""
    yield set_language
    set_language("en")


def _translated(text: str) -> bool:
    return text.endswith("·") or "·" in text


def test_every_sentence_of_random_games_goes_through_the_catalogue(language):
    language("pseudo")
    for players, seed, options in ((2, 4, {}), (4, 9, {"expansion": "true", "setup": "alternative"})):
        state = BLUEMOON.new_state([f"P{i}" for i in range(players)], options, seed)
        state.keeps_log = True
        rng = Rng(seed)
        for _ply in range(1500):
            if state.is_over:
                break
            assert _translated(state.prompt()), state.prompt()
            legal = state.legal_actions()
            for action in legal:
                assert _translated(state.label(action)), (action, state.label(action))
            state.apply(legal[rng.below(len(legal))])
            for line in state.take_log():
                assert _translated(line.text_for(None)), line
        refused = [Action("fly"), Action("go", ("z9",)), Action("add", ("aq2",)), Action("stop", ("now",))]
        for action in refused:
            if not state.is_over:
                with pytest.raises(IllegalAction, match="·"):
                    state.apply(action)
        result = state.result()
        assert all(_translated(note) for note in result.notes)


def test_portuguese_log_and_labels_name_the_buildings_as_the_brazilian_rulebook(language):
    language("pt_BR")
    state = BLUEMOON.new_state(["Ana", "Bia"], {}, 3)
    state.keeps_log = True
    go = next(a for a in state.legal_actions() if a.name == "go" and a.args[0] in ("c2", "b3", "d3", "c4"))
    label = state.label(go)
    assert label.startswith(f"Ir para {go.args[0]} (")
    state.apply(go)
    line = state.take_log()[-1].text_for(None)
    names = {"Palácio Real", "Templo do Fogo", "Templo da Terra", "Templo da Água"}
    assert line.startswith(f"{state.names[state.current]} vai para {go.args[0]} (") and line.endswith(").")
    assert any(name in line for name in names), line  # the start tiles lie next to the courtyard
    assert "passos restantes" in state.prompt()
    with pytest.raises(IllegalAction, match="não é uma jogada de Blue Moon City"):
        state.apply(Action("fly"))
