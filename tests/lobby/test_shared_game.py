"""A table's game played from several terminals (SharedGame objects on one folder, as separate processes
would): moves reach the others, a seat cannot act for another, spectators cannot act, stale decisions and
taking back are refused as the table's rules say."""

from __future__ import annotations

import pytest

from boardgames.core.engine import Action, IllegalAction
from boardgames.core.record import read_record
from boardgames.core.session import Session
from tests.lobby.helpers import ANA, BIA, CY, make_table, shared


def play_first(game, seat: int) -> None:
    state = game.session.state.as_seat(seat)
    game.submit(seat, state.legal_actions()[0], game.decided(seat))


def test_a_move_made_at_one_terminal_reaches_the_other(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    ana, bia = shared(table, ANA), shared(table, BIA)
    play_first(ana, 0)
    assert bia.moves == 0 and bia.catch_up() and bia.moves == 1
    assert bia.session.state.to_json() == ana.session.state.to_json()
    assert not bia.catch_up()  # nothing new


def test_a_seat_cannot_act_for_another_and_a_spectator_not_at_all(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    bia, watcher = shared(table, BIA), shared(table, CY, watching=True)
    move = bia.session.state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="You do not play Ana's seat"):
        bia.submit(0, move)
    with pytest.raises(IllegalAction, match="spectators cannot play"):
        watcher.submit(0, move)
    with pytest.raises(IllegalAction, match="not played by a bot"):
        bia.submit(0, move, as_bot=True)
    assert read_record(table.game_path).actions == []


def test_a_seat_that_is_not_to_play_is_refused_and_nothing_changes(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    bia = shared(table, BIA)
    with pytest.raises(IllegalAction, match="not Bia's turn"):
        bia.submit(1, bia.session.state.legal_actions()[0])
    assert read_record(table.game_path).actions == []


def test_a_decision_answered_elsewhere_is_refused_with_a_sentence(tmp_path):
    """The same player at two terminals (or the bot that held the seat): the second answer is stale."""
    table = make_table(tmp_path, players=(ANA, BIA))
    first, second = shared(table, ANA), shared(table, ANA)
    shown = second.decided(0)
    play_first(first, 0)
    moves = read_record(table.game_path).actions
    with pytest.raises(IllegalAction, match="Ana already chose"):
        second.submit(0, second.session.state.legal_actions()[0], shown)
    assert read_record(table.game_path).actions == moves
    assert second.moves == len(moves)  # it caught up while checking


def test_an_illegal_move_is_refused_and_the_record_stays_valid(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    ana = shared(table, ANA)
    with pytest.raises(IllegalAction):
        ana.submit(0, Action("fly", (9,)))
    assert read_record(table.game_path).actions == []


def test_undo_takes_back_only_ones_own_move_before_anyone_else_moves(tmp_path):
    table = make_table(tmp_path, "bluemoon", players=(ANA, BIA))
    games = [shared(table, ANA), shared(table, BIA)]
    first = games[0].session.state.current_player
    mover, other = games[first], games[1 - first]
    step = next(a for a in mover.session.state.legal_actions() if a.name == "go")
    mover.submit(first, step)
    assert mover.can_undo() and not other.can_undo()
    other.catch_up()
    with pytest.raises(IllegalAction, match="nothing of yours"):
        other.undo()
    mover.undo()
    assert read_record(table.game_path).actions == []
    assert other.catch_up() and other.moves == 0  # a record that no longer extends ours is replayed whole


def test_the_table_save_replays_as_any_save(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    ana, bia = shared(table, ANA), shared(table, BIA)
    for _ in range(12):
        for game in (ana, bia):
            game.catch_up()
            seat = game.mine[0]
            if seat in game.session.state.active_players:
                play_first(game, seat)
    session = Session.from_record(read_record(table.game_path))
    assert session.state.to_json() == bia.session.state.to_json() or bia.catch_up()


def test_a_seat_away_past_the_hold_is_played_by_a_bot_when_the_table_says_so(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    ana = shared(table, ANA)
    spec = ana.note_presence(frozenset({0}), now=1000.0)
    assert spec.away == {1: 1000.0}
    assert ana.hold_left(1, now=1030.0) == pytest.approx(spec.hold - 30)
    assert not ana.played_by_bot(1, now=1000.0 + spec.hold - 1)
    assert ana.played_by_bot(1, now=1000.0 + spec.hold)
    assert ana.note_presence(frozenset({0, 1}), now=1200.0).away == {}
    assert not ana.played_by_bot(1, now=5000.0)


def test_a_waiting_table_never_hands_a_seat_to_a_bot(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    spec = table.read()
    from dataclasses import replace

    table.write(replace(spec, when_away="wait"))
    ana = shared(table, ANA)
    ana.note_presence(frozenset({0}), now=0.0)
    assert not ana.played_by_bot(1, now=10_000.0)
