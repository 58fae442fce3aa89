"""A save played in one process is locked against a second; a lock left by a killed process does not block."""

import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys

import pytest

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.savelock import SaveInUse, SaveLock, lock_path
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


def _contend(save, line) -> None:
    """One contender, in a process of its own: on "go" it tries to take the stale lock, on "release" it lets go."""
    lock = None
    line.send("ready")
    while True:
        order = line.recv()
        if order == "go":
            try:
                lock = SaveLock.acquire(save)
                line.send("won" if lock.held else "unlocked")
            except SaveInUse:
                line.send("refused")
        elif order == "release":
            if lock is not None:
                lock.release()
                lock = None
            line.send("released")


def _stale_lock(save, context) -> int:
    """A lock file naming a process that has ended (as a killed player leaves it); returns that pid."""
    gone = context.Process(target=int)
    gone.start()
    gone.join(timeout=30)
    lock_path(save).write_text(json.dumps({"pid": gone.pid, "host": socket.gethostname()}), encoding="utf-8")
    return gone.pid


def _answer(line) -> str:
    return line.recv() if line.poll(30) else "no answer in 30 s"


def test_twenty_processes_taking_over_a_stale_lock_make_exactly_one_winner(save):
    """Guards: 2 rounds of 10 gave a stale lock to 2 or 3 of 20 processes, each overwriting the others' moves."""
    # forked: a fresh interpreter for each contender cost more than all ten rounds
    context = multiprocessing.get_context("fork")
    lines = [context.Pipe() for _ in range(20)]
    contenders = [context.Process(target=_contend, args=(save, theirs)) for _, theirs in lines]
    for process in contenders:
        process.start()
    ours = [mine for mine, _ in lines]
    try:
        assert [_answer(line) for line in ours] == ["ready"] * 20
        for _round in range(10):
            _stale_lock(save, context)
            for line in ours:  # all at once: each is already waiting for its order
                line.send("go")
            answers = [_answer(line) for line in ours]
            assert answers.count("won") == 1, answers
            assert answers.count("refused") == 19, answers
            winner = contenders[answers.index("won")]
            assert json.loads(lock_path(save).read_text(encoding="utf-8"))["pid"] == winner.pid
            for line in ours:
                line.send("release")
            assert [_answer(line) for line in ours] == ["released"] * 20
            assert not lock_path(save).exists()
    finally:
        for process in contenders:
            process.kill()
            process.join(timeout=30)


def test_a_lock_file_of_a_killed_process_is_free_even_if_its_pid_lives_again(save):
    """The kernel's lock is gone with its process: a lock file naming a live process of this host does not block."""
    lock_path(save).write_text(json.dumps({"pid": os.getppid(), "host": socket.gethostname()}), encoding="utf-8")
    session = Session.load(save, lock=True)
    assert session.lock.held
    session.close()


def test_a_lock_named_by_another_machine_is_respected(save):
    lock_path(save).write_text(json.dumps({"pid": 1, "host": "elsewhere.example"}), encoding="utf-8")
    with pytest.raises(SaveInUse, match="process 1"):
        Session.load(save, lock=True)


def test_a_save_is_read_again_once_locked(save, monkeypatch):
    """A move saved by the last holder between reading the save and locking it is not lost (nor overwritten)."""
    import boardgames.core.session as session_module

    acquire = session_module.SaveLock.acquire

    def late_move(path):  # the holder saves one more move just before it lets go
        other = Session.load(path)
        other.apply(other.state.legal_actions()[0])
        return acquire(path)

    monkeypatch.setattr(session_module.SaveLock, "acquire", staticmethod(late_move))
    session = Session.load(save, lock=True)
    assert len(session.record.actions) == 2
    session.close()
