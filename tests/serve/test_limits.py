"""What a client chooses and the game process pays for: window sizes, memory, input floods, a second connection.

Each test starts the server on a free port of 127.0.0.1 in its own loop; every wait is bounded.
"""

from __future__ import annotations

import asyncio

import pytest

from boardgames.serve.auth import set_password
from boardgames.serve.paste import START
from boardgames.serve.ptychild import get_size
from boardgames.serve.sizes import MAX_COLS, MAX_ROWS

from .helpers import Screen, connect, logged, running_server, sign_in
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
    async with running_server(tmp_path) as server, await connect(server) as conn:
        screen = await Screen.open(conn, size=(10000, 10000))
        await sign_in(screen)
        await screen.wait_for("New game: Azul")
        assert await child_size(server, (MAX_COLS, MAX_ROWS)) == (MAX_COLS, MAX_ROWS)
        screen.clear()
        screen.process.change_terminal_size(72, 20)
        await screen.wait_for("have 72x20")  # a window change still reaches the game


async def test_a_resize_past_65535_keeps_the_connection(tmp_path):
    async with running_server(tmp_path) as server, await connect(server) as conn:
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
    async with running_server(tmp_path) as server, await connect(server) as conn:
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


async def flood(screen: Screen, seconds: float, opening: bytes = b"") -> int:
    """Keys as fast as the server takes them for ``seconds``, reading every frame so the game never waits for
    its client; the bytes the server took."""
    chunk, sent = b"z" * 65536, 0
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds

    async def read() -> None:
        while await screen.process.stdout.read(65536):
            pass

    reading = asyncio.ensure_future(read())
    screen.type(opening)
    try:
        while loop.time() < end:
            screen.type(chunk)
            try:
                await asyncio.wait_for(screen.process.stdin.drain(), max(0.01, end - loop.time()))
            except TimeoutError:
                break  # the server takes no more for now: the rest waits here, in the client
            sent += len(chunk)
    finally:
        reading.cancel()
    return sent


@pytest.mark.parametrize("opening", [b"", START], ids=["keys", "unclosed-paste"])
async def test_an_input_flood_waits_at_its_client_and_others_play_on(tmp_path, opening):
    async with running_server(tmp_path, max_per_address=5) as server, \
            await connect(server) as attacker, await connect(server) as player:
        flooding = await Screen.open(attacker)
        await sign_in(flooding)
        await flooding.wait_for("New game: Azul")
        other = await Screen.open(player)
        await sign_in(other)
        await other.wait_for("New game: Azul")
        (child,) = [s.child for s in server.sessions if s.connection.conn.get_extra_info("peername") ==
                    attacker.get_extra_info("sockname")]
        (other_child,) = [s.child for s in server.sessions if s.child is not child]
        before = peak_kib(child.pid)
        pouring = asyncio.ensure_future(flood(flooding, 8.0, opening))
        await asyncio.sleep(2)
        for size in ((70, 20), (75, 22)):  # the other game answers throughout
            other.clear()
            other.process.change_terminal_size(*size)
            await other.wait_for(f"have {size[0]}x{size[1]}", timeout=15)
        sent = await pouring
        assert peak_kib(child.pid) - before < 40 * 1024, f"{sent} bytes sent"
        assert niceness(child.pid) == 10  # keys faster than a person types: the flooding game yields the processor
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
