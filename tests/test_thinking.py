"""Where searches run (boardgames/thinking.py): a helper process gives the same answer as the thread, and a
server's cap on cores makes searches wait their turn across processes."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from boardgames import thinking
from boardgames.core.bots import make_bot
from boardgames.core.registry import get_game
from boardgames.core.search import Search, Stopped


def _position():
    game = get_game("sintra")
    state = game.new_state(["A", "B"], {}, 4)
    bot = make_bot("greedy", game, 4)
    for ply in range(6):
        state.apply(bot.choose(state, ply))
    return game, state


def _summary(analysis):
    return [(str(m.action), m.visits, round(m.chance, 12)) for m in analysis.moves]


def test_the_helper_process_finds_what_the_thread_finds(monkeypatch):
    monkeypatch.delenv(thinking.CORES_ENV, raising=False)
    monkeypatch.setattr(thinking, "uses_processes", lambda: True)
    game, state = _position()
    there = thinking.analyse(game, state, searcher_seed=2, iterations=30, seed=5)
    here = Search(game, 2).analyse(state, iterations=30, seed=5)
    assert _summary(there) == _summary(here)


def test_a_search_bot_chooses_through_the_runner_and_forgets_it(monkeypatch):
    monkeypatch.setattr(thinking, "uses_processes", lambda: False)
    game, state = _position()
    bot = make_bot("search:10", game, 1)
    action = thinking.choose(bot, state, 6)
    assert str(action) in {str(a) for a in state.legal_actions()}
    assert bot.runner is None and bot.last is not None and bot.last.iterations == 10


def test_all_slots_taken_a_search_waits_and_can_be_stopped(tmp_path):
    slots = thinking.CoreSlots(tmp_path, 1)
    inside = threading.Event()
    leave = threading.Event()

    def holder() -> None:
        with slots.hold():
            inside.set()
            leave.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    assert inside.wait(10)
    with pytest.raises(Stopped):
        with slots.hold(stop=lambda: True):
            pass
    leave.set()
    thread.join(10)
    with slots.hold():  # free again
        pass


def test_the_cap_holds_across_processes(tmp_path):
    """Another process (a second SSH session) holds the only slot: a search here waits until it lets go."""
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from boardgames.thinking import CoreSlots\n"
        "with CoreSlots(Path(sys.argv[1]), 1).hold():\n"
        "    print('held', flush=True)\n"
        "    time.sleep(1.5)\n"), str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        with thinking.CoreSlots(tmp_path, 1).hold():
            waited = time.monotonic() - started
        assert waited > 0.3  # it had to wait for the other process
    finally:
        holder.wait(10)


def test_a_server_caps_searches_through_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(thinking.CORES_ENV, "1")
    monkeypatch.setenv(thinking.SLOTS_ENV, str(tmp_path / "slots"))
    assert not thinking.uses_processes()  # a server's session thinks in its own process, under the cap
    slots = thinking.CoreSlots.from_env()
    assert slots is not None and slots.count == 1
    game, state = _position()
    with slots.hold():
        with pytest.raises(Stopped):  # the only core is taken: a hint asked meanwhile waits (here: gives up)
            thinking.analyse(game, state, iterations=5, stop=lambda: True)
    assert thinking.analyse(game, state, iterations=5).iterations == 5


def test_a_warmed_helper_answers_the_first_search_after_its_warm_up(monkeypatch):
    """The game screen starts the helper early; the warm-up's own answer never stands for a search's."""
    monkeypatch.delenv(thinking.CORES_ENV, raising=False)
    monkeypatch.setattr(thinking, "uses_processes", lambda: True)
    game, state = _position()
    thinking.warm_up(game)
    thinking.warm_up(game)
    there = thinking.analyse(game, state, searcher_seed=1, iterations=12, seed=2)
    assert _summary(there) == _summary(Search(game, 1).analyse(state, iterations=12, seed=2))


def test_a_hint_from_the_helper_process_is_in_the_askers_language(monkeypatch):
    from boardgames.i18n import set_language

    monkeypatch.delenv(thinking.CORES_ENV, raising=False)
    monkeypatch.setattr(thinking, "uses_processes", lambda: True)
    game, state = _position()
    set_language("pt_BR")
    there = thinking.hint(game, state, state.current_player, search=Search(game, 2), iterations=20, seed=5)
    assert there.label.startswith("Pegar") and "cerca de" in there.why, there
    set_language("en")
    again = thinking.hint(game, state, state.current_player, search=Search(game, 2), iterations=20, seed=5)
    assert again.label.startswith("Take"), again.label
