"""The warm fork: game processes forked from the server's zygote look and end exactly as cold ones, and a zygote
that dies, refuses or was never started costs no session its game.

Each test waits until the zygote is ready (``running_server`` does), so its games are forked unless it says
otherwise.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgames.cli import build_parser, serve_options
from boardgames.serve import zygote
from boardgames.serve.auth import set_password
from boardgames.serve.session import GameSession

from .helpers import WAIT, Screen, connect, logged, running_server, sign_in, sized, until


def proc_strings(pid: int, what: str) -> list[str]:
    """/proc/PID/cmdline or environ as its strings (a forked game pads its area with NUL bytes)."""
    return [item for item in Path(f"/proc/{pid}/{what}").read_bytes().decode().split("\0") if item]


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def data_kib(pid: int) -> int:
    """Private writable memory (heap and mappings) the process counts against RLIMIT_DATA, in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmData:"):
            return int(line.split()[1])
    raise AssertionError("no VmData in /proc")


async def guest_at_menu(conn, command: str | None = None, **kwargs) -> Screen:
    screen = await Screen.open(conn, command, **kwargs)
    await sign_in(screen)
    if command is None:
        await screen.wait_for("New game: Azul")
    return screen


# -- what a forked game is -------------------------------------------------------------------
async def test_a_forked_game_is_the_servers_child_with_its_own_command_line_and_environment(tmp_path):
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        assert server.warm is not None and server.warm.ready
        await guest_at_menu(conn, env={"COLORTERM": "truecolor"})
        (session,) = server.sessions
        child = session.child
        assert child.forked and server.warm.forked == 1 and server.children_started == 1
        assert parent_of(child.pid) == os.getpid()  # re-parented to the server, not left with the zygote
        assert os.getpgid(child.pid) == child.pid == os.getsid(child.pid)  # leads its own session
        assert proc_strings(child.pid, "cmdline") == session.child_argv()
        environ = dict(item.split("=", 1) for item in proc_strings(child.pid, "environ"))
        assert environ == session.child_env(session.folder)
        assert zygote.ROOM_VARIABLE not in environ
        assert data_kib(child.pid) < 256 * 1024  # what it inherits leaves the 512 MiB cap most of its room


async def test_the_game_reads_its_terminal_settings_when_it_starts_not_the_zygotes(tmp_path):
    """Rich chooses its colours from TERM and COLORTERM at start: a forked game must see its session's."""
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        rich = await guest_at_menu(conn, term="xterm-256color", env={"COLORTERM": "truecolor"})
        plain = await guest_at_menu(conn, term="xterm")
        assert all(session.child.forked for session in server.sessions)
        assert b"\x1b[38;2;" in rich.raw  # 24-bit colours
        assert b"\x1b[38;2;" not in plain.raw and b"\x1b[38;5;" not in plain.raw  # the terminal's 16


async def test_each_forked_game_draws_its_own_random_seed(tmp_path):
    """The seed ctrl+r writes into Sintra's seed field differs in each forked game (the secret seed of an empty
    field comes from the system's generator, which a fork cannot share): two forks show it (three in the long
    run, ``BOARDGAMES_LONG_TESTS=1``, as before issue 40)."""
    games = sized(2, 3)
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        seeds = []
        for _ in range(games):
            screen = await Screen.open(conn, "sintra")
            await sign_in(screen)
            await screen.wait_for("Empty: drawn in secret")
            screen.clear()
            screen.type("\x12")  # ctrl+r: the only digits drawn next are the seed's
            text = await screen._read_until(lambda s=screen: re.search(r"\d{2,}", s.text()) is not None, WAIT,
                                            "no seed was written")
            seeds.append(re.findall(r"\d{2,}", text)[0])
        assert all(session.child.forked for session in server.sessions)
        assert len(set(seeds)) == games, seeds


# -- how a forked game ends -------------------------------------------------------------------
async def test_a_forked_game_that_quits_or_is_killed_ends_its_session_with_its_real_exit_code(tmp_path):
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        quitting = await guest_at_menu(conn)
        quitting.type("q")
        await quitting.wait_closed()
        await logged(server, 'ended="the player quit"')
        killed = await guest_at_menu(conn)
        (session,) = server.sessions
        assert session.child.forked
        os.kill(session.child.pid, signal.SIGSEGV)
        assert "The game process stopped unexpectedly" in await killed.wait_closed()
        await logged(server, "the game process stopped (exit code -11)")


