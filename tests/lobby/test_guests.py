"""Guests cannot fill the lobby for good: tables counted per address, a guest's seats and tables settled once
its connection ends, waiting tables expiring, finished tables cleared once handed out, a stuck table ended by
the players left. A guest's connection is its process's mark (lobby/guests.py): here one Lobby object a guest,
its mark let go as the kernel lets go of it when a connection's process ends."""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import time
from dataclasses import replace
from pathlib import Path

import pytest

from boardgames.core.record import read_record, save_record
from boardgames.core.registry import get_game
from boardgames.core.saves import SaveStore
from boardgames.core.session import Session
from boardgames.lobby import guests, presence, tidy
from boardgames.lobby.store import MAX_TABLES_PER_ADDRESS, Lobby, keep_finished, record_of
from boardgames.lobby.table import FOR_GOOD, Player, TableBusy, TableError, TableSeat
from tests.lobby.helpers import ANA, BIA, shared

SINTRA = get_game("sintra")


def guest(number: int, address: str = "127.0.0.2") -> Player:
    return Player(f"guest:{number:016x}", f"guest-{number:04x}", address)


def connect(folder, player: Player) -> Lobby:
    """A guest's connection: its own process's lobby, holding the guest's mark."""
    lobby = Lobby(folder)
    lobby.arrive(player)
    return lobby


def disconnect(lobby: Lobby) -> None:
    assert lobby._mark is not None
    lobby._mark.release()


def open_table(lobby: Lobby, player: Player, **how) -> object:
    return lobby.create(player, SINTRA, [TableSeat(player.name, player.id), TableSeat()], {}, 1, **how)


def test_forty_two_guests_of_one_address_leave_room_for_a_player_of_another(tmp_path):
    made, refusals = 0, set()
    connections = []
    for number in range(42):  # each connection a new guest, each trying for five tables
        player = guest(number)
        lobby = connect(tmp_path, player)
        connections.append(lobby)
        for _ in range(5):
            try:
                open_table(lobby, player)
                made += 1
            except TableError as exc:
                refusals.add(str(exc))
    assert made == MAX_TABLES_PER_ADDRESS
    assert any("Your address already has" in refusal for refusal in refusals)
    other = Player("guest:00000000000000ff", "guest-00ff", "127.0.0.3")
    table = open_table(connect(tmp_path, other), other)
    assert table.read().creator == other.id
    # the guests' connections end: their tables, which nobody can start now, go at the lobby's next look
    for lobby in connections:
        disconnect(lobby)
    assert [listing.table.id for listing in Lobby(tmp_path).tidy()] == [table.id]
    again = guest(99)
    open_table(connect(tmp_path, again), again)  # the address may make tables again


def test_a_local_terminal_has_no_address_and_keeps_the_per_player_limit(tmp_path):
    lobby = Lobby(tmp_path)
    for number in range(MAX_TABLES_PER_ADDRESS + 1):
        player = Player(f"local:p{number}", f"p{number}")
        open_table(lobby, player)
    assert len(lobby.listings()) == MAX_TABLES_PER_ADDRESS + 1


def test_a_guest_who_left_frees_its_seat_at_a_table_not_started(tmp_path):
    maker, visitor = guest(1), guest(2, "127.0.0.4")
    maker_lobby, visitor_lobby = connect(tmp_path, maker), connect(tmp_path, visitor)
    table = open_table(maker_lobby, maker)
    table.join(visitor)
    disconnect(visitor_lobby)
    (listing,) = Lobby(tmp_path).tidy()
    assert listing.spec is not None and listing.spec.free_seats == [1]
    disconnect(maker_lobby)
    assert Lobby(tmp_path).tidy() == [] and not table.folder.exists()


def started(tmp_path, players: list[Player], when_away: str = "bot", bots: int = 0):
    """A started Sintra table made by ``players[0]``, the others seated in order, then ``bots`` bots."""
    lobby = Lobby(tmp_path)
    seats = [TableSeat(players[0].name, players[0].id), *(TableSeat() for _ in players[1:])]
    seats += [TableSeat(f"Bot {n}", bot="greedy") for n in range(1, bots + 1)]
    table = lobby.create(players[0], SINTRA, seats, {}, 1, when_away=when_away)
    for player in players[1:]:
        table.join(player)
    table.start(players[0], record_of(SINTRA, table.read()))
    return table


