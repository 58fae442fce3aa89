"""Finished games for the history's tests: seeded bot games played to their end, saved or in memory."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from boardgames.core.bots import make_bot
from boardgames.core.engine import State
from boardgames.core.record import Record, Seat, save_new_record
from boardgames.core.registry import get_game
from boardgames.core.saves import SaveStore
from boardgames.core.session import Session


def play_out(game_id: str, seats: list[Seat], seed: int, store: SaveStore | None = None) -> Session:
    """Every seat's moves made by a random bot (so any seat may win); saved in ``store`` if one is given."""
    game = get_game(game_id)
    session = Session.new(game, seats, seed=seed, store=store, autosave=store is not None)
    bots = [make_bot("random", game, seed * 7 + n) for n in range(len(seats))]
    while not session.state.is_over:
        session.apply(bots[session.state.current_player].choose(session.state, len(session.record.actions)))
        session.autosave()
    session.close()
    return session


@cache
def _played(game_id: str, names: tuple[tuple[str, str], ...], seed: int) -> Session:
    return play_out(game_id, [Seat(name, kind) for name, kind in names], seed)


def _finished(game_id: str, names: tuple[tuple[str, str], ...], seed: int) -> Record:
    return _played(game_id, names, seed).record


@dataclass(frozen=True)
class Saved:
    """A finished game written to a save: its path and its final state (shared: read it, never change it)."""

    path: Path
    state: State


def saved(game_id: str, seats: list[Seat], seed: int, store: SaveStore) -> Saved:
    """The seeded game ``play_out`` plays, written to a new save in ``store``; the game itself is played once a
    process (a random Blue Moon City game saved move by move took seconds in every test that wanted one)."""
    session = _played(game_id, tuple((seat.name, seat.kind) for seat in seats), seed)
    store.folder.mkdir(parents=True, exist_ok=True)
    record = Record.from_json(session.record.to_json())
    return Saved(save_new_record(record, store.new_path(game_id)), session.state)


def finished(game_id: str = "sintra", names: tuple[str, ...] = ("Ana", "Bia"), seed: int = 1,
             kinds: tuple[str, ...] | None = None) -> Record:
    """A finished record (cached: the same arguments give an equal record; a copy each call)."""
    kinds = kinds or ("human",) * len(names)
    record = _finished(game_id, tuple(zip(names, kinds)), seed)
    return Record.from_json(record.to_json())
