"""A new save never takes the name of another game's save.

Measured before: 15 of 20 games started in the same second by separate
processes wrote the same file, one overwriting the other.
"""

import json
import subprocess
import sys
import time

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store

SEATS = [Seat("Ana", "human"), Seat("Bia", "human")]


def test_two_games_given_the_same_name_both_keep_their_saves():
    game = get_game("sintra")
    first = Session.new(game, SEATS, {}, seed=1, path=default_store().new_path("sintra"))
    second = Session.new(game, SEATS, {}, seed=2, path=default_store().new_path("sintra"))
    assert first.path == second.path  # same second, same proposed name
    first.apply(first.state.legal_actions()[0])
    second.apply(second.state.legal_actions()[0])
    assert first.path != second.path and first.path.exists() and second.path.exists()
    assert json.loads(first.path.read_text())["seed"] == 1
    assert json.loads(second.path.read_text())["seed"] == 2
    second.apply(second.state.legal_actions()[0])  # later saves stay on the game's own file
    assert json.loads(first.path.read_text())["seed"] == 1


SCRIPT = """
import sys, time
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
start, seed = float(sys.argv[1]), int(sys.argv[2])
game = get_game("sintra")
session = Session.new(game, [Seat("Ana", "human"), Seat("Bia", "human")], {}, seed=seed, store=default_store())
while time.time() < start:
    time.sleep(0.001)
session.apply(session.state.legal_actions()[0])
"""


def test_games_started_at_once_by_separate_processes_get_separate_files():
    count = 12
    start = time.time() + 3  # every process has imported the game by then
    processes = [subprocess.Popen([sys.executable, "-c", SCRIPT, str(start), str(seed)]) for seed in range(count)]
    for process in processes:
        assert process.wait(timeout=60) == 0
    seeds = sorted(json.loads(path.read_text())["seed"] for path in default_store().folder.glob("*.json"))
    assert seeds == list(range(count))
