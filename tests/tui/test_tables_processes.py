"""Two app processes on one data folder, each in a terminal of its own (tmux), share a Lemuria table: the
card pass is answered on both screens at once, without any curtain."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time

import pytest

from boardgames.core.record import read_record
from boardgames.lobby.store import Lobby

pytestmark = pytest.mark.skipif(not shutil.which("tmux"), reason="needs tmux")
WAIT = 30.0


class Terminal:
    """One window of a tmux server of this test's own, running the app at 80x24 with 16 colours."""

    def __init__(self, socket: str, name: str) -> None:
        self.socket, self.name = socket, name

    def run(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True, text=True, timeout=20)
        return done.stdout

    def start(self, home: str) -> None:
        command = f"env TERM=xterm BOARDGAMES_HOME={home} {sys.executable} -m boardgames"
        self.run("new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", command)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.name)

    def wait_for(self, *words: str) -> str:
        deadline = time.monotonic() + WAIT
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            if all(word in text for word in words):
                return text
            time.sleep(0.1)
        raise AssertionError(f"{words!r} did not appear on {self.name}'s screen:\n{text}")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", self.name, key)
            time.sleep(0.15)

    def focus_on(self, label: str) -> None:
        """Until the form's field ``label`` has the focus (drawn on a green background at 16 colours): a key
        sent while the form is still being made (as it is anew when the game changes) would be lost."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            styled = self.run("capture-pane", "-p", "-e", "-t", self.name)
            if any(line.startswith(f" {label} ") and "\x1b[42m" in line for line in styled.splitlines()):
                return
            time.sleep(0.1)
        raise AssertionError(f"the field {label} never had the focus on {self.name}'s screen")


REFUSED = "moved on before your key arrived"


def pass_card(terminal: Terminal, until: str, tries: int = 3) -> None:
    """Enter on the card to pass, until ``until`` is on the screen. A key that reaches a screen while another
    seat's pass (the bot's too) is changing its view is refused as meant for the view before (the log says the
    game moved on before the key arrived), and the player presses again; the wait that follows names what the
    screen shows if the pass never went."""
    for _ in range(tries):
        refused = terminal.screen().count(REFUSED)
        terminal.keys("Enter")
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            text = terminal.screen()
            if until in text:
                return
            if text.count(REFUSED) > refused:
                break
            time.sleep(0.1)
        else:
            return


def test_two_processes_answer_the_lemuria_card_pass_at_once(tmp_path):
    socket = str(tmp_path / "tmux.sock")
    home = str(tmp_path / "home")
    ana, bia = Terminal(socket, "ana"), Terminal(socket, "bia")
    try:
        ana.start(home)
        bia.start(home)
        ana.wait_for("New game")
        ana.keys("t")
        ana.wait_for("Make a new table")
        ana.keys("n")
        ana.wait_for("Your name at the tables")
        ana.keys("Ana", "Enter")
        ana.wait_for("New table")
        for game in ("Blue Moon City", "Lemuria"):  # the form is made anew for each game
            ana.focus_on("Game")
            ana.keys("Right")
            ana.wait_for(f"New table: {game}")
        ana.focus_on("Game")
        ana.keys("Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab")  # to seat 3's kind
        for _ in range(4):  # open -> random bot -> greedy bot
            if "Bot (greedy)" in ana.screen():
                break
            ana.keys("Right")
        ana.wait_for("Bot (greedy)")
        ana.keys("Enter")
        ana.wait_for("Seat 1: Ana, here", "Seat 2: free")
        bia.wait_for("New game")
        bia.keys("t")
        bia.wait_for("Lemuria (waiting for players)")
        bia.keys("Enter")
        bia.wait_for("Your name at the tables")
        bia.keys("Bia", "Enter")
        bia.wait_for("Seat 2: Bia, here")
        ana.wait_for("Seat 2: Bia, here")
        ana.keys("s")
        # both decide at once, each on their own screen, with no curtain to lift
        a_screen = ana.wait_for("Ana: choose a citizen card to pass")
        b_screen = bia.wait_for("Bia: choose a citizen card to pass")
        assert "press g" not in a_screen + b_screen
        pass_card(bia, "Bia chooses")  # Bia passes first, while Ana still chooses
        bia.wait_for("Bia chooses")
        ana.wait_for("Ana: choose a citizen card to pass")
        pass_card(ana, "plant or harvest")
        ana.wait_for("Ana: plant or harvest")  # the first month has begun, Ana first
        bia.wait_for("Waiting for Ana")
        table = Lobby(tmp_path / "home" / "tables").listings()[0].table
        actions = read_record(table.game_path).actions
        assert actions[0].startswith("@1 pass") or any(a.startswith("@1 pass") for a in actions[:3])
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True, timeout=20)
