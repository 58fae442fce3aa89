"""The result of the last explore, as the board saw it rolled: the lanterns, the threshold met and its reward
(or the failure text). The engine's view drops the explore when it ends, so the board keeps what it read
after the roll, when the reward may be read out (never before)."""

from __future__ import annotations

from typing import Any

from boardgames.games.abovebelow.board.common import rules
from boardgames.games.abovebelow.explore import reward_text
from boardgames.tui.i18n import _


def explore_result(explore: dict[str, Any], name: str) -> str:
    """'Ana: 5 lanterns, 5+ met: 2 coins and 1 rope.' from the last view of a roll (lanterns and choice made)."""
    encounter, choice, lanterns = explore.get("encounter"), explore.get("choice"), explore.get("lanterns")
    if not encounter or not choice or lanterns is None:
        return ""
    table = rules().encounter[encounter["id"]].choices[choice - 1]
    met = [t for t in table.thresholds if lanterns >= t.lanterns]
    if met:
        return _("{name}: {n} lanterns, {t}+ met: {reward}.", name=name, n=lanterns, t=met[-1].lanterns,
                 reward=reward_text(met[-1].reward))
    failure = table.failure.text if table.failure is not None and table.failure.text else ""
    return _("{name}: {n} lanterns, not enough. {text}", name=name, n=lanterns, text=failure).strip()


def last_result(before: dict[str, Any] | None, view: dict[str, Any], shown: str, interactive: bool) -> str:
    """The result line to show after this view: a new one when the roll seen before was resolved since, none once
    a new party forms or a round begins, else the one shown."""
    explore = view.get("explore")
    if view.get("phase") == "party":
        return ""
    if before is not None and before.get("lanterns") is not None:
        resolved = explore is None or not explore.get("dice") or explore.get("outcome")
        if resolved:
            current = before.get("seat")
            name = view["players"][current]["name"] if current is not None else ""
            return explore_result(before, name)
    return shown
