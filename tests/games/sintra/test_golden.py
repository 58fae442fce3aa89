"""The golden playthrough matches golden/sintra_3p_seed7.txt (UPDATE_GOLDEN=1 rewrites it)."""

from __future__ import annotations

from tests.golden import check_golden

from .golden_game import GOLDEN, playthrough, write


def test_golden_playthrough_3_players_seed_7():
    check_golden(GOLDEN, playthrough, write)


def test_golden_playthrough_is_deterministic():
    assert playthrough() == playthrough()
