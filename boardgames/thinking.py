"""Where a search thinks: never on the UI loop, in a process of its own when the machine has a core to spare, and
under a server's cap on the cores all its sessions' searches may use at once.

The screens call :func:`choose` (a bot's decision) and :func:`analyse` (a hint's search) from a worker thread.
A search bot's or a hint's search then runs

- in one helper process of this program's own (started at the first search, kept for the next ones), when the
  machine has more than one core and no server caps the cores: a search holds Python's lock for its whole
  second, which a thread would take from the screen;
- else in the worker thread itself.

Under ``boardgames serve`` each session is a process already; the server passes ``BOARDGAMES_BOT_CORES`` (its
``--bot-cores``) and a folder of slot files, and a search first takes one of that many slots (a ``flock`` that
the kernel frees however the session ends), waiting while all are taken. Greedy and random bots are quick and
always think in the thread.
"""

from __future__ import annotations

import contextlib
import fcntl
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from boardgames.core.bots import Bot
from boardgames.core.engine import Action, Game, State
from boardgames.core.search import Analysis, Search, SearchBot, Stopped

#: the environment a server gives its sessions: how many searches may run at once, and the slot files' folder
CORES_ENV = "BOARDGAMES_BOT_CORES"
SLOTS_ENV = "BOARDGAMES_BOT_SLOTS"

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_broken = threading.Event()


class CoreSlots:
    """``count`` slot files in ``folder``: a search holds one (an exclusive ``flock``) while it runs."""

    def __init__(self, folder: Path, count: int) -> None:
        self.folder, self.count = folder, max(1, count)

    @classmethod
    def from_env(cls) -> CoreSlots | None:
        cores, folder = os.environ.get(CORES_ENV, ""), os.environ.get(SLOTS_ENV, "")
        if not (cores.isdigit() and folder):
            return None
        return cls(Path(folder), int(cores))

    @contextlib.contextmanager
    def hold(self, stop: Callable[[], bool] | None = None) -> Iterator[None]:
        """Wait for a free slot (polling ``stop``: True gives up with :class:`Stopped`) and hold it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        while True:
            for number in range(self.count):
                handle = os.open(self.folder / f"{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    os.close(handle)
                    continue
                try:
                    yield
                finally:
                    os.close(handle)  # closing frees the lock
                return
            if stop is not None and stop():
                raise Stopped
            time.sleep(0.05)


def uses_processes() -> bool:
    """A helper process when the machine has a spare core and no server shares the cores out."""
    return (os.cpu_count() or 1) > 1 and CoreSlots.from_env() is None


def _helper() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        return _pool


def _search_there(game_id: str, data: dict[str, Any], seat: int | None, budget: dict[str, Any]) -> Analysis:
    """In the helper process: the same search as here, on the state rebuilt from its JSON."""
    from boardgames.core.registry import get_game

    game = get_game(game_id)
    state = game.state_from_json(data)
    seed = budget.pop("searcher_seed")
    return Search(game, seed).analyse(state, seat, **budget)


def analyse(game: Game, state: State, seat: int | None = None, *, searcher_seed: int = 0,
            stop: Callable[[], bool] | None = None, **budget: Any) -> Analysis:
    """``Search(game, searcher_seed).analyse(state, seat, **budget)`` where searches run (see the module's text);
    ``stop`` is asked while waiting for a slot and, in the thread, between iterations."""
    slots = CoreSlots.from_env()
    with slots.hold(stop) if slots is not None else contextlib.nullcontext():
        if uses_processes() and not _broken.is_set():
            view = state if seat is None else state.as_seat(seat)
            try:
                return _wait(_helper().submit(_search_there, game.id, view.to_json(), None,
                                              {**budget, "searcher_seed": searcher_seed}), stop)
            except (OSError, BrokenProcessPool):
                _broken.set()  # no helper process here (a sandbox, no memory): think in the thread from now on
        return Search(game, searcher_seed).analyse(state, seat, stop=stop, **budget)


def _wait(job: Future[Analysis], stop: Callable[[], bool] | None) -> Analysis:
    """The helper's answer; ``stop`` asked ten times a second (a search already running there finishes its
    budget, and its answer is dropped)."""
    while True:
        try:
            return job.result(timeout=0.1)
        except TimeoutError:
            if stop is not None and stop():
                job.cancel()
                raise Stopped from None


def choose(bot: Bot, state: State, ply: int, seat: int | None = None) -> Action:
    """``bot.choose(state, ply, seat)``, its search (if it is a search bot) run where searches run."""
    if isinstance(bot, SearchBot):
        bot.runner = lambda view, seed, **budget: analyse(bot.game, view, searcher_seed=bot.seed, seed=seed,
                                                          **budget)
    try:
        return bot.choose(state, ply) if seat is None else bot.choose(state, ply, seat)
    finally:
        if isinstance(bot, SearchBot):
            bot.runner = None
