"""Fast typing never crashes the app (issue 18, item 13): a seeded storm of keys with resizes in every game.

The long storm (20,000 keys a game) is benchmarks/key_storm.py.
"""

from __future__ import annotations

import pytest

from .storm import key_storm

#: keys a game in the test command: enough to pass through curtains, menus, set-up and results in most runs
KEYS = 600


@pytest.mark.parametrize("game_id", ["sintra", "bluemoon", "lemuria", "abovebelow"])
async def test_a_key_storm_with_resizes_raises_nothing(game_id):
    assert await key_storm(game_id, KEYS, seed=18) >= 1
