"""What the golden playthrough in golden/bluemoon_3p_expansion_seed5.txt shows.

tests/test_every_game.py checks it is unchanged.
"""

from __future__ import annotations

from .golden_game import GOLDEN


def test_golden_playthrough_ends_with_a_winner_by_offerings():
    """The file is worth reading: the game reaches the obelisk and the log names the winner."""
    text = GOLDEN.read_text(encoding="utf-8")
    assert "wins at once" in text
    assert "is rebuilt" in text and "scales are scored" in text


def test_golden_playthrough_pins_what_each_seat_sees():
    """Guards the golden file pinning only moves: each seat's own view (its hand) is written at every step."""
    text = GOLDEN.read_text(encoding="utf-8")
    for seat, name in enumerate(("Ana", "Bruno", "Carla")):
        assert f"== what {name} sees beyond it" in text
        assert f"        {name}: players[{seat}].hand = [" in text
    assert "        all: " in text
