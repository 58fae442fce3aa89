"""A shared table's save under faults (issue 33, items 14, 15 and 19): a full disk in the middle of a move's
line, a line cut by a killed terminal, a garbage line, a lock held for ever, named pipes in place of the
table's files. No committed move is lost, every terminal (and the whole-file reader) reads the same game and
says the same thing, and play goes on once the fault clears."""

from __future__ import annotations

import errno
import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames.core.record import read_record, read_save
from boardgames.lobby.play import SharedGame
from boardgames.lobby.store import keep_copy
from boardgames.lobby.table import TableBusy
from tests.lobby.helpers import ANA, BIA, make_table, shared


def mover_of(*games: SharedGame) -> SharedGame:
    """The terminal whose seat decides now."""
    for game in games:
        game.catch_up()
    active = games[0].session.state.active_players
    return next(game for game in games if game.mine[0] in active)


def play(games: tuple[SharedGame, ...], moves: int) -> None:
    """``moves`` moves, each by the terminal whose seat decides, its first legal move."""
    for _ in range(moves):
        game = mover_of(*games)
        seat = game.mine[0]
        game.submit(seat, game.session.state.as_seat(seat).legal_actions()[0], game.decided(seat))


def assert_agree(table, *games: SharedGame) -> None:
    """Every terminal and the whole-file reader hold the same game, and say the same of it."""
    whole = read_record(table.game_path)
    for game in games:
        game.catch_up()
        assert game.session.record.actions == whole.actions
        assert game.damage == games[0].damage
    assert len({repr(game.session.state.to_json()) for game in games}) == 1


