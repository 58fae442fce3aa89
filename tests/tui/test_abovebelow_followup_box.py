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
    assert "5 coins for the special villager Glogo, none being left" in taken
    assert "the special villager Glogo" in left and "none being left" not in left


async def test_a_party_injured_to_the_last_reads_entry_60s_follow_up_by_keys():
    """Entry 60 by keys: three villagers meet 7 lanterns only by all being injured; the follow-up they reach is
    read by them (it failed, read by nobody, before), and the box says the follow-up succeeded."""
    from boardgames.core.record import Seat
    from boardgames.core.session import Session
    from boardgames.games.abovebelow.game import ABOVEBELOW
    from boardgames.home import default_store
    from tests.games.abovebelow.helpers import cave_top, dice

    from .helpers import app_for

    session = Session.new(ABOVEBELOW, [Seat("Ana", "human"), Seat("Bo", "human")], {}, seed=1, autosave=False,
                          store=default_store())
    live = session.state
    party = list(live.players[0].ready)
    assert len(party) == 3
    cave_top(live, "c04")  # entries 60, ...: the entry die 1 reads entry 60
    dice(live, 1, 6, 6, 6, 6, 6, 6)  # the entry die, the party's dice, then the follow-up's
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space", "down", "space", "down", "space", "enter")
        assert session.record.actions[-1] == "go" and live.explore.encounter == 60
        await pilot.press("2", "2")
        assert session.record.actions[-1] == "choose 2" and live.lanterns(0) == 4
        for villager in party:
            session.apply(ABOVEBELOW.parse_action(f"injure {villager}"))
        await pilot.pause()
        assert live.lanterns(0) == 7
        await pilot.press("d")
        assert session.record.actions[-1] == "done"
        assert live.explore.encounter == 119 and live.explore.party == []
        await pilot.press("1", "1")
        assert session.record.actions[-1] == "choose 1" and sorted(live.explore.dice) == sorted(party)
        await pilot.press("d")
        await pilot.pause()
        assert session.record.actions[-1] == "done" and live.current_player == 1
        board = app.screen.board
        assert "Ana: the follow-up succeeds" in board.result
