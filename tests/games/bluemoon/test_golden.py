"""The golden playthrough matches golden/bluemoon_3p_expansion_seed5.txt (UPDATE_GOLDEN=1 rewrites it)."""

from __future__ import annotations

from tests.golden import check_golden

from .golden_game import GOLDEN, playthrough, write


def test_golden_playthrough_3_players_expansion_seed_5():
    check_golden(GOLDEN, playthrough, write)


def test_golden_playthrough_is_deterministic():
    assert playthrough() == playthrough()


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
