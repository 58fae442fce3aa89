"""The engine contract over seeded random Lemuria games (3 and 4 players, with and without Impact cards).

Lemuria is not registered yet (it has no screen), so the shared conformance run in tests/core does not
see it: this test registers it for its own duration and plays the same checks.
"""

from __future__ import annotations

import pytest

from boardgames.core import registry
from boardgames.core.bots import make_bot
from boardgames.core.soak import SAMPLE, play_checked
from boardgames.games.lemuria.game import LEMURIA

COMBOS = [(players, {"impact": impact}) for players in (3, 4) for impact in ("false", "true")]
GAMES, CHUNK = 200, 20


@pytest.fixture
def lemuria_registered():
    registry.register(LEMURIA)
    yield LEMURIA
    registry._GAMES.pop(LEMURIA.id, None)


@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_playouts(lemuria_registered, start):
    pool = set()
    for seed in range(start, start + CHUNK):
        players, options = COMBOS[seed % len(COMBOS)]
        bot = make_bot("random", LEMURIA, seed)
        state, record = play_checked(LEMURIA, [f"P{i}" for i in range(players)], [bot] * players, options, seed,
                                     SAMPLE, pool)
        assert len(record.actions) < LEMURIA.max_moves
