"""A whole Lemuria game at one table, played by three real OpenSSH clients (tmux, 80x24, TERM=xterm), watched
by a fourth; one client is cut off mid-game and comes back with ``continue``; at the end the first player
replays the game from their list of saves.

    python scripts/ssh_table_game.py [--port 2301] [--drop-after 120] [--limit 900]

Each player presses Enter only while a decision of theirs is on their screen (the first move of their list), a
very simple player, so the game runs to its end in a minute or two. Prints what it did, each screen at the end,
and the server's log; exits 1 when a step did not show up in time. Needs ``ssh`` and ``tmux``; the server runs
on 127.0.0.1 only, with a data folder of its own that is removed at the end.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("ana", "bia", "cy")


class Screens:
    """A tmux server of its own, one session a client."""

    def __init__(self, port: int, socket: str) -> None:
        self.tmux = ["tmux", "-S", socket]
        self.ssh = (f"TERM=xterm ssh -t -p {port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
                    "127.0.0.1")

    def run(self, *args: str) -> str:
        return subprocess.run([*self.tmux, *args], capture_output=True, text=True, timeout=20).stdout

    def start(self, name: str, command: str, width: int = 80, height: int = 24) -> None:
        self.run("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), command)

    def client(self, name: str, word: str) -> None:
        self.start(name, f"{self.ssh} {word}")

    def screen(self, name: str) -> str:
        return self.run("capture-pane", "-p", "-t", name)

    def keys(self, name: str, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", name, key)
            time.sleep(0.2)

    def wait(self, name: str, text: str, limit: float = 30.0) -> str:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            shown = self.screen(name)
            if text in shown:
                return shown
            time.sleep(0.2)
        raise SystemExit(f"{name}: {text!r} did not show up:\n{self.screen(name)}")

    def log_in(self, name: str) -> None:
        """The name and passphrase of ``--auth none`` (asked twice the first time)."""
        self.wait(name, "Name:")
        self.keys(name, name, "Enter")
        self.wait(name, "Passphrase")
        self.keys(name, f"pass-{name}-123", "Enter")
        time.sleep(0.5)
        if "again" in self.screen(name).lower():
            self.keys(name, f"pass-{name}-123", "Enter")


def deciding(shown: str) -> bool:
    """Whether a decision of this screen's player is on it: its key bar offers the board's keys."""
    lines = shown.rstrip("\n").splitlines()
    bar = lines[-1] if lines else ""
    return "N bell on/off" not in bar and ("Enter" in bar or "keys" in bar) and "sit down" not in bar


def set_up(screens: Screens) -> None:
    for name in PLAYERS:
        screens.client(name, "tables")
        screens.log_in(name)
    screens.wait("ana", "Make a new table")
    screens.keys("ana", "n")
    screens.wait("ana", "New table")
    screens.keys("ana", "Right", "Right")
    screens.wait("ana", "New table: Lemuria")
    time.sleep(0.5)
    screens.keys("ana", "Enter")
    screens.wait("ana", "Seat 2: free")
    for name in PLAYERS[1:]:
        screens.wait(name, "Lemuria (waiting")
        screens.keys(name, "Home", "Enter")  # the highlight stays where it was when the list was empty
        time.sleep(1)
    screens.wait("ana", "Every seat is taken")
    screens.keys("ana", "s")
    screens.client("dee", "tables")
    screens.wait("dee", "Name:")
    screens.keys("dee", "Enter")  # a guest
    screens.wait("dee", "Lemuria (playing)")
    screens.keys("dee", "w")
    screens.wait("dee", "Watching")
    print("three players at a Lemuria table, a guest watching")


def play(screens: Screens, drop_after: int, limit: float) -> int:
    start, presses, dropped_at, back = time.monotonic(), 0, 0.0, False
    while time.monotonic() - start < limit:
        over = 0
        for name in PLAYERS:
            shown = screens.screen(name)
            if "Game over:" in shown:
                over += 1
            elif deciding(shown):
                screens.keys(name, "Enter")
                presses += 1
        if over == len(PLAYERS):
            print(f"the game is over after {presses} presses, {time.monotonic() - start:.0f} s")
            return presses
        if not dropped_at and presses > drop_after:
            screens.run("kill-session", "-t", "bia")
            dropped_at = time.monotonic()
            print(f"bia's client killed after {presses} presses")
        if dropped_at and not back and time.monotonic() - dropped_at > 5:
            screens.client("bia", "continue")
            screens.log_in("bia")
            back = True
            print("bia connected again with 'continue'")
        time.sleep(0.1)
    raise SystemExit(f"the game did not end within {limit:.0f} s")


def replay_from_saves(screens: Screens) -> None:
    for _ in range(10):  # the results' Enter, back to the lobby (keys typed as the results appear are ignored)
        if "Lemuria (over)" in screens.screen("ana"):
            break
        screens.keys("ana", "Enter")
        time.sleep(1)
    screens.wait("ana", "Lemuria (over)")
    screens.keys("ana", "Escape")
    screens.wait("ana", "Load a saved game")
    screens.keys("ana", "l")
    screens.wait("ana", "finished, won by")
    screens.keys("ana", "r")
    screens.wait("ana", "Replay: Lemuria")
    screens.keys("ana", "End")
    screens.wait("ana", "The game is over.")
    print("ana replayed the game from her list of saves to its end")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=2301)
    parser.add_argument("--drop-after", type=int, default=120, help="presses before bia's client is killed")
    parser.add_argument("--limit", type=float, default=900.0, help="seconds the game may take")
    args = parser.parse_args()
    if not (shutil.which("ssh") and shutil.which("tmux")):
        print("needs ssh and tmux")
        return 1
    home = Path(tempfile.mkdtemp(prefix="bg-table-"))
    screens = Screens(args.port, str(home / "tmux.sock"))
    boardgames = str(ROOT / ".venv" / "bin" / "boardgames")
    screens.start("server", f"bash -c 'BOARDGAMES_HOME={home} {boardgames} serve --port {args.port} "
                            f"--seat-hold 60 2>{home}/serve.log; sleep 600'", width=150, height=10)
    try:
        time.sleep(5)
        set_up(screens)
        play(screens, args.drop_after, args.limit)
        for name in (*PLAYERS, "dee"):
            print(f"===== {name}\n{screens.screen(name)}")
        replay_from_saves(screens)
        print((home / "serve.log").read_text(encoding="utf-8")[-2000:])
    finally:
        screens.run("kill-server")
        shutil.rmtree(home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
