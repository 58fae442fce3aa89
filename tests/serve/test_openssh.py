"""The real OpenSSH client, in tmux for a terminal: a Sintra game against a bot, played by keys at 80x24,
cut off mid-game and continued; a resize; ``ssh -T`` refused. Marked slow (about 10 s)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess

import pytest

from boardgames.core.record import read_record
from boardgames.serve.users import player_folder

from .helpers import make_key, running_server

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux")), reason="needs ssh and tmux"),
]
WAIT = 40.0


class Tmux:
    """One tmux server of our own (its own socket), one window running ssh."""

    def __init__(self, tmp_path, ssh_command: list[str]) -> None:
        self.tmp_path = tmp_path
        self.started = 0
        self.socket = ""
        self.ssh_command = ssh_command

    async def run(self, *args: str, check: bool = False) -> str:
        done = await asyncio.to_thread(subprocess.run, ["tmux", "-S", self.socket, *args], capture_output=True,
                                       text=True, timeout=20)
        if check and done.returncode:
            raise AssertionError(f"tmux {args[0]} failed: {done.stderr}")
        return done.stdout

    async def start(self, *words: str) -> None:
        """A new tmux server on a socket of its own: one just killed may still be closing on the old socket
        (CI once saw the second start fail that way, and an empty screen for the rest of the test)."""
        self.started += 1
        self.socket = str(self.tmp_path / f"tmux{self.started}.sock")
        command = " ".join([*self.ssh_command, *words])
        await self.run("new-session", "-d", "-x", "80", "-y", "24", "-e", "TERM=xterm", f"TERM=xterm {command}",
                       check=True)
        await self.run("set-option", "-g", "remain-on-exit", "on")  # a failure leaves its last words on screen

    async def screen(self) -> str:
        return await self.run("capture-pane", "-p")

    async def wait_for(self, *words: str) -> str:
        """The screen once every word is on it."""
        return await self._wait(all, words)

    async def wait_any(self, *words: str) -> str:
        """The screen once one of the words is on it."""
        return await self._wait(any, words)

    async def _wait(self, test, words: tuple[str, ...]) -> str:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        text = ""
        while loop.time() < deadline:
            text = await self.screen()
            if test(word in text for word in words):
                return text
            await asyncio.sleep(0.2)
        raise AssertionError(f"{words!r} did not appear on the screen:\n{text}")

    async def keys(self, *keys: str) -> None:
        for key in keys:  # one at a time, as typed
            await self.run("send-keys", key)
            await asyncio.sleep(0.15)

    async def kill(self) -> None:
        await self.run("kill-server")


def moves(folder) -> list[str]:
    (save,) = (folder / "saves").glob("*.json")
    return read_record(save).actions  # the file is the record plus a journal of the moves since it was written


async def wait_moves(folder, at_least: int) -> list[str]:
    for _ in range(int(WAIT * 5)):
        try:
            made = moves(folder)
        except (ValueError, OSError):  # no save yet, or one being written
            made = []
        if len(made) >= at_least:
            return made
        await asyncio.sleep(0.2)
    raise AssertionError(f"fewer than {at_least} moves were saved")


async def test_play_by_keys_disconnect_and_continue_over_openssh(tmp_path):
    key = make_key("ana")
    identity = tmp_path / "id_ana"
    key.write_private_key(identity)
    identity.chmod(0o600)
    (tmp_path / "keys").write_bytes(key.export_public_key())
    async with running_server(tmp_path, auth="keys", authorized_keys=str(tmp_path / "keys")) as server:
        ssh = ["ssh", "-F", "/dev/null", "-p", str(server.port), "-i", str(identity), "-o", "IdentitiesOnly=yes",
               "-o", "IdentityAgent=none", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
               "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]
        folder = player_folder(server.options.users_root, "ana")

        refused = await asyncio.create_subprocess_exec(*ssh, "-T", "ana@127.0.0.1", stdin=subprocess.DEVNULL,
                                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out, _ = await asyncio.wait_for(refused.communicate(), WAIT)
        assert refused.returncode == 1 and b"asked for none" in out
        assert server.children_started == 0

        tmux = Tmux(tmp_path, [*ssh, "-t", "ana@127.0.0.1"])
        try:
            await tmux.start("sintra")
            await tmux.wait_for("New game: Azul", "Seat 2")  # the set-up at 80x24
            await tmux.keys("Tab", "Tab", "Tab", "Tab", "Right")  # seat 2: the search bot first,
            await tmux.wait_for("Bot (search)")
            await tmux.keys("Right")  # then the greedy bot
            await tmux.wait_for("Bot (greedy)")
            await tmux.keys("Enter")
            await tmux.wait_for("take all the glass")
            await tmux.keys("Enter")  # take
            await tmux.wait_for("choose the strip")
            await tmux.keys("Enter")  # place; then the bot plays its turn
            made = await wait_moves(folder, 4)
            await tmux.wait_for("Player 1: take all the glass")
            await tmux.run("resize-window", "-x", "70", "-y", "20")
            await tmux.wait_for("have 70x20")
            await tmux.run("resize-window", "-x", "80", "-y", "24")
            await tmux.wait_for("Player 1: take all the glass")
            await tmux.kill()  # the client is gone mid-game

            await tmux.start("continue")
            first = await tmux.wait_any("Player 1: take all the glass", "already open on another connection")
            if "already open" in first:  # the server had not yet seen the killed client go: take the game over
                await tmux.keys("Enter")
            await tmux.wait_for("Player 1: take all the glass", "Bot 2 takes")  # the board and its log, as left
            assert moves(folder) == made  # no move lost
            await tmux.keys("Enter")
            await wait_moves(folder, len(made) + 1)
            assert moves(folder)[: len(made)] == made
        finally:
            await tmux.kill()
        assert server.children_started == 2
