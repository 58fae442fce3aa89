"""Blue Moon City's YAML tables: the shipped ones match bluemoon.md, and a broken copy names file and key path."""

from __future__ import annotations

import pytest

from boardgames.core.data import DataError, data_dir
from boardgames.games.bluemoon.data import FILES, load_rules
from tests.tabledits import both, copy_tables, delete_at, edit, put


@pytest.fixture
def tables(tmp_path):
    return copy_tables("bluemoon", FILES, tmp_path)


# -- the shipped tables match bluemoon.md ------------------------------------------------------
# building: (boxes left to right, majority, construction, neighbourhood), copied from bluemoon.md
BUILDINGS = {
    "royal_palace": ("any5 any4 any4 any3", "crystal 2", "scale 1, card 1, crystal 1", "scale 1, card 1, crystal 1"),
    "fire_temple": ("vu5 vu4 vu3", "crystal 2", "crystal 3", "crystal 3"),
    "earth_temple": ("te5 te4 te3", "crystal 2", "crystal 3", "card 2"),
    "water_temple": ("aq5 aq4 aq3", "crystal 2", "crystal 3", "scale 2"),
    "university": ("lu5 lu2", "scale 1", "crystal 1", "crystal 1"),
    "thermae": ("aq3 aq2 aq2", "card 2", "crystal 1", "crystal 1"),
    "market_hall": ("pi3 pi3 pi2", "card 2", "crystal 1", "card 2"),
    "trading_house": ("pi4 pi3 pi3", "crystal 2", "crystal 1", "crystal 1"),
    "caravanserai": ("pi5 pi3", "scale 1", "crystal 1", "crystal 1"),
    "hospice": ("te4", "scale 1", "crystal 1", "crystal 1"),
    "mill": ("te4 te3 te2", "card 2", "crystal 1", "crystal 1"),
    "aqueduct": ("aq4", "scale 1", "crystal 1", "crystal 1"),
    "citadel": ("vu5", "scale 1", "crystal 1", "crystal 1"),
    "iron_foundry": ("vu3 vu2 vu2", "card 2", "crystal 1", "crystal 1"),
    "watchtower": ("ve4 ve3 ve2", "crystal 2", "crystal 1", "crystal 1"),
    "flight_tower": ("ve3 ve3 ve2", "card 2", "crystal 1", "crystal 2"),
    "monastery_tower": ("ve4 ve3 ve2", "scale 1", "crystal 1", "scale 1"),
    "library": ("lu4 lu3 lu2", "crystal 2", "crystal 1", "crystal 3"),
    "great_hall": ("mi4 mi3", "scale 1", "crystal 1", "crystal 1"),
    "city_residence": ("mi4 mi3 mi2", "crystal 2", "crystal 1", "crystal 2"),
    "main_hall": ("mi1 aq1 vu1 te1 ve1 pi1", "crystal 3", "crystal 2", "crystal 2"),
    "hospital": ("lu3 lu2", "crystal 1", "crystal 2", "crystal 2"),
    "golden_temple": ("pi4 pi3", "scale 1", "crystal 1, scale 1, card 1", "scale 2"),
    "theater": ("ve3 lu3", "card 2", "card 2", "card 2"),
}
START = {"royal_palace", "fire_temple", "earth_temple", "water_temple"}
EXTRA = {"main_hall": "jump", "hospital": "draw", "golden_temple": "offer", "theater": "none"}


def bonus_words(bonus) -> dict[str, int]:
    return dict(bonus.items())


def parse_bonus(text: str) -> dict[str, int]:
    return {kind: int(n) for kind, n in (part.split() for part in text.split(", "))}


@pytest.mark.parametrize("building_id", sorted(BUILDINGS))
def test_each_building_matches_the_rulings_page(building_id):
    rules = load_rules()
    building = next(b for b in rules.buildings if b.id == building_id)
    boxes, majority, construction, neighbourhood = BUILDINGS[building_id]
    assert " ".join(f"{box.colour}{box.value}" for box in building.boxes) == boxes
    assert bonus_words(building.majority) == parse_bonus(majority)
    assert bonus_words(building.construction) == parse_bonus(construction)
    assert bonus_words(building.neighbourhood) == parse_bonus(neighbourhood)
    assert building.start == (building_id in START)
    assert building.expansion == (building_id in EXTRA)
    assert building.extra == EXTRA.get(building_id)


