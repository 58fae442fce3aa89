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


def safe_starts(state: State, legal: list[Action]) -> set[Action]:
    """The moves of ``legal`` a list may start on: free ones undo could take back; if there are none, any undo
    could take back; if none of those either, an empty set (the list starts on its first move)."""
    seat, turn, calls, reveals = state.current_player, state.turn, state.rng.calls, state.reveals
    if seat is None:
        return set()
    before = _own_numbers(state, seat)
    reversible, free = set(), set()
    for action in legal:
        trial = state.clone()
        try:
            trial.apply(action)
        except Exception:  # noqa: BLE001 - a move the rules cannot try here is simply not a safe start
            continue
        if (trial.current_player == seat and trial.turn == turn and trial.rng.calls == calls
                and trial.reveals == reveals):
            reversible.add(action)
            after = _own_numbers(trial, seat)
            if all(after.get(key, value) >= value for key, value in before.items()):
                free.add(action)
    return free or reversible