async def test_a_forked_game_over_its_memory_says_so(tmp_path):
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        server.options.game_memory = 40  # less than the zygote's pages it inherits: its first allocation fails
        screen = await Screen.open(conn)
        await sign_in(screen)
        text = await screen.wait_closed()
        assert server.warm.forked == 1
        assert "needed more memory than this server gives a game (40 MiB)" in text
        assert "Traceback" not in text and "error in the program" not in text


async def test_a_forked_game_that_crashes_writes_errors_log_and_says_so(tmp_path, monkeypatch):
    argv = GameSession.child_argv
    monkeypatch.setattr(GameSession, "child_argv", lambda self: [*argv(self), "--start", "nosuchgame"])
    set_password(tmp_path / "passwords", "ana", "ana's password")
    async with running_server(tmp_path, auth="passwords", passwords=tmp_path / "passwords") as server:
        async with await connect(server, "ana", password="ana's password") as conn:
            text = await (await Screen.open(conn)).wait_closed()
        assert server.warm.forked == 1
        assert "error in the program" in text and "Traceback" not in text
        log = (tmp_path / "serve" / "users" / "ana" / "errors.log").read_text()
        assert "Traceback" in log and "nosuchgame" in log


# -- a zygote that dies, refuses or is not wanted ---------------------------------------------------
async def test_a_killed_zygote_costs_no_session_and_is_started_again(tmp_path):
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        playing = await guest_at_menu(conn)
        (forked,) = [session.child for session in server.sessions]
        first = server.warm.process.pid
        os.kill(first, signal.SIGKILL)
        cold = await guest_at_menu(conn)  # at once: it starts cold (or forked from the new zygote)
        await logged(server, "the warm process games are forked from stopped (it ended)")
        assert await server.warm.wait_ready(WAIT) and server.warm.process.pid != first
        before = set(server.sessions)
        warm = await guest_at_menu(conn)
        (newest,) = [session.child for session in set(server.sessions) - before]
        assert newest.forked and parent_of(newest.pid) == os.getpid()
        playing.clear()  # the game forked from the dead zygote plays on, and its end is still read
        playing.process.change_terminal_size(100, 30)
        await playing.wait_for("New game: Azul")
        playing.type("q")
        await playing.wait_closed()
        await logged(server, 'ended="the player quit"')
        assert forked.proc.returncode == 0
        for screen in (cold, warm):
            assert not screen.closed


async def test_a_hung_zygote_is_replaced_and_the_game_starts_cold_meanwhile(tmp_path, monkeypatch):
    from boardgames.serve import warmfork

    monkeypatch.setattr(warmfork, "REPLY_WAIT", 1.0)
    async with running_server(tmp_path) as server, await connect(server) as conn:
        hung = server.warm.process
        os.kill(hung.pid, signal.SIGSTOP)  # it takes the request and never answers
        await guest_at_menu(conn)
        (session,) = server.sessions
        assert not session.child.forked and server.warm.forked == 0
        await logged(server, "stopped (it answered nothing for 1 seconds)")
        assert await hung.wait() == -signal.SIGKILL  # killed, not left stopped
        # and another started in its place (one started again loads and forks: the killed zygote's test)
        await until(lambda: server.warm.process is not hung, WAIT, "another warm process")


async def test_a_game_whose_environment_the_zygote_cannot_give_starts_cold(tmp_path, monkeypatch):
    env = GameSession.child_env
    monkeypatch.setattr(GameSession, "child_env", lambda self, folder: {**env(self, folder),
                                                                        "TEXTUAL_ANIMATIONS": "none"})
    async with running_server(tmp_path, max_per_address=5) as server, await connect(server) as conn:
        await guest_at_menu(conn)  # the first one plays, started cold
        await sign_in(await Screen.open(conn))  # the second is refused too: its process started is enough
        await until(lambda: server.children_started == 2, WAIT, "the second game's process")
        assert server.warm.forked == 0
        assert not any(session.child.forked for session in server.sessions)
        log = await logged(server, "started cold instead of forked, because the game's environment gives "
                                   "TEXTUAL_ANIMATIONS another value")
        assert log.count("started cold instead of forked") == 1  # said once, not for every game


