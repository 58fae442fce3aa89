"""State.label: a phrase for every Sintra move a player may choose, never its bare notation."""

from __future__ import annotations

import pytest

from boardgames.core.engine import Action
from boardgames.core.rng import Rng
from boardgames.games.sintra.game import SINTRA

from .positions import AMANDA, colour, hold, new_position, set_centre, set_factory


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_legal_move_has_its_own_label_in_random_games(players, seed):
    """Guards moves listed by notation (State.label defaulting to str(action)) or two moves read alike."""
    state = SINTRA.new_state([f"P{i}" for i in range(players)], {"side": "AB"[seed % 2]}, seed)
    rng = Rng(seed)
    kinds = set()
    while not state.is_over:
        legal = state.legal_actions()
        labels = [state.label(action) for action in legal]
        assert all(labels), legal
        assert len(set(labels)) == len(labels), labels
        for action, label in zip(legal, labels):
            assert label != str(action) and label[0].isupper(), label
            kinds.add(action.name)
        state.apply(legal[rng.below(len(legal))])
    assert {"take", "place"} <= kinds


def test_labels_say_what_a_move_takes_and_places():
    state = new_position(3)
    set_factory(state, 2, "O O O Y")
    set_centre(state, "Y")
    orange = state.rules.colours[colour(state, "O")]
    yellow = state.rules.colours[colour(state, "Y")]
    assert state.label(Action("take", (2, orange.id))) == f"Take 3 {orange.name.lower()} from display 2"
    assert state.label(Action("take", ("C", yellow.id))) == (
        f"Take 1 {yellow.name.lower()} from the centre, and the first-player marker")
    hold(state, AMANDA, "B B B")
    place = state.legal_actions()[0]
    assert state.label(place).startswith("Place ") and f"on strip {place.args[0]}" in state.label(place)
    assert state.label(Action("nonsense")) == "nonsense"  # an unknown move is shown as written


@pytest.fixture
def portuguese():
    from boardgames.i18n import language, set_language

    before = language()
    set_language("pt_BR")
    yield
    set_language(before)


def test_labels_and_log_lines_are_whole_portuguese_sentences(portuguese):
    from tests.loglines import line_of

    state = new_position(3)
    set_factory(state, 2, "O O O Y")
    set_centre(state, "Y")
    take = Action("take", (2, state.rules.colours[colour(state, "O")].id))
    assert state.label(take) == "Pegar 3 laranjas do expositor 2"
    assert line_of(state, take).startswith("Amanda pega 3 laranjas do expositor 2.")
    centre = Action("take", ("C", state.rules.colours[colour(state, "Y")].id))
    assert state.label(centre) == "Pegar 1 amarela do centro e o marcador de primeiro jogador"
    hold(state, AMANDA, "B")
    place = state.legal_actions()[0]
    assert state.label(place).startswith("Colocar 1 azul na faixa ")
