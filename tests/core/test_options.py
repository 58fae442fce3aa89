"""Setup options: typed by their default, checked in one place (Option.parse), stored in records as notation."""

from __future__ import annotations

import json

import pytest

from boardgames.core.engine import Option, OptionError
from boardgames.core.record import Record, Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session

YES_NO = Option("fast", "Fast game", False)
COUNT = Option("rounds", "Rounds", 3, low=1, high=5)
SIDE = Option("side", "Side", "A", choices=("A", "B"))


def test_each_kind_of_option_takes_its_values_typed_or_written():
    assert YES_NO.values == (False, True) and YES_NO.texts == ("false", "true")
    assert YES_NO.parse(True) is True and YES_NO.parse("false") is False
    assert COUNT.parse(4) == 4 and COUNT.parse("5") == 5 and COUNT.texts == ("1", "2", "3", "4", "5")
    assert SIDE.parse("B") == "B"


@pytest.mark.parametrize("option, value", [
    (YES_NO, 1), (YES_NO, "yes"), (YES_NO, "True"), (COUNT, True), (COUNT, 6), (COUNT, "٣"), (SIDE, "C"),
])
def test_a_value_an_option_does_not_take_is_refused_saying_what_it_takes(option: Option, value: object):
    with pytest.raises(OptionError, match=f"Option '{option.key}' takes one of: {', '.join(option.texts)}"):
        option.parse(value)


def test_an_option_whose_default_is_not_one_of_its_values_cannot_be_declared():
    with pytest.raises(ValueError, match="default"):
        Option("side", "Side", "C", choices=("A", "B"))
    with pytest.raises(ValueError, match="default"):
        Option("rounds", "Rounds", 9, low=1, high=5)


def test_booleans_are_booleans_and_defaults_fill_the_rest():
    bluemoon = get_game("bluemoon")
    assert bluemoon.resolve_options({"expansion": "true"}) == {"expansion": True, "setup": "standard"}
    assert bluemoon.resolve_options({"expansion": True}) == {"expansion": True, "setup": "standard"}
    assert bluemoon.option_texts({"expansion": True}) == {"expansion": "true", "setup": "standard"}
    with pytest.raises(OptionError, match="has no option 'colour'"):
        bluemoon.resolve_options({"colour": "blue"})


def test_a_record_keeps_the_notation_so_old_and_new_saves_read_alike():
    lemuria = get_game("lemuria")
    seats = [Seat("Ana"), Seat("Bia"), Seat("Caio")]
    typed = Session.new(lemuria, seats, {"impact": True}, seed=3, autosave=False)
    written = Session.new(lemuria, seats, {"impact": "true"}, seed=3, autosave=False)
    assert typed.record.options == written.record.options == {"impact": "true"}
    assert json.dumps(typed.state.to_json()) == json.dumps(written.state.to_json())
    again = Session.from_record(Record.from_json(json.loads(json.dumps(typed.record.to_json()))))
    assert again.state.impact_option is True
