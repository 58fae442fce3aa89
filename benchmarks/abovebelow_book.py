"""Above and Below's encounter book, judged: what a lantern buys at each tier, how often parties get there,
and where the special villagers hide.

    python benchmarks/abovebelow_book.py

Rewards are priced in coins by the yardstick `boardgames check-data` holds them to (`reward_value` in
games/abovebelow/data.py: a coin 1, a common good 2, an uncommon 3, a rare 4, a step of reputation 1.5, a
potion 2, a cider 1.5, an extra cave card 2, the row's cheapest villager 3, a special 5, a free building its
cap, a follow-up 3), so tiers can be compared. Tiers by threshold: easy 1-3, medium 4-5, hard 6-8.

The chances are exact (every die face enumerated) for the starting parties: two villagers (the hammer,
explore 3+, and the explorer, 1+ for one lantern and 4+ for two) and three (with the quill, 3+), without
injuring anyone and with every villager injured (each +1 lantern).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
from collections import Counter

from quick import quick_args

from boardgames.games.abovebelow.data import FOLLOWUP_VALUE, reward_value, shared_rules

TIERS = (("easy", 1, 3), ("medium", 4, 5), ("hard", 6, 8))
#: explore profiles of the starting villagers: [first face, second face or None]
HAMMER, QUILL, EXPLORER = (3, None), (3, None), (1, 4)


def tier_of(lanterns: int) -> str:
    return next(name for name, low, high in TIERS if low <= lanterns <= high)


def lanterns(profile: tuple[int, int | None], face: int) -> int:
    first, second = profile
    return (face >= first) + (second is not None and face >= second)


def reach(party: list[tuple[int, int | None]], injured: bool) -> Counter:
    """How many of the 6**n rolls give each lantern total."""
    totals: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=len(party)):
        total = sum(lanterns(p, f) for p, f in zip(party, faces)) + (len(party) if injured else 0)
        totals[total] += 1
    return totals


def chance_at_least(totals: Counter, threshold: int) -> float:
    return sum(n for total, n in totals.items() if total >= threshold) / sum(totals.values())


def report() -> str:
    book = shared_rules().book
    entries, followups = book.entries, book.followups
    per_tier: dict[str, list[float]] = {name: [] for name, _, _ in TIERS}
    specials: Counter = Counter()
    kinds: Counter = Counter()
    modifiers: Counter = Counter()
    failures = penalties = choices = 0
    followup_values: list[float] = []
    for section, encounters in (("entry", entries), ("followup", followups)):
        for encounter in encounters:
            best = []
            for choice in encounter.choices:
                choices += 1
                for modifier in choice.modifiers:
                    modifiers[next(k for k in ("per", "own", "party", "pay") if getattr(modifier, k))] += 1
                if choice.failure is not None:
                    failures += 1
                    penalties += choice.failure.penalty is not None
                for step in choice.thresholds:
                    reward = step.reward
                    value = reward_value(reward)
                    per_tier[tier_of(step.lanterns)].append(value / step.lanterns)
                    best.append(value)
                    for key in ("coins", "goods", "reputation", "potions", "cider", "cave_card", "villager",
                                "building", "followup"):
                        if getattr(reward, key):
                            kinds[key] += 1
                    if reward.villager not in (None, "row"):
                        specials[reward.villager] += 1
            if section == "followup":
                followup_values.append(max(best))
    lines = [f"# Encounter book balance ({len(entries)} entries, {len(followups)} follow-ups, {choices} choices)", ""]
    lines += ["| tier | thresholds | reward per lantern (coins), mean | median |", "| --- | --- | --- | --- |"]
    for name, low, high in TIERS:
        values = per_tier[name]
        if values:
            lines.append(f"| {name} ({low}-{high}) | {len(values)} | {statistics.mean(values):.2f} "
                         f"| {statistics.median(values):.2f} |")
    lines += ["", "Chance to reach a threshold (starting villagers):", "",
              "| party | 2+ | 3+ | 4+ | 5+ | 6+ | 7+ | 8+ |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for label, party in (("hammer + explorer", [HAMMER, EXPLORER]), ("hammer + quill + explorer",
                                                                    [HAMMER, QUILL, EXPLORER])):
        for injured in (False, True):
            totals = reach(party, injured)
            cells = " | ".join(f"{chance_at_least(totals, t):.0%}" for t in range(2, 9))
            lines.append(f"| {label}{', all injured' if injured else ''} | {cells} |")
    lines += ["", "Special villagers (thresholds that give one; an entry is drawn with chance 1/75 per explore "
              "while its cave card is on the pile):", ""]
    for name in ("liquid_woman", "glogo", "cave_cat", "mechanical_man"):
        lines.append(f"- {name}: {specials[name]}")
    lines += ["", "Reward kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())),
              "Modifiers: " + (", ".join(f"{k} {n}" for k, n in sorted(modifiers.items())) or "none"),
              f"Failures written: {failures} choices ({penalties} with a penalty)"]
    if followup_values:
        lines.append(f"Follow-ups: best reward mean {statistics.mean(followup_values):.1f} coins "
                     f"(counted as {FOLLOWUP_VALUE} where a threshold leads to one)")
    return "\n".join(lines)


def main() -> None:
    quick_args(argparse.ArgumentParser(description=__doc__.splitlines()[0]))  # already quick
    print(report())


if __name__ == "__main__":
    main()
