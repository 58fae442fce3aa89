"""Lemuria's YAML tables: the shipped ones match lemuria.md, and a broken copy names file and key path."""

from __future__ import annotations

import dataclasses
import pickle
import types

import pytest

from boardgames.core.data import DataError, data_dir
from boardgames.games.lemuria import effects as fx
from boardgames.games.lemuria.data import FILES, load_rules, shared_rules
from tests.tabledits import append_at, both, copy_tables, delete_at, edit, put


@pytest.fixture
def tables(tmp_path):
    return copy_tables("lemuria", FILES, tmp_path)


# -- the shipped tables match lemuria.md -------------------------------------------------------------
# name: colour, cost letters, VP (copied from lemuria.md)
BUILDINGS = {
    "Watch Post": "military B S 1", "Barracks": "military W B F 2", "Armory": "military S B G 2",
    "Training Ground": "military F F W B 4", "Fortress Gate": "military S B B W 4",
    "Sky Bastion": "military B B S G F 6", "Citadel of Stars": "military S S B B G W 8",
    "Market Stall": "commerce G C 1", "Trading Post": "commerce G W C 2", "Weavers' Row": "commerce C C F 2",
    "Counting House": "commerce G G B C 4", "Harbour": "commerce W W C G 4",
    "Grand Bazaar": "commerce G G C C F 6", "Treasury": "commerce G G G S C W 8",
    "Granary": "production F W 1", "Sawmill": "production W W S 2", "Kiln": "production B F W 2",
    "Loom House": "production C C W F 4", "Quarry Works": "production S S W F 4",
    "Forge": "production B B S W G 6", "Aqueduct": "production S B W W F C 8",
    "Shrine": "religion S C 1", "Chapel": "religion S G F 2", "Observatory": "religion G B C 2",
    "Monastery": "religion S B F C 4", "Temple of Tides": "religion G G S F 4",
    "Star Sanctum": "religion S B G C C 6", "Celestial Spire": "religion G G S S B C 8",
}
LETTERS = {"F": "food", "C": "cloth", "W": "wood", "G": "gold", "B": "brick", "S": "stone"}

