"""The result of the last explore, as the board saw it rolled: the lanterns, the threshold met and its reward
(or the failure text). The engine's view drops the explore when it ends, so the board keeps what it read
after the roll, when the reward may be read out (never before)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardgames.games.abovebelow.board.common import rules
from boardgames.games.abovebelow.data import FIRST_FOLLOWUP
from boardgames.games.abovebelow.explore import reward_text
from boardgames.i18n import _, n_


def explore_result(explore: dict[str, Any], name: str) -> str:
    """'Ana: 5 lanterns, 5+ met: 2 coins and 1 rope.' from the last view of a roll (lanterns and choice made);
    a follow-up says that it succeeded or failed (what the entry won is kept either way), and a special
    villager already taken reads as the coins paid instead."""
    encounter, choice, lanterns = explore.get("encounter"), explore.get("choice"), explore.get("lanterns")
    if not encounter or not choice or lanterns is None:
        return ""
    followup = encounter["id"] >= FIRST_FOLLOWUP
    table = rules().encounter[encounter["id"]].choices[choice - 1]
    met = [t for t in table.thresholds if lanterns >= t.lanterns]
    if met:
        reward = met[-1].reward
        specials = explore.get("specials", [])
        left = reward.villager in (None, "row") or any(
            v == reward.villager or v.startswith(reward.villager + "_") for v in specials)
        if followup:
            return _("{name}: the follow-up succeeds, {n} lanterns, {t}+ met: {reward}.", name=name, n=lanterns,
                     t=met[-1].lanterns, reward=reward_text(reward, left))
        return _("{name}: {n} lanterns, {t}+ met: {reward}.", name=name, n=lanterns, t=met[-1].lanterns,
                 reward=reward_text(reward, left))
    failure = _(table.failure.text) if table.failure is not None and table.failure.text else ""
    if followup:
        return n_("{name}: the follow-up fails, {n} lanterns, not enough; the rewards already won are kept. {text}",
                  "{name}: the follow-up fails, {n} lanterns, not enough; the rewards already won are kept. {text}",
                  lanterns, name=name, text=failure).strip()
    return n_("{name}: {n} lanterns, not enough. {text}", "{name}: {n} lanterns, not enough. {text}", lanterns,
              name=name, text=failure).strip()


def last_result(before: dict[str, Any] | None, view: Mapping[str, Any], shown: str, interactive: bool) -> str:
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
