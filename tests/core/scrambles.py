"""Positions changed in everything one seat cannot see, for the tests that a seat's search, hint or review
depends only on what it sees."""

from __future__ import annotations

from boardgames.core.rng import Rng


def scrambled(state, seat: int, salt: int):
    """The same position as ``seat`` sees it, with everything else changed: the other seats' secrets, what
    nobody sees, and the future draws."""
    other = state.clone()
    rng = Rng(salt)
    for _ in range(3):
        for seat_ in range(len(other.names)):
            if seat_ != seat:
                other.scramble_private(seat_, rng)
        other.scramble_hidden(rng)
    other.rng = Rng(rng.below(1 << 62), other.rng.calls)
    assert other.view(seat) == state.view(seat)
    return other
