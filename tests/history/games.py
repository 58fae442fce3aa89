"""Finished games for the history's tests: seeded bot games played to their end, saved or in memory."""

from __future__ import annotations

from functools import cache

from boardgames.core.bots import make_bot
from boardgames.core.record import Record, Seat
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
def _finished(game_id: str, names: tuple[tuple[str, str], ...], seed: int) -> Record:
    return play_out(game_id, [Seat(name, kind) for name, kind in names], seed).record


def finished(game_id: str = "sintra", names: tuple[str, ...] = ("Ana", "Bia"), seed: int = 1,
             kinds: tuple[str, ...] | None = None) -> Record:
    """A finished record (cached: the same arguments give an equal record; a copy each call)."""
    kinds = kinds or ("human",) * len(names)
    record = _finished(game_id, tuple(zip(names, kinds)), seed)
    return Record.from_json(record.to_json())
