"""Saving costs one journal line per move, not a rewrite of the game (issue 18, item 27); nothing saved is lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from boardgames.core import record as record_module
from boardgames.core import registry
from boardgames.core.engine import Action
from boardgames.core.record import Record, Seat, read_record
from boardgames.core.session import JOURNAL_MIN, Session
from tests.core.fake_game import DiceGame


@pytest.fixture
def dice():
    game = DiceGame()
    registry.register(game)
    yield game
    registry._GAMES.pop(game.id, None)


def _endless(session: Session, moves: int) -> None:
    """Roll and pass: nobody ever scores, so the game goes on as long as we like."""
    for _ in range(moves):
        session.apply(Action("roll") if not session.state.rolled else Action("pass"))


def test_a_move_appends_a_line_to_the_same_file(dice, tmp_path):
    session = Session.new(dice, [Seat("Ana"), Seat("Bia")], seed=1, path=tmp_path / "g.json")
    _endless(session, 1)
    before = os.stat(session.path)
    _endless(session, 1)
    after = os.stat(session.path)
    assert after.st_ino == before.st_ino, "the file was replaced, not appended to"
    added = after.st_size - before.st_size
    assert added == len(json.dumps({"move": 2, "action": str(session.record.actions[-1])}) + "\n")
    assert read_record(session.path).actions == session.record.actions


def test_bytes_written_grow_with_the_moves_not_with_the_game(dice, tmp_path, monkeypatch):
    """Guards: each move rewrote the whole record (a 3,000-move game wrote 58 MB)."""
    written = []
    atomic_write, append = record_module.atomic_write, record_module.append_moves
    monkeypatch.setattr(record_module, "atomic_write",
                        lambda path, text, **kw: (written.append(len(text)), atomic_write(path, text, **kw))[1])

    def counting_append(rec, path, start):
        written.append(sum(len(record_module.journal_line(rec, n)) for n in range(start + 1, len(rec.actions) + 1)))
        append(rec, path, start)

    monkeypatch.setattr("boardgames.core.session.append_moves", counting_append)
    session = Session.new(dice, [Seat("Ana"), Seat("Bia")], seed=1, path=tmp_path / "g.json")
    _endless(session, 3000)
    final = os.path.getsize(session.path)
    assert sum(written) < 8 * final, (sum(written), final)  # a whole rewrite each move: about 1,500 times
    assert read_record(session.path).actions == session.record.actions


def test_the_journal_is_compacted_now_and_then(dice, tmp_path):
    session = Session.new(dice, [Seat("Ana"), Seat("Bia")], seed=1, path=tmp_path / "g.json")
    _endless(session, 4 * JOURNAL_MIN)
    text = session.path.read_text(encoding="utf-8")
    journal = [line for line in text.splitlines() if line.startswith('{"move"')]
    assert 0 < len(journal) <= max(JOURNAL_MIN, len(session.record.actions) // 2)


def test_a_save_of_an_earlier_version_still_loads_and_goes_on(dice, tmp_path):
    path = tmp_path / "old.json"
    old = {"format": "boardgames-record", "format_version": 1, "game": dice.id, "rules_version": 1, "seed": 1,
           "seats": [{"name": "Ana", "kind": "human"}, {"name": "Bia", "kind": "human"}], "options": {},
           "created": "2026-01-01T00:00:00+00:00", "finished": False, "actions": ["roll", "pass", "roll"]}
    path.write_text(json.dumps(old, indent=1) + "\n", encoding="utf-8")
    session = Session.load(path, lock=True)
    assert session.record.actions == ["roll", "pass", "roll"]
    _endless(session, 3)
    assert read_record(path).actions == session.record.actions
    session.close()


def test_a_line_cut_short_by_a_killed_process_is_dropped_and_mended(dice, tmp_path):
    session = Session.new(dice, [Seat("Ana"), Seat("Bia")], seed=1, path=tmp_path / "g.json")
    _endless(session, 3)
    session.close()
    with open(session.path, "a", encoding="utf-8") as handle:
        handle.write('{"move": 4, "act')  # the process died in the middle of this line
    again = Session.load(session.path, lock=True)
    assert again.record.actions == session.record.actions
    _endless(again, 2)
    assert read_record(session.path).actions == again.record.actions
    again.close()


def _line(number: int, action: str, **more) -> bytes:
    return (json.dumps({"move": number, "action": action, **more}) + "\n").encode()


#: how a journal gets damaged (issue 33, item 16), each applied to the lines of moves 2..44 of a save whose
#: moves 1..40 stay good: ``lines[n]`` is the line of move n
DAMAGE = {
    "a duplicated line": lambda lines: {**lines, 40: lines[40] * 2},
    "a garbage line": lambda lines: {**lines, 40: lines[40] + b"garbage\n"},
    "garbage instead of a move": lambda lines: {**lines, 41: b"#!@$%^&*()\n"},
    "a line cut in the middle": lambda lines: {**lines, 41: lines[41][:15] + b"\n"},
    "a cut line glued to the next": lambda lines: {**lines, 41: lines[41][:15]},
    "a stray byte that is not UTF-8": lambda lines: {**lines, 41: lines[41].replace(b'"roll"', b'"ro\xffll"')},
    "a line of one stray byte": lambda lines: {**lines, 40: lines[40] + b"\xfe\n"},
    "zeros over a line": lambda lines: {**lines, 41: b"\0" * (len(lines[41]) - 1) + b"\n"},
    "zeros over the end": lambda lines: {**{n: line for n, line in lines.items() if n <= 40},
                                         41: b"\0" * sum(len(lines[n]) for n in range(41, 45))},
    "a move number skipped": lambda lines: {n: line for n, line in lines.items() if n != 41},
    "a move number going back": lambda lines: {**lines, 40: lines[40] + lines[39]},
    "a line that is no object": lambda lines: {**lines, 41: b'[41, "roll"]\n'},
    "a line with no move": lambda lines: {**lines, 41: b'{"move": 41}\n'},
    "a move that is not text": lambda lines: {**lines, 41: _line(41, 7)},
    "an empty move": lambda lines: {**lines, 41: _line(41, "")},
    "a move too long": lambda lines: {**lines, 41: _line(41, "r" * 201)},
    "an end that is neither true nor false": lambda lines: {**lines, 41: _line(41, "roll", finished="yes")},
    "a move number written as text": lambda lines: {**lines, 41: lines[41].replace(b'"move": 41', b'"move": "41"')},
    "nesting too deep to read": lambda lines: {**lines, 41: b"[" * 100_000 + b"]" * 100_000 + b"\n"},
    "a move that is not legal": lambda lines: {**lines, 41: _line(41, "bank")},
    "a move this game does not have": lambda lines: {**lines, 41: _line(41, "fly")},
    "an endless last line": lambda lines: {**{n: line for n, line in lines.items() if n <= 40}, 41: b"x" * 20_000},
}


def _damaged_save(dice, path, how) -> bytes:
    """A save of 44 moves (the first in its record, the others journal lines) damaged after move 40."""
    session = Session.new(dice, [Seat("Ana"), Seat("Bia")], seed=1, path=path)
    _endless(session, 44)
    session.close()
    raw = path.read_bytes()
    head = raw[:raw.index(b'{"move": 2, ')]
    lines = {n: _line(n, action) for n, action in enumerate(session.record.actions, 1) if n >= 2}
    assert head + b"".join(lines.values()) == raw
    damaged = how(lines)
    data = head + b"".join(damaged[n] for n in sorted(damaged))
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_journal_loads_to_its_last_good_move_and_says_so(dice, tmp_path, damage):
    """Guards: 11 of these shapes made the whole game unreadable, and the others read silently as if whole."""
    from boardgames.core.saves import SaveStore

    path = tmp_path / "g.json"
    data = _damaged_save(dice, path, DAMAGE[damage])
    [entry] = SaveStore(tmp_path).scan()
    assert entry.playable and entry.damage == "damaged after move 40: the rest cannot be read"
    session = Session.load(path, lock=True)
    good = Session.from_record(Record(dice.id, 1, session.record.seats, {}, actions=session.record.actions[:40]))
    assert session.record.damaged and len(session.record.actions) == 40
    assert session.state.to_json() == good.state.to_json()
    assert session.kept is not None and session.kept.read_bytes() == data  # the damaged file stays, aside
    _endless(session, 1)
    session.close()
    again = read_record(path)
    assert not again.damaged and again.actions == session.record.actions and len(again.actions) == 41
    assert session.kept.read_bytes() == data
    assert [e.path for e in SaveStore(tmp_path).scan()] == [path]  # the kept file is no save of its own


def test_a_line_being_written_is_no_damage(dice, tmp_path):
    session = Session.new(dice, [Seat("Ana"), Seat("Bia")], seed=1, path=tmp_path / "g.json")
    _endless(session, 3)
    session.close()
    for tail in (b"{", b'{"move": 4', b'{"move": 4, "action": "pa'):
        with open(session.path, "ab") as handle:
            handle.write(tail)
        record = read_record(session.path)
        assert record.actions == session.record.actions and not record.damaged
        session.save()  # written whole again: the tail is gone


def test_undo_after_journal_lines_leaves_a_save_without_the_move(dice, tmp_path):
    session = Session.new(dice, [Seat("Ana"), Seat("Bia")], seed=1, path=tmp_path / "g.json")
    _endless(session, 4)
    session.apply(Action("mark"))
    session.undo()
    session.apply(Action("mark"))
    session.apply(Action("roll"))
    assert read_record(session.path).actions == session.record.actions


def test_the_last_move_of_a_game_marks_the_save_finished(tmp_path):
    game = registry.get_game("sintra")
    session = Session.new(game, [Seat("Ana", "human"), Seat("Bia", "human")], {}, seed=3, path=tmp_path / "s.json")
    while not session.state.is_over:
        session.apply(session.state.legal_actions()[0])
    saved = read_record(session.path)
    assert saved.finished and saved.actions == session.record.actions
    session.close()


PLAYER = """
import sys
from pathlib import Path
from boardgames.core import registry
from boardgames.core.engine import Action
from boardgames.core.record import Seat
from boardgames.core.session import Session
from tests.core.fake_game import DiceGame
game = registry.register(DiceGame())
session = Session.new(game, [Seat("Ana"), Seat("Bia")], seed=1, path=Path(sys.argv[1]))
while True:
    session.apply(Action("roll") if not session.state.rolled else Action("pass"))
    print(len(session.record.actions), flush=True)
"""


def test_a_killed_process_loses_no_move_it_had_made(tmp_path):
    path = tmp_path / "g.json"
    process = subprocess.Popen([sys.executable, "-c", PLAYER, str(path)], stdout=subprocess.PIPE, text=True,
                               cwd=os.getcwd(), env={**os.environ, "PYTHONPATH": os.getcwd()})
    try:
        made = 0
        while made < 500:
            made = int(process.stdout.readline())
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    assert len(read_record(path).actions) >= made
