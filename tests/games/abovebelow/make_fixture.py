"""Writes the small, regular test tables of Above and Below's tests into a folder.

    python -m tests.games.abovebelow.make_fixture DIR

They keep every count the validator asks for, with figures chosen so tests can compute by hand; the game
itself reads rules_data/abovebelow. The tests write them once per session into a temporary folder
(helpers.py), so they are not stored beside the code that makes them.
"""

from __future__ import annotations

import argparse
import copy
from pathlib import Path

import yaml

HEADER = "# test fixture for tests/games/abovebelow (our own design), written by make_fixture.py\n"

COMPONENTS = {
    "goods": {"mushroom": 12, "fish": 12, "fruit": 12, "rope": 10, "pot": 10, "paper": 10, "ore": 8, "amethyst": 7},
    "tiers": {"common": ["mushroom", "fish", "fruit"], "uncommon": ["rope", "pot", "paper"],
              "rare": ["ore", "amethyst"]},
    "cider": 10, "potions": 20, "start_coins": 7, "extra_coin": {2: [1], 3: [1, 2], 4: [3]}, "rounds": 7,
    "villager_row": [2, 3, 4, 4, 5], "house_row": 4, "outpost_row": 4, "key_houses_drawn": 4,
    "progress": {"empty_income": 4, "spaces": [[1, 4], [1, 5], [2, 6], [2, 7], [3, 8], [3, 9], [4, 10], [5, 11]]},
    "reputation": {"min": -3, "max": 8, "start": 0,
                   "vp": {-3: -2, -2: -1, -1: 0, 0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 4},
                   "ranking": {2: [3], 3: [5, 3, 2], 4: [5, 3, 2]}},
}


def villagers() -> list[dict]:
    rows = []
    for n in range(1, 5):
        rows += [{"id": f"s{n}_hammer", "name": f"Hammer {n}", "kind": "starting", "set": n, "explore": [3],
                  "skills": ["hammer"]},
                 {"id": f"s{n}_quill", "name": f"Quill {n}", "kind": "starting", "set": n, "explore": [3],
                  "skills": ["quill"]},
                 {"id": f"s{n}_explorer", "name": f"Scout {n}", "kind": "starting", "set": n, "explore": [1, 4],
                  "skills": []}]
    regular = ([["hammer"]] * 4 + [["hammer_plus"]] + [["quill"]] * 4 + [["quill_plus"]] + [[]] * 5
               + [["bad_reputation"]] * 3)
    for i, skills in enumerate(regular, 1):
        explore = [3] if skills and skills[0] != "bad_reputation" else ([1, 3] if not skills else [1, 2])
        rows.append({"id": f"r{i:02d}", "name": f"Regular {i}", "kind": "regular", "explore": explore,
                     "skills": skills})
    rows += [
        {"id": "liquid_woman", "name": "Liquid Woman", "kind": "special", "explore": [1, 2],
         "skills": ["bad_reputation"]},
        {"id": "glogo", "name": "Glogo", "kind": "special", "explore": [3], "skills": ["hammer_plus"]},
        {"id": "cave_cat_1", "name": "Cave Cat", "kind": "special", "explore": [2, 5], "skills": ["cave_cat"]},
        {"id": "cave_cat_2", "name": "Cave Cat II", "kind": "special", "explore": [2, 5], "skills": ["cave_cat"]},
        {"id": "mechanical_man_1", "name": "Mech Man", "kind": "special", "explore": [3],
         "skills": ["own_bed", "no_cider_potion"]},
        {"id": "mechanical_man_2", "name": "Mech Man II", "kind": "special", "explore": [3],
         "skills": ["own_bed", "no_cider_potion"]},
    ]
    return rows


