"""Golden playthroughs: comparing with the stored text (UPDATE_GOLDEN=1 rewrites it) and writing what each seat sees."""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.engine import Game, Result
from boardgames.core.log import LogLine
from tests.loglines import logged_line


def check_golden(path: Path, playthrough: Callable[[], str], write: Callable[[], None]) -> None:
    if os.environ.get("UPDATE_GOLDEN") == "1":
        write()
        pytest.skip(f"rewrote {path.name}")
    assert path.exists(), "no golden file yet: run with UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough()
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "golden", "now", n=2))
        pytest.fail(f"the playthrough changed (UPDATE_GOLDEN=1 rewrites it if that is intended):\n{diff[:4000]}")


def flatten(value: Any, path: str = "") -> dict[str, str]:
    """A view as ``path = value`` leaves: mappings and lists holding mappings are opened, other lists kept whole."""
    leaves: dict[str, str] = {}
    _flatten_into(leaves, value, path)
    return leaves


def _flatten_into(leaves: dict[str, str], value: Any, path: str) -> None:
    """``flatten`` into one dictionary (a dictionary a level and its update into the level above made the golden
    tests spend most of their time here)."""
    if isinstance(value, dict):
        if not value:
            leaves[path] = "{}"
        for key, item in value.items():
            _flatten_into(leaves, item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and _holds_mapping(value):
        for index, item in enumerate(value):
            _flatten_into(leaves, item, f"{path}[{index}]")
    else:
        leaves[path] = _leaf(value)


def _leaf(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, written directly for the plain values most leaves hold."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    if type(value) is str:
        text = _TEXTS.get(value)
        if text is None:
            text = _TEXTS[value] = json.dumps(value, ensure_ascii=False)
        return text
    return json.dumps(value, ensure_ascii=False)


#: the strings of views as JSON: a few hundred (names, ids, colours) repeated in every view of every move
_TEXTS: dict[str, str] = {}


def _holds_mapping(value: Any) -> bool:
    return isinstance(value, dict) or isinstance(value, list) and any(_holds_mapping(item) for item in value)


class SeenViews:
    """What each seat (and an onlooker: the public view) sees, written as readable lines.

    ``start()`` gives the whole public view and what each seat sees beyond it; ``after_move()``
    gives, after each move, every leaf that changed in some view, once, with the viewers who
    see that change ("all" when every view does). Read top to bottom, the lines rebuild every
    view at every step, so the golden file pins them all.
    """

    def __init__(self, state: Any, names: list[str]) -> None:
        self.viewers = [None, *range(len(names))]
        self.labels = ["public", *names]
        self.seen = self._views(state)

    def _views(self, state: Any) -> list[dict[str, str]]:
        return [flatten(state.view(viewer)) for viewer in self.viewers]

    def start(self) -> list[str]:
        public = self.seen[0]
        lines = ["== what everyone sees (public view)", *(f"   {path} = {value}" for path, value in public.items())]
        for label, leaves in zip(self.labels[1:], self.seen[1:]):
            lines.append(f"== what {label} sees beyond it")
            lines += [f"   {path} = {value}" for path, value in leaves.items() if public.get(path) != value]
            lines += [f"   {path} (not shown)" for path in public if path not in leaves]
        return lines

    def after_move(self, state: Any, indent: str = "        ") -> list[str]:
        now = self._views(state)
        changes: dict[str, list[str]] = {}
        for label, old, new in zip(self.labels, self.seen, now):
            changed = [path for path, value in new.items() if old.get(path) != value]
            for path in old:
                # a leaf replaced by its parts or by its parent (held = null <-> held.colour = ...) needs no line
                if path not in new and not any(_related(path, other) for other in changed):
                    changes.setdefault(f"{path} (gone)", []).append(label)
            for path in changed:
                changes.setdefault(f"{path} = {new[path]}", []).append(label)
        self.seen = now
        lines = []
        for change, who in changes.items():
            viewers = "all" if len(who) == len(self.labels) else ", ".join(who)
            lines.append(f"{indent}{viewers}: {change}")
        return lines


def _related(a: str, b: str) -> bool:
    """Whether one path lies inside the other (``held`` and ``held.colour``)."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and long[len(short):][:1] in (".", "[")


#: the legend of a playthrough that writes each move's log line
LOG_LEGEND = (
    "# after each move: its public log line, what a seat reads instead ('reads:'), then what changed in",
    "# each seat's view (and the public one), 'all' when in every view",
)


def logged_move(ply: int, name: str, action: Any, line: LogLine) -> str:
    """A move as ``ply notation: public log line``."""
    return f"{ply:5} {action}: {line.public}"


def playthrough_text(
    game: Game,
    seats: Sequence[tuple[str, str]],
    options: dict[str, str],
    seed: int,
    *,
    about: Sequence[str],
    regenerate: str,
    turn_key: Callable[[Any], Hashable],
    turn_line: Callable[[Any, list[str]], str],
    final: Callable[[Any, Result, list[str]], list[str]],
    setup: Callable[[Any, list[str]], list[str]] = lambda state, names: [],
    legend: Sequence[str] = LOG_LEGEND,
    move_line: Callable[[int, str, Any, LogLine], str] = logged_move,
    bot_seed: Callable[[int, int], int] = lambda seed, seat: seed,
    moves: int | None = None,
) -> str:
    """A seeded bot game written out as text: the header, what each seat sees, every move and the result.

    ``seats`` are (name, bot kind); ``about`` the comment lines after the title (players, options, seats);
    ``regenerate`` the test file that rewrites it; ``setup`` the lines a game shows of its set-up (hands,
    a city); ``turn_line`` heads each new turn or round, written whenever ``turn_key`` changes;
    ``move_line`` writes a move; each seat's private reading of it follows; ``final`` gives the lines of
    each seat's score before the ranks, the tie-break and the result's notes. With ``moves``, only the text of
    the first ``moves`` moves (a stretch to compare, not a golden file).
    """
    names = [name for name, _ in seats]
    state = game.new_state(names, dict(options), seed)
    bots = [make_bot(kind, game, bot_seed(seed, seat)) for seat, (_, kind) in enumerate(seats)]
    lines = [
        f"# {game.title} - golden playthrough, rules version {game.rules_version}",
        *about,
        f"# regenerate: UPDATE_GOLDEN=1 python -m pytest {regenerate}",
        *setup(state, names),
        *legend,
    ]
    views = SeenViews(state, names)
    lines += views.start()
    ply = 0
    shown: Hashable = object()
    while not state.is_over:
        if moves is not None and ply >= moves:
            return "\n".join(lines) + "\n"
        assert ply < game.max_moves, "the bots did not finish the game"
        if turn_key(state) != shown:
            shown = turn_key(state)
            lines.append(turn_line(state, names))
        seat = state.current_player
        action = bots[seat].choose(state, ply)
        line = logged_line(state, action)
        state.check_invariants()
        ply += 1
        lines.append(move_line(ply, names[seat], action, line))
        lines += [f"        {names[s]} reads: {text}" for s, text in sorted(line.private.items())]
        lines += views.after_move(state)
    result = state.result()
    lines += ["== final", *final(state, result, names)]
    lines.append("ranks: " + ", ".join(f"{name} {rank}" for name, rank in zip(names, result.ranks)))
    lines.append(f"tiebreak: {result.tiebreak or '-'}")
    lines.extend(f"note: {note}" for note in result.notes)
    return "\n".join(lines) + "\n"


def golden_writer(path: Path, playthrough: Callable[[], str]) -> Callable[[], Path]:
    """``write()`` for a golden file: runs the playthrough and stores its text at ``path``."""

    def write() -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(playthrough(), encoding="utf-8")
        return path

    return write
