"""Undo restores a snapshot taken before the move instead of replaying the whole game.

Replaying cost about 82 ms at move 342 of a 4-player Blue Moon City game and
about a second at 6,000 moves; a snapshot costs one clone per human move.
"""

import json

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.record import Record, Seat
from boardgames.core.registry import get_game
from boardgames.core.rng import Rng
from boardgames.core.session import Session


def _dump(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _replayed_without_last(session: Session) -> Session:
    record = session.record
    return Session.from_record(Record(record.game, record.seed, record.seats, record.options,
                                      record.rules_version, actions=record.actions[:-1]))


@pytest.mark.parametrize("game_id", ["sintra", "bluemoon"])
def test_undo_by_snapshot_gives_the_state_a_replay_gives(game_id):
    game = get_game(game_id)
    seats = [Seat("Ana", "human"), Seat("Bia", "human"), Seat("Bot", "bot:random")]
    session = Session.new(game, seats, {}, seed=31, autosave=False)
    bot = make_bot("random", game, 31)
    rng = Rng(5)
    undone = 0
    for ply in range(400):
        if session.state.is_over:
            break
        if session.current_seat.is_bot:
            session.apply(bot.choose(session.state, ply))
            continue
        session.apply(rng.choice(session.state.legal_actions()))
        if session.can_undo() and rng.below(3) == 0:
            expected = _replayed_without_last(session)
            session.undo()
            undone += 1
            assert _dump(session.state) == _dump(expected.state)
            assert session.log == expected.log and session.record.actions == expected.record.actions
    assert undone >= 5


def test_undo_with_a_snapshot_does_not_replay_the_game(monkeypatch):
    game = get_game("bluemoon")
    session = Session.new(game, [Seat("Ana", "human"), Seat("Bia", "human")], {}, seed=8, autosave=False)
    while not session.can_undo():
        session.apply(session.state.legal_actions()[0])
    before_last = len(session.record.actions) - 1

    def no_replay(*args, **kwargs):
        raise AssertionError("undo replayed the record")

    monkeypatch.setattr(Session, "from_record", no_replay)
    session.undo()
    assert len(session.record.actions) == before_last


def test_undo_after_loading_a_save_still_works_by_replaying(tmp_path):
    game = get_game("bluemoon")
    path = tmp_path / "game.json"
    session = Session.new(game, [Seat("Ana", "human"), Seat("Bia", "human")], {}, seed=8, path=path)
    while not session.can_undo():
        session.apply(session.state.legal_actions()[0])
    expected = _replayed_without_last(session)
    loaded = Session.load(path)
    assert loaded.can_undo()
    loaded.undo()
    assert _dump(loaded.state) == _dump(expected.state)
