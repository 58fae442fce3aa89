"""The SSH server driven by asyncssh's client: refusals, limits, sizes, players' folders.

Each test starts the server on a free port of 127.0.0.1 in its own loop; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import os
import signal

import asyncssh
import pytest

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.saves import SaveStore
from boardgames.core.session import Session
from boardgames.serve.auth import set_password

from .helpers import Screen, connect, logged, make_key, running_server, sign_in, until


def saved_game(folder, names=("Ana", "Bot 2")):
    """A Sintra game with one move made, saved in ``folder``'s saves (as the menu's Continue finds it)."""
    game = get_game("sintra")
    session = Session.new(game, [Seat(names[0], "human"), Seat(names[1], "bot:greedy")],
                          game.resolve_options({}), 7, store=SaveStore(folder / "saves"))
    session.apply(session.state.legal_actions()[0])
    session.close()
    return session


async def test_no_terminal_gets_a_sentence_and_nothing_starts(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        result = await asyncio.wait_for(conn.run("sintra"), 20)
        assert result.exit_status == 1
        assert "asked for none" in result.stdout and "ssh -t" in result.stdout
        result = await asyncio.wait_for(conn.run("rm -rf /", term_type="xterm"), 20)
        assert result.exit_status == 1 and "runs no commands" in result.stdout
        assert server.children_started == 0


async def test_forwarding_sftp_and_agent_are_refused(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, OSError)):
            await asyncio.wait_for(conn.start_sftp_client(), 20)
        assert server.children_started == 0


async def test_menu_at_the_client_size_then_resizes_reach_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "132")  # the server's own would freeze the game's size: never passed on
    monkeypatch.setenv("LINES", "50")
    key = make_key("ana")
    (tmp_path / "keys").write_bytes(key.export_public_key())
    async with running_server(tmp_path, auth="keys", authorized_keys=str(tmp_path / "keys"),
                              warm_fork=False) as server, await connect(server, "ana", client_keys=[key]) as conn:
        screen = await Screen.open(conn, size=(72, 20), term="xterm-256color",
                                   env={"COLORTERM": "truecolor", "LD_PRELOAD": "/tmp/evil.so"})
        await screen.wait_for("need 80x24, have 72x20")  # the app was started at the client's size
        (session,) = server.sessions
        environ = dict(item.split("=", 1) for item in
                       open(f"/proc/{session.child.pid}/environ").read().split("\0") if "=" in item)
        assert environ["TERM"] == "xterm-256color" and environ["COLORTERM"] == "truecolor"
        assert environ["BOARDGAMES_HOME"] == str(tmp_path / "serve" / "users" / "ana")
        assert not {"COLUMNS", "LINES", "LD_PRELOAD"} & set(environ)
        screen.clear()
        screen.process.change_terminal_size(90, 26)
        await screen.wait_for("New game: Azul", "Continue last game")  # the menu, once the window is large enough
        screen.clear()
        screen.process.change_terminal_size(75, 22)
        await screen.wait_for("have 75x22")
        assert server.children_started == 1
        assert (tmp_path / "serve" / "users" / "ana").is_dir()


async def test_wrong_key_is_refused_and_nothing_starts(tmp_path):
    ana, intruder = make_key("ana"), make_key("ana")
    (tmp_path / "keys").write_bytes(ana.export_public_key())
    async with running_server(tmp_path, warm_fork=False, auth="keys", authorized_keys=str(tmp_path / "keys")) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, "ana", client_keys=[intruder])
        with pytest.raises(asyncssh.PermissionDenied):  # a good key under another player's name
            await connect(server, "bia", client_keys=[ana])
        assert server.children_started == 0
        assert not (tmp_path / "serve" / "users" / "bia").exists()


async def test_wrong_password_is_refused_slowly_and_nothing_starts(tmp_path):
    set_password(tmp_path / "passwords", "ana", "ana's password")
    async with running_server(tmp_path, warm_fork=False, auth="passwords", passwords=tmp_path / "passwords") as server:
        loop = asyncio.get_running_loop()
        began = loop.time()
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, "ana", password="not the password")
        assert loop.time() - began >= 0.9  # a failure is answered after a pause
        assert server.children_started == 0
        log = await logged(server, "user=ana")
        assert "refused: wrong key or password" in log and "not the password" not in log


async def test_players_never_see_each_others_saves(tmp_path):
    set_password(tmp_path / "passwords", "ana", "ana's password")
    set_password(tmp_path / "passwords", "bia", "bia's password")
    saved_game(tmp_path / "serve" / "users" / "ana")
    async with running_server(tmp_path, auth="passwords", passwords=tmp_path / "passwords", warm_fork=False) as server:
        async with await connect(server, "bia", password="bia's password") as conn:
            screen = await Screen.open(conn, "continue")
            await screen.wait_for("There is no unfinished game to continue")
        async with await connect(server, "ana", password="ana's password") as conn:
            screen = await Screen.open(conn, "continue")
            await screen.wait_for("Ana", "Bot 2", "strip")  # Ana's game, resumed by the word continue
        assert server.children_started == 2


async def test_a_name_and_passphrase_under_auth_none(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server:
        async with await connect(server) as conn:
            screen = await Screen.open(conn)
            await sign_in(screen, "Cleo", "cleo's passphrase", new=True)
            await screen.wait_for("New game: Azul")
        assert (tmp_path / "serve" / "players" / "cleo" / "passphrase").read_text().startswith("scrypt$")
        async with await connect(server) as conn:
            screen = await Screen.open(conn)
            await sign_in(screen, "cleo", "a wrong passphrase")
            await screen.wait_for("not the passphrase of cleo")
            screen.type("another wrong one\r")
            await screen.wait_for("not the passphrase of cleo")
            screen.type("\x03")  # gives up
            await screen.wait_closed()
        assert server.children_started == 1


async def test_a_name_that_reads_as_a_guests_is_refused_at_the_name_prompt(tmp_path):
    """Issue 33, item 11: a player could register guest-57f3 and chat as that guest."""
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        screen = await Screen.open(conn)
        await screen.wait_for("Name:")
        screen.clear()
        screen.type("guest-57f3\r")
        await screen.wait_for("kept for guests", "Name:", timeout=10)  # asked again, for another name
        assert "passphrase" not in screen.text().lower()
        screen.type("\x03")
        await screen.wait_closed()
        assert not (tmp_path / "serve" / "players" / "guest-57f3").exists() and server.children_started == 0


async def test_a_user_whose_name_reads_as_a_guests_cannot_log_in(tmp_path):
    """A password file or key written before the names were kept for guests lets such a name in no more."""
    key = make_key("guest-1")
    (tmp_path / "keys").write_bytes(key.export_public_key())
    set_password(tmp_path / "passwords", "guest-2", "a long password")
    async with running_server(tmp_path, auth="keys", authorized_keys=str(tmp_path / "keys"),
                              warm_fork=False) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncio.wait_for(connect(server, "guest-1", client_keys=[key]), 20)
    async with running_server(tmp_path, auth="passwords", passwords=tmp_path / "passwords",
                              warm_fork=False) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncio.wait_for(connect(server, "guest-2", password="a long password"), 20)


async def test_guest_saves_go_with_the_connection(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server:
        async with await connect(server) as conn:
            screen = await Screen.open(conn)
            await sign_in(screen)
            await screen.wait_for("Welcome", "Name:")
            guests = tmp_path / "serve" / "guests"
            for _ in range(100):
                if any(guests.iterdir()):
                    break
                await asyncio.sleep(0.1)
            assert len(list(guests.iterdir())) == 1
        for _ in range(100):
            if not any(guests.iterdir()):
                break
            await asyncio.sleep(0.1)
        assert list(guests.iterdir()) == []


async def test_session_caps_and_idle_timeout(tmp_path):
    async with running_server(tmp_path, max_sessions=2, max_per_address=2, idle_timeout=1.5,
                              warm_fork=False) as server:
        async with await connect(server) as first, await connect(server) as second:
            waiting = await Screen.open(first)
            await waiting.wait_for("Name:")  # holds a place while it waits for a name
            also = await Screen.open(first)
            await also.wait_for("Name:")
            with pytest.raises(asyncssh.ChannelOpenError, match="the limit for one address"):
                await Screen.open(second)
            server.options.max_per_address = 5
            server.options.max_sessions = 1
            refused = await Screen.open(second)
            assert "The server is full" in await refused.wait_closed()
            # no key for 1.5 s: the first one is closed with a sentence
            text = await waiting.wait_closed(timeout=30)
            assert "closed after 1 minute without a key" in text or "without a key" in text
        assert server.children_started == 0
        await logged(server, 'ended="idle timeout"')


async def test_a_killed_game_process_leaves_other_sessions_alone(tmp_path):
    async with running_server(tmp_path, max_per_address=5, warm_fork=False) as server, await connect(server) as conn:
        one = await Screen.open(conn)
        await sign_in(one)
        await one.wait_for("New game: Azul")
        (victim,) = [session.child for session in server.sessions]
        two = await Screen.open(conn)
        await sign_in(two)
        await two.wait_for("New game: Azul")
        os.killpg(victim.pid, signal.SIGKILL)
        assert "The game process stopped unexpectedly" in await one.wait_closed()
        two.clear()
        two.process.change_terminal_size(70, 20)
        await two.wait_for("have 70x20")
        await logged(server, "the game process stopped (exit code -9)")


async def test_reconnecting_at_once_resumes_the_game_instead_of_offering_to_watch(tmp_path, monkeypatch):
    from boardgames.serve.ptychild import PtyChild

    stop = PtyChild.stop

    async def slow_stop(self, grace: float = 2.0):  # a game process slow to close keeps the save's lock a while
        await asyncio.sleep(1.5)
        return await stop(self, grace)

    monkeypatch.setattr(PtyChild, "stop", slow_stop)
    set_password(tmp_path / "passwords", "ana", "ana's password")
    saved_game(tmp_path / "serve" / "users" / "ana")
    async with running_server(tmp_path, auth="passwords", passwords=tmp_path / "passwords") as server:
        conn = await connect(server, "ana", password="ana's password")
        screen = await Screen.open(conn, "continue")
        await screen.wait_for("log")  # the game is open (its key bar): its process holds the save's lock
        conn.abort()  # the client drops without a word
        async with await connect(server, "ana", password="ana's password") as again:
            screen = await Screen.open(again, "continue")
            await screen.wait_for("log")  # the game's key bar ("L log"): the board is up
            assert "Watch (y)" not in screen.text()
        assert server.children_started == 2


async def test_connections_that_never_log_in_are_capped_per_address(tmp_path):
    async with running_server(tmp_path, max_per_address=2, warm_fork=False) as server:
        idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(2)]  # no SSH handshake
        try:
            await until(lambda: len(server.connections) == 2, 10, "the server seeing both")
            with pytest.raises((asyncssh.Error, OSError)):
                await asyncio.wait_for(connect(server, "ana"), 10)
            await logged(server, "refused: too many connections from this address")
        finally:
            for _reader, writer in idle:
                writer.close()
        await until(lambda: not server.connections, 10, "the server seeing them go")
        async with await connect(server, "ana") as conn:  # once they are gone, a client gets in again
            screen = await Screen.open(conn)
            await screen.wait_for("Name:")
