"""The lobby, the room and the chat while another process holds a table's lock (issue 33, item 15): a change waits
for the lock off the event loop, so the screen answers keys meanwhile; the change is made once the lock is let go,
or the screen says the table is busy. Guards: these screens waited up to 1.5 s for the lock on the event loop, every
key (ctrl+q included) unanswered meanwhile, and then gave up."""

from __future__ import annotations

import subprocess
import sys

import pytest
from textual.widgets import OptionList

from boardgames.lobby import chat
from boardgames.lobby.store import Lobby
from boardgames.tui import tablechange
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.tableroom import TableRoomScreen
from boardgames.tui.tablechat import ChatLineScreen
from tests.lobby.helpers import ANA, BIA, CY

from .helpers import wait_until
from .test_lobby_ui import open_lobby, order, waiting_table

#: another process that takes the lock, says so, and holds it until its input ends (a minute at most)
HOLDER = """
import fcntl, os, signal, sys
signal.alarm(60)
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()
"""


class HeldLock:
    """A table's lock held by another process, as a terminal stopped with ctrl+z holds it, until let go."""

    def __init__(self, table) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", HOLDER, str(table.folder / ".lock")],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.process.stdout.readline() == b"held\n"

    def let_go(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(10)


@pytest.fixture
def hold_lock():
    held: list[HeldLock] = []

    def hold(table) -> HeldLock:
        held.append(HeldLock(table))
        return held[-1]

    yield hold
    for lock in held:
        if lock.process.poll() is None:
            lock.process.kill()
            lock.process.wait(10)


@pytest.fixture
def patient(monkeypatch):
    """A change waits for the lock longer than any test step takes, so it is surely still waiting meanwhile."""
    monkeypatch.setattr(tablechange, "LOCK_WAIT", 60.0)
    return monkeypatch


async def test_the_lobby_answers_keys_while_a_seat_waits_for_the_lock_and_takes_it_once_let_go(
        tmp_path, hold_lock, patient):
    lobby = Lobby(tmp_path / "tables")
    tables = {table.id: table for table in (waiting_table(lobby, BIA), waiting_table(lobby, CY))}
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=ANA)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lobby(pilot, app)
        table = tables[order(screen)[0]]
        held = hold_lock(table)
        await pilot.press("enter")  # sit down at the highlighted table: its lock is held
        await pilot.press("j")
        assert screen.query_one("#tables", OptionList).highlighted == 1 and app.screen is screen  # answered
        await pilot.press("k", "enter")  # Enter again while the first one waits: refused, never made twice
        assert "still waiting for another terminal" in screen.last_message
        assert not table.read().seats_of(ANA.id)
        held.let_go()
        await wait_until(pilot, lambda: isinstance(app.screen, TableRoomScreen))  # the first Enter, done now
        assert table.read().seats_of(ANA.id) == [1] and app.screen.table.id == table.id
        assert sum(isinstance(shown, TableRoomScreen) for shown in app.screen_stack) == 1


async def test_the_lobby_says_the_table_is_busy_when_the_lock_stays_held(tmp_path, hold_lock, monkeypatch):
    monkeypatch.setattr(tablechange, "LOCK_WAIT", 0.3)
    lobby = Lobby(tmp_path / "tables")
    table = waiting_table(lobby, BIA)
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=ANA)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lobby(pilot, app)
        held = hold_lock(table)
        await pilot.press("enter")
        await wait_until(pilot, lambda: "The table is busy" in screen.last_message)
        assert app.screen is screen and not table.read().seats_of(ANA.id)
        held.let_go()
        await pilot.press("enter")  # the lock is free: sat down at once
        await wait_until(pilot, lambda: isinstance(app.screen, TableRoomScreen))


async def test_the_room_and_its_chat_answer_keys_while_a_change_waits_for_the_lock(tmp_path, hold_lock, patient):
    lobby = Lobby(tmp_path / "tables")
    table = waiting_table(lobby, ANA)
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=ANA)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lobby(pilot, app)
        await pilot.press("enter")  # her own table: the room, no change made
        await wait_until(pilot, lambda: isinstance(app.screen, TableRoomScreen))
        room = app.screen
        held = hold_lock(table)
        await pilot.press("f")  # fill the free seats with bots: waits for the lock
        await pilot.press("T")
        assert isinstance(app.screen, ChatLineScreen)  # answered meanwhile
        await pilot.press("h", "i", "enter")  # a line to send while the fill still waits: refused, and so told
        await wait_until(pilot, lambda: app.screen is room and "still waiting" in room.last_message)
        assert all(seat.free for seat in table.read().seats[1:]) and chat.read_chat(table) == []
        held.let_go()
        await wait_until(pilot, lambda: "(a bot)" in str(room.query_one("#room-seats").render()))
        assert not table.read().free_seats
        await pilot.press("T", "h", "i", "enter")  # the lock is free: sent at once
        await wait_until(pilot, lambda: "Ana says: hi" in room.log_panel.shown)

        patient.setattr(tablechange, "LOCK_WAIT", 0.3)
        held = hold_lock(table)
        await pilot.press("T", "o", "k", "enter")
        await wait_until(pilot, lambda: "so your message was not sent" in room.last_message)
        assert [line.text for line in chat.read_chat(table)] == ["hi"]
        held.let_go()
