"""What a client chooses and the game process pays for: window sizes, memory, input floods, a second connection.

Each test starts the server on a free port of 127.0.0.1 in its own loop; every wait is bounded.
"""

from __future__ import annotations

import asyncio

import pytest

from boardgames.serve.auth import set_password
from boardgames.serve.paste import MAX_PASTE, START
from boardgames.serve.ptychild import get_size
from boardgames.serve.sizes import MAX_COLS, MAX_ROWS

from .helpers import Screen, connect, logged, running_server, sign_in, sized, until
from .test_sessions import saved_game


async def child_size(server, size, timeout: float = 20.0) -> tuple[int, int]:
    """The size the game process's terminal has, once it is ``size`` (or what it is after ``timeout``)."""
    (session,) = server.sessions
    for _ in range(int(timeout * 10)):
        if session.child is not None and session.child.master >= 0 and get_size(session.child.master) == size:
            break
        await asyncio.sleep(0.1)
    return get_size(session.child.master)


async def test_a_huge_window_is_cut_to_what_a_screen_shows(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        screen = await Screen.open(conn, size=(10000, 10000))
        await sign_in(screen)
        await screen.wait_for("New game: Azul")
        assert await child_size(server, (MAX_COLS, MAX_ROWS)) == (MAX_COLS, MAX_ROWS)
        screen.clear()
        screen.process.change_terminal_size(72, 20)
        await screen.wait_for("have 72x20")  # a window change still reaches the game


async def test_a_resize_past_65535_keeps_the_connection(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        screen = await Screen.open(conn)
        await sign_in(screen)
        await screen.wait_for("New game: Azul")
        screen.process.change_terminal_size(70000, 1 << 31)
        assert await child_size(server, (MAX_COLS, MAX_ROWS)) == (MAX_COLS, MAX_ROWS)
        screen.clear()
        screen.process.change_terminal_size(75, 22)
        await screen.wait_for("have 75x22")  # the same connection, still playing
        assert server.children_started == 1


async def test_a_burst_of_window_changes_reaches_the_game_as_a_few(tmp_path, monkeypatch):
    from boardgames.serve.ptychild import PtyChild

    sizes = []
    resize = PtyChild.resize

    def counted(self, cols: int, rows: int) -> None:
        sizes.append((cols, rows))
        resize(self, cols, rows)

    monkeypatch.setattr(PtyChild, "resize", counted)
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        screen = await Screen.open(conn)
        await sign_in(screen)
        await screen.wait_for("New game: Azul")
        screen.clear()
        for number in range(200):
            screen.process.change_terminal_size(*((65535, 65535) if number % 2 else (499, 199)))
        screen.process.change_terminal_size(73, 21)
        await screen.wait_for("have 73x21")
        assert sizes[-1] == (73, 21) and len(sizes) < 20, sizes


def data_limit(pid: int) -> int:
    """The game process's RLIMIT_DATA (soft) in bytes, read back from /proc."""
    for line in open(f"/proc/{pid}/limits"):
        if line.startswith("Max data size"):
            return int(line.split()[3])
    raise AssertionError("no data limit in /proc")


async def test_a_game_over_its_memory_ends_with_a_sentence_to_its_player_only(tmp_path):
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        other = await Screen.open(conn)
        await sign_in(other)
        await other.wait_for("New game: Azul")
        (playing,) = server.sessions
        assert data_limit(playing.child.pid) == 512 * 1024 * 1024
        server.options.game_memory = 40  # too little for Textual: the next game process runs out as it starts
        greedy = await Screen.open(conn)
        await sign_in(greedy)
        text = await greedy.wait_closed()
        assert "needed more memory than this server gives a game (40 MiB)" in text
        assert "Traceback" not in text and "error in the program" not in text
        assert "more memory" not in other.text()
        other.clear()
        other.process.change_terminal_size(70, 20)
        await other.wait_for("have 70x20")  # the other game plays on
        assert "more memory" not in other.text()


def peak_kib(pid: int) -> int:
    """The highest resident memory the process has had (VmHWM), in KiB."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM in /proc")


def niceness(pid: int) -> int:
    return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[16])


def bytes_read(pid: int) -> int:
    """What the process has read so far, its terminal included (rchar of /proc/PID/io)."""
    for line in open(f"/proc/{pid}/io"):
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc")


#: an input flood lasts FLOOD_SECONDS (8 in the long run, as it did before issue 40) and until the flooded game
#: has read KEYS_READ bytes of keys. Paced, a game reads only what it has handled (and one read of 4 KiB ahead);
#: reading ahead, it has queued most of them by then, a KiB of memory or more a key: over MEMORY_GROWTH. A paste
#: never closed is read unpaced, some hundreds of KiB a second even niced on a loaded machine: past READ_AT_MOST
#: within FLOOD_SECONDS (that flood lasts until the game has read the capped paste: the keys' pace is the keys'
#: flood's to show).
FLOOD_SECONDS = sized(1.0, 8.0)
KEYS_READ = 8 * 1024
READ_AT_MOST, MEMORY_GROWTH = 128 * 1024, 4 * 1024 * 1024


async def flood(screen: Screen, opening: bytes, done) -> int:
    """Keys as fast as the server takes them until ``done()``, reading every frame so the game never waits for
    its client; the bytes the server took. What the server does not take waits here, in the client."""
    chunk, sent = b"z" * 65536, 0

    async def read() -> None:
        while await screen.process.stdout.read(65536):
            pass

    reading = asyncio.ensure_future(read())
    screen.type(opening)
    try:
        while not done():
            screen.type(chunk)
            drained = asyncio.ensure_future(screen.process.stdin.drain())
            while not drained.done() and not done():
                await asyncio.wait([drained], timeout=0.05)
            if drained.done():
                sent += len(chunk)
            else:
                drained.cancel()
    finally:
        reading.cancel()
    return sent


@pytest.mark.parametrize("opening", [b"", START], ids=["keys", "unclosed-paste"])
async def test_an_input_flood_waits_at_its_client_and_others_play_on(tmp_path, opening):
    """Guards: a game process reading its terminal as fast as keys came and queueing them all (a 1.5 GiB flood
    took one to 498 MiB; paced.py), and a paste opened and never closed, gathered whole by the game (paste.py).
    Either way the flooded game reads far more than it handles, and its memory grows with it."""
    async with running_server(tmp_path) as server, await connect(server) as attacker, \
            await connect(server, local_addr=("127.0.0.2", 0)) as player:
        flooding = await Screen.open(attacker)
        await sign_in(flooding)
        await flooding.wait_for("New game: Azul")
        other = await Screen.open(player)
        await sign_in(other)
        await other.wait_for("New game: Azul")
        (child,) = [s.child for s in server.sessions if s.connection.conn.get_extra_info("peername") ==
                    attacker.get_extra_info("sockname")]
        (other_child,) = [s.child for s in server.sessions if s.child is not child]
        before, read_before = peak_kib(child.pid), bytes_read(child.pid)
        loop = asyncio.get_running_loop()
        enough = read_before + (len(opening) + MAX_PASTE if opening else KEYS_READ)
        end, give_up = loop.time() + FLOOD_SECONDS, loop.time() + 60

        def done() -> bool:
            if loop.time() > give_up:
                raise AssertionError(f"the flooded game read {bytes_read(child.pid) - read_before} bytes in 60 s")
            return loop.time() >= end and bytes_read(child.pid) >= enough

        pouring = asyncio.ensure_future(flood(flooding, opening, done))
        # keys faster than a person types fill the game's terminal: from then on the flooding game yields the
        # processor to the others
        await until(lambda: niceness(child.pid) == 10, 10, "the flooding game's lower priority")
        for size in ((70, 20), (75, 22)):  # the other game answers throughout
            other.clear()
            other.process.change_terminal_size(*size)
            await other.wait_for(f"have {size[0]}x{size[1]}", timeout=15)
        sent = await pouring
        read, grown = bytes_read(child.pid) - read_before, peak_kib(child.pid) - before
        assert read < READ_AT_MOST, f"the flooded game read {read} bytes of the {sent} the server took"
        assert grown * 1024 < MEMORY_GROWTH, f"the flooded game grew {grown} KiB reading {read} bytes"
        assert niceness(other_child.pid) == 0
        flooding.clear()
        flooding.process.change_terminal_size(70, 20)
        await flooding.wait_for("have 70x20", timeout=30)  # the flooded game lives on, once its keys are handled


async def test_a_new_connection_of_the_same_player_takes_the_game_over(tmp_path):
    set_password(tmp_path / "passwords", "ana", "ana's password")
    saved_game(tmp_path / "serve" / "users" / "ana")
    async with running_server(tmp_path, auth="passwords", passwords=tmp_path / "passwords") as server:
        hung = await connect(server, "ana", password="ana's password")
        old = await Screen.open(hung, "continue")
        await old.wait_for("log")  # the game's key bar: its process holds the save's lock
        # the old client reads nothing more from here on, as a hung one
        async with await connect(server, "ana", password="ana's password") as again:
            new = await Screen.open(again, "continue")
            await new.wait_for("already open on another connection", "Enter to take it over")
            new.type("\r")
            await new.wait_for("The other connection is closed", "log")
            assert "Watch (y)" not in new.text()  # the game itself, not an offer to watch it
            assert "taken over by a new connection of yours" in await old.wait_closed()
            log = await logged(server, 'ended="taken over by a new connection of the same player"')
            assert log.count("user=ana") == 1
            for _ in range(50):
                if hung.is_closed():
                    break
                await asyncio.sleep(0.1)
            assert hung.is_closed()  # the old connection goes with its only session
        assert server.children_started == 2


async def test_the_same_player_may_open_a_second_session_beside_the_first(tmp_path):
    set_password(tmp_path / "passwords", "ana", "ana's password")
    saved_game(tmp_path / "serve" / "users" / "ana")
    async with running_server(tmp_path, auth="passwords", passwords=tmp_path / "passwords") as server, \
            await connect(server, "ana", password="ana's password") as first, \
            await connect(server, "ana", password="ana's password") as second:
        old = await Screen.open(first, "continue")
        await old.wait_for("log")
        new = await Screen.open(second, "continue")
        await new.wait_for("Enter to take it over")
        new.type("n\r")
        await new.wait_for("Watch (y)")  # the game is open elsewhere: offered to watch, as before
        old.clear()
        old.process.change_terminal_size(70, 20)
        await old.wait_for("have 70x20")  # the first one plays on
        assert "taken over" not in old.text()


async def test_no_question_when_the_other_session_holds_no_game_or_this_one_starts_a_new_one(tmp_path):
    set_password(tmp_path / "passwords", "ana", "ana's password")
    saved_game(tmp_path / "serve" / "users" / "ana")
    async with running_server(tmp_path, auth="passwords", passwords=tmp_path / "passwords") as server, \
            await connect(server, "ana", password="ana's password") as first, \
            await connect(server, "ana", password="ana's password") as second:
        menu = await Screen.open(first)
        await menu.wait_for("New game: Azul")  # at the menu: no game open
        other_menu = await Screen.open(second)
        await other_menu.wait_for("New game: Azul")
        game = await Screen.open(first, "continue")
        await game.wait_for("log")  # now a game is open, but a new game is not in its way
        new_game = await Screen.open(second, "sintra")
        await new_game.wait_for("Start")
        assert "take it over" not in other_menu.text() + new_game.text()