# name: colour, food, VP pair, effects (lemuria.md's text, in the vocabulary of effects.py)
CITIZENS = {
    "Sentry": ("military", 0, (1, 2), (fx.Gain({"brick": 1}),)),
    "Stonebreaker": ("military", 1, (1, 2), (fx.Gain({"stone": 2}),)),
    "Quartermaster": ("military", 1, (1, 2), (fx.Gain({"brick": 1, "wood": 1}),)),
    "Siege Engineer": ("military", 2, (2, 3), (fx.RemoveFiller(1),)),
    "Vanguard": ("military", 2, (2, 3), (fx.AddFiller(1),)),
    "Captain": ("military", 2, (2, 3), (fx.GainVp(3),)),
    "Warden": ("military", 1, (1, 2), (fx.RecallMatter(1),)),
    "Marshal": ("military", 3, (2, 4), (fx.VpPerBuilding(1),)),
    "Conqueror": ("military", 3, (2, 4), (fx.BuildDiscount(2, trend_bonus=False),)),
    "Peddler": ("commerce", 0, (1, 2), (fx.Gain({"gold": 1}),)),
    "Moneychanger": ("commerce", 1, (1, 2), (fx.Exchange(3),)),
    "Clothier": ("commerce", 1, (1, 2), (fx.Gain({"cloth": 2}),)),
    "Broker": ("commerce", 1, (1, 2), (fx.DrawCitizens(2, discard=1),)),
    "Caravan Master": ("commerce", 2, (2, 3), (fx.Gain({"gold": 1, "cloth": 1, "wood": 1}),)),
    "Patron": ("commerce", 2, (2, 3), (fx.BuildDiscount(1),)),
    "Auctioneer": ("commerce", 2, (2, 3), (fx.ReplaceTrendCard(),)),
    "Banker": ("commerce", 3, (2, 4), (fx.Gain({"gold": 4}),)),
    "Guildmaster": ("commerce", 3, (2, 4), (fx.VpPerBuilding(2, colour="commerce"),)),
    "Forager": ("production", 0, (1, 2), (fx.Gain({"food": 1}),)),
    "Woodcutter": ("production", 1, (1, 2), (fx.Gain({"wood": 2}),)),
    "Brickmaker": ("production", 1, (1, 2), (fx.Gain({"brick": 2}),)),
    "Sower": ("production", 1, (1, 2), (fx.ExtraPlant(1),)),
    "Reaper": ("production", 1, (1, 2), (fx.ExtraHarvest(1),)),
    "Mason": ("production", 2, (2, 3), (fx.Gain({"stone": 1, "brick": 1, "wood": 1}),)),
    "Surveyor": ("production", 2, (2, 3), (fx.ReserveTurnOrder(),)),
    "Architect": ("production", 3, (2, 4), (fx.ExtraBuild(1),)),
    "Steward": ("production", 3, (2, 4), (fx.Gain({"food": 2}), fx.GainChoice(2))),
    "Acolyte": ("religion", 0, (1, 2), (fx.GainVp(1),)),
    "Pilgrim": ("religion", 1, (1, 2), (fx.Gain({"food": 1, "stone": 1}),)),
    "Scribe": ("religion", 1, (1, 2), (fx.DrawCitizens(1),)),
    "Altar Mage": ("religion", 1, (1, 2), (fx.TurnAltar(1),)),
    "Oracle": ("religion", 2, (2, 3), (fx.ScoutBuildings(3),)),
    "Priestess": ("religion", 2, (2, 3), (fx.VpPerBuilding(1, occupied=True),)),
    "Astronomer": ("religion", 2, (2, 3), (fx.TurnAltar(2),)),
    "High Priest": ("religion", 3, (2, 4), (fx.GainVp(5),)),
    "Star Seer": ("religion", 3, (2, 4), (fx.GainVp(3), fx.DrawCitizens(1))),
}

IMPACT = [
    ("Abundance", (fx.GainChoice(3),)),
    ("Feast", (fx.FreeCitizens(3),)),
    ("Census", (fx.DrawCitizens(3), fx.FreeBuy(1))),
    ("Double Harvest", (fx.ExtraHarvest(2),)),
    ("Star Alignment", (fx.SetAltar(),)),
    ("Master Builder", (fx.ExtraBuild(2),)),
    ("Golden Trend", (fx.TrendBonus(6),)),
    ("Homecoming", (fx.VpPerBuilding(2, occupied=True),)),
]


def test_every_table_says_it_is_our_own_reconstruction():
    for name in FILES:
        text = (data_dir("lemuria") / name).read_text(encoding="utf-8")
        header = " ".join(line.lstrip("# ") for line in text.splitlines() if line.startswith("#"))
        assert "Our own design, reconstructed to fit the rulebook's counts and mechanisms" in header, name
        assert "no public source lists" in header and "ours" in header, name


@pytest.mark.parametrize("name", sorted(BUILDINGS))
def test_each_building_matches_the_rulings_page(name):
    rules = shared_rules()  # the shipped tables, read once a process (frozen), not again for each of the 28
    [building] = [b for b in rules.buildings if b.name == name]
    colour, *letters, vp = BUILDINGS[name].split()
    expected = {}
    for letter in letters:
        expected[LETTERS[letter]] = expected.get(LETTERS[letter], 0) + 1
    assert (building.colour, dict(building.cost), building.vp) == (colour, expected, int(vp))
    assert rules.building[building.id] is building


def test_28_buildings_7_per_colour_costing_2_to_6_for_1_to_8_vp():
    rules = load_rules()
    assert len(rules.buildings) == 28
    for colour in ("military", "commerce", "production", "religion"):
        mine = sorted((b.size, b.vp) for b in rules.buildings if b.colour == colour)
        assert mine == [(2, 1), (3, 2), (3, 2), (4, 4), (4, 4), (5, 6), (6, 8)], colour
    assert {r for b in rules.buildings for r in b.cost} == set(LETTERS.values())


