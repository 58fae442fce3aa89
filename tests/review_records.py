"""Finished games to review: played by bots, with some seats marked human (the review judges only those)."""

from __future__ import annotations

from pathlib import Path

from boardgames.core.bots import make_bot
from boardgames.core.record import Record, Seat, read_record
from boardgames.core.registry import get_game
from boardgames.core.session import Session

GOLDEN = Path(__file__).parent / "golden"
#: the game of the golden review: Ana (human, her moves chosen at random) against a greedy bot, Sintra side A
GOLDEN_GAME = GOLDEN / "sintra_review_game.json"


def played(game_id: str, seats: list[Seat], seed: int, movers: list[str] | None = None,
           stop_before: int = 0) -> Record:
    """A seeded game of ``seats`` played to its end (or ``stop_before`` moves before it); each seat's moves are
    chosen by the bot ``movers[seat]`` (default: its own kind for a bot seat, random for a human one)."""
    game = get_game(game_id)
    session = Session.new(game, seats, {}, seed=seed, autosave=False)
    kinds = movers or [seat.bot_kind if seat.is_bot else "random" for seat in seats]
    bots = [make_bot(kind, game, seed + number) for number, kind in enumerate(kinds)]
    while not session.state.is_over:
        seat = session.state.seat_to_move
        session.apply(bots[seat].choose(session.state, len(session.record.actions)))
    record = session.record
    del record.actions[len(record.actions) - stop_before:]
    record.finished = stop_before == 0
    return record


def golden_record() -> Record:
    return read_record(GOLDEN_GAME)
