"""Blue Moon City's tables (rules_data/bluemoon) as frozen dataclasses, checked against the rulebook."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Annotated, Literal

from boardgames.core.data import (
    Ref,
    check,
    check_coverage,
    check_references,
    check_symbol,
    data_dir,
    freeze,
    frozen_map,
)
from boardgames.core.tables import Tables, frozen

ANY = "any"  # a Royal Palace box: one colour of the player's choice per contribution
DRAGONS = ("red", "green", "blue")
BONUS_KINDS = ("crystal", "card", "scale")


@frozen
class People:
    id: str
    name: str
    colour: str
    letter: str
    power: Literal["dragon", "fly", "wild", "pair", "recolour", "offering"]
    cards: Mapping[int, int]
    dragon: Annotated[str, Ref("dragon")] | None = None


@frozen
class PeopleTable:
    peoples: tuple[People, ...]


@frozen
class Bonus:
    crystal: int = 0
    card: int = 0
    scale: int = 0

    def items(self) -> list[tuple[str, int]]:
        return [(kind, getattr(self, kind)) for kind in BONUS_KINDS if getattr(self, kind)]


@frozen
class Box:
    colour: str  # a people id or ANY
    value: int


@frozen
class BuildingRow:
    id: str
    name: str
    boxes: tuple[str, ...]
    majority: Bonus
    construction: Bonus
    neighbourhood: Bonus
    start: bool = False
    expansion: bool = False
    extra: Literal["jump", "draw", "offer", "none"] | None = None
    extra_cards: int = 0


@frozen
class Building:
    id: str
    name: str
    boxes: tuple[Box, ...]
    majority: Bonus
    construction: Bonus
    neighbourhood: Bonus
    start: bool
    expansion: bool
    extra: str | None
    extra_cards: int

    @property
    def colour(self) -> str:
        """The one colour of all boxes, or "mixed"."""
        colours = {box.colour for box in self.boxes}
        return colours.pop() if len(colours) == 1 else "mixed"


@frozen
class Courtyard:
    id: str
    name: str


@frozen
class BuildingTable:
    courtyard: Courtyard
    buildings: tuple[BuildingRow, ...]


@frozen
class ScaleScoring:
    most: int
    tied: int
    others_min: int
    others: int


@frozen
class Components:
    hand_size: int
    markers: int
    movement: int
    fly_steps: int
    dragon_steps: int
    scales: Mapping[int, int]
    scale_scoring: ScaleScoring
    obelisk: Mapping[int, tuple[int, ...]]
    offerings_to_win: Mapping[int, int]
    max_discard: int
    draw_more: int
    recolour: Mapping[int, int]
    offering_surcharge: Mapping[int, int]
    pair_value: int


@frozen
class Rules:
    """Everything static about Blue Moon City, shared by every state and never copied."""

    components: Components
    peoples: tuple[People, ...]
    buildings: tuple[Building, ...]
    courtyard: Courtyard
    people: Mapping[str, People] = field(default_factory=frozen_map)
    #: every card code of the deck with its count, e.g. {"aq1": 4, ...}
    deck: Mapping[str, int] = field(default_factory=frozen_map)
    #: dragon colour -> the people whose cards move it
    dragon_people: Mapping[str, str] = field(default_factory=frozen_map)


def _parse_box(text: str, where: str, people: Mapping[str, People]) -> Box:
    colour, digits = text[:-1], text[-1:]
    check(digits != "" and digits in "123456789", f"{where}: '{text}' must end in a value from 1 to 9")
    check(colour == ANY or colour in people, f"{where}: '{colour}' is neither a people code nor '{ANY}'")
    return Box(colour, int(digits))


def validate(components: Components, peoples: PeopleTable, table: BuildingTable) -> Rules:
    c = components
    ids = [p.id for p in peoples.peoples]
    check(len(ids) == 8 and len(set(ids)) == 8, "peoples.yaml: peoples: the game has 8 different peoples")
    letters = [p.letter for p in peoples.peoples]
    check(len(set(letters)) == 8, "peoples.yaml: peoples: every letter must differ")
    by_id = {p.id: p for p in peoples.peoples}
    check_references("peoples.yaml", peoples, {"dragon": DRAGONS})
    deck: dict[str, int] = {}
    for i, p in enumerate(peoples.peoples):
        where = f"peoples.yaml: peoples[{i}]"
        check(len(p.id) == 2 and p.id.isascii() and p.id.isalpha() and p.id.islower(),
              f"{where}.id: '{p.id}' must be two lower-case letters, the code of its cards")
        check(bool(p.name.strip()), f"{where}.name: is empty; give the people's name")
        check_symbol(p.letter, f"{where}.letter", ascii_only=True)
        check(all(n >= 1 for n in p.cards.values()), f"{where}.cards: each listed value has at least 1 card")
        check(sum(p.cards.values()) == 10, f"{where}.cards: each people has 10 cards")
        check(all(1 <= v <= 3 for v in p.cards), f"{where}.cards: card values are 1 to 3")
        check((p.power == "dragon") == (p.dragon is not None),
              f"{where}.dragon: only the dragon peoples name a dragon")
        for value, count in p.cards.items():
            deck[f"{p.id}{value}"] = count
    dragons = {p.dragon: p.id for p in peoples.peoples if p.dragon}
    check(sorted(dragons) == sorted(DRAGONS),
          "peoples.yaml: peoples: the red, green and blue dragons each need one people")
    for power in ("fly", "wild", "pair", "recolour", "offering"):
        check([p.power for p in peoples.peoples].count(power) == 1,
              f"peoples.yaml: peoples: exactly one people has the power '{power}'")
    check(sum(deck.values()) == 80, "peoples.yaml: peoples: the deck has 80 cards")

    check(c.hand_size == 8, "components.yaml: hand_size: each player starts with 8 cards")
    check(c.markers == 10, "components.yaml: markers: each player has 10 markers")
    check(dict(c.scales) == {2: 7, 3: 10, 4: 12}, "components.yaml: scales: the rulebook uses 7/10/12 golden scales")
    check(dict(c.offerings_to_win) == {2: 6, 3: 5, 4: 4}, "components.yaml: offerings_to_win: the rulebook says 6/5/4")
    check(sorted(c.obelisk) == [2, 3, 4], "components.yaml: obelisk: one list per player count 2, 3 and 4")
    for players, spaces in c.obelisk.items():
        where = f"components.yaml: obelisk.{players}"
        check(len(spaces) == (11 if players == 2 else 13),
              f"{where}: the obelisk has 11 spaces for 2 players, 13 for more")
        check(list(spaces) == sorted(spaces) and spaces[0] == 7 and spaces[-1] == 12,
              f"{where}: spaces rise from 7 to 12")
    check(sorted(c.recolour) == [1, 2] and sorted(c.offering_surcharge) == [1, 2],
          "components.yaml: recolour and offering_surcharge give values for cards 1 and 2")
    check(c.max_discard >= 0 and c.draw_more >= 0, "components.yaml: max_discard and draw_more cannot be negative")
    for key in ("movement", "fly_steps", "dragon_steps", "pair_value"):
        check(getattr(c, key) >= 1, f"components.yaml: {key}: must be at least 1")
    check(all(n >= 1 for n in c.recolour.values()), "components.yaml: recolour: a Lux recolours at least 1 card")
    check(min(c.offering_surcharge.values()) >= 0, "components.yaml: offering_surcharge: cannot be negative")
    check(min(vars(c.scale_scoring).values()) >= 0, "components.yaml: scale_scoring: cannot be negative")

    buildings = []
    for i, row in enumerate(table.buildings):
        where = f"buildings.yaml: buildings[{i}]"
        boxes = tuple(_parse_box(text, f"{where}.boxes[{k}]", by_id) for k, text in enumerate(row.boxes))
        check(len(boxes) >= 1, f"{where}.boxes: a building has at least one box")
        check((row.extra is not None) == row.expansion,
              f"{where}.extra: exactly the expansion buildings have an extra action")
        for part in ("majority", "construction", "neighbourhood"):
            check(min(vars(getattr(row, part)).values()) >= 0, f"{where}.{part}: a bonus cannot be negative")
        check((row.extra == "draw") == (row.extra_cards > 0), f"{where}.extra_cards: only a draw action draws cards")
        buildings.append(Building(row.id, row.name, boxes, row.majority, row.construction, row.neighbourhood,
                                  row.start, row.expansion, row.extra, row.extra_cards))
    # every people whose cards are not wild pays some box of its own colour in the base game
    check_coverage("people", [p.id for p in peoples.peoples if p.power != "wild"],
                   (box.colour for b in buildings if not b.expansion for box in b.boxes),
                   "peoples.yaml: peoples", "box of a base-game building in buildings.yaml")
    names = [b.id for b in buildings]
    check(len(set(names)) == len(names), "buildings.yaml: buildings: ids must differ")
    check(sum(1 for b in buildings if b.start) == 4, "buildings.yaml: buildings: 4 start tiles")
    check(sum(1 for b in buildings if not b.expansion) == 20, "buildings.yaml: buildings: 20 base-game buildings")
    check(sum(1 for b in buildings if b.expansion) == 4, "buildings.yaml: buildings: 4 expansion buildings")
    check(not any(b.start and b.expansion for b in buildings),
          "buildings.yaml: buildings: no expansion tile is a start tile")
    return Rules(components=c, peoples=peoples.peoples, buildings=tuple(buildings), courtyard=table.courtyard,
                 people=freeze(by_id), deck=freeze(deck), dragon_people=freeze(dragons))


TABLES = Tables(lambda: data_dir("bluemoon"), validate,
                {"components.yaml": Components, "peoples.yaml": PeopleTable, "buildings.yaml": BuildingTable})
FILES, load_rules, shared_rules = TABLES.files, TABLES.load, TABLES.shared
