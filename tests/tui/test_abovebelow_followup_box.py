"""Above and Below's reward box after a follow-up (issue 18): it says how the follow-up ended, and a special
villager already taken reads as the coins paid instead."""

from __future__ import annotations

from boardgames.games.abovebelow.board.explore import outcome_text
from boardgames.games.abovebelow.board.result import explore_result
from boardgames.games.abovebelow.data import FIRST_FOLLOWUP, shared_rules


def _roll(encounter: int, choice: int, lanterns: int, specials=()) -> dict:
    return {"encounter": {"id": encounter}, "choice": choice, "lanterns": lanterns, "specials": list(specials)}


def test_the_box_says_a_follow_up_failed_and_that_the_entrys_rewards_are_kept():
    followup = shared_rules().book.followups[0]
    line = explore_result(_roll(followup.id, 1, 0), "Ana")
    assert line.startswith("Ana: the follow-up fails, 0 lanterns") and "already won are kept" in line
    assert outcome_text({"lanterns": 0, "success": False, "followup": True, "failure": ""}).startswith(
        "The follow-up fails")


def test_the_box_says_a_follow_up_succeeded():
    followup = shared_rules().book.followups[0]
    line = explore_result(_roll(followup.id, 1, 8), "Ana")
    assert line.startswith("Ana: the follow-up succeeds, 8 lanterns")
    entry = explore_result(_roll(1, 1, 8), "Ana")
    assert entry.startswith("Ana: 8 lanterns") and followup.id >= FIRST_FOLLOWUP


def test_the_box_reads_a_special_already_taken_as_its_coins():
    book = shared_rules().book
    entry, c, t = next((e, c, t) for e in book.entries for c, ch in enumerate(e.choices)
                       for t in ch.thresholds if t.reward.villager == "glogo")
    taken = explore_result(_roll(entry.id, c + 1, t.lanterns, specials=[]), "Ana")
    left = explore_result(_roll(entry.id, c + 1, t.lanterns, specials=["glogo"]), "Ana")
    assert "coins: 5 for the special villager Glogo, none being left" in taken
    assert "the special villager Glogo" in left and "none being left" not in left
