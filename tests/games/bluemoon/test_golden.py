"""The golden playthrough matches golden/bluemoon_3p_expansion_seed5.txt (UPDATE_GOLDEN=1 rewrites it)."""

from __future__ import annotations

import difflib
import os

import pytest

from .golden_game import GOLDEN, playthrough, write


def test_golden_playthrough_3_players_expansion_seed_5():
    if os.environ.get("UPDATE_GOLDEN") == "1":
        write()
        pytest.skip(f"rewrote {GOLDEN.name}")
    assert GOLDEN.exists(), "no golden file yet: run with UPDATE_GOLDEN=1"
    expected = GOLDEN.read_text(encoding="utf-8")
    actual = playthrough()
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "golden", "now", n=2))
        pytest.fail(f"the playthrough changed (UPDATE_GOLDEN=1 rewrites it if that is intended):\n{diff[:4000]}")


def test_golden_playthrough_is_deterministic():
    assert playthrough() == playthrough()


def test_golden_playthrough_ends_with_a_winner_by_offerings():
    """The file is worth reading: the game reaches the obelisk and the log names the winner."""
    text = GOLDEN.read_text(encoding="utf-8")
    assert "wins at once" in text
    assert "is rebuilt" in text and "scales are scored" in text
