"""Check Above and Below's hand-authored tables (rules_data/abovebelow) against /tmp/ab/SPEC.md's counts.

A designer's tool, not the game's loader (that is boardgames/games/abovebelow/data.py): it checks counts, unique
ids, the symbol vocabulary, the goods printed on cards (order and proportions), the cave entries and that every
symbol is used, then prints a summary. Exit status 1 if anything is wrong.

    .venv/bin/python scripts/abovebelow_tables_check.py
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import yaml

TABLES = Path(__file__).resolve().parent.parent / "rules_data" / "abovebelow"
HEADER = "our own design (reconstructed): no public source lists these"

GOODS = ("mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst")  # ruling 19's frequency order
SKILLS = {"hammer", "hammer_plus", "quill", "quill_plus", "bad_reputation", "cave_cat", "own_bed", "no_cider_potion"}
SPECIALS = {
    "liquid_woman": {"bad_reputation"},
    "glogo": {"hammer_plus"},
    "cave_cat_1": {"cave_cat"},
    "cave_cat_2": {"cave_cat"},
    "mechanical_man_1": {"own_bed", "no_cider_potion"},
    "mechanical_man_2": {"own_bed", "no_cider_potion"},
}
VILLAGER_KINDS = {"starting": 12, "regular": 18, "special": 6}
STARTERS = {"hammer": ([3], ["hammer"]), "quill": ([3], ["quill"]), "explorer": ([1, 4], [])}
# kind -> (count, id prefix, cost range)
BUILDING_KINDS = {
    "starting": (4, "s", (0, 0)),
    "house": (25, "h", (3, 9)),
    "outpost": (24, "o", (4, 10)),
    "star": (6, "t", (8, 12)),
    "key": (9, "k", (6, 12)),
}
EFFECTS = (
    "reroll coin_on_build coin_on_explore train_to_ready cider_as_coin potion_as_coin goods_stock goods_restock "
    "income income_per_goods potion_on_buy potion_income vp_per vp_per_empty_cave gain_reputation vp beds"
).split()
VP_THINGS = set(GOODS) | {"potion", "cider", "house", "outpost", "villager", "coin5"}
TOLERANCE = 0.25  # a good's share of the printed goods may differ from its token share by this fraction
ID = re.compile(r"[a-z0-9_]+")

problems: list[str] = []


def problem(where: str, message: str) -> None:
    problems.append(f"{where}: {message}")


def load(name: str):
    path = TABLES / name
    text = path.read_text(encoding="ascii")
    header = " ".join(line.lstrip("# ") for line in text.splitlines() if line.startswith("#"))
    if not text.startswith("#") or HEADER.lower() not in header.lower():
        problem(name, "no header comment saying the table is our own design")
    return yaml.safe_load(text)


def check_named(file: str, rows: list, limit: int) -> None:
    """Ids unique and well formed, names short."""
    seen = Counter(row.get("id") for row in rows)
    for key, n in seen.items():
        if n > 1:
            problem(file, f"id {key!r} used {n} times")
        if not isinstance(key, str) or not ID.fullmatch(key):
            problem(file, f"bad id {key!r}")
    for row in rows:
        name = row.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= limit:
            problem(f"{file} {row.get('id')}", f"name {name!r} missing or over {limit} characters")


def check_components(comp: dict) -> dict[str, int]:
    expected = {"mushroom": 12, "fish": 12, "fruit": 12, "rope": 10, "pot": 10, "paper": 10, "ore": 8, "amethyst": 7}
    if comp.get("goods") != expected:
        problem("components.yaml goods", f"{comp.get('goods')} != {expected}")
    fixed = {
        "cider": 10,
        "potions": 20,
        "start_coins": 7,
        "rounds": 7,
        "villager_row": [2, 3, 4, 4, 5],
        "house_row": 4,
        "outpost_row": 4,
        "key_houses_drawn": 4,
        "extra_coin": {2: [1], 3: [1, 2], 4: [3]},
    }
    for key, value in fixed.items():
        if comp.get(key) != value:
            problem(f"components.yaml {key}", f"{comp.get(key)!r} != {value!r}")
    spaces = comp.get("progress", {}).get("spaces")
    if spaces != [[1, 4], [1, 5], [2, 6], [2, 7], [3, 8], [3, 9], [4, 10], [5, 11]]:
        problem("components.yaml progress.spaces", repr(spaces))
    rep = comp.get("reputation", {})
    if sorted(rep.get("vp", {})) != list(range(-3, 9)) or rep.get("ranking") != {2: [3], 3: [5, 3, 2], 4: [5, 3, 2]}:
        problem("components.yaml reputation", "vp must cover -3..8 and ranking be 2: [3], 3/4: [5, 3, 2]")
    return expected


def check_explore(where: str, faces) -> None:
    ok = isinstance(faces, list) and len(faces) in (1, 2) and all(isinstance(f, int) and 1 <= f <= 6 for f in faces)
    if not ok or (len(faces) == 2 and faces[1] <= faces[0]):
        problem(where, f"explore {faces!r}: one or two die faces 1-6, the second above the first")


def check_villagers(rows: list) -> Counter:
    check_named("villagers.yaml", rows, 12)
    kinds = Counter(row.get("kind") for row in rows)
    if dict(kinds) != VILLAGER_KINDS:
        problem("villagers.yaml", f"kinds {dict(kinds)} != {VILLAGER_KINDS}")
    sets: dict[int, Counter] = {}
    for row in rows:
        where = f"villagers.yaml {row['id']}"
        check_explore(where, row.get("explore"))
        skills = row.get("skills", [])
        if not set(skills) <= SKILLS:
            problem(where, f"unknown skills {set(skills) - SKILLS}")
        if row.get("kind") == "starting":
            role = next((r for r, profile in STARTERS.items() if [row["explore"], skills] == list(profile)), None)
            if role is None:
                problem(where, "a starting villager is hammer [3], quill [3] or explorer [1, 4] without a skill")
            sets.setdefault(row.get("set"), Counter())[role] += 1
        elif row.get("kind") == "special":
            if row["id"] not in SPECIALS or not SPECIALS[row["id"]] <= set(skills):
                problem(where, f"special ids are {sorted(SPECIALS)} with their skills")
        elif {"cave_cat", "own_bed", "no_cider_potion"} & set(skills):
            problem(where, "cave_cat, own_bed and no_cider_potion belong to the special villagers")
    if sorted(sets) != [1, 2, 3, 4] or any(c != Counter(list(STARTERS)) for c in sets.values()):
        problem("villagers.yaml", "starting sets 1-4 must each hold one hammer, one quill, one explorer")
    roles = Counter()
    for row in rows:
        if row["kind"] == "regular":
            skills = row["skills"]
            roles[next((s for s in skills if s != "bad_reputation"), "explorer")] += 1
            roles["bad_reputation"] += "bad_reputation" in skills
    return roles


def check_effect(where: str, key: str, value) -> None:
    if key in ("goods_stock", "goods_restock"):
        ok = value in GOODS
    elif key == "income_per_goods":
        ok = isinstance(value, list) and bool(value) and set(value) <= {"ore", "amethyst"}
    elif key == "vp_per":
        things = value.get("things") if isinstance(value, dict) else None
        ok = (
            set(value) == {"things", "points"}
            and isinstance(things, list)
            and bool(things)
            and set(things) <= VP_THINGS
            and isinstance(value["points"], int)
            and value["points"] > 0
        )
    elif key in ("train_to_ready", "cider_as_coin", "potion_as_coin"):
        ok = value is True
    elif key == "gain_reputation":
        ok = value == 1
    else:
        ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
    if not ok:
        problem(where, f"bad parameter for {key}: {value!r}")


def check_buildings(rows: list) -> tuple[Counter, dict[str, list[int]], Counter]:
    check_named("buildings.yaml", rows, 20)
    goods: Counter = Counter()
    costs: dict[str, list[int]] = {kind: [] for kind in BUILDING_KINDS}
    used: Counter = Counter()
    for row in rows:
        where = f"buildings.yaml {row['id']}"
        kind, cost, effects = row.get("kind"), row.get("cost"), row.get("effects")
        if kind not in BUILDING_KINDS or not isinstance(cost, int) or not isinstance(effects, dict):
            problem(where, "needs kind, an int cost and an effects mapping")
            continue
        count, prefix, (low, high) = BUILDING_KINDS[kind]
        if not re.fullmatch(rf"{prefix}\d\d", row["id"]) or not 1 <= int(row["id"][1:]) <= count:
            problem(where, f"a {kind} card's id is {prefix}01..{prefix}{count:02d}")
        if not low <= cost <= high:
            problem(where, f"cost {cost} outside {low}-{high}")
        costs[kind].append(cost)
        if kind == "starting" and effects != {"beds": 3}:
            problem(where, "a starting house is {beds: 3}")
        if kind == "key" and "vp_per" not in effects:
            problem(where, "a key house has vp_per")
        if kind == "star" and "vp" not in effects:
            problem(where, "a star house has end VP")
        for key, value in effects.items():
            if key not in EFFECTS:
                problem(where, f"unknown effect {key!r}")
                continue
            check_effect(where, key, value)
            used[key] += 1
        goods[effects.get("goods_stock")] += 2
        goods[effects.get("goods_restock")] += 1
    for kind, (count, _, _) in BUILDING_KINDS.items():
        if len(costs[kind]) != count:
            problem("buildings.yaml", f"{len(costs[kind])} {kind} cards, not {count}")
    goods.pop(None, None)
    return goods, costs, used


def check_goods(goods: Counter, tokens: dict[str, int]) -> None:
    order = [goods[g] for g in GOODS]
    if any(a < b for a, b in zip(order, order[1:])) or goods[GOODS[0]] <= goods[GOODS[1]]:
        problem("buildings.yaml goods", f"{dict(zip(GOODS, order))} break ruling 19's order (mushroom strictly most)")
    printed, supply = sum(order), sum(tokens.values())
    for good in GOODS:
        share, token_share = goods[good] / printed, tokens[good] / supply
        if abs(share - token_share) > TOLERANCE * token_share:
            problem("buildings.yaml goods", f"{good}: {share:.3f} of the printed goods, tokens {token_share:.3f}")


def check_caves(rows: list) -> None:
    check_named("cave_cards.yaml", rows, 20)
    if [row["id"] for row in rows] != [f"c{i:02d}" for i in range(1, 26)]:
        problem("cave_cards.yaml", "ids must be c01..c25 in order")
    entries = [n for row in rows for n in row.get("entries", [])]
    if sorted(entries) != list(range(1, 76)) or any(len(row["entries"]) != 3 for row in rows):
        problem("cave_cards.yaml", "entries must be 25 groups of three, a permutation of 1..75")
    for row in rows:
        if not (min(row["entries"]) <= 37 < max(row["entries"])):
            problem(f"cave_cards.yaml {row['id']}", "does not mix entries from both halves of the book (1-37, 38-75)")


def main() -> int:
    tokens = check_components(load("components.yaml"))
    roles = check_villagers(load("villagers.yaml"))
    goods, costs, used = check_buildings(load("buildings.yaml"))
    check_goods(goods, tokens)
    check_caves(load("cave_cards.yaml"))
    for key in EFFECTS:
        if not used[key]:
            problem("buildings.yaml", f"symbol {key} on no card")

    printed = sum(goods.values())
    print(f"{'good':<9} {'printed':>7} {'share':>6} {'tokens':>6} {'share':>6}")
    for good in GOODS:
        print(f"{good:<9} {goods[good]:>7} {goods[good] / printed:>6.3f} {tokens[good]:>6} {tokens[good] / 81:>6.3f}")
    print(f"{'total':<9} {printed:>7} {'':>6} {sum(tokens.values()):>6}")
    print(f"\n{'kind':<9} {'cards':>5} {'cost':>6} {'mean':>5}")
    for kind, values in costs.items():
        if values:
            print(f"{kind:<9} {len(values):>5} {min(values):>3}-{max(values):<2} {sum(values) / len(values):>5.1f}")
    print("\nsymbols:", ", ".join(f"{key} {used[key]}" for key in EFFECTS))
    print("regular villagers:", ", ".join(f"{role} {n}" for role, n in sorted(roles.items())))
    for line in problems:
        print("PROBLEM", line)
    print("\nOK" if not problems else f"\n{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
