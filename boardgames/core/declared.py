"""A game written as a declaration: its :class:`Game` names where its parts live and this class does the rest.

A game package holds ``state.py`` (the state), kind modules, ``rules.py`` (the kinds assembled), ``data.py`` (the
tables), ``strategy.py`` (the greedy bot's judge), ``board/`` (the terminal board) and ``game.py``, whose class
declares the game (id, title, players, options) and its :class:`Parts`. The parts are imported when first needed,
so listing the games (the menu, ``boardgames list``) loads no tables and no rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from boardgames.core.bots import GREEDY_DEPTH, Judge
from boardgames.core.engine import Game, State


@dataclass(frozen=True)
class Parts:
    """Where a game's parts live, each ``module`` or ``module:name`` relative to the game's package."""

    #: the State class: ``setup(rules, names, seed, **options)`` (each option by its key, typed) and
    #: ``from_json(rules, data)``
    state: str
    #: the tables' module: ``load_rules()`` reads and checks every table, ``shared_rules()`` loads them once
    tables: str
    #: the bots' module: ``evaluate(state, seat)``, ``Evaluator`` (each bot's own judge), and optionally
    #: ``GREEDY_DEPTH`` and ``GREEDY_SAMPLES`` (see core/bots.py), ``SEARCH_HORIZON`` and ``SEARCH_SCALE``
    #: (core/search.py)
    strategy: str
    #: the terminal board, a ``tui.board.Board`` subclass made as ``Board(game, ascii=...)``; none: the shell
    #: lists the legal moves by their labels
    board: str = ""


class DeclaredGame(Game):
    """A :class:`Game` whose states, tables, bot judge and board are found through :attr:`parts`."""

    parts: ClassVar[Parts]

    def part(self, where: str) -> Any:
        """The module (``"data"``) or the name in a module (``"rules:SintraState"``) of this game's package."""
        module_name, _, name = where.partition(":")
        package = type(self).__module__.rpartition(".")[0]
        module = importlib.import_module(f"{package}.{module_name}")
        return getattr(module, name) if name else module

    def rules(self) -> object:
        """The game's tables, loaded and checked once per process and shared by every state."""
        return self.part(self.parts.tables).shared_rules()

    def new_state(self, names: list[str], options: Mapping[str, object], seed: int) -> State:
        self.check_player_count(len(names))
        resolved = self.resolve_options(options)
        state: State = self.part(self.parts.state).setup(self.rules(), list(names), seed, **resolved)
        return state

    def state_from_json(self, data: dict[str, Any]) -> State:
        state: State = self.part(self.parts.state).from_json(self.rules(), data)
        return state

    def load_rules(self) -> object:
        return self.part(self.parts.tables).load_rules()

    def evaluate(self, state: State, seat: int) -> float:
        return float(self.part(self.parts.strategy).evaluate(state, seat))

    def greedy_evaluator(self) -> Judge[Any]:
        """Each greedy bot's own judge, with its own bounded caches."""
        judge: Judge[Any] = self.part(self.parts.strategy).Evaluator()
        return judge

    @property
    def greedy_depth(self) -> int:
        return int(getattr(self.part(self.parts.strategy), "GREEDY_DEPTH", GREEDY_DEPTH))

    @property
    def greedy_samples(self) -> int:
        return int(getattr(self.part(self.parts.strategy), "GREEDY_SAMPLES", 0))

    @property
    def search_horizon(self) -> int:
        """Random moves in a search bot's playout before the judge values the position (core/search.py)."""
        from boardgames.core.search import SEARCH_HORIZON

        return int(getattr(self.part(self.parts.strategy), "SEARCH_HORIZON", SEARCH_HORIZON))

    @property
    def search_flat(self) -> bool:
        """Whether the search judges only the root's moves, each at the end of its turn (core/search.py)."""
        return bool(getattr(self.part(self.parts.strategy), "SEARCH_FLAT", False))

    @property
    def search_scale(self) -> float:
        """The judge's lead worth about a 73% win chance against one rival (core/search.py)."""
        from boardgames.core.search import SEARCH_SCALE

        return float(getattr(self.part(self.parts.strategy), "SEARCH_SCALE", SEARCH_SCALE))

    def board_class(self) -> type | None:
        """The terminal board's class, or None for the shell's list of moves."""
        board: type | None = self.part(self.parts.board) if self.parts.board else None
        return board
