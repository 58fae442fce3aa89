"""A history of many finished games for the benchmarks: one real finished game, told apart by the time it began.

``fill(path, count)`` writes ``count`` games among a pool of eight players and two bots (three or four seats each,
so every player meets the others and ratings move), in one transaction as a rebuild would.
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from boardgames.core.bots import make_bot
from boardgames.core.record import Record, Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.history.store import Finished, History

PEOPLE = ["Ana", "Bia", "Cid", "Dora", "Edu", "Fabi", "Gil", "Hana"]
BOTS = [("Greedy", "bot:greedy"), ("Random", "bot:random")]
START = datetime(2025, 1, 1, tzinfo=UTC)


@functools.cache
def finished_session(seats: int, seed: int = 1) -> Session:
    """A Sintra game of ``seats`` random bots played to its end, in memory; played once a process (every game
    :func:`games` makes is a copy of one of two such, which only read it), not again at each :func:`one_more`."""
    game = get_game("sintra")
    session = Session.new(game, [Seat(f"P{n}") for n in range(seats)], seed=seed, autosave=False)
    bots = [make_bot("random", game, seed + n) for n in range(seats)]
    while not session.state.is_over:
        session.apply(bots[session.state.current_player].choose(session.state, len(session.record.actions)))
    return session


def games(count: int, seed: int = 7) -> list[Finished]:
    """``count`` finished games with shuffled seats and results (the same moves, other players and ranks)."""
    rng = random.Random(seed)
    made = {n: finished_session(n) for n in (3, 4)}
    out = []
    for number in range(count):
        session = made[rng.choice((3, 4))]
        players = len(session.record.seats)
        chosen = rng.sample(PEOPLE, players - 1) + [rng.choice(PEOPLE + [b[0] for b in BOTS])]
        kinds = dict(BOTS)
        seats = [Seat(name, kinds.get(name, "human")) for name in dict.fromkeys(chosen)]
        while len(seats) < players:
            seats.append(Seat(f"Guest {len(seats)}"))
        result = session.state.result()
        order = list(range(players))
        rng.shuffle(order)
        shuffled = replace(result, scores=[result.scores[i] for i in order], ranks=[result.ranks[i] for i in order],
                           breakdown=[result.breakdown[i] for i in order])
        began = START + timedelta(hours=number)
        record = replace(session.record, seats=seats, created=began.isoformat(), finished=True)
        out.append(Finished(record, shuffled, f"sintra-{number}.json", began + timedelta(minutes=40), {}))
    return out


def fill(path: Path, count: int) -> History:
    history = History.open(path)
    history.add_many(games(count))
    return history


def one_more(history: History, number: int) -> Finished:
    """A game that ended after every game held, to be written as a game's end writes it."""
    item = games(1, seed=number)[0]
    later = datetime.now(UTC) + timedelta(seconds=number)
    record: Record = replace(item.record, created=(later - timedelta(minutes=30)).isoformat())
    return replace(item, record=record, ended=later, save=f"new-{number}.json")
