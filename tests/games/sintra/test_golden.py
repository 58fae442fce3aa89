"""What the golden playthrough in golden/sintra_3p_seed7.txt shows; tests/test_every_game.py checks it is unchanged."""

from __future__ import annotations

from .golden_game import GOLDEN


def test_golden_playthrough_pins_the_views_after_every_move():
    """Guards the golden file pinning only moves: the view changes follow every move line."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert "== what everyone sees (public view)" in lines
    moves = [i for i, line in enumerate(lines) if line[:4].strip().isdigit()]
    assert all(lines[i + 1].startswith("        all: ") for i in moves)
