"""What a client chooses and the game process pays for: window sizes, memory, input floods, a second connection.

Each test starts the server on a free port of 127.0.0.1 in its own loop; every wait is bounded.
"""

from __future__ import annotations

import asyncio

from boardgames.serve.ptychild import get_size
from boardgames.serve.session import MAX_COLUMNS, MAX_ROWS

from .helpers import Screen, connect, running_server, sign_in


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
        assert await child_size(server, (MAX_COLUMNS, MAX_ROWS)) == (MAX_COLUMNS, MAX_ROWS)
        screen.clear()
        screen.process.change_terminal_size(72, 20)
        await screen.wait_for("have 72x20")  # a window change still reaches the game


async def test_a_resize_past_65535_keeps_the_connection(tmp_path):
    async with running_server(tmp_path) as server, await connect(server) as conn:
        screen = await Screen.open(conn)
        await sign_in(screen)
        await screen.wait_for("New game: Azul")
        screen.process.change_terminal_size(70000, 1 << 31)
        assert await child_size(server, (MAX_COLUMNS, MAX_ROWS)) == (MAX_COLUMNS, MAX_ROWS)
        screen.clear()
        screen.process.change_terminal_size(75, 22)
        await screen.wait_for("have 75x22")  # the same connection, still playing
        assert server.children_started == 1


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
