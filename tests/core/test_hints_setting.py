"""Hints can be turned off (``--option hints=false``, the set-up forms): a setting stored with the game (its record,
a table's file), never one of the game's options."""

import json

import pytest

from boardgames.cli import UsageError, take_hints
from boardgames.core.engine import OptionError
from boardgames.core.record import Record, RecordError, Seat, hints_setting, read_record
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.lobby import chat
from boardgames.lobby.table import TableError, TableSpec
from tests.lobby.helpers import ANA, make_table

SINTRA = get_game("sintra")
SEATS = [Seat("Ana", "human"), Seat("Bia", "human")]


def test_the_setting_is_read_as_true_or_false_with_a_sentence_otherwise():
    assert [hints_setting(text) for text in ("true", "False", "on", "no", True)] == [True, False, True, False, True]
    with pytest.raises(ValueError, match="The option hints is true or false, not 'maybe'."):
        hints_setting("maybe")


def test_hints_false_among_the_options_never_reaches_the_game_and_survives_save_and_load():
    session = Session.new(SINTRA, SEATS, {"side": "B", "hints": "false"}, seed=4, store=default_store())
    assert session.record.hints is False and session.record.options == {"side": "B"}
    session.apply(session.state.legal_actions()[0])
    session.save()
    again = Session.load(session.path)
    assert again.record.hints is False and again.record.options == {"side": "B"}
    assert read_record(session.path).to_json()["hints"] is False
    session.undo()  # a replay of the record keeps the setting too
    assert session.record.hints is False
    assert Session.new(SINTRA, SEATS, {}, seed=4, autosave=False).record.hints is True


def test_a_wrong_value_is_refused_in_a_sentence():
    with pytest.raises(OptionError, match="hints is true or false"):
        Session.new(SINTRA, SEATS, {"hints": "sometimes"}, seed=4, autosave=False)


def test_a_save_from_before_hints_allows_them_and_a_damaged_setting_is_refused():
    data = Record("sintra", 1, SEATS, {"side": "A"}).to_json()
    del data["hints"]
    assert Record.from_json(data).hints is True
    data["hints"] = "no"
    with pytest.raises(RecordError, match="whether hints are allowed is neither true nor false"):
        Record.from_json(data)


def test_the_command_line_takes_hints_out_of_the_games_options():
    assert take_hints(["side=B", "hints=false"]) == (False, ["side=B"])
    assert take_hints(None) == (True, [])
    with pytest.raises(UsageError, match="hints is true or false"):
        take_hints(["hints=perhaps"])


def test_a_tables_file_holds_the_setting_and_its_record_too(tmp_path):
    table = make_table(tmp_path, start=False)
    spec = table.read()
    assert spec.hints is True
    data = spec.to_json()
    data["hints"] = False
    assert TableSpec.from_json(data).hints is False
    del data["hints"]
    assert TableSpec.from_json(data).hints is True  # a table from before hints
    data["hints"] = "yes"
    with pytest.raises(TableError):
        TableSpec.from_json(data)


def test_a_hint_note_is_written_once_a_move_and_reads_back(tmp_path):
    table = make_table(tmp_path)
    first = chat.note(table, ANA.id, "Ana", "hint", 3, now=10.0)
    assert first is not None and first.kind == "hint" and first.text == ""
    assert chat.note(table, ANA.id, "Ana", "hint", 3, now=11.0) is None
    assert chat.note(table, ANA.id, "Ana", "hint", 4, now=12.0) is not None
    assert [(line.kind, line.moves) for line in chat.read_chat(table)] == [("hint", 3), ("hint", 4)]
    with pytest.raises(ValueError):
        chat.note(table, ANA.id, "Ana", "shout", 5)
    with open(table.chat_path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"sender": "x", "name": "X", "text": "", "at": 1.0, "moves": 0, "kind": "evil"}))
        handle.write("\n")
    assert len(chat.read_chat(table)) == 2  # an unknown kind is a damaged line: skipped


def test_the_hints_taken_at_one_keyboard_outlive_save_load_and_undo():
    session = Session.new(SINTRA, SEATS, {}, seed=4, store=default_store())
    session.apply(session.state.legal_actions()[0])
    session.apply(session.state.legal_actions()[0])  # a journal line after the whole save
    seat = session.state.current_player
    session.note_hint(seat)
    session.note_hint(seat)  # the same decision: kept once
    assert session.record.hinted == [(2, seat)]
    assert not session.dirty  # written at once, whole (a journal holds only moves)
    assert Session.load(session.path).record.hinted == [(2, seat)]
    session.apply(session.state.legal_actions()[0])
    session.save()
    assert Session.load(session.path).record.hinted == [(2, seat)]  # a move's journal line keeps it
    session.undo()  # back to the decision the hint was for: still noted
    assert session.record.hinted == [(2, seat)]
    session.apply(session.state.legal_actions()[0])  # the same move again (its seat moves on, as before)
    session.note_hint(session.state.current_player)
    assert session.record.hinted == [(2, seat), (3, seat)]
    session.undo()  # a hint for a decision no longer reached goes with the move
    assert session.record.hinted == [(2, seat)]
    assert Session.load(session.path).record.hinted == [(2, seat)]


def test_a_damaged_list_of_hints_taken_is_refused_and_an_old_save_has_none():
    data = Record("sintra", 1, SEATS, {"side": "A"}, actions=["x"], hinted=[(1, 0)]).to_json()
    assert Record.from_json(data).hinted == [(1, 0)]
    del data["hinted"]
    assert Record.from_json(data).hinted == []
    for bad in ([[2, 0]], [[0, 2]], [[0]], [["0", 1]], "many", [[-1, 0]]):
        data["hinted"] = bad
        with pytest.raises(RecordError, match="its list of hints taken does not fit its moves and seats"):
            Record.from_json(data)
