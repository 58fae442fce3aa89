"""What the golden playthrough in golden/lemuria_4p_impact_seed3.txt shows.

tests/test_every_game.py checks it is unchanged.
"""

from __future__ import annotations

from .golden_game import GOLDEN, NAMES


def test_golden_playthrough_pins_what_each_seat_sees_and_the_private_lines():
    text = GOLDEN.read_text(encoding="utf-8")
    for seat, name in enumerate(NAMES):
        assert f"== what {name} sees beyond it" in text
        assert f"        {name}: players[{seat}].hand = [" in text
    assert " reads: " in text and "passes a card to" in text  # the card pass, private to passer and receiver
    assert "festival" in text and "== final" in text