HOUSES = [
    ("Mushroom Farm", 3, {"goods_restock": "mushroom"}), ("Fish Pond", 3, {"goods_restock": "fish"}),
    ("Orchard", 3, {"goods_restock": "fruit"}), ("Rope Walk", 5, {"goods_stock": "rope"}),
    ("Pottery", 5, {"goods_stock": "pot"}), ("Paper Mill", 5, {"goods_stock": "paper"}),
    ("Inn", 4, {"beds": 1}), ("Dormitory", 6, {"beds": 2}), ("Training Hall", 6, {"train_to_ready": True}),
    ("Workshop", 5, {"coin_on_build": 1}), ("Map Room", 6, {"reroll": 1}), ("Guide Hut", 5, {"coin_on_explore": 1}),
    ("Cider House", 4, {"cider_as_coin": True}), ("Apothecary", 5, {"potion_as_coin": True, "potion_on_buy": 1}),
    ("Market", 6, {"income": 1}), ("Herbalist", 7, {"potion_income": 1}),
    ("Town Hall", 8, {"gain_reputation": 1, "vp": 1}), ("Mushroom Cave", 4, {"goods_restock": "mushroom", "beds": 1}),
    ("Fish Market", 4, {"goods_restock": "fish", "beds": 1}), ("Fruit Stand", 4, {"goods_restock": "fruit"}),
    ("Mushroom Garden", 5, {"goods_restock": "mushroom"}), ("Net Loft", 5, {"beds": 1}),
    ("Big Pots", 6, {"goods_restock": "pot"}), ("Scriptorium", 7, {"vp": 1}), ("Chapel", 9, {"vp": 3}),
]
OUTPOSTS = [
    ("Ore Mine", 6, {"goods_restock": "ore", "vp": 1}), ("Amethyst Vein", 8, {"goods_restock": "amethyst", "vp": 1}),
    ("Smelter", 7, {"income_per_goods": ["ore", "amethyst"]}), ("Mushroom Grotto", 4, {"goods_restock": "mushroom"}),
    ("Fish Lake", 4, {"goods_restock": "fish", "vp": 1}), ("Fruit Cavern", 5, {"goods_restock": "fruit", "vp": 1}),
    ("Rope Bridge", 5, {"goods_restock": "rope", "vp": 1}), ("Pot Kiln", 6, {"beds": 1, "vp": 1}),
    ("Paper Cave", 6, {"goods_restock": "paper", "vp": 1}), ("Camp", 5, {"beds": 1, "vp": 1}),
    ("Lookout", 6, {"reroll": 1, "vp": 1}), ("Deep Shaft", 9, {"goods_stock": "ore", "vp": 2}),
    ("Crystal Hall", 10, {"goods_stock": "amethyst", "vp": 2}), ("Mushroom Pit", 4, {"goods_restock": "mushroom"}),
    ("Eel Pool", 4, {"goods_restock": "fish"}),
] + [(f"Ruin {i}", 4 + i % 6, {"vp": 1 + i % 3, **({"beds": 1} if i % 4 == 0 else {})}) for i in range(1, 10)]
STARS = [("Star Hall", 8, {"vp": 3, "vp_per_empty_cave": 2})] + [(f"Star {i}", 8 + i % 5, {"vp": 3 + i % 4})
                                                                 for i in range(2, 7)]
KEYS = [
    ("Alchemist", 8, {"vp_per": {"things": ["potion", "ore"], "points": 2}}),
    ("Mansion", 10, {"vp_per": {"things": ["house"], "points": 1}}),
    ("Guild", 9, {"vp_per": {"things": ["villager"], "points": 1}}),
    ("Bank", 7, {"vp_per": {"things": ["coin5"], "points": 1}}),
    ("Surveyor", 8, {"vp_per": {"things": ["outpost"], "points": 2}}),
    ("Kitchen", 6, {"vp_per": {"things": ["fish", "mushroom"], "points": 1}}),
    ("Tavern", 6, {"vp_per": {"things": ["cider"], "points": 2}}),
    ("Craft Hall", 9, {"vp_per": {"things": ["rope", "paper", "pot"], "points": 1}}),
    ("Jeweller", 12, {"vp": 1, "vp_per": {"things": ["amethyst"], "points": 3}}),
]


def buildings() -> list[dict]:
    rows = [{"id": f"s{i:02d}", "name": f"Home {i}", "kind": "starting", "cost": 0, "effects": {"beds": 3}}
            for i in range(1, 5)]
    for prefix, kind, cards in (("h", "house", HOUSES), ("o", "outpost", OUTPOSTS), ("t", "star", STARS),
                                ("k", "key", KEYS)):
        rows += [{"id": f"{prefix}{i:02d}", "name": name, "kind": kind, "cost": cost, "effects": effects}
                 for i, (name, cost, effects) in enumerate(cards, 1)]
    return rows


