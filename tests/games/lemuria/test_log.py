"""Lemuria's log lines: every move says what happened in a sentence, and never names a card to a seat that
may not know it (issue 18, items 1, 21 and 22)."""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.games.lemuria.altar import VEGETABLE
from tests.games.lemuria.test_rules import a, after_pass, end_month, new
from tests.loglines import logged_line


def test_the_opening_card_pass_names_the_card_to_its_passer_only():
    state = new()
    card = state.players[0].hand[0]
    name = state.rules.citizen[card].name
    line = logged_line(state, Action("pass", (card,)))
    assert line.text_for(0) == f"Ana chooses {name} to pass."
    for seat in (None, 1, 2):
        assert line.text_for(seat) == "Ana chooses a card to pass."


def test_the_last_pass_tells_each_receiver_only_the_card_it_gets():
    state = new()
    passed = [state.players[seat].hand[0] for seat in range(3)]
    state.apply(Action("pass", (passed[0],)))
    state.apply(Action("pass", (passed[1],)))
    line = logged_line(state, Action("pass", (passed[2],)))
    names = [state.rules.citizen[card].name for card in passed]
    assert f"Ana passes {names[0]} to Bia." in line.text_for(1)
    assert names[0] not in line.text_for(2)  # Caio gets Bia's card and gave his own, never sees Ana's
    assert "Ana passes a card to Bia." in line.text_for(None)
    assert not any(n in line.text_for(None) for n in names)


def test_ending_the_turn_and_leaving_the_altar_are_sentences():
    state = after_pass(new())
    state.apply(a("plant"))
    state.apply(a("put 0 vegetable"))
    state.apply(a("done"))
    assert logged_line(state, a("end")).public == "Ana ends the turn."
    state.round = 3
    end_month(state)
    leader = state.names[state.current_player]
    assert state.decisions.top.kind == "altar"
    assert logged_line(state, a("altar stay")).public == f"{leader} leaves the altar where it is."


def test_the_altar_growth_agrees_with_its_count():
    """Guards item 22: "a filler in 1 sections"."""
    for sections, said in ((1, "The altar grows: one section gets a filler."),
                           (2, "The altar grows: 2 sections get a filler each.")):
        state = after_pass(new())
        for section in range(sections):
            state.altar.plant(section, 2, VEGETABLE)
            state.players[2].matter[VEGETABLE] -= 1
        state.players[0].matter = {k: 0 for k in state.players[0].matter}
        state.players[1].matter = {k: 0 for k in state.players[1].matter}
        state.players[2].matter = {k: 0 for k in state.players[2].matter}
        state.keeps_log = True
        state.take_log()
        end_month(state)
        lines = [line.public for line in state.take_log()]
        assert said in lines, lines