@pytest.mark.parametrize("name", sorted(CITIZENS))
def test_each_citizen_matches_the_rulings_page(name):
    rules = shared_rules()  # the shipped tables, read once a process (frozen), not again for each of the 36
    [citizen] = [c for c in rules.citizens if c.name == name]
    assert (citizen.colour, citizen.food, citizen.vp, citizen.effects) == CITIZENS[name]
    assert citizen.vp_in(citizen.colour) == citizen.vp[1]
    assert citizen.vp_in("military" if citizen.colour != "military" else "religion") == citizen.vp[0]
    assert citizen.text and rules.citizen[citizen.id] is citizen


def test_36_citizens_9_per_colour_each_worth_more_in_its_own_colour():
    citizens = load_rules().citizens
    assert len(citizens) == 36
    for colour in ("military", "commerce", "production", "religion"):
        assert sum(c.colour == colour for c in citizens) == 9
    assert all(0 <= c.vp[0] < c.vp[1] and c.food >= 0 for c in citizens)
    assert [c.name for c in citizens if c.name in ("Altar Mage", "Architect")] == ["Architect", "Altar Mage"]


def test_the_8_impact_cards_in_number_order():
    impact = load_rules().impact
    assert [(card.number, card.name, card.effects) for card in impact] == [
        (i + 1, name, effects) for i, (name, effects) in enumerate(IMPACT)]
    assert all(card.text for card in impact)


def test_every_effect_of_the_vocabulary_is_on_some_card_or_area():
    rules = load_rules()
    used = {type(e) for card in (*rules.citizens, *rules.impact) for e in card.effects}
    used |= {type(area.bonus) for area in rules.components.areas}
    vocabulary = {cls for cls in vars(fx).values() if dataclasses.is_dataclass(cls) and cls.__module__ == fx.__name__}
    assert used == vocabulary


def test_the_components_follow_the_rulebook():
    c = load_rules().components
    assert (c.players.min, c.players.max) == (3, 4)
    assert [r.id for r in c.resources if r.kind == "vegetable"] == ["food", "cloth", "wood"]
    assert [r.id for r in c.resources if r.kind == "mineral"] == ["gold", "brick", "stone"]
    assert {r.letter: r.id for r in c.resources} == LETTERS
    assert [(col.id, col.hue) for col in c.colours] == [
        ("military", "red"), ("commerce", "blue"), ("production", "green"), ("religion", "yellow")]
    assert dict(c.start.resources) == {"food": 3, "gold": 3}
    assert dict(c.start.matter) == {"vegetable": 2, "mineral": 2}
    assert (c.start.building_markers, c.start.hand, c.start.pass_left) == (8, 3, 1)
    assert (c.calendar.months, c.calendar.festivals) == (12, (4, 8, 12))
    assert (c.calendar.area_bonus_from, c.calendar.altar_turns_from, c.calendar.reform_from) == (2, 4, 8)
    assert (c.trend.bonus, c.trend.upper, c.trend.lower, c.trend.lower_discount) == ((6, 3, 1, 0, 0), (1, 2, 3),
                                                                                    (4, 5), 1)
    assert [(a.id, a.spots, a.bonus) for a in c.areas] == [
        ("farm", 6, fx.Gain({"food": 1})), ("market", 5, fx.Gain({"gold": 1})),
        ("political", 5, fx.UpperTrendDiscount(1)), ("religious", 4, fx.GainVp(3))]
    assert (c.gold.extra_harvest_section, c.gold.leader_altar_turn, c.gold.swap) == (1, 1, 2)
    assert (c.reform.discount, c.reform.same_colour_discount) == (1, 1)
    assert (c.festival.per_occupied_building, c.festival.colour_majority_per_building) == (1, 2)