def caves() -> list[dict]:
    return [{"id": f"c{i:02d}", "name": f"Cave {i}", "entries": [3 * i - 2, 3 * i - 1, 3 * i]} for i in range(1, 26)]


SAFE = {"label": "Sneak past", "thresholds": [{"lanterns": 2, "reward": {"coins": 1}}]}
RISKY = {"label": "Fight", "thresholds": [{"lanterns": 4, "reward": {"coins": 2, "goods": {"pot": 1}}},
                                          {"lanterns": 6, "reward": {"coins": 4, "goods": {"ore": 1},
                                                                     "reputation": 1}}],
         "failure": {"text": "The beast bites.", "penalty": {"injure": 1}}}
SPECIAL_ENTRIES = {
    1: [SAFE, {**RISKY, "modifiers": [{"per": "hammer", "lanterns": 1}],
               "failure": {"text": "The beast bites and robs you.", "penalty": {"injure": 1, "coins": 1}}}],
    2: [{"label": "Follow the glow", "thresholds": [{"lanterns": 3, "reward": {"followup": 101}}]},
        {"label": "Pay the ferryman", "thresholds": [{"lanterns": 5, "reward": {"villager": "liquid_woman"}}],
         "modifiers": [{"pay": 1, "lanterns": 2}]}],
    3: [{"label": "Wave", "thresholds": [{"lanterns": 2, "reward": {"villager": "glogo"}}]},
        {"label": "Lasso the cat", "thresholds": [{"lanterns": 4, "reward": {"villager": "cave_cat"}}],
         "modifiers": [{"own": "rope", "lanterns": 2}], "failure": {"text": "Shamed.", "penalty": {"reputation": -1}}}],
    4: [{"label": "Wind the key", "thresholds": [{"lanterns": 2, "reward": {"villager": "mechanical_man"}}]},
        {"label": "Ask Glogo", "thresholds": [{"lanterns": 3, "reward": {"building": 7}}],
         "modifiers": [{"party": "glogo", "lanterns": 3}]}],
    5: [{"label": "Map it", "thresholds": [{"lanterns": 2, "reward": {"cave_card": 1}}]},
        {"label": "Recruit", "thresholds": [{"lanterns": 4, "reward": {"villager": "row", "reputation": -1}}],
         "modifiers": [{"per": "quill", "lanterns": 1}]}],
    6: [{"label": "Drink", "thresholds": [{"lanterns": 1, "reward": {"potions": 1}}]},
        {"label": "Trade", "thresholds": [{"lanterns": 3, "reward": {"cider": 1, "coins": 1}}]}],
}


def book() -> dict:
    entries = []
    for e in range(1, 76):
        choices = SPECIAL_ENTRIES.get(e)
        if choices is None:
            choices = [SAFE, RISKY]
            if 7 <= e <= 30:
                choices = [*choices, {"label": "Follow the passage",
                                      "thresholds": [{"lanterns": 3, "reward": {"followup": 95 + e}}]}]
        entries.append({"id": e, "title": f"Chamber {e}", "text": f"A dark chamber, number {e}.",
                        "choices": copy.deepcopy(choices)})
    followups = [{"id": f, "title": f"Passage {f}", "text": f"The passage {f} goes deeper.",
                  "choices": [{"label": "Press on", "thresholds": [{"lanterns": 2, "reward": {"coins": 2}}]},
                              {"label": "Dig", "thresholds": [{"lanterns": 4, "reward": {"coins": 1,
                                                                                         "goods": {"amethyst": 1}}}],
                               "failure": {"text": "The roof falls.", "penalty": {"coins": 2}}}]}
                 for f in range(101, 126)]
    return {"entries": entries, "followups": followups}


def write(folder: Path) -> Path:
    """Write the five tables into ``folder`` (made if missing); returns it."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in (("components.yaml", COMPONENTS), ("villagers.yaml", villagers()),
                       ("buildings.yaml", buildings()), ("cave_cards.yaml", caves()), ("encounters.yaml", book())):
        (folder / name).write_text(HEADER + yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                                   encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description="Write Above and Below's test tables into a folder.")
    parser.add_argument("folder", type=Path, help="where the YAML tables go (made if missing)")
    print(f"wrote the test tables into {write(parser.parse_args().folder)}")


if __name__ == "__main__":
    main()
