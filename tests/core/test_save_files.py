"""Odd files in the saves folder (issue 18, item 16): only regular files of a sane size are read."""

from __future__ import annotations

import os
import random
import threading

import pytest

from boardgames.core.engine import Action, IllegalAction
from boardgames.core.record import MAX_SAVE_BYTES, RecordError, Seat, read_record
from boardgames.core.registry import all_games
from boardgames.core.saves import SaveStore
from boardgames.core.session import Session


def _scan_within(store: SaveStore, seconds: float = 10.0):
    """``store.scan()`` run in a thread, so a scan that blocks fails the test instead of hanging it."""
    out: dict = {}
    worker = threading.Thread(target=lambda: out.setdefault("entries", store.scan()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "listing the saves blocked"
    return out["entries"]


def test_a_named_pipe_called_json_is_listed_as_not_a_save(tmp_path):
    """Guards: a fifo named x.json froze the app before the menu (reading it waited for a writer)."""
    os.mkfifo(tmp_path / "pipe.json")
    [entry] = _scan_within(SaveStore(tmp_path))
    assert entry.record is None
    assert "not a regular file" in entry.problem


def test_a_symlink_to_dev_zero_is_not_read(tmp_path):
    """Guards: a link to /dev/zero was read until memory ran out."""
    os.symlink("/dev/zero", tmp_path / "zero.json")
    [entry] = _scan_within(SaveStore(tmp_path))
    assert entry.record is None
    assert "not a regular file" in entry.problem


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(RecordError, match="far too large"):
        read_record(path)


def test_a_folder_called_json_is_not_a_save(tmp_path):
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(RecordError, match="not a regular file"):
        read_record(tmp_path / "folder.json")


@pytest.mark.parametrize("digit", ["²", "٣", "５"])
def test_a_number_written_in_other_digits_stays_a_word(digit):
    """Guards: 'bed ²' crashed the replay of the list of saves (isdigit() said yes, int() said no)."""
    assert Action.parse(f"bed {digit}") == Action("bed", (digit,))
    assert Action.parse("take -3 12") == Action("take", (-3, 12))


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_refuses_a_move_with_other_digits_in_plain_words(game):
    """Each game's first legal move with a number in it, its digits swapped for '²': refused, never a crash."""
    seats = [Seat(f"P{i}", "human") for i in range(game.min_players)]
    session = Session.new(game, seats, {}, seed=2, autosave=False)
    rng = random.Random(1)
    for _ in range(400):
        if session.state.is_over:
            break
        legal = session.state.legal_actions()
        texts = [str(a) for a in legal if any(ch.isdigit() for ch in str(a))]
        if texts:
            text = texts[0]
            odd = "".join("²" if ch.isdigit() else ch for ch in text)
            before = session.state.to_json()
            with pytest.raises(IllegalAction):
                session.apply(game.parse_action(odd))
            assert session.state.to_json() == before
            return
        session.apply(rng.choice(legal))
    pytest.skip(f"{game.id} offered no move with a number in its first moves")