def test_the_altar_has_9_sections_of_26_spaces_and_a_tile_of_9_slots():
    altar = load_rules().components.altar
    assert altar.sections == (3, 2, 4, 3, 2, 3, 4, 2, 3) and altar.spaces == 26
    assert [(slot.vegetable, slot.mineral) for slot in altar.tile] == [
        ("food", "gold"), ("cloth", "brick"), ("wood", "stone"), ("food", "brick"), ("cloth", "stone"),
        ("wood", "gold"), ("food", "stone"), ("cloth", "gold"), ("wood", "brick")]


def test_a_section_produces_what_the_slot_turned_over_it_shows():
    """lemuria.md: section i produces what slot (i - turns) mod 9 shows."""
    altar = load_rules().components.altar
    assert altar.produces(0, 0, "vegetable") == "food" and altar.produces(0, 0, "mineral") == "gold"
    assert altar.produces(1, 1, "mineral") == "gold"  # one clockwise turn brings slot 0 over section 1
    assert altar.produces(0, 1, "vegetable") == "wood"  # and slot 8 over section 0
    assert altar.produces(4, 13, "mineral") == altar.produces(4, 4, "mineral") == "gold"
    assert altar.produces(2, -1, "vegetable") == "food"  # a turn back brings slot 3 over section 2


MUTABLE = (list, dict, set, bytearray)


def mutable_parts(value, where="rules"):
    """The paths of every list, dict or set (or unfrozen dataclass) reachable from ``value``."""
    if isinstance(value, MUTABLE):
        return [f"{where}: {type(value).__name__}"]
    found = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            found.append(f"{where}: {type(value).__name__} is not frozen")
        for f in dataclasses.fields(value):
            found += mutable_parts(getattr(value, f.name), f"{where}.{f.name}")
    elif isinstance(value, types.MappingProxyType):
        for key, item in value.items():
            found += mutable_parts(key, f"{where}[{key!r}] key") + mutable_parts(item, f"{where}[{key!r}]")
    elif isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            found += mutable_parts(item, f"{where}[{i}]")
    return found


def test_the_rules_are_deep_frozen_and_survive_pickling():
    rules = load_rules()
    assert mutable_parts(rules) == []
    assert pickle.loads(pickle.dumps(rules)) == rules
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.citizens[0].food = 5
    with pytest.raises(TypeError):
        rules.citizens[0].effects[0].resources["brick"] = 9
    with pytest.raises(TypeError):
        rules.building["watch_post"].cost["brick"] = 0


# -- broken copies -----------------------------------------------------------------------------------
def _swap(path, i, j):
    def change(raw):
        target = raw
        for key in path:
            target = target[key]
        target[i], target[j] = target[j], target[i]
    return change


def _no_cloth_on_the_tile(raw):
    for slot in raw["altar"]["tile"]:
        if slot["vegetable"] == "cloth":
            slot["vegetable"] = "food"


def _effect(i, effect):
    return put(["citizens", i, "effects"], [effect])