class FullDisk:
    """Writes to the table's save fail as on a full disk: the first write of a line goes half way, then every
    write is refused (ENOSPC) until ``free``."""

    def __init__(self, monkeypatch, save: Path) -> None:
        self.save, self.full = str(save), True
        self.write, self.pwrite = os.write, os.pwrite
        monkeypatch.setattr(os, "write", self.fake_write)
        monkeypatch.setattr(os, "pwrite", self.fake_pwrite)
        self.halves = 0

    def aimed(self, fd: int) -> bool:
        return self.full and os.readlink(f"/proc/self/fd/{fd}") == self.save

    def half(self, data: bytes) -> bytes | None:
        """The part of ``data`` that fits (half of the first line), or None when nothing does."""
        if self.halves:
            return None
        self.halves += 1
        return data[:len(data) // 2]

    def fake_write(self, fd: int, data: bytes) -> int:
        if not self.aimed(fd):
            return self.write(fd, data)
        part = self.half(data)
        if part is None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.write(fd, part)

    def fake_pwrite(self, fd: int, data: bytes, offset: int) -> int:
        if not self.aimed(fd):
            return self.pwrite(fd, data, offset)
        part = self.half(data)
        if part is None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.pwrite(fd, part, offset)

    def free(self) -> None:
        self.full = False


def test_a_full_disk_in_the_middle_of_a_move_loses_nothing_and_play_goes_on(tmp_path, monkeypatch):
    """Guards: the cut line stayed, the next move was written after it, and each terminal waited for the other
    for ever while the table could never be opened again."""
    table = make_table(tmp_path, players=(ANA, BIA))
    games = (shared(table, ANA), shared(table, BIA))
    play(games, 6)
    committed, before = read_record(table.game_path).actions, table.game_path.read_bytes()
    disk = FullDisk(monkeypatch, table.game_path)
    mover = mover_of(*games)
    seat = mover.mine[0]
    with pytest.raises(OSError, match=os.strerror(errno.ENOSPC)):
        mover.submit(seat, mover.session.state.as_seat(seat).legal_actions()[0], mover.decided(seat))
    assert disk.halves == 1  # half a line reached the disk
    assert table.game_path.read_bytes() == before  # and was taken back
    assert mover.session.record.actions == committed
    assert_agree(table, *games)
    disk.free()
    play(games, 6)  # the same move again, then on
    assert read_record(table.game_path).actions[:len(committed)] == committed
    assert len(read_record(table.game_path).actions) == len(committed) + 6
    assert_agree(table, *games)


def test_a_line_cut_by_a_killed_terminal_is_cut_off_before_the_next_move(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    games = (shared(table, ANA), shared(table, BIA))
    play(games, 4)
    committed = read_record(table.game_path).actions
    with open(table.game_path, "ab") as handle:
        handle.write(b'{"move": 5, "action": "ta')  # a terminal killed while it wrote its move
    assert_agree(table, *games)
    assert read_record(table.game_path).actions == committed and not games[0].damage
    play(games, 3)
    assert read_save(table.game_path).record.actions[:4] == committed
    assert not read_save(table.game_path).record.damaged
    assert_agree(table, *games)


def test_a_garbage_line_is_damage_every_terminal_names_and_the_game_goes_on_from_the_last_good_move(tmp_path):
    """Guards: one terminal's reader skipped the line, the whole-file reader refused the save, so the players
    played to the end and nobody got the finished game."""
    table = make_table(tmp_path, players=(ANA, BIA))
    games = (shared(table, ANA), shared(table, BIA))
    play(games, 5)
    committed = read_record(table.game_path).actions
    with open(table.game_path, "ab") as handle:
        handle.write(b"garbage\n")
    damaged = table.game_path.read_bytes()
    for game in games:
        assert game.catch_up()  # the damage is news
    assert games[0].damage.startswith("This table's save is damaged after move 5: the rest cannot be read.")
    assert_agree(table, *games)
    play(games, 1)
    assert (table.folder / "game.save.damaged").read_bytes() == damaged  # kept aside
    assert read_record(table.game_path).actions[:5] == committed
    assert_agree(table, *games)
    assert games[0].damage == ""
    while not games[0].session.state.is_over:  # to the end: the finished game reaches the players' saves
        play(games, 1)
    from boardgames.core.saves import SaveStore

    store = SaveStore(tmp_path / "saves")
    copied = keep_copy(table, ANA, store)
    assert copied is not None and read_record(copied).finished
    assert read_record(copied).actions[:5] == committed


def test_megabytes_without_a_newline_are_damage_and_the_next_move_cuts_them_off(tmp_path):
    """Guards: 11 MB without a newline stalled the other terminal (it read a megabyte at every look, finding no
    line), and the whole-file reader refused the save as too large."""
    table = make_table(tmp_path, players=(ANA, BIA))
    games = (shared(table, ANA), shared(table, BIA))
    play(games, 3)
    with open(table.game_path, "ab") as handle:
        handle.write(b"x" * 11_000_000)
    for game in games:
        game.catch_up()
        assert game.damage.startswith("This table's save is damaged after move 3:")
    assert_agree(table, *games)
    play(games, 1)
    assert table.game_path.stat().st_size < 100_000
    assert_agree(table, *games)
    assert games[0].damage == "" and len(read_record(table.game_path).actions) == 4


def test_a_bad_line_between_two_readings_is_read_the_same_by_every_reader(tmp_path):
    """A terminal that reads only what was added and one that reads the save whole stop at the same line."""
    table = make_table(tmp_path, players=(ANA, BIA))
    games = (shared(table, ANA), shared(table, BIA))
    play(games, 3)
    follower = shared(table, BIA, watching=True)
    lines = table.game_path.read_bytes()
    with open(table.game_path, "ab") as handle:  # a stray byte in a line, then a good-looking one after it
        handle.write(b'{"move": 4, "action": "t\xffake"}\n{"move": 5, "action": "pass"}\n')
    follower.catch_up()
    fresh = shared(table, ANA, watching=True)
    assert follower.moves == fresh.moves == 3 == len(read_record(table.game_path).actions)
    assert follower.damage == fresh.damage != ""
    assert lines in table.game_path.read_bytes()


def hold_lock(table) -> int:
    fd = os.open(table.folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def test_a_lock_held_for_ever_is_given_up_with_a_sentence_and_changes_nothing(tmp_path):
    """Guards: Table.locked waited for the lock with no limit (a terminal stopped with ctrl+z froze the
    others); a screen asks without waiting (``wait=0``)."""
    table = make_table(tmp_path, players=(ANA, BIA))
    games = (shared(table, ANA), shared(table, BIA))
    play(games, 2)
    before = table.game_path.read_bytes()
    mover = mover_of(*games)
    seat = mover.mine[0]
    fd = hold_lock(table)
    try:
        for wait in (0, 0.2):
            with pytest.raises(TableBusy, match="The table is busy"):
                mover.submit(seat, mover.session.state.as_seat(seat).legal_actions()[0], mover.decided(seat),
                             wait=wait)
        with pytest.raises(TableBusy):
            mover.note_presence(frozenset(), wait=0)
        assert table.game_path.read_bytes() == before
        assert_agree(table, *games)
    finally:
        os.close(fd)
    play(games, 2)  # the lock is free again
    assert_agree(table, *games)


PIPES = """
import os, sys
from pathlib import Path
from boardgames.lobby import chat, presence
from boardgames.lobby.store import Lobby
from boardgames.lobby.table import Table, TableError
from boardgames.lobby.play import SharedGame
from boardgames.lobby.table import Player
folder = Path(sys.argv[1])
table = Table(folder)
for pipe in (table.chat_path, table.seat_lock_path(1), folder / "watch" / "1-ab.lock"):
    os.mkfifo(pipe)
assert chat.read_chat(table) == []
try:
    chat.say(table, "user:ana", "Ana", "hello", 0)
except (TableError, OSError):
    pass
else:
    raise AssertionError("a message was written into a pipe")
assert not presence.is_held(table.seat_lock_path(1))
listing = Lobby(folder.parent).listing(table)
assert listing.spec is not None and listing.present == frozenset() and listing.spectators == 0
game = SharedGame(table, table.read(), Player("user:bia", "Bia"))
game.catch_up()
held = presence.hold(table.seat_lock_path(1))
assert held is not None and presence.is_held(table.seat_lock_path(1))
print("ok")
"""


def test_named_pipes_in_place_of_the_tables_files_never_wait(tmp_path):
    """Guards: a named pipe as chat.jsonl or a seat or spectator's lock froze both terminals and the lobby
    (opening it waited for a writer)."""
    table = make_table(tmp_path, players=(ANA, BIA))
    done = subprocess.run([sys.executable, "-c", PIPES, str(table.folder)], capture_output=True, text=True,
                          timeout=60, cwd=os.getcwd(), env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.stdout.strip() == "ok", done.stderr