def test_the_deck_has_80_cards_khind_all_1s_and_the_others_four_1s_four_2s_two_3s():
    rules = load_rules()
    assert sum(rules.deck.values()) == 80
    assert rules.people["kh"].cards == {1: 10}
    for people in ("vu", "te", "aq", "ve", "mi", "lu", "pi"):
        assert dict(rules.people[people].cards) == {1: 4, 2: 4, 3: 2}
    assert dict(rules.dragon_people) == {"red": "vu", "green": "te", "blue": "aq"}


def test_the_components_follow_the_rulebook():
    c = load_rules().components
    assert (c.hand_size, c.markers, c.movement, c.fly_steps, c.dragon_steps) == (8, 10, 2, 2, 3)
    assert dict(c.scales) == {2: 7, 3: 10, 4: 12}
    assert list(c.obelisk[2]) == [7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert list(c.obelisk[3]) == list(c.obelisk[4]) == [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert dict(c.offerings_to_win) == {2: 6, 3: 5, 4: 4}
    assert (c.max_discard, c.draw_more, c.pair_value) == (2, 2, 3)
    assert dict(c.recolour) == {1: 4, 2: 1} and dict(c.offering_surcharge) == {1: 1, 2: 2}
    assert (c.scale_scoring.most, c.scale_scoring.tied, c.scale_scoring.others_min,
            c.scale_scoring.others) == (6, 3, 3, 3)


def test_reconstructed_values_are_marked_in_the_tables_header():
    header = (data_dir("bluemoon") / "buildings.yaml").read_text(encoding="utf-8").split("courtyard:")[0]
    assert "Reconstructed" in header
    assert "obelisk space values come from" in (data_dir("bluemoon") / "components.yaml").read_text("utf-8")


# -- broken copies -------------------------------------------------------------------------------
def _base_boxes_to(old, new):
    """Every base-game box of people ``old`` becomes people ``new``."""
    def change(raw):
        for row in raw["buildings"]:
            if not row.get("expansion"):
                row["boxes"] = [new + box[2:] if box.startswith(old) else box for box in row["boxes"]]
    return change


BROKEN = [
    # components.yaml
    ("components.yaml", put(["colour"], "blue"), "components.yaml: unknown key 'colour'"),
    ("components.yaml", delete_at(["hand_size"]), "components.yaml: missing key 'hand_size'"),
    ("components.yaml", put(["markers"], "ten"), "components.yaml: markers: expected a whole number, found 'ten'"),
    ("components.yaml", put(["movement"], 2.5), "components.yaml: movement: expected a whole number"),
    ("components.yaml", put(["scales"], [7, 10, 12]), "components.yaml: scales: expected a mapping, found list"),
    ("components.yaml", put(["scales", 4], "12"), "components.yaml: scales.4: expected a whole number"),
    ("components.yaml", put(["scale_scoring", "best"], 6), "components.yaml: scale_scoring: unknown key 'best'"),
    ("components.yaml", delete_at(["scale_scoring", "tied"]), "components.yaml: scale_scoring: missing key 'tied'"),
    ("components.yaml", put(["obelisk", 3, 2], "7"), "components.yaml: obelisk.3[2]: expected a whole number"),
    ("components.yaml", put(["hand_size"], 7), "components.yaml: hand_size: each player starts with 8 cards"),
    ("components.yaml", put(["markers"], 12), "components.yaml: markers: each player has 10 markers"),
    ("components.yaml", put(["scales", 4], 15), "components.yaml: scales: the rulebook uses 7/10/12"),
    ("components.yaml", put(["offerings_to_win", 2], 5), "components.yaml: offerings_to_win: the rulebook says 6/5/4"),
    ("components.yaml", delete_at(["obelisk", 4]), "components.yaml: obelisk: one list per player count"),
    ("components.yaml", put(["obelisk", 2], [7, 7, 8, 8, 9, 9, 10, 10, 11, 12]),
     "components.yaml: obelisk.2: the obelisk has 11 spaces for 2 players, 13 for more"),
    ("components.yaml", put(["obelisk", 4], [7, 7, 7, 8, 7, 8, 9, 9, 10, 10, 11, 11, 12]),
     "components.yaml: obelisk.4: spaces rise from 7 to 12"),
    ("components.yaml", put(["obelisk", 3], [6, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]),
     "components.yaml: obelisk.3: spaces rise from 7 to 12"),
    ("components.yaml", delete_at(["recolour", 2]), "components.yaml: recolour and offering_surcharge"),
    ("components.yaml", put(["max_discard"], -1), "components.yaml: max_discard and draw_more cannot be negative"),
    ("components.yaml", put(["movement"], 0), "components.yaml: movement: must be at least 1"),
    ("components.yaml", put(["dragon_steps"], -1), "components.yaml: dragon_steps: must be at least 1"),
    ("components.yaml", put(["pair_value"], 0), "components.yaml: pair_value: must be at least 1"),
    ("components.yaml", put(["recolour", 1], -4), "components.yaml: recolour: a Lux recolours at least 1 card"),
    ("components.yaml", put(["offering_surcharge", 2], -2), "components.yaml: offering_surcharge: cannot be negative"),
    ("components.yaml", put(["scale_scoring", "most"], -6), "components.yaml: scale_scoring: cannot be negative"),
    # peoples.yaml
    ("peoples.yaml", put(["peoples", 3, "speed"], 2), "peoples.yaml: peoples[3]: unknown key 'speed'"),
    ("peoples.yaml", delete_at(["peoples", 5, "letter"]), "peoples.yaml: peoples[5]: missing key 'letter'"),
    ("peoples.yaml", put(["peoples", 0, "power"], "teleport"),
     "peoples.yaml: peoples[0].power: 'teleport' is not one of"),
    ("peoples.yaml", put(["peoples", 2, "cards", 1], "four"), "peoples.yaml: peoples[2].cards.1: expected a whole"),
    ("peoples.yaml", put(["peoples", 2, "cards", 1], 3), "peoples.yaml: peoples[2].cards: each people has 10 cards"),
    ("peoples.yaml", put(["peoples", 2, "cards"], {1: -1, 2: 9, 3: 2}),
     "peoples.yaml: peoples[2].cards: each listed value has at least 1 card"),
    ("peoples.yaml", put(["peoples", 6, "cards"], {1: 4, 2: 4, 4: 2}),
     "peoples.yaml: peoples[6].cards: card values are 1 to 3"),
    ("peoples.yaml", put(["peoples", 3, "dragon"], "red"),
     "peoples.yaml: peoples[3].dragon: only the dragon peoples name a dragon"),
    ("peoples.yaml", delete_at(["peoples", 0, "dragon"]),
     "peoples.yaml: peoples[0].dragon: only the dragon peoples name a dragon"),
    ("peoples.yaml", put(["peoples", 0, "dragon"], "purple"),
     "peoples.yaml: peoples[0].dragon: unknown dragon 'purple' (known: red, green, blue)"),
    ("buildings.yaml", _base_boxes_to("pi", "mi"),
     "peoples.yaml: peoples: people 'pi' appears in no box of a base-game building in buildings.yaml"),
    ("peoples.yaml", put(["peoples", 1, "dragon"], "red"),
     "peoples.yaml: peoples: the red, green and blue dragons each need one people"),
    ("peoples.yaml", put(["peoples", 7, "id"], "lu"), "peoples.yaml: peoples: the game has 8 different peoples"),
    ("peoples.yaml", delete_at(["peoples", 7]), "peoples.yaml: peoples: the game has 8 different peoples"),
    ("peoples.yaml", put(["peoples", 7, "letter"], "K"), "peoples.yaml: peoples: every letter must differ"),
    ("peoples.yaml", put(["peoples", 7, "power"], "recolour"),
     "peoples.yaml: peoples: exactly one people has the power 'recolour'"),
    ("peoples.yaml", put(["peoples"], {"vu": 1}), "peoples.yaml: peoples: expected a list, found dict"),
    # issue 7: a letter is drawn in one cell and typed in --ascii mode; an id is the code of the cards
    ("peoples.yaml", put(["peoples", 4, "letter"], ""), "peoples.yaml: peoples[4].letter: is empty"),
    ("peoples.yaml", put(["peoples", 4, "letter"], "NK"),
     "peoples.yaml: peoples[4].letter: 'NK' must be one plain ASCII character"),
    ("peoples.yaml", put(["peoples", 4, "letter"], "緑"),
     "peoples.yaml: peoples[4].letter: '緑' must be one plain ASCII character"),
    ("peoples.yaml", put(["peoples", 2, "name"], " "), "peoples.yaml: peoples[2].name: is empty"),
    ("peoples.yaml", put(["peoples", 2, "id"], "AQ"), "peoples.yaml: peoples[2].id: 'AQ' must be two lower-case"),
    # buildings.yaml
    ("buildings.yaml", delete_at(["courtyard"]), "buildings.yaml: missing key 'courtyard'"),
    ("buildings.yaml", put(["buildings", 0, "colour"], "any"), "buildings.yaml: buildings[0]: unknown key 'colour'"),
    ("buildings.yaml", delete_at(["buildings", 1, "name"]), "buildings.yaml: buildings[1]: missing key 'name'"),
    ("buildings.yaml", put(["buildings", 4, "boxes", 0], "xx5"),
     "buildings.yaml: buildings[4].boxes[0]: 'xx' is neither a people code nor 'any'"),
    ("buildings.yaml", put(["buildings", 4, "boxes", 1], "lu"),
     "buildings.yaml: buildings[4].boxes[1]: 'lu' must end in a value from 1 to 9"),
    ("buildings.yaml", put(["buildings", 4, "boxes", 1], "lu0"),
     "buildings.yaml: buildings[4].boxes[1]: 'lu0' must end in a value from 1 to 9"),
    ("buildings.yaml", put(["buildings", 4, "boxes", 1], 5), "buildings.yaml: buildings[4].boxes[1]: expected text"),
    ("buildings.yaml", put(["buildings", 9, "boxes"], []),
     "buildings.yaml: buildings[9].boxes: a building has at least one box"),
    ("buildings.yaml", put(["buildings", 0, "majority"], {"gold": 2}),
     "buildings.yaml: buildings[0].majority: unknown key 'gold'"),
    ("buildings.yaml", put(["buildings", 2, "construction", "crystal"], "3"),
     "buildings.yaml: buildings[2].construction.crystal: expected a whole number"),
    ("buildings.yaml", put(["buildings", 0, "majority", "crystal"], -2),
     "buildings.yaml: buildings[0].majority: a bonus cannot be negative"),
    ("buildings.yaml", put(["buildings", 7, "neighbourhood"], {"scale": -1}),
     "buildings.yaml: buildings[7].neighbourhood: a bonus cannot be negative"),
    ("buildings.yaml", put(["buildings", 3, "start"], "yes"),
     "buildings.yaml: buildings[3].start: expected true or false"),
    ("buildings.yaml", put(["buildings", 20, "extra"], "fly"),
     "buildings.yaml: buildings[20].extra: 'fly' is not one of"),
    ("buildings.yaml", put(["buildings", 5, "extra"], "draw"),
     "buildings.yaml: buildings[5].extra: exactly the expansion buildings have an extra action"),
    ("buildings.yaml", delete_at(["buildings", 23, "extra"]),
     "buildings.yaml: buildings[23].extra: exactly the expansion buildings have an extra action"),
    ("buildings.yaml", put(["buildings", 22, "extra_cards"], 1),
     "buildings.yaml: buildings[22].extra_cards: only a draw action draws cards"),
    ("buildings.yaml", put(["buildings", 21, "extra_cards"], 0),
     "buildings.yaml: buildings[21].extra_cards: only a draw action draws cards"),
    ("buildings.yaml", put(["buildings", 6, "id"], "thermae"), "buildings.yaml: buildings: ids must differ"),
    ("buildings.yaml", put(["buildings", 4, "start"], True), "buildings.yaml: buildings: 4 start tiles"),
    ("buildings.yaml", delete_at(["buildings", 19]), "buildings.yaml: buildings: 20 base-game buildings"),
    ("buildings.yaml", both(put(["buildings", 5, "expansion"], True), put(["buildings", 5, "extra"], "none")),
     "buildings.yaml: buildings: 20 base-game buildings"),
    ("buildings.yaml", both(put(["buildings", 23, "start"], True), put(["buildings", 0, "start"], False)),
     "buildings.yaml: buildings: no expansion tile is a start tile"),
]


@pytest.mark.parametrize("name, change, message", BROKEN, ids=[m.split(":", 1)[1].strip() for _, _, m in BROKEN])
def test_a_broken_table_gives_a_data_error_naming_file_and_key(tables, name, change, message):
    edit(tables, name, change)
    with pytest.raises(DataError) as error:
        load_rules(tables)
    assert str(error.value).startswith(message), str(error.value)