def test_the_seat_of_a_guest_who_left_is_played_by_a_bot_at_once(tmp_path):
    visitor = guest(3)
    visitor_lobby = connect(tmp_path, visitor)
    table = started(tmp_path, [ANA, visitor])
    disconnect(visitor_lobby)
    spec = tidy.settle(table, table.read())
    assert spec is not None and spec.away == {1: FOR_GOOD} and spec.left_for_good(1)
    game = shared(table, ANA)
    assert game.hold == 120 and game.played_by_bot(1)  # no hold to wait out: the guest cannot come back
    game.note_presence(frozenset({0}))  # Ana's terminal looks: the seat stays away for good
    assert table.read().away == {1: FOR_GOOD}


def test_a_stuck_table_is_ended_by_the_players_left(tmp_path):
    visitor = guest(4)
    visitor_lobby = connect(tmp_path, visitor)
    table = started(tmp_path, [ANA, visitor, BIA], when_away="wait")
    with pytest.raises(TableError, match="can go on"):
        table.end(BIA, hold=120)
    disconnect(visitor_lobby)
    tidy.settle(table, table.read())
    spec = table.read()
    assert spec.stuck(hold=120)
    with pytest.raises(TableError, match="Only a player"):
        table.end(Player("user:eve", "Eve"), hold=120)
    table.end(BIA, hold=120)  # not the maker: any player left may end it
    assert not table.folder.exists()


def test_a_table_waiting_past_the_hold_for_a_named_player_may_be_ended_too(tmp_path):
    table = started(tmp_path, [ANA, BIA], when_away="wait")
    game = shared(table, ANA)
    game.note_presence(frozenset({0}), now=1000.0)  # Bia's terminal closed at 1000
    assert not table.read().stuck(hold=120, now=1100.0)
    with pytest.raises(TableError, match="can go on"):
        table.end(ANA, hold=120, now=1100.0)
    table.end(ANA, hold=120, now=1121.0)
    assert not table.folder.exists()


def test_a_started_table_with_no_player_who_can_come_back_is_removed(tmp_path):
    maker = guest(5)
    maker_lobby = connect(tmp_path, maker)
    table = started(tmp_path, [maker], bots=2)
    assert tidy.settle(table, table.read()) == table.read()  # the guest is still connected
    disconnect(maker_lobby)
    assert tidy.settle(table, table.read()) is None and not table.folder.exists()


def test_a_table_nobody_waits_at_expires(tmp_path):
    lobby = Lobby(tmp_path)
    waiting = open_table(lobby, ANA)
    sat_at = open_table(lobby, BIA)
    later = time.time() + tidy.WAITING_KEEP + 10
    held = presence.hold(sat_at.seat_lock_path(0))  # Bia is in her table's room
    try:
        for listing in lobby.listings():
            tidy.settle(listing.table, listing.spec, listing.mtime, now=later)
        assert not waiting.folder.exists() and sat_at.folder.exists()
    finally:
        assert held is not None
        held.release()


def finish(table) -> None:
    session = Session.from_record(read_record(table.game_path))
    while not session.state.is_over:
        session.apply(session.state.legal_actions()[0])
    save_record(session.record, table.game_path)
    table.write(replace(table.read(), finished=True))


def test_a_finished_table_goes_once_each_player_has_its_game(tmp_path):
    table = started(tmp_path / "tables", [ANA, BIA])
    finish(table)
    lobby = Lobby(tmp_path / "tables")
    # a finished table does not count toward a full lobby, so none can fill it
    assert lobby.tidy()[0].spec.finished
    assert keep_finished(lobby, ANA, SaveStore(tmp_path / "ana")) == 1
    assert lobby.tidy()[0].spec.finished  # Bia has not taken hers
    assert keep_finished(lobby, BIA, SaveStore(tmp_path / "bia")) == 1
    assert lobby.tidy() == [] and not table.folder.exists()


def test_a_finished_table_is_kept_a_week_at_most(tmp_path):
    table = started(tmp_path, [ANA, BIA])
    finish(table)
    (listing,) = Lobby(tmp_path).listings()
    assert tidy.settle(table, listing.spec, listing.mtime) is not None
    assert tidy.settle(table, listing.spec, listing.mtime, now=listing.mtime + tidy.FINISHED_KEEP + 1) is None


