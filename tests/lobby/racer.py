"""One racing client of tests/lobby/test_races.py, in its own process: it plays its seat as fast as it can,
and half the time answers from a stale view (without reading the table first), for another seat, or twice."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from boardgames.core.engine import IllegalAction
from boardgames.lobby.play import SharedGame
from boardgames.lobby.table import Player, Table


def race(folder: str, player_id: str, name: str, seed: int, target: int, out: str) -> None:
    table = Table(Path(folder))
    me = Player(player_id, name)
    game = SharedGame(table, table.read(), me)
    rng = random.Random(seed)
    seat = game.mine[0]
    accepted = refused = 0
    while game.moves < target and not game.session.state.is_over:
        if rng.random() < 0.5:
            game.catch_up()
        state = game.session.state
        target_seat = seat if rng.random() < 0.9 else rng.randrange(len(game.session.record.seats))
        if target_seat not in state.active_players:
            target_seat = state.active_players[0]
        legal = state.as_seat(target_seat).legal_actions()
        action = rng.choice(legal)
        try:
            game.submit(target_seat, action, game.decided(target_seat))
            accepted += 1
        except IllegalAction:
            refused += 1
    game.catch_up()
    views = {str(s): game.session.state.view(s) for s in range(len(game.session.record.seats))}
    Path(out).write_text(json.dumps({"accepted": accepted, "refused": refused, "moves": game.moves,
                                     "state": game.session.state.to_json(), "views": views}, default=list))


if __name__ == "__main__":
    race(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