async def test_with_no_warm_fork_every_game_starts_cold(tmp_path):
    assert serve_options(build_parser().parse_args(["serve"])).warm_fork
    options = serve_options(build_parser().parse_args(["serve", "--no-warm-fork"]))
    assert not options.warm_fork
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        await guest_at_menu(conn)
        (session,) = server.sessions
        assert server.warm is None and not session.child.forked
        assert parent_of(session.child.pid) == os.getpid()


# -- the zygote's life -----------------------------------------------------------------------
async def test_the_zygote_ends_with_the_server(tmp_path):
    async with running_server(tmp_path) as server:
        process = server.warm.process
        assert proc_strings(process.pid, "cmdline")[2] == "boardgames.serve.zygote"
    assert process.returncode is not None


async def test_a_zygote_still_loading_is_killed_when_the_server_stops():
    from boardgames.serve.warmfork import WarmFork

    warm = WarmFork(lambda line: None)
    warm.start()
    await asyncio.sleep(0.1)  # started, far from loaded
    started = time.monotonic()
    await warm.close()
    assert warm.process.returncode == -signal.SIGKILL and time.monotonic() - started < 5


def zygotes_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if parent_of(int(entry.name)) == pid and b"boardgames.serve.zygote" in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_the_zygote_ends_when_the_server_is_killed(tmp_path):
    env = dict(os.environ, BOARDGAMES_HOME=str(tmp_path / "home"))
    server = subprocess.Popen([sys.executable, "-m", "boardgames", "serve", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "serves its games" in server.stdout.readline()  # said once the zygote is ready
        (pid,) = zygotes_of(server.pid)
    finally:
        server.kill()
        server.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not Path(f"/proc/{pid}").exists() or (Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0]
                                                  == "Z")


# -- the zygote's checks of a request ----------------------------------------------------------------
def request(**changes) -> bytes:
    message = {"id": 1, "argv": [sys.executable, "-m", zygote.CHILD_MODULE, "--memory", "512"],
               "env": {"PATH": "/bin", "TERM": "xterm"}}
    message.update(changes)
    return json.dumps(message).encode()


@pytest.mark.parametrize(("data", "problem"), [
    (b"not json", "not JSON"),
    (b"[1, 2]", "no id"),
    (request(argv="python"), "not a list of words"),
    (request(argv=["python", "-c", "x\0y"]), "not a list of words"),
    (request(env={"A=B": "c"}), "not a table of names"),
    (request(env={"A": 1}), "not a table of names"),
])
def test_requests_that_are_not_well_formed_are_refused(data, problem):
    with pytest.raises(zygote.Refusal, match=problem):
        zygote.parse_request(data)


def test_requests_the_zygote_could_not_run_as_a_cold_start_would_are_refused(monkeypatch):
    from boardgames.serve.proctitle import Area

    room = zygote.Room(Area(0, 200), Area(0, 100))
    monkeypatch.setattr(os, "environ", {"PATH": "/bin", "LANG": "C.UTF-8"})
    ok = zygote.parse_request(request(env={"PATH": "/bin", "LANG": "C.UTF-8"}))
    zygote.check_request(ok, room)
    for changes, problem in (
            ({"argv": ["/bin/sh", "-c", "id"]}, "another program"),
            ({"env": {"PATH": "/bin", "LANG": "C.UTF-8", "TEXTUAL_FPS": "5"}}, "TEXTUAL_FPS"),
            ({"env": {"PATH": "/bin", "LANG": "C.UTF-8", "PYTHONHASHSEED": "0"}}, "PYTHONHASHSEED"),
            ({"env": {"PATH": "/bin"}}, "LANG"),
            ({"env": {"PATH": "/bin" * 30, "LANG": "C.UTF-8"}}, "environment is larger"),
            ({"argv": [*ok.argv, "--start", "x" * 200], "env": ok.env}, "command line is longer")):
        with pytest.raises(zygote.Refusal, match=problem):
            zygote.check_request(zygote.parse_request(request(**changes)), room)