CO, BU, CI, IM = FILES
BROKEN = [
    # components.yaml: keys and types
    (CO, put(["colour"], "red"), "components.yaml: unknown key 'colour'"),
    (CO, delete_at(["altar"]), "components.yaml: missing key 'altar'"),
    (CO, put(["players"], {"min": 2, "max": 4}), "components.yaml: players: Lemuria is for 3 to 4 players"),
    (CO, put(["resources", 2, "kind"], "animal"), "components.yaml: resources[2].kind: 'animal' is not one of"),
    (CO, put(["resources", 5, "id"], "gold"), "components.yaml: resources: the game has 6 different resources"),
    (CO, put(["resources", 1, "letter"], "F"), "components.yaml: resources: every letter must differ"),
    (CO, put(["resources", 1, "letter"], "Cl"), "components.yaml: resources[1].letter: 'Cl' must be one plain ASCII"),
    (CO, put(["resources", 0, "kind"], "mineral"), "components.yaml: resources: 3 resources are of kind vegetable"),
    (CO, delete_at(["colours", 3]), "components.yaml: colours: the game has 4 different colours"),
    (CO, put(["start", "resources"], {"food": 3, "gems": 3}),
     "components.yaml: start.resources: unknown resource 'gems' (known: food, cloth, wood, gold, brick, stone)"),
    (CO, put(["start", "resources", "food"], -1), "components.yaml: start.resources: cannot be negative"),
    (CO, put(["start", "matter"], {"vegetable": 2}), "components.yaml: start.matter: each player has some"),
    (CO, put(["start", "matter", "animal"], 1), "components.yaml: start.matter: 'animal' is not one of"),
    (CO, put(["start", "pass_left"], 4), "components.yaml: start.pass_left: from 0 to the hand's 3 cards"),
    (CO, put(["start", "building_markers"], 0), "components.yaml: start.building_markers: must be at least 1"),
    # the calendar
    (CO, put(["calendar", "months"], 13), "components.yaml: calendar.months: the year has 12 months"),
    (CO, put(["calendar", "festivals"], [4, 8, 13]),
     "components.yaml: calendar.festivals[2]: 13 is not a month 1 to 12"),
    (CO, put(["calendar", "festivals"], [0, 4, 8]), "components.yaml: calendar.festivals[0]: 0 is not a month"),
    (CO, put(["calendar", "festivals"], [8, 4, 12]), "components.yaml: calendar.festivals: months rise, each once"),
    (CO, put(["calendar", "reform_from"], 0), "components.yaml: calendar.reform_from: must be a month 1 to 12"),
    # the trend line
    (CO, put(["trend", "bonus"], [6, 3, 1, 0]), "components.yaml: trend.bonus: one bonus for each of the 5"),
    (CO, put(["trend", "bonus"], [3, 6, 1, 0, 0]), "components.yaml: trend.bonus: bonuses fall from left to right"),
    (CO, put(["trend", "bonus"], [6, 3, 1, 0, -1]), "components.yaml: trend.bonus: bonuses fall from left to right"),
    (CO, put(["trend", "upper"], [1, 2]), "components.yaml: trend: upper and lower split positions 1 to 5"),
    (CO, put(["trend", "lower"], [1, 2]), "components.yaml: trend: upper and lower split positions 1 to 5"),
    (CO, both(put(["trend", "upper"], []), put(["trend", "lower"], [1, 2, 3, 4, 5])),
     "components.yaml: trend: upper and lower split positions 1 to 5"),
    (CO, both(put(["trend", "upper"], [4, 5]), put(["trend", "lower"], [1, 2, 3])),
     "components.yaml: trend: upper and lower split positions 1 to 5, the upper on the left"),
    (CO, put(["trend", "lower_discount"], -1), "components.yaml: trend.lower_discount: cannot be negative"),
    # the areas
    (CO, put(["areas", 0, "spots"], 7), "components.yaml: areas: the areas have 20 spots in all"),
    (CO, delete_at(["areas", 3]), "components.yaml: areas: the areas have 20 spots in all"),
    (CO, put(["areas", 0, "spots"], 0), "components.yaml: areas[0].spots: an area has at least 1 spot"),
    (CO, put(["areas", 1, "id"], "farm"), "components.yaml: areas: ids must differ"),
    (CO, put(["areas", 2, "bonus"], {"discount": 1}),
     "components.yaml: areas[2].bonus: unknown area bonus 'discount' (known: gain, gain_vp, upper_trend_discount)"),
    (CO, put(["areas", 2, "bonus"], {"extra_build": 1}),
     "components.yaml: areas[2].bonus: unknown area bonus 'extra_build'"),
    (CO, put(["areas", 3, "bonus"], {"gain_vp": 0}), "components.yaml: areas[3].bonus.gain_vp.vp: must be at least 1"),
    (CO, put(["areas", 0, "bonus"], {"gain": {"fish": 1}}),
     "components.yaml: areas[0].bonus.resources: unknown resource 'fish'"),
    # the altar
    (CO, put(["altar", "sections"], [3, 2, 4, 3, 2, 3, 4, 5]), "components.yaml: altar.sections: the altar has 9"),
    (CO, put(["altar", "sections"], [3, 2, 4, 3, 2, 3, 4, 2, 4]),
     "components.yaml: altar.sections: the sections have 26 spaces in all"),
    (CO, put(["altar", "sections"], [3, 2, 5, 3, 2, 3, 4, 2, 2]),
     "components.yaml: altar.sections[2]: a section has 2 to 4 spaces"),
    (CO, delete_at(["altar", "tile", 8]), "components.yaml: altar.tile: the tile has one slot per section"),
    (CO, put(["altar", "tile", 3, "vegetable"], "gold"),
     "components.yaml: altar.tile[3].vegetable: 'gold' is a mineral resource"),
    (CO, put(["altar", "tile", 4, "mineral"], "iron"),
     "components.yaml: altar.tile[4].mineral: unknown resource 'iron'"),
    (CO, delete_at(["altar", "tile", 2, "mineral"]), "components.yaml: altar.tile[2]: missing key 'mineral'"),
    (CO, _no_cloth_on_the_tile, "components.yaml: resources: resource 'cloth' appears in no slot of the altar tile"),
    # prices
    (CO, put(["gold", "swap"], -2), "components.yaml: gold.swap: cannot be negative"),
    (CO, put(["festival", "per_occupied_building"], "one"),
     "components.yaml: festival.per_occupied_building: expected a whole number"),
    # buildings.yaml
    (BU, put(["buildings", 0, "effects"], []), "buildings.yaml: buildings[0]: unknown key 'effects'"),
    (BU, delete_at(["buildings", 0, "vp"]), "buildings.yaml: buildings[0]: missing key 'vp'"),
    (BU, put(["buildings", 0, "cost"], ["B", "S"]), "buildings.yaml: buildings[0].cost: expected text"),
    (BU, put(["buildings", 0, "cost"], "B X"),
     "buildings.yaml: buildings[0].cost: 'X' is not a resource letter (known: F, C, W, G, B, S)"),
    (BU, put(["buildings", 7, "cost"], "G c"), "buildings.yaml: buildings[7].cost: 'c' is not a resource letter"),
    (BU, put(["buildings", 7, "cost"], "GC"), "buildings.yaml: buildings[7].cost: 'GC' is not a resource letter"),
    (BU, put(["buildings", 0, "cost"], "B"), "buildings.yaml: buildings[0].cost: a building costs 2 to 6 resources"),
    (BU, put(["buildings", 1, "vp"], 3),
     "buildings.yaml: buildings[1].vp: a building costing 3 resources is worth 2 VP, not 3"),
    (BU, put(["buildings", 6, "vp"], 7),
     "buildings.yaml: buildings[6].vp: a building costing 6 resources is worth 8 VP, not 7"),
    (BU, put(["buildings", 6, "cost"], "S S B B G"),
     "buildings.yaml: buildings[6].vp: a building costing 5 resources is worth 6 VP, not 8"),
    (BU, both(put(["buildings", 6, "cost"], "S S B B G"), put(["buildings", 6, "vp"], 6)),
     "buildings.yaml: buildings: the military buildings cost 2, 3, 3, 4, 4, 5, 5 resources; "
     "each colour's cost 2, 3, 3, 4, 4, 5, 6"),
    (BU, put(["buildings", 0, "colour"], "commerce"),
     "buildings.yaml: buildings: 6 military buildings; each colour has 7 (28 in all)"),
    (BU, delete_at(["buildings", 27]), "buildings.yaml: buildings: 6 religion buildings; each colour has 7"),
    (BU, append_at(["buildings"], {"id": "hut", "name": "Hut", "colour": "production", "cost": "F W", "vp": 1}),
     "buildings.yaml: buildings: 8 production buildings; each colour has 7"),
    (BU, put(["buildings", 0, "colour"], "purple"), "buildings.yaml: buildings[0].colour: unknown colour 'purple'"),
    (BU, put(["buildings", 3, "name"], "Barracks"),
     "buildings.yaml: buildings[3].name: 'Barracks' is already the name of buildings[1]"),
    (BU, put(["buildings", 20, "id"], "barracks"),
     "buildings.yaml: buildings[20].id: 'barracks' is already the id of buildings[1]"),
    (BU, put(["buildings", 3, "id"], "Training Ground"),
     "buildings.yaml: buildings[3].id: 'Training Ground' must be lower-case letters and underscores"),
    (BU, put(["buildings", 3, "name"], "  "), "buildings.yaml: buildings[3].name: is empty"),
    # citizens.yaml: effects
    (CI, _effect(0, {"gian": {"brick": 1}}),
     "citizens.yaml: citizens[0].effects[0]: unknown effect 'gian' (known: gain, gain_choice, gain_vp, "
     "vp_per_building, draw_citizens"),
    (CI, _effect(0, {"upper_trend_discount": 1}), "citizens.yaml: citizens[0].effects[0]: unknown effect "
                                                 "'upper_trend_discount'"),
    (CI, _effect(0, "fly"), "citizens.yaml: citizens[0].effects[0]: unknown effect 'fly'"),
    (CI, _effect(0, {"gain": {"brick": 1}, "gain_vp": 1}), "citizens.yaml: citizens[0].effects[0]: expected one "
                                                          "effect written as a one-key mapping"),
    (CI, _effect(0, {"gain": {"bricks": 1}}), "citizens.yaml: citizens[0].effects[0].resources: unknown resource "
                                             "'bricks'"),
    (CI, _effect(0, {"gain": {"brick": 0}}),
     "citizens.yaml: citizens[0].effects[0].gain.resources.brick: must be at least 1 (found 0)"),
    (CI, _effect(0, {"gain": {}}), "citizens.yaml: citizens[0].effects[0].gain: missing key 'resources'"),
    (CI, _effect(0, {"gain": {"resources": {}}}), "citizens.yaml: citizens[0].effects[0].gain.resources: is empty"),
    (CI, _effect(0, {"gain": {"brick": "one"}}),
     "citizens.yaml: citizens[0].effects[0].gain.resources.brick: expected a whole number"),
    (CI, _effect(30, {"turn_altar": {"max": "two"}}),
     "citizens.yaml: citizens[30].effects[0].turn_altar.max: expected a whole number"),
    (CI, _effect(30, {"turn_altar": {"most": 2}}), "citizens.yaml: citizens[30].effects[0].turn_altar: unknown key "
                                                  "'most'"),
    (CI, _effect(30, "turn_altar"), "citizens.yaml: citizens[30].effects[0].turn_altar: missing key 'max'"),
    (CI, _effect(5, {"gain_vp": -3}), "citizens.yaml: citizens[5].effects[0].gain_vp.vp: must be at least 1"),
    (CI, _effect(12, {"draw_citizens": {"count": 2, "discard": -1}}),
     "citizens.yaml: citizens[12].effects[0].draw_citizens.discard: must be at least 0 (found -1)"),
    (CI, _effect(17, {"vp_per_building": {"vp": 2, "colour": "purple"}}),
     "citizens.yaml: citizens[17].effects[0].colour: unknown colour 'purple'"),
    (CI, _effect(8, {"build_discount": {"resources": 2, "trend_bonus": "no"}}),
     "citizens.yaml: citizens[8].effects[0].build_discount.trend_bonus: expected true or false"),
    (CI, _effect(24, {"reserve_turn_order": {"spaces": 1}}),
     "citizens.yaml: citizens[24].effects[0].reserve_turn_order: unknown key 'spaces'"),
    (CI, put(["citizens", 0, "effects"], []), "citizens.yaml: citizens[0].effects: a card does at least one thing"),
    (CI, put(["citizens", 0, "effects"], {"gain": {"brick": 1}}), "citizens.yaml: citizens[0].effects: expected a "
                                                                  "list"),
    # citizens.yaml: the cards
    (CI, put(["citizens", 0, "colour"], "commerce"),
     "citizens.yaml: citizens: 8 military citizens; each colour has 9 (36 in all)"),
    (CI, delete_at(["citizens", 35]), "citizens.yaml: citizens: 8 religion citizens; each colour has 9"),
    (CI, put(["citizens", 0, "colour"], "purple"), "citizens.yaml: citizens[0].colour: unknown colour 'purple'"),
    (CI, put(["citizens", 0, "food"], -1), "citizens.yaml: citizens[0].food: cannot be negative"),
    (CI, put(["citizens", 0, "vp"], [2, 2]),
     "citizens.yaml: citizens[0].vp: housed in its own colour (2) must be worth more than elsewhere (2)"),
    (CI, put(["citizens", 0, "vp"], [2, 1]), "citizens.yaml: citizens[0].vp: housed in its own colour (1)"),
    (CI, put(["citizens", 0, "vp"], [-1, 2]), "citizens.yaml: citizens[0].vp: cannot be negative"),
    (CI, put(["citizens", 0, "vp"], [1, 2, 3]), "citizens.yaml: citizens[0].vp: expected 2 items, found 3"),
    (CI, put(["citizens", 1, "name"], "Sentry"),
     "citizens.yaml: citizens[1].name: 'Sentry' is already the name of citizens[0]"),
    (CI, put(["citizens", 35, "id"], "sentry"),
     "citizens.yaml: citizens[35].id: 'sentry' is already the id of citizens[0]"),
    # impact.yaml
    (IM, delete_at(["cards", 7]), "impact.yaml: cards: the module has 8 cards, found 7"),
    (IM, append_at(["cards"], {"number": 9, "id": "encore", "name": "Encore", "short": "1 VP",
                               "effects": [{"gain_vp": 1}]}),
     "impact.yaml: cards: the module has 8 cards, found 9"),
    (IM, put(["cards", 2, "number"], 4),
     "impact.yaml: cards[2].number: the cards are listed in number order 1 to 8; expected 3, found 4"),
    (IM, _swap(["cards"], 0, 1), "impact.yaml: cards[0].number: the cards are listed in number order"),
    (IM, put(["cards", 1, "name"], "Abundance"), "impact.yaml: cards[1].name: 'Abundance' is already the name of "
                                                 "cards[0]"),
    (IM, put(["cards", 0, "effects"], [{"gain_choices": 3}]),
     "impact.yaml: cards[0].effects[0]: unknown effect 'gain_choices' (known: gain, gain_choice"),
    (IM, put(["cards", 4, "effects"], [{"set_altar": {"max": 2}}]),
     "impact.yaml: cards[4].effects[0].set_altar: unknown key 'max'"),
    (IM, put(["cards", 6, "effects"], [{"trend_bonus": 0}]),
     "impact.yaml: cards[6].effects[0].trend_bonus.vp: must be at least 1 (found 0)"),
    (IM, delete_at(["cards", 3, "number"]), "impact.yaml: cards[3]: missing key 'number'"),
    (IM, put(["cards", 5, "short"], "build up to two more buildings"),
     "impact.yaml: cards[5].short: say it in 1 to 24 characters (found 30)"),
]


@pytest.mark.parametrize("name, change, message", BROKEN, ids=[m.split(":", 1)[1].strip()[:70] for _, _, m in BROKEN])
def test_a_broken_table_gives_a_data_error_naming_file_and_key(tables, name, change, message):
    edit(tables, name, change)
    with pytest.raises(DataError) as error:
        load_rules(tables)
    assert str(error.value).startswith(message), str(error.value)
