"""Log lines with visibility: emitted by ``apply``, one public text plus private ones, each seat its own log."""

from __future__ import annotations

import pytest

from boardgames.core import registry
from boardgames.core.bots import make_bot
from boardgames.core.engine import Action, Game, IllegalAction, Result, State
from boardgames.core.log import LogLine
from boardgames.core.record import Record, Seat, read_record, save_record
from boardgames.core.rng import Rng
from boardgames.core.session import Session

CARDS = ("Sentry", "Oracle", "Mason")


class PassState(State):
    """Each turn a seat passes its top card to the next seat (a private line for both) or waits."""

    def __init__(self, names, seed):
        self.names = list(names)
        self.rng = Rng(seed)
        self.turn = 0
        self.hands = [list(CARDS) for _ in names]

    @property
    def current_player(self):
        return None if self.turn >= 6 else self.turn % len(self.names)

    def legal_actions(self):
        return [] if self.current_player is None else [Action("pass"), Action("wait"), Action("nod")]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not allowed now.")
        me = self.current_player
        to = (me + 1) % len(self.names)
        giver, taker = self.names[me], self.names[to]
        if action.name == "pass":
            card = self.hands[me].pop()
            self.hands[to].append(card)
            said = f"{giver} passes {card} to {taker}."
            self.emit(f"{giver} passes a card to {taker}.", {me: said, to: said})
            self.emit(f"{taker} now holds {len(self.hands[to])} cards.")
        elif action.name == "wait":
            self.emit(f"{giver} waits.")
        if action.name != "nod":  # a nod neither ends the turn nor emits a line
            self.turn += 1

    def prompt(self):
        return "Pass, wait or nod."

    def result(self):
        return Result([0] * len(self.names), [{"Nothing": 0} for _ in self.names], [1] * len(self.names))

    def view(self, seat):
        return {"hand": None if seat is None else list(self.hands[seat])}

    def clone(self):
        other = PassState(self.names, 0)
        other.rng, other.turn, other.hands = self.rng.copy(), self.turn, [h[:] for h in self.hands]
        return other

    def to_json(self):
        return {"turn": self.turn, "hands": self.hands}


class PassGame(Game):
    id = "pass-test"
    title = "Pass (test)"
    description = "A test game whose log has private lines."
    min_players = 2
    max_players = 3
    has_private_info = True

    def new_state(self, names, options, seed):
        return PassState(names, seed)


@pytest.fixture
def game(monkeypatch):
    game = PassGame()
    monkeypatch.setitem(registry._GAMES, game.id, game)
    return game


def played(game, moves=("pass", "nod", "wait", "pass")) -> Session:
    session = Session.new(game, [Seat("Ana"), Seat("Bia"), Seat("Caio")], autosave=False)
    for move in moves:
        session.apply_text(move)
    return session


def test_each_seat_reads_its_own_log_and_an_onlooker_the_public_one(game):
    session = played(game)
    public = ["Ana passes a card to Bia. Bia now holds 4 cards.", "Bia makes a choice.", "Bia waits.",
              "Caio passes a card to Ana. Ana now holds 3 cards."]
    ana_to_bia = "Ana passes Mason to Bia. Bia now holds 4 cards."
    caio_to_ana = "Caio passes Mason to Ana. Ana now holds 3 cards."
    assert session.log == public
    assert session.log_for(None) == public
    assert session.log_for(0) == [ana_to_bia, public[1], "Bia waits.", caio_to_ana]
    assert session.log_for(1) == [ana_to_bia, "Bia chooses: nod.", "Bia waits.", public[3]]  # Ana's card only
    assert session.log_for(2) == [public[0], public[1], "Bia waits.", caio_to_ana]
    assert session.steps[0].text == public[0]


def test_a_move_that_logs_nothing_shows_its_notation_to_its_mover_only(game):
    """Guards issue 18 item 1: a silent move (Lemuria's card pass) was logged as its notation for every seat."""
    session = played(game, ("wait", "nod"))
    assert [session.log_for(seat)[-1] for seat in (None, 0, 1, 2)] == [
        "Bia makes a choice.", "Bia makes a choice.", "Bia chooses: nod.", "Bia makes a choice."]


def test_a_clone_stays_quiet_and_an_undone_state_logs_again(game):
    """A bot's look-ahead (a clone) pays nothing for words; the snapshot undo restores logs again."""
    session = played(game, ("pass",))
    quiet = session.state.clone()
    quiet.apply(Action("wait"))
    assert quiet.take_log() == []
    session.apply_text("nod")
    session.undo()  # restores the snapshot taken before the nod
    session.apply_text("wait")
    assert session.log == ["Ana passes a card to Bia. Bia now holds 4 cards.", "Bia waits."]


def test_a_refused_action_leaves_no_line_behind(game):
    session = played(game, ("pass",))
    with pytest.raises(IllegalAction):
        session.apply_text("shout")
    assert session.state.take_log() == []
    session.apply_text("wait")
    assert session.log == ["Ana passes a card to Bia. Bia now holds 4 cards.", "Bia waits."]


def test_private_lines_survive_a_save_and_a_replay(game, tmp_path):
    session = played(game)
    path = tmp_path / "pass.json"
    save_record(session.record, path)
    replayed = Session.from_record(read_record(path))
    for seat in (None, 0, 1, 2):
        assert replayed.log_for(seat) == session.log_for(seat)


def test_joined_lines_keep_each_seats_version_of_every_part():
    joined = LogLine.join([LogLine("A gives.", {0: "A gives X."}), LogLine(""), LogLine("B sees.", {1: "B sees Y."})])
    assert joined.public == "A gives. B sees."
    assert joined.text_for(0) == "A gives X. B sees."
    assert joined.text_for(1) == "A gives. B sees Y."
    assert joined.text_for(None) == joined.text_for(2) == "A gives. B sees."


@pytest.mark.parametrize("game_id", ["sintra", "bluemoon"])
def test_replay_applies_each_action_once(game_id, monkeypatch):
    """Guards issue 8: the log line was made by applying every action a second time on a clone."""
    game = registry.get_game(game_id)
    session = Session.new(game, [Seat("Ana"), Seat("Bia"), Seat("Caio")], seed=3, autosave=False)
    bot = make_bot("random", game, 3)
    for ply in range(60):
        session.apply(bot.choose(session.state, ply))
    record = Record(game=game_id, seed=3, seats=session.record.seats, options=session.record.options,
                    rules_version=game.rules_version, actions=list(session.record.actions))
    calls = []
    cls = type(session.state)
    original = cls.apply

    def counting(state, action):
        calls.append(action)
        return original(state, action)

    monkeypatch.setattr(cls, "apply", counting)
    replayed = Session.from_record(record)
    assert len(calls) == len(record.actions) == 60
    assert replayed.log == session.log
