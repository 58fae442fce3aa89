"""Lemuria's opening card pass is a choice every seat makes at once (a ``together`` decision, core/decisions.py):
at a shared table the seats answer in any order, each on its own screen; at one keyboard seat 0 still goes first.
"""

from __future__ import annotations

import itertools
import json

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action, IllegalAction
from boardgames.core.record import Record, RecordError, Seat
from boardgames.core.registry import get_game
from boardgames.core.rng import Rng
from boardgames.core.session import Session
from boardgames.games.lemuria.data import shared_rules
from boardgames.games.lemuria.rules import PASS, TURN, LemuriaState

NAMES = ["Ana", "Bia", "Caio"]


def new(names=NAMES, seed=1) -> LemuriaState:
    return LemuriaState.setup(shared_rules(), list(names), seed, impact=False)


def dump(state: LemuriaState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def first_card(state: LemuriaState, seat: int) -> Action:
    return Action("pass", (state.players[seat].hand[0],))


def pass_in(state: LemuriaState, order) -> LemuriaState:
    for seat in order:
        state.apply_as(seat, first_card(state, seat))
    return state


def test_every_seat_chooses_at_once_and_one_keyboard_still_asks_seat_0_first():
    state = new()
    assert state.active_players == (0, 1, 2) and state.current_player == 0
    assert [(d.kind, d.seat) for d in state.decisions] == [(PASS, 2), (PASS, 1), (PASS, 0)]
    assert state.as_seat(2).prompt() == "Caio: choose a citizen card to pass to the player on your left."
    state.apply_as(1, first_card(state, 1))
    assert state.active_players == (0, 2) and state.current_player == 0


@pytest.mark.parametrize("names", [NAMES, ["Ana", "Bia", "Caio", "Duda"]])
def test_the_pass_answered_in_any_order_gives_the_position_of_the_seat_order(names):
    in_turn = dump(pass_in(new(names), range(len(names))))
    for order in itertools.permutations(range(len(names))):
        state = pass_in(new(names), order)
        assert dump(state) == in_turn, order
        assert state.decisions.top.kind == TURN and state.current_player == 0


def test_the_pass_answered_2_0_1_is_the_pass_answered_0_1_2():
    assert dump(pass_in(new(seed=5), [2, 0, 1])) == dump(pass_in(new(seed=5), [0, 1, 2]))


def test_a_refused_answer_out_of_order_changes_nothing_not_even_the_order_of_the_stack():
    state = pass_in(new(), [1])
    before = dump(state)
    not_caios = state.players[0].hand[0]
    for seat, action, why in [
        (2, Action("pass", (not_caios,)), "Pass one of the cards in your hand."),
        (2, Action("plant"), "'plant' is not a move now"),
        (1, first_card(state, 1), "Bia has no decision to make now."),
        (7, first_card(state, 2), "There is no seat 7 at this table"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            state.apply_as(seat, action)
        assert dump(state) == before


def test_while_seat_2_has_passed_and_seat_0_not_nobody_else_sees_seat_2s_card():
    state = pass_in(new(), [2])
    card = state.passing[2]
    for viewer, shown in [(None, None), (0, None), (1, None), (2, card)]:
        assert state.view(viewer)["players"][2]["passing"] == shown
        assert state.view(viewer)["players"][2]["has_passed"]
    seen = [json.dumps(v.view(s), sort_keys=True) for v, s in [(state, None), (state.as_seat(0), 0),
                                                               (state.as_seat(1), 1)]]
    for attempt in range(5):
        other = state.clone()
        assert other.scramble_private(2, Rng(attempt))
        assert [json.dumps(v.view(s), sort_keys=True) for v, s in [(other, None), (other.as_seat(0), 0),
                                                                   (other.as_seat(1), 1)]] == seen


def _session(tmp_path) -> Session:
    return Session.new(get_game("lemuria"), [Seat(n) for n in NAMES], seed=3, path=tmp_path / "lemuria.json")


def test_a_pass_out_of_order_is_saved_with_its_seat_and_loads_to_the_same_game(tmp_path):
    session = _session(tmp_path)
    card = session.state.players[2].hand[0]
    session.apply(Action("pass", (card,)), seat=2)
    assert session.record.actions == [f"@2 pass {card}"] and session.steps[0].seat == 2
    name = shared_rules().citizen[card].name
    assert session.log_for(2) == [f"Caio chooses {name} to pass."]
    assert session.log_for(0) == ["Caio chooses a card to pass."]
    session.apply(first_card(session.state, 0))
    resumed = Session.load(session.path)
    assert resumed.record.actions == session.record.actions and dump(resumed.state) == dump(session.state)
    assert resumed.state.active_players == (1,) and resumed.log == session.log
    resumed.apply(first_card(resumed.state, 1))
    assert card in resumed.state.players[0].hand and resumed.state.decisions.top.kind == TURN


def test_a_damaged_pass_line_is_refused_with_the_move_it_is_in(tmp_path):
    state = new(seed=3)
    caios, anas = state.players[2].hand[0], state.players[0].hand[0]
    for lines, why in [
        ([f"@2 pass {caios}", f"@2 pass {caios}"], "move 2 .* is not legal here: Caio has no decision to make now."),
        ([f"@9 pass {caios}"], "move 1 .* is not legal here: There is no seat 9 at this table"),
        ([f"@2 pass {anas}"], "move 1 .* is not legal here: Pass one of the cards in your hand."),
    ]:
        record = Record(game="lemuria", seed=3, seats=[Seat(n) for n in NAMES],
                        options=get_game("lemuria").option_texts({}), rules_version=get_game("lemuria").rules_version,
                        actions=lines)
        with pytest.raises(RecordError, match="^This save is damaged: " + why):
            Session.from_record(record)


def test_a_bot_passing_out_of_order_does_not_look_at_the_card_another_seat_passes():
    game = get_game("lemuria")
    for seed in range(4):
        state = pass_in(new(["Ana", "Bia", "Caio", "Duda"], seed=seed), [0])
        choice = make_bot("greedy", game, seed).choose(state, 1, seat=2)
        assert choice in state.as_seat(2).legal_actions()
        for attempt in range(3):
            other = state.clone()
            other.scramble_private(0, Rng(attempt))
            assert make_bot("greedy", game, seed).choose(other, 1, seat=2) == choice


def test_the_replay_screen_steps_through_passes_out_of_order(tmp_path):
    from boardgames.tui.screens.replay import Replay  # the one screen a record's lines reach directly

    session = _session(tmp_path)
    pass_in_session = [(1, first_card(session.state, 1)), (2, first_card(session.state, 2))]
    for seat, action in pass_in_session:
        session.apply(action, seat=seat)
    session.apply(first_card(session.state, 0))
    replay = Replay(session.record)
    assert replay.error == "" and replay.moves == 3
    assert dump(replay.states[-1]) == dump(session.state)
