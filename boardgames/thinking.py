"""Where a search thinks: never on the UI loop, in a process of its own when the machine has a core to spare, and
under a server's cap on the cores all its sessions' searches may use at once.

The screens call :func:`choose` (a bot's decision), :func:`hint` and :func:`analyse` (a review's search of one
decision) from a worker thread. The search then runs

- in one helper process of this program's own (``python -m boardgames.thinking``, started at the first search
  and kept for the next ones, a JSON line each way), when the machine has more than one core and no server
  caps the cores: a search holds Python's lock for its whole second, which a thread would take from the
  screen;
- else in the worker thread itself.

Under ``boardgames serve`` each session is a process already; the server passes ``BOARDGAMES_BOT_CORES`` (its
``--bot-cores``) and a folder of slot files, and a search first takes one of that many slots (a ``flock`` that
the kernel frees however the session ends), waiting while all are taken. Greedy and random bots are quick and
always think in the thread.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from boardgames.core.bots import Bot
from boardgames.core.engine import Action, Game, State
from boardgames.core.search import Analysis, MoveValue, Search, SearchBot, Stopped
from boardgames.i18n import DEFAULT, LANGUAGES, PSEUDO, set_language
from boardgames.i18n import language as current_language

if TYPE_CHECKING:
    from boardgames.core.hints import Hint

#: the environment a server gives its sessions: how many searches may run at once, and the slot files' folder
CORES_ENV = "BOARDGAMES_BOT_CORES"
SLOTS_ENV = "BOARDGAMES_BOT_SLOTS"

_broken = threading.Event()
T = TypeVar("T")


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


class _Helper:
    """The helper process: ``python -m boardgames.thinking``, one search at a time, a JSON line each way. Its
    stderr goes nowhere (the screen is the terminal), and it ends when this process closes its input."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()
        self.dropped = 0  # answers of stopped searches still to come, read and thrown away
        self.buffer = b""

    def _started(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen([sys.executable, "-m", "boardgames.thinking"], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
            self.dropped, self.buffer = 0, b""
        return self.process

    def _line(self, process: subprocess.Popen[bytes], stop: Callable[[], bool] | None) -> bytes:
        assert process.stdout is not None
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([process.stdout], [], [], 0.1)
            if ready:
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    raise OSError("the helper process ended")
                self.buffer += chunk
            elif stop is not None and stop():
                raise Stopped
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def warm_up(self, game_id: str) -> None:
        """Start the process and have it load ``game_id``'s rules now, not at the first hint (the answer, a
        line, is read and dropped before the next search's)."""
        with self.lock:
            process = self._started()
            assert process.stdin is not None
            process.stdin.write(json.dumps({"job": "warm", "game": game_id}).encode() + b"\n")
            self.dropped += 1

    def search(self, request: dict[str, Any], stop: Callable[[], bool] | None) -> dict[str, Any]:
        with self.lock:
            process = self._started()
            while self.dropped:
                self._line(process, None)
                self.dropped -= 1
            assert process.stdin is not None
            process.stdin.write(json.dumps(request).encode() + b"\n")
            try:
                answer: dict[str, Any] = json.loads(self._line(process, stop))
            except Stopped:
                self.dropped += 1  # it finishes its budget there; its answer is dropped before the next search
                raise
            if "error" in answer:
                raise RuntimeError(answer["error"])
            return answer


_helper = _Helper()


_searchers: dict[tuple[str, int], Search] = {}


def _searcher(game: Game, seed: int) -> Search:
    """In the helper process: the searcher of ``game`` and ``seed``, kept for the next requests so its judge's
    caches stay warm (a cached answer depends only on its key, so results are the same); a few at most."""
    key = (game.id, seed)
    if key not in _searchers:
        if len(_searchers) >= 8:
            _searchers.pop(next(iter(_searchers)))
        _searchers[key] = Search(game, seed)
    return _searchers[key]


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    """In the helper process: the search (``job`` "analyse") or hint ("hint") asked for, on the state rebuilt from
    its JSON."""
    from boardgames.core.hints import find_hint
    from boardgames.core.registry import get_game

    language = request.get("language", DEFAULT)
    set_language(language if language in (*LANGUAGES, PSEUDO) else DEFAULT)  # a hint in the asker's language
    game = get_game(request["game"])
    if request.get("job") == "warm":
        game.rules()  # type: ignore[attr-defined] # a declared game's tables, loaded once per process
        return {}
    state = game.state_from_json(request["state"])
    budget = dict(request["budget"])
    if budget.get("focus") is not None:
        budget["focus"] = game.parse_action(budget["focus"])
    search = _searcher(game, request["searcher_seed"])
    if request.get("job") == "hint":
        hint = find_hint(game, state, search=search, **budget)
        return {"seat": hint.seat, "action": str(hint.action), "label": hint.label, "chance": hint.chance,
                "rank": hint.rank, "count": hint.count, "why": hint.why, "gains": hint.gains}
    found = search.analyse(state, **budget)
    return {"seat": found.seat, "iterations": found.iterations, "seconds": found.seconds, "chance": found.chance,
            "moves": [[str(m.action), m.visits, m.chance, m.prior] for m in found.moves]}


def _analysis(game: Game, answer: dict[str, Any]) -> Analysis:
    moves = [MoveValue(game.parse_action(text), visits, chance, prior) for text, visits, chance, prior in
             answer["moves"]]
    return Analysis(answer["seat"], moves, answer["iterations"], answer["seconds"], answer["chance"])


def _request(job: str, game: Game, state: State, seat: int | None, searcher_seed: int,
             budget: dict[str, Any]) -> dict[str, Any]:
    view = state if seat is None else state.as_seat(seat)
    if budget.get("focus") is not None:
        budget = {**budget, "focus": str(budget["focus"])}  # a move travels as its notation
    return {"job": job, "game": game.id, "state": view.to_json(), "searcher_seed": searcher_seed,
            "budget": budget, "language": current_language()}


def _run(job: str, game: Game, state: State, seat: int | None, searcher_seed: int, budget: dict[str, Any],
         stop: Callable[[], bool] | None, here: Callable[[], T], there: Callable[[dict[str, Any]], T]) -> T:
    """A search job where searches run: ``there`` reads the helper process's answer; ``here`` does the work in
    this thread (under a server's slot, or when no helper process can start). ``stop`` is asked first, while
    waiting for a slot and while waiting for the answer."""
    if stop is not None and stop():
        raise Stopped  # stopped before it began (a review cancelled between two decisions)
    slots = CoreSlots.from_env()
    with slots.hold(stop) if slots is not None else contextlib.nullcontext():
        if uses_processes() and not _broken.is_set():
            try:
                return there(_helper.search(_request(job, game, state, seat, searcher_seed, budget), stop))
            except OSError:
                _broken.set()  # no helper process here (a sandbox, no memory): think in the thread from now on
        return here()


def analyse(game: Game, state: State, seat: int | None = None, *, searcher_seed: int = 0,
            stop: Callable[[], bool] | None = None, **budget: Any) -> Analysis:
    """``Search(game, searcher_seed).analyse(state, seat, **budget)`` where searches run (see the module's text)."""
    return _run("analyse", game, state, seat, searcher_seed, budget, stop,
                lambda: Search(game, searcher_seed).analyse(state, seat, stop=stop, **budget),
                lambda answer: _analysis(game, answer))


def hint(game: Game, state: State, seat: int, *, search: Search, stop: Callable[[], bool] | None = None,
         **budget: Any) -> Hint:
    """``core.hints.find_hint`` where searches run; ``search`` is used in the thread (its judge's caches stay
    warm there), and its seed in the helper process."""
    from boardgames.core.hints import Hint, find_hint

    def there(answer: dict[str, Any]) -> Hint:
        return Hint(answer["seat"], game.parse_action(answer["action"]), answer["label"], answer["chance"],
                    answer["rank"], answer["count"], answer["why"], answer["gains"])

    return _run("hint", game, state, seat, search.seed, budget, stop,
                lambda: find_hint(game, state, seat, search=search, stop=stop, **budget), there)


def warm_up(game: Game) -> None:
    """Where searches run in a helper process, start it now (a game screen opens: a hint or a search bot may
    follow), so the first one does not wait for Python to start; nothing otherwise."""
    if uses_processes() and not _broken.is_set() and hasattr(game, "rules"):
        try:
            _helper.warm_up(game.id)
        except OSError:
            _broken.set()


def serve_searches() -> None:
    """The helper process's loop: a request a line on stdin, its answer a line on stdout, until stdin ends."""
    for line in sys.stdin:
        try:
            answer = _answer(json.loads(line))
        except Exception as exc:  # noqa: BLE001 - said to the app, which shows it as a bot's failure
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


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


if __name__ == "__main__":
    serve_searches()
