"""What the golden playthrough in golden/abovebelow_3p_seed7.txt shows.

tests/test_every_game.py checks it is unchanged.
"""

from __future__ import annotations

from .golden_game import GOLDEN, NAMES


def test_golden_playthrough_pins_what_each_seat_sees_and_a_follow_up():
    """The file is worth reading: each seat's view is written, and an explore reads on to a follow-up."""
    text = GOLDEN.read_text(encoding="utf-8")
    for name in NAMES:
        assert f"== what {name} sees beyond it" in text
    assert "        all: " in text
    assert "The party reads on" in text and "explores" in text
    assert "== round 7," in text and "== final" in text
    assert len(text.encode()) < 1_000_000
