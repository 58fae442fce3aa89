"""Fast typing never crashes the app (issue 18, item 13; issue 33, item 20): a seeded storm of keys with resizes
from every game's board and from the screens a player opens elsewhere (the lobby, the whole log while bots move,
Statistics, a replay, a review).

The long storm (20,000 keys a place) is benchmarks/key_storm.py.
"""

from __future__ import annotations

import pytest

from .storm import GAMES, PLACES, key_storm

#: keys a place in the test command (half of what they were before issue 40; the long storm, 20,000 keys a place,
#: is benchmarks/key_storm.py): a game's board gets enough to reach curtains, menus and set-up; the other places
#: are smaller screens
KEYS = {**dict.fromkeys(GAMES, 100), **dict.fromkeys(set(PLACES) - set(GAMES), 50)}


@pytest.mark.parametrize("place", PLACES)
async def test_a_key_storm_with_resizes_raises_nothing(place):
    assert await key_storm(place, KEYS[place], seed=18) >= 1
