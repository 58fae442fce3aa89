"""The golden playthrough matches golden/lemuria_4p_impact_seed3.txt (UPDATE_GOLDEN=1 rewrites it)."""

from __future__ import annotations

from tests.golden import check_golden

from .golden_game import GOLDEN, NAMES, playthrough, write


def test_golden_playthrough_4_players_impact_seed_3():
    check_golden(GOLDEN, playthrough, write)


def test_golden_playthrough_is_deterministic():
    assert playthrough() == playthrough()


def test_golden_playthrough_pins_what_each_seat_sees_and_the_private_lines():
    text = GOLDEN.read_text(encoding="utf-8")
    for seat, name in enumerate(NAMES):
        assert f"== what {name} sees beyond it" in text
        assert f"        {name}: players[{seat}].hand = [" in text
    assert " reads: " in text and "passes a card to" in text  # the card pass, private to passer and receiver
    assert "festival" in text and "== final" in text
