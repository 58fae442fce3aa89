"""A save played in one process is locked against a second; a lock left by a killed process does not block."""

import os
import signal
import subprocess
import sys

import pytest

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.savelock import SaveInUse, lock_path
from boardgames.core.session import Session

HOLDER = """
import sys, time
from boardgames.core.session import Session
session = Session.load(sys.argv[1], lock=True)
print("locked", flush=True)
time.sleep(60)
"""


@pytest.fixture
def save(tmp_path):
    session = Session.new(get_game("sintra"), [Seat("Ana", "human"), Seat("Bia", "human")], {}, seed=3,
                          path=tmp_path / "game.json")
    session.apply(session.state.legal_actions()[0])
    session.close()
    return session.path


def _holder(save):
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(save)], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "locked"
    return process


def test_a_second_process_is_told_the_game_is_open_elsewhere(save):
    holder = _holder(save)
    try:
        with pytest.raises(SaveInUse, match=r"game\.json: This game is open in another window"):
            Session.load(save, lock=True)
        watched = Session.load(save)  # reading it (to watch or replay) is never refused
        assert watched.lock is None
    finally:
        holder.kill()
        holder.wait(timeout=30)


def test_a_lock_left_by_a_killed_process_does_not_block(save):
    holder = _holder(save)
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait(timeout=30)
    assert lock_path(save).exists()  # the killed process could not clean up
    session = Session.load(save, lock=True)
    assert session.lock is not None and session.lock.held
    session.close()
    assert not lock_path(save).exists()


def test_closing_frees_the_save_for_another_process(save):
    session = Session.load(save, lock=True)
    assert lock_path(save).exists()
    session.close()
    holder = _holder(save)  # would block on a held lock
    holder.kill()
    holder.wait(timeout=30)


def test_a_new_game_locks_its_save_from_its_first_move(tmp_path):
    session = Session.new(get_game("sintra"), [Seat("Ana", "human"), Seat("Bia", "human")], {}, seed=4,
                          path=tmp_path / "new.json")
    assert not lock_path(session.path).exists()
    session.apply(session.state.legal_actions()[0])
    assert lock_path(session.path).exists()
    session.close()
