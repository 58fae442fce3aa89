"""Decisions several seats answer at once (``together`` kinds): active players, ``as_seat``, ``apply_as``, their
``@<seat>`` record lines, bots choosing for any active seat, and the conformance run answering in random orders.

The game is tests/core/sealed_game.py: every seat bids in secret at the same time, then the bids are settled.
"""

from __future__ import annotations

import itertools
import json

import pytest

from boardgames.core import registry
from boardgames.core.bots import make_bot
from boardgames.core.decisions import Decision
from boardgames.core.engine import Action, IllegalAction
from boardgames.core.record import Record, RecordError, Seat, read_record, seat_line, split_seat_line
from boardgames.core.session import Session
from boardgames.core.soak import SOAK, ContractBroken, play_checked, probe_illegal
from tests.core.fake_game import DiceGame
from tests.core.sealed_game import BID, CONFIRM, SealedGame, SealedState

NAMES = ["Ana", "Bia", "Caio"]


@pytest.fixture
def sealed():
    game = SealedGame()
    registry.register(game)
    yield game
    registry._GAMES.pop(game.id, None)


def _dump(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _stack(state) -> list[tuple[str, int]]:
    return [(d.kind, d.seat) for d in state.decisions]


def test_every_seat_with_a_together_decision_on_top_is_active_the_hot_seat_order_first():
    state = SealedState(NAMES, 1)
    assert state.current_player == 0 and state.active_players == (0, 1, 2)
    state.apply(Action("bid", (1,)))  # at one keyboard: one seat after the other, as before
    assert state.current_player == 1 and state.active_players == (1, 2)


def test_as_seat_is_the_position_as_that_seat_decides_in_it_and_leaves_the_state_alone():
    state = SealedState(NAMES, 1)
    before = _dump(state)
    bia = state.as_seat(1)
    assert bia.current_player == 1 and bia.prompt() == "Bia: bid some of your coins."
    assert bia.legal_actions() == [Action("bid", (n,)) for n in range(4)] + [Action("all")]
    assert bia.label(Action("all")) == "Bid everything"
    assert bia.refusal(Action("bid", (7,))) == "Bid from 0 to 3 coins." and bia.refusal(Action("bid", (2,))) is None
    assert bia.view(1)["current"] == 1
    assert _dump(state) == before and state.current_player == 0
    assert state.as_seat(0) is state


def test_a_seat_without_a_pending_decision_is_refused_with_a_sentence_naming_it():
    state = SealedState(NAMES, 1)
    state.apply_as(2, Action("bid", (0,)))
    with pytest.raises(IllegalAction, match="^Caio has no decision to make now.$"):
        state.as_seat(2)
    with pytest.raises(IllegalAction, match="^There is no seat 5 at this table: its seats are numbered from 0 to 2.$"):
        state.apply_as(5, Action("bid", (0,)))
    with pytest.raises(IllegalAction, match="^There is no seat -1 at this table"):
        state.as_seat(-1)
    state.decisions.reset()
    with pytest.raises(IllegalAction, match="^The game is over.$"):
        state.as_seat(0)
    assert state.active_players == ()


def test_an_answer_out_of_order_moves_that_decision_up_and_keeps_the_others_order():
    state = SealedState(["Ana", "Bia", "Caio", "Duda"], 1)
    state.apply_as(2, Action("bid", (3,)))
    assert _stack(state) == [(BID, 3), (BID, 1), (BID, 0)] and state.active_players == (0, 1, 3)
    assert state.bids == {2: 3} and state.current_player == 0


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_any_order_of_answers_gives_the_position_of_the_hot_seat_order(order):
    bids = {0: 2, 1: 3, 2: 1}
    in_turn, any_order = SealedState(NAMES, 4), SealedState(NAMES, 4)
    for seat in range(3):
        in_turn.apply(Action("bid", (bids[seat],)))
    for seat in order:
        any_order.apply_as(seat, Action("bid", (bids[seat],)))
    assert _dump(any_order) == _dump(in_turn)
    assert in_turn.points == [0, 1, 0] and in_turn.round == 2


def test_a_refused_answer_out_of_order_changes_nothing_not_even_the_order_of_the_stack():
    state = SealedState(["Ana", "Bia", "Caio", "Duda"], 1)
    state.apply_as(1, Action("bid", (1,)))
    before = _dump(state)
    for seat, action in [(2, Action("bid", (9,))), (2, Action("yes")), (3, Action("no-such-move")),
                         (1, Action("bid", (0,)))]:
        with pytest.raises(IllegalAction):
            state.apply_as(seat, action)
        assert _dump(state) == before
    probe_illegal(state, {Action("bid", (7,)), Action("yes")}, seat=3)  # the conformance run's own probe
    assert _dump(state) == before


def test_a_follow_up_of_one_seat_is_answered_before_the_others_are_asked_again():
    state = SealedState(NAMES, 1)
    state.apply_as(1, Action("all"))
    assert _stack(state)[-1] == (CONFIRM, 1) and state.active_players == (1,)
    with pytest.raises(IllegalAction, match="Ana has no decision"):
        state.apply_as(0, Action("bid", (0,)))
    state.apply(Action("yes"))
    assert state.bids == {1: 3} and state.active_players == (0, 2)


def test_a_game_without_together_decisions_has_only_the_current_player_active():
    state = DiceGame().new_state(["Ana", "Bia"], {}, 3)
    assert state.active_players == (0,) and state.as_seat(0) is state
    with pytest.raises(IllegalAction, match="^Seat 2 has no decision to make now.$"):
        state.apply_as(1, Action("roll"))
    state.apply_as(0, Action("mark"))
    assert state.marks == 1
    state.scores[1] = 10
    assert state.active_players == ()


# -- sessions and records -----------------------------------------------------------------------------
def test_a_record_line_names_the_seat_only_for_a_move_out_of_the_hot_seat_order():
    assert seat_line(2, "pass x") == "@2 pass x"
    assert split_seat_line("@2 pass x") == (2, "pass x") and split_seat_line("pass x") == (None, "pass x")
    for damaged in ("@ pass", "@x pass", "@2", "@²2 pass", "@-1 pass"):
        with pytest.raises(ValueError, match="names no seat"):
            split_seat_line(damaged)


def test_a_session_writes_moves_out_of_order_with_their_seat_and_they_replay_exactly(sealed, tmp_path):
    session = Session.new(sealed, [Seat(n) for n in NAMES], seed=2, path=tmp_path / "bids.json")
    session.apply(Action("bid", (2,)), seat=2)
    step = session.apply_text("@1 bid 3")
    session.apply(Action("bid", (1,)), seat=0)  # the current player: a plain line
    assert step.seat == 1 and [s.seat for s in session.steps] == [2, 1, 0]
    assert session.record.actions == ["@2 bid 2", "@1 bid 3", "bid 1"]
    assert session.state.points == [0, 1, 0] and session.state.coins == [2, 0, 1]
    assert session.log_for(2)[0] == "Caio bids 2." and session.log_for(0)[0] == "Caio bids."
    assert read_record(session.path).actions == session.record.actions
    resumed = Session.load(session.path)
    assert _dump(resumed.state) == _dump(session.state) and resumed.record.actions == session.record.actions
    assert [s.seat for s in resumed.steps] == [2, 1, 0] and resumed.log == session.log


def test_a_move_for_a_seat_with_nothing_to_decide_is_refused_and_not_recorded(sealed):
    session = Session.new(sealed, [Seat(n) for n in NAMES], seed=2, autosave=False)
    session.apply(Action("bid", (1,)), seat=1)
    before = _dump(session.state)
    with pytest.raises(IllegalAction, match="Bia has no decision to make now."):
        session.apply(Action("bid", (1,)), seat=1)
    with pytest.raises(IllegalAction, match="names no seat"):
        session.apply_text("@one bid 1")
    assert session.record.actions == ["@1 bid 1"] and _dump(session.state) == before
    assert not session.can_undo()  # undo stays within the current player's own moves, as before


def _record(*actions: str) -> Record:
    return Record(game="sealed-test", seed=2, seats=[Seat(n) for n in NAMES], options={}, actions=list(actions))


@pytest.mark.parametrize(("line", "why"), [
    ("@9 bid 1", "move 2 ('@9 bid 1') is not legal here: There is no seat 9 at this table"),
    ("@1 bid 1", "move 2 ('@1 bid 1') is not legal here: Bia has no decision to make now."),
    ("@2 bid 7", "move 2 ('@2 bid 7') is not legal here: Bid from 0 to 3 coins."),
    ("@x bid 1", "move 2 ('@x bid 1') cannot be replayed."),
])
def test_a_damaged_seat_line_is_refused_on_load(sealed, line, why):
    with pytest.raises(RecordError, match=r"^This save is damaged: " + why.replace("(", r"\(").replace(")", r"\)")):
        Session.from_record(_record("@1 bid 2", line))


def test_a_seat_line_for_the_current_player_replays_as_its_plain_move(sealed):
    session = Session.from_record(_record("@0 bid 2"))
    assert session.record.actions == ["bid 2"] and session.state.bids == {0: 2}


# -- bots ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_a_bot_chooses_for_any_active_seat_on_that_seats_position(kind):
    state = SealedState(NAMES, 5)
    bot = make_bot(kind, SealedGame(), seed=5)
    before = _dump(state)
    action = bot.choose(state, 0, seat=2)
    assert action in state.as_seat(2).legal_actions() and _dump(state) == before
    assert make_bot(kind, SealedGame(), seed=5).choose(state, 0, seat=2) == action  # seeded: the same again
    state.apply_as(2, action)
    with pytest.raises(IllegalAction, match="Caio has no decision"):
        bot.choose(state, 1, seat=2)


def test_a_bots_choice_for_one_seat_ignores_the_secret_bids_of_the_others():
    state = SealedState(NAMES, 5)
    state.apply_as(1, Action("bid", (3,)))
    bot = make_bot("greedy", SealedGame(), seed=5)
    choice = bot.choose(state, 1, seat=2)
    for bid in range(4):
        other = state.clone()
        other.bids[1] = bid
        assert make_bot("greedy", SealedGame(), seed=5).choose(other, 1, seat=2) == choice


# -- the conformance run ------------------------------------------------------------------------------
def test_the_conformance_run_answers_out_of_order_in_odd_seeds_and_the_record_replays(sealed):
    marked = []
    for seed in range(6):
        bots = [make_bot("random", sealed, seed)] * 3
        _, record = play_checked(sealed, NAMES, bots, {}, seed, SOAK)
        marked.append(any(line.startswith("@") for line in record.actions))
    assert marked == [False, True, False, True, False, True]


def test_the_conformance_run_catches_a_seat_that_is_active_but_cannot_answer(sealed, monkeypatch):
    def broken_as_seat(self, seat):
        view = self.shallow_clone()
        view.decisions.reset(Decision(BID, (seat + 1) % 3))
        return view

    monkeypatch.setattr(SealedState, "as_seat", broken_as_seat)
    with pytest.raises(ContractBroken, match="active seat 1 has no decision to answer"):
        play_checked(sealed, NAMES, [make_bot("random", sealed, 1)] * 3, {}, 1, SOAK)
