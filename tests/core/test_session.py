import json

import pytest

from boardgames.core import registry
from boardgames.core.engine import Action, IllegalAction
from boardgames.core.record import (
    Record,
    RecordError,
    Seat,
    read_record,
    save_record,
)
from boardgames.core.session import Session
from boardgames.home import default_store
from tests.core.fake_game import DiceGame, DiceState


@pytest.fixture
def dice():
    game = DiceGame()
    registry.register(game)
    yield game
    registry._GAMES.pop(game.id, None)


def _seats(*names):
    return [Seat(n) for n in names]


def test_undo_steps_back_within_the_turn(dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=3, store=default_store())
    assert not session.can_undo()
    session.apply(Action("mark"))
    session.apply(Action("mark"))
    assert session.can_undo()
    session.undo()
    assert session.record.actions == ["mark"]
    assert session.state.marks == 1
    assert read_record(session.path).actions == ["mark"], "undo is saved too"


def test_undo_never_crosses_a_reveal(dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=3, store=default_store())
    session.apply(Action("mark"))
    session.apply(Action("roll"))
    assert session.steps[-1].revealed
    assert not session.can_undo()
    with pytest.raises(IllegalAction):
        session.undo()


def test_undo_never_reaches_the_previous_turn(dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=3, store=default_store())
    session.apply(Action("roll"))
    session.apply(Action("pass"))
    assert session.state.current_player == 1
    assert not session.can_undo()


def test_undo_is_not_offered_for_bot_moves(dice):
    session = Session.new(dice, [Seat("Bot", "bot:random"), Seat("Bia")], seed=3, store=default_store())
    session.apply(Action("mark"))
    assert not session.can_undo()


def test_every_action_is_saved_and_resumes(dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=5, store=default_store())
    for text in ["roll", "bank", "mark", "roll"]:
        session.apply_text(text)
    resumed = Session.load(session.path)
    assert resumed.state.to_json() == session.state.to_json()
    assert resumed.log == session.log
    assert default_store().last_unfinished() == session.path


def test_refused_action_changes_nothing(dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=5, store=default_store())
    before = session.state.to_json()
    with pytest.raises(IllegalAction):
        session.apply(Action("bank"))
    assert session.state.to_json() == before
    assert not session.path.exists(), "no move was made, so nothing is saved"
    session.apply(Action("mark"))
    with pytest.raises(IllegalAction):
        session.apply(Action("bank"))
    assert read_record(session.path).actions == ["mark"]


def test_finished_game_is_marked_and_not_continued(dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=1, store=default_store())
    while not session.state.is_over:
        session.apply(session.state.legal_actions()[-1] if session.state.rolled else Action("roll"))
        if not session.state.is_over and session.state.rolled:
            session.apply(Action("bank"))
    assert read_record(session.path).finished
    assert default_store().last_unfinished() is None


def test_corrupt_and_foreign_files_are_refused_in_plain_words(tmp_path, dice):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record(bad)
    bad.write_text(json.dumps({"hello": 1}))
    with pytest.raises(RecordError, match="not a boardgames save"):
        read_record(bad)
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError):
        read_record(bad)
    with pytest.raises(RecordError, match="no save file"):
        read_record(tmp_path / "missing.json")


def test_illegal_move_in_a_save_is_refused(tmp_path, dice):
    record = Record("dice-test", 1, _seats("Ana", "Bia"), {}, 1, ["roll", "roll"])
    with pytest.raises(RecordError, match="move 2"):
        Session.from_record(record)


def test_a_crash_of_the_rules_while_replaying_is_a_record_error_naming_the_move(dice, monkeypatch):
    original = DiceState.apply

    def crash_on_bank(self, action):
        if action.name == "bank":
            raise ZeroDivisionError("a bug in the rules")
        original(self, action)

    monkeypatch.setattr(DiceState, "apply", crash_on_bank)
    record = Record("dice-test", 1, _seats("Ana", "Bia"), {}, 1, ["roll", "bank"])
    with pytest.raises(RecordError, match=r"move 2 \('bank'\) cannot be replayed"):
        Session.from_record(record)


def test_unknown_game_and_other_rules_version_are_refused(dice):
    with pytest.raises(RecordError, match="does not have"):
        Session.from_record(Record("chess", 1, _seats("Ana", "Bia"), {}, 1, []))
    with pytest.raises(RecordError, match="rules version 7"):
        Session.from_record(Record("dice-test", 1, _seats("Ana", "Bia"), {}, 7, []))


def test_damaged_header_is_refused(tmp_path, dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=5, store=default_store())
    session.apply(Action("mark"))
    data = json.loads(session.path.read_text())
    del data["seats"]
    session.path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="damaged"):
        Session.load(session.path)
    data["seats"] = [{"name": "Ana", "kind": "alien"}, {"name": "Bia", "kind": "human"}]
    session.path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="either human or a bot"):
        Session.load(session.path)


def test_list_saves_keeps_unreadable_files_visible(dice):
    session = Session.new(dice, _seats("Ana", "Bia"), seed=5, store=default_store())
    session.apply(Action("mark"))
    broken = session.path.parent / "broken.json"
    broken.write_text("garbage")
    found = dict(default_store().list())
    assert found[broken] is None
    assert found[session.path].game == "dice-test"


def test_atomic_save_leaves_no_temp_files(tmp_path):
    record = Record("dice-test", 1, _seats("Ana", "Bia"), {}, 1, ["roll"])
    target = tmp_path / "s" / "game.json"
    for _ in range(3):
        save_record(record, target)
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]
    assert read_record(target).actions == ["roll"]


class _TurnUpState(DiceState):
    """'mark' turns up a card fixed at set-up: a reveal that draws nothing from the generator."""

    def apply(self, action):
        super().apply(action)
        if action.name == "mark":
            self.reveals += 1

    def clone(self):
        copy = super().clone()
        copy.__class__ = type(self)
        copy.reveals = self.reveals
        return copy


class _TurnUpGame(DiceGame):
    def new_state(self, names, options, seed):
        return _TurnUpState(names, seed)


def test_undo_never_crosses_a_reveal_that_draws_nothing():
    session = Session.new(_TurnUpGame(), _seats("Ana", "Bia"), seed=3, autosave=False)
    session.apply(Action("mark"))
    assert session.steps[-1].revealed
    assert not session.can_undo()


def test_a_resumed_game_keeps_its_options_as_written(tmp_path):
    """Loading checks the options but keeps their notation: a resumed game saves "true", never a JSON true that
    the next load would refuse as damaged."""
    game = registry.get_game("bluemoon")
    path = tmp_path / "options.json"
    session = Session.new(game, _seats("Ana", "Bia"), {"expansion": True}, seed=3, path=path)
    session.apply(session.state.legal_actions()[0])
    resumed = Session.load(path)
    assert resumed.record.options == {"expansion": "true", "setup": "standard"}
    resumed.apply(resumed.state.legal_actions()[0])
    assert json.loads(path.read_text())["options"] == {"expansion": "true", "setup": "standard"}
    assert Session.load(path).record.actions == resumed.record.actions