def test_a_folder_left_without_its_table_file_is_removed(tmp_path):
    table = open_table(Lobby(tmp_path), ANA)
    table.spec_path.unlink()
    (table.folder / "seats" / "0.lock").write_text("")
    (listing,) = Lobby(tmp_path).listings()
    assert tidy.tidy([listing], now=time.time() + 5) is False  # perhaps a table being made
    assert tidy.tidy([listing], now=time.time() + tidy.HUSK_AGE + 5) is True
    assert not table.folder.exists()


def test_a_guest_mark_is_held_while_its_connection_lasts(tmp_path):
    player = guest(6)
    lobby = connect(tmp_path, player)
    assert not guests.gone(tmp_path, player.id)
    assert not guests.gone(tmp_path, ANA.id)  # a user or a named player can always come back
    guests.sweep(tmp_path, now=time.time() + guests.STALE + 1)
    assert not guests.gone(tmp_path, player.id)  # a held mark is never swept
    disconnect(lobby)
    assert guests.gone(tmp_path, player.id)
    guests.sweep(tmp_path, now=time.time() + guests.STALE + 1)
    assert not guests.mark_path(tmp_path, player.id).exists() and guests.gone(tmp_path, player.id)


def test_the_served_player_knows_its_address(monkeypatch):
    from boardgames.home import served_player

    monkeypatch.setenv("BOARDGAMES_PLAYER", "guest:0123abcd4567ef89")
    monkeypatch.setenv("BOARDGAMES_PLAYER_NAME", "guest-0123")
    monkeypatch.setenv("BOARDGAMES_PLAYER_ADDRESS", "127.0.0.9")
    player = served_player()
    assert player is not None and player.address == "127.0.0.9" and player.is_guest
    assert len(player.origin) == 16 and "127" not in player.origin  # the files keep a digest, not the address


def test_the_table_file_keeps_the_makers_origin_and_refuses_a_bad_one(tmp_path):
    player = guest(7)
    table = open_table(connect(tmp_path, player), player)
    assert table.read().origin == player.origin
    data = json.loads(table.spec_path.read_text())
    table.spec_path.write_text(json.dumps(dict(data, origin="\x1b[2J")))
    with pytest.raises(TableError, match="damaged"):
        table.read()


def _race_for_tables(folder: str, number: int, start, made, finished, leave) -> None:
    """One guest's connection (a process of its own) trying for five tables as soon as all are ready; it stays
    connected until told to leave (a guest that leaves takes its tables along)."""
    player = guest(number)
    lobby = connect(Path(folder), player)
    start.wait(10)
    for _ in range(5):
        try:
            open_table(lobby, player)
            with made.get_lock():
                made.value += 1
        except TableError:
            pass
    finished.wait(30)
    leave.wait(30)


def test_guests_of_one_address_racing_from_their_own_processes_make_no_more_tables_than_its_limit(tmp_path):
    """Guards: the counts that refuse a table were read, then the table made, with nothing held between, so
    connections of one address making tables at the same moment passed its limit together."""
    context = multiprocessing.get_context("fork")
    racing = 8
    start, finished, leave = context.Barrier(racing), context.Barrier(racing + 1), context.Event()
    made = context.Value("i", 0)
    racers = [context.Process(target=_race_for_tables, args=(str(tmp_path), number, start, made, finished, leave))
              for number in range(racing)]
    for racer in racers:
        racer.start()
    try:
        finished.wait(30)
        assert made.value == MAX_TABLES_PER_ADDRESS
        assert len(Lobby(tmp_path).listings()) == MAX_TABLES_PER_ADDRESS
    finally:
        leave.set()
        for racer in racers:
            racer.join(30)
    assert [racer.exitcode for racer in racers] == [0] * racing


def test_a_table_is_refused_with_a_sentence_while_another_terminal_holds_the_lobby_for_long(tmp_path):
    """A terminal stopped in the middle of making a table (ctrl+z) holds the lobby's lock: the others are told
    so after a moment, and nothing is made."""
    player = guest(1)
    lobby = connect(tmp_path, player)
    fd = os.open(tmp_path / ".making.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(TableBusy, match="The lobby is busy"):
            open_table(lobby, player)
    finally:
        os.close(fd)
    assert lobby.listings() == []
    open_table(lobby, player)  # and once it is let go, tables are made again
