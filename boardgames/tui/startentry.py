"""Where a list of moves starts: on a move that costs nothing and that undo could take back at once.

A list's starting entry is what a stray Enter plays, so it should never be a paid move, nor one that
cannot be taken back: one that reveals something (a draw, a roll, a card turned up) or ends the
seat's turn. The host works this out on copies of the state (boards see only views), with the test
undo uses (core.session: same seat, same turn, nothing drawn or revealed) and, for the cost, the
seat's own entry of its view: a move after which none of its numbers (coins, resources, cards in
hand...) went down is free.
"""

from __future__ import annotations

from typing import Any

from boardgames.core.engine import Action, State


def _numbers(value: Any, path: str = "") -> dict[str, float]:
    """Every number in a view's entry (nested dicts too), by its key path."""
    if isinstance(value, bool):
        return {}
    if isinstance(value, (int, float)):
        return {path: value}
    if isinstance(value, dict):
        found: dict[str, float] = {}
        for key, item in value.items():
            found.update(_numbers(item, f"{path}/{key}"))
        return found
    return {}


def _own_numbers(state: State, seat: int) -> dict[str, float]:
    players = state.view(seat).get("players")
    if isinstance(players, list) and 0 <= seat < len(players):
        return _numbers(players[seat])
    return {}


class StartMoves:
    """Which of a decision's legal moves a list may start on, worked out lazily in the list's own order.

    Trying a move means applying it to a copy, which costs as much as the move; a list only needs its first safe
    entry, so the moves are tried in the order the list shows them and the search stops at the first free one
    that undo could take back (else the first one undo could take back)."""

    def __init__(self, state: State, legal: list[Action]) -> None:
        self.state, self.legal = state, legal
        self.seat = state.current_player
        self.before = _own_numbers(state, self.seat) if self.seat is not None else {}
        self._tried: dict[int, str] = {}  # legal index -> "free", "reversible" or "no"

    def kind(self, index: int) -> str:
        if not 0 <= index < len(self.legal):
            return "no"
        if index not in self._tried:
            self._tried[index] = self._try(self.legal[index])
        return self._tried[index]

    def _try(self, action: Action) -> str:
        state = self.state
        trial = state.clone()
        try:
            trial.apply(action)
        except Exception:  # noqa: BLE001 - a move the rules cannot try here is simply not a safe start
            return "no"
        if self.seat is None or not (trial.current_player == self.seat and trial.turn == state.turn
                                     and trial.rng.calls == state.rng.calls and trial.reveals == state.reveals):
            return "no"
        after = _own_numbers(trial, self.seat)
        return "free" if all(after.get(key, value) >= value for key, value in self.before.items()) else "reversible"

    def first(self, order: list[int]) -> int | None:
        """The position in ``order`` (indices into the legal list) of the first free move undo could take back,
        else of the first such move at all, else None."""
        if self.seat is None:
            return None
        reversible = None
        for position, index in enumerate(order):
            kind = self.kind(index)
            if kind == "free":
                return position
            if kind == "reversible" and reversible is None:
                reversible = position
        return reversible


def safe_starts(state: State, legal: list[Action]) -> set[Action]:
    """The moves of ``legal`` a list may start on: free ones undo could take back; if there are none, any undo
    could take back; if none of those either, an empty set (every move tried: for tests and tools)."""
    moves = StartMoves(state, legal)
    if moves.seat is None:
        return set()
    kinds = [moves.kind(i) for i in range(len(legal))]
    free = {a for a, k in zip(legal, kinds) if k == "free"}
    return free or {a for a, k in zip(legal, kinds) if k == "reversible"}
