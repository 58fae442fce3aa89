"""Lemuria's decision kinds as assembled by rules.py: each part's table merged once, each kind refusing in its
own words (the same sentence for a board asking and for the move applied), and the view's typed shape."""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.games.lemuria import builds, citizens, months, planting, powers, turn
from boardgames.games.lemuria.rules import LemuriaState
from boardgames.games.lemuria.views import LemuriaView, PlayerView
from tests.games.lemuria.test_rules import _reform_ready, a, after_pass, new


def test_every_part_of_the_month_is_merged_into_the_states_kinds_once():
    tables = [months.KINDS, turn.KINDS, planting.KINDS, builds.KINDS, citizens.KINDS, powers.KINDS]
    names = [name for table in tables for name in table]
    assert len(names) == len(set(names)) and set(names) == set(LemuriaState.KINDS)


def refused(state: LemuriaState, text: str) -> str:
    """The sentence a board is given for ``text``, checked to be the one applying it raises, leaving the
    position as it was."""
    before = state.to_json()
    told = state.refusal(a(text))
    with pytest.raises(IllegalAction) as raised:
        state.apply(a(text))
    assert str(raised.value) == told and state.to_json() == before
    assert told is not None
    return told


def test_the_card_pass_and_the_turn_refuse_in_their_own_words():
    state = new()
    assert refused(state, "pass nobody") == "Pass one of the cards in your hand."
    after_pass(state)
    assert refused(state, "citizen nobody") == \
        "You cannot play that citizen now: it is not in your hand or you lack the food."
    assert refused(state, "end") == "First plant or harvest: it is mandatory while you can."
    assert refused(state, "fly") == \
        "'fly' is not a move now: Ana: plant or harvest, build, play citizens, then end your turn."


def test_planting_refuses_a_space_the_matter_does_not_fit():
    state = after_pass(new())
    state.apply(a("plant"))
    assert refused(state, "put 99 vegetable") == \
        "That matter does not fit there: a section takes one kind of player matter, in its empty spaces."
    assert refused(state, "done") == "Place or take at least one first."


def test_a_build_or_reform_is_told_what_is_wrong_and_its_resources_may_come_in_any_order():
    state = _reform_ready()
    assert refused(state, "reform 2 1 gold brick") == "You own one building: reform building 1."
    assert state.refusal(a("reform 1 1 gold brick")) is None and state.refusal(a("reform 1 1 brick gold")) is None


def test_the_view_has_the_typed_keys_and_no_others():
    state = after_pass(new())
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert list(view) == list(LemuriaView.__annotations__)
        assert all(list(p) == list(PlayerView.__annotations__) for p in view["players"])
