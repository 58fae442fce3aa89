"""Time of one undo late in a game: restoring the snapshot against replaying the record without the move.

A 4-player Blue Moon City game with the expansion, played by greedy bots for
every seat but the first (a human, played here by a random bot), up to move
--moves; then the human's last move is undone and redone --repeats times.

    python benchmarks/undo.py [--moves 340] [--repeats 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from quick import quick_args
from spread import machine

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session


def game_at(moves: int, seed: int) -> Session:
    """A game with at least ``moves`` moves made, the human's last move undoable."""
    game = get_game("bluemoon")
    seats = [Seat("Ana", "human")] + [Seat(f"Bot {n}", "bot:greedy") for n in (2, 3, 4)]
    session = Session.new(game, seats, {"expansion": "true"}, seed=seed, autosave=False)
    bots = [make_bot("random", game, seed)] + [make_bot("greedy", game, seed)] * 3
    ply = 0
    while len(session.record.actions) < moves or not session.can_undo():
        if session.state.is_over:
            raise SystemExit(f"seed {seed}: the game ended at move {len(session.record.actions)}; ask for fewer moves")
        session.apply(bots[session.state.current_player].choose(session.state, ply))
        ply += 1
    return session


def time_undo(session: Session, repeats: int, snapshots: bool) -> list[float]:
    action = session.game.parse_action(session.record.actions[-1])
    timings = []
    for _ in range(repeats):
        if not snapshots:
            session._snapshots.clear()
        started = time.perf_counter()
        session.undo()
        timings.append(time.perf_counter() - started)
        session.apply(action)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=340)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = quick_args(parser, moves=30, repeats=2)
    os.environ.setdefault("BOARDGAMES_HOME", tempfile.mkdtemp(prefix="bg-bench-"))
    print(f"machine: {machine()}")
    session = game_at(args.moves, args.seed)
    snap = statistics.median(time_undo(session, args.repeats, snapshots=True)) * 1000
    replay = statistics.median(time_undo(session, args.repeats, snapshots=False)) * 1000
    clones = []
    for _ in range(args.repeats):
        started = time.perf_counter()
        session.state.clone()
        clones.append(time.perf_counter() - started)
    clone = statistics.median(clones) * 1000
    print(f"undo at move {len(session.record.actions)} (medians of {args.repeats}): restoring the snapshot "
          f"{snap:.3f} ms, plus the clone each human move pays to take it {clone:.3f} ms; "
          f"replaying the record {replay:.1f} ms, {replay / (snap + clone):.0f} times as long")


if __name__ == "__main__":
    main()
