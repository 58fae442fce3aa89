"""Above and Below's encounter book, judged: what a lantern buys at each tier, how often parties get there,
and where the special villagers hide.

    python benchmarks/abovebelow_book.py [--book rules_data/abovebelow/encounters.yaml]

Rewards are priced in coins so tiers can be compared (our own yardstick, not a rule): a coin 1, a common good
2, an uncommon good 3, a rare good 4 (what a good brings on the progress track and in income over a game), a
step of reputation 1.5 (a loss costs as much), a potion 2, a cider 1.5, an extra cave card 2, the row's
cheapest villager 3, a special villager 5, a free building worth its cap, a follow-up 3 (its own average is
reported apart). Tiers by threshold: easy 1-3, medium 4-5, hard 6-8.

The chances are exact (every die face enumerated) for the starting parties: two villagers (the hammer,
explore 3+, and the explorer, 1+ for one lantern and 4+ for two) and three (with the quill, 3+), without
injuring anyone and with every villager injured (each +1 lantern).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "rules_data" / "abovebelow" / "encounters.yaml"
COMPONENTS = ROOT / "rules_data" / "abovebelow" / "components.yaml"

GOOD_VALUE = {"common": 2, "uncommon": 3, "rare": 4}
FLAT_VALUE = {"coins": 1, "reputation": 1.5, "potions": 2, "cider": 1.5, "cave_card": 2}
FOLLOWUP_VALUE = 3
TIERS = (("easy", 1, 3), ("medium", 4, 5), ("hard", 6, 8))
#: explore profiles of the starting villagers: [first face, second face or None]
HAMMER, QUILL, EXPLORER = (3, None), (3, None), (1, 4)


def tier_of(lanterns: int) -> str:
    return next(name for name, low, high in TIERS if low <= lanterns <= high)


def good_tiers() -> dict[str, str]:
    tiers = yaml.safe_load(COMPONENTS.read_text(encoding="utf-8"))["tiers"]
    return {good: tier for tier, goods in tiers.items() for good in goods}


def reward_value(reward: dict, goods: dict[str, str]) -> float:
    value = 0.0
    for key, amount in reward.items():
        if key in FLAT_VALUE:
            value += FLAT_VALUE[key] * amount
        elif key == "goods":
            value += sum(GOOD_VALUE[goods[good]] * count for good, count in amount.items())
        elif key == "villager":
            value += 3 if amount == "row" else 5
        elif key == "building":
            value += amount
        elif key == "followup":
            value += FOLLOWUP_VALUE
        else:
            raise ValueError(f"unknown reward key {key!r}")
    return value


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


def report(book_path: Path) -> str:
    book = yaml.safe_load(book_path.read_text(encoding="utf-8"))
    goods = good_tiers()
    entries, followups = book["entries"], book.get("followups", [])
    per_tier: dict[str, list[float]] = {name: [] for name, _, _ in TIERS}
    specials: Counter = Counter()
    kinds: Counter = Counter()
    modifiers: Counter = Counter()
    failures = penalties = choices = 0
    followup_values: list[float] = []
    for section, encounters in (("entry", entries), ("followup", followups)):
        for encounter in encounters:
            best = []
            for choice in encounter["choices"]:
                choices += 1
                for modifier in choice.get("modifiers", []):
                    modifiers[next(k for k in modifier if k != "lanterns")] += 1
                if "failure" in choice:
                    failures += 1
                    penalties += "penalty" in choice["failure"]
                for step in choice["thresholds"]:
                    reward = step["reward"]
                    value = reward_value(reward, goods)
                    per_tier[tier_of(step["lanterns"])].append(value / step["lanterns"])
                    best.append(value)
                    for key, amount in reward.items():
                        kinds[key] += 1
                        if key == "villager" and amount != "row":
                            specials[amount] += 1
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=BOOK)
    print(report(parser.parse_args().book))


if __name__ == "__main__":
    main()
