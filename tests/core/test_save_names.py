"""A new save never takes the name of another game's save.

Measured before: 15 of 20 games started in the same second by separate
processes wrote the same file, one overwriting the other.
"""

import json
import multiprocessing

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


def _start_and_move(seed: int, barrier) -> None:
    session = Session.new(get_game("sintra"), SEATS, {}, seed=seed, store=default_store())
    barrier.wait(timeout=60)  # every game makes its first move, and names its save, at once
    session.apply(session.state.legal_actions()[0])


def test_games_started_at_once_by_separate_processes_get_separate_files():
    count = 12
    # forked: each process has the game loaded already (a fresh interpreter per game cost 0.4 s of CPU each)
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(count)
    processes = [context.Process(target=_start_and_move, args=(seed, barrier)) for seed in range(count)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=60)
    assert [process.exitcode for process in processes] == [0] * count
    seeds = sorted(json.loads(path.read_text())["seed"] for path in default_store().folder.glob("*.json"))
    assert seeds == list(range(count))
