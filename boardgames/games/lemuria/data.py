"""Lemuria's tables (rules_data/lemuria) as frozen dataclasses, checked against shared/rules/lemuria.md."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Collection, Mapping
from typing import Any, Literal

from boardgames.core.data import check, check_coverage, check_references, check_symbol, data_dir, freeze, tag_of
from boardgames.core.tables import Tables, frozen
from boardgames.games.lemuria.effects import AreaBonus, ColourId, Effect, ResourceId
from boardgames.i18n import and_list

MatterKind = Literal["vegetable", "mineral"]
MATTER_KINDS = ("vegetable", "mineral")
PER_COLOUR = {"buildings": 7, "citizens": 9}  # 28 buildings and 36 citizens over the four colours
COLOURS = 4
BUILDING_COSTS = (2, 3, 3, 4, 4, 5, 6)  # the resources of each colour's 7 buildings
VP_FOR_COST = {2: 1, 3: 2, 4: 4, 5: 6, 6: 8}
IMPACT_CARDS = 8
#: the most characters of an Impact card's short text (the board's line holds its name and number too)
IMPACT_SHORT = 24
ALTAR_SECTIONS, ALTAR_SPACES = 9, 26
AREA_SPOTS = 20
TREND_POSITIONS = 5


# -- components.yaml -------------------------------------------------------------------------------
@frozen
class Players:
    min: int
    max: int


@frozen
class Resource:
    id: str
    name: str
    kind: MatterKind
    letter: str


@frozen
class Colour:
    id: str
    name: str
    hue: str


@frozen
class Start:
    resources: Mapping[ResourceId, int]
    matter: Mapping[MatterKind, int]
    building_markers: int
    hand: int
    pass_left: int


@frozen
class Calendar:
    months: int
    festivals: tuple[int, ...]
    area_bonus_from: int
    altar_turns_from: int
    reform_from: int


@frozen
class Trend:
    bonus: tuple[int, ...]  # VP by position 1 to 5
    upper: tuple[int, ...]
    lower: tuple[int, ...]
    lower_discount: int


@frozen
class Area:
    id: str
    name: str
    spots: int
    bonus: AreaBonus


@frozen
class TileSlot:
    vegetable: ResourceId
    mineral: ResourceId


@frozen
class AltarTable:
    sections: tuple[int, ...]  # spaces of sections 0 to 8, clockwise
    tile: tuple[TileSlot, ...]

    @property
    def spaces(self) -> int:
        return sum(self.sections)

    def produces(self, section: int, turns: int, kind: str) -> str:
        """The resource ``kind`` matter turns into in ``section`` after ``turns`` clockwise turns of the tile."""
        resource: str = getattr(self.tile[(section - turns) % len(self.tile)], kind)
        return resource


@frozen
class GoldPrices:
    extra_harvest_section: int
    leader_altar_turn: int
    swap: int


@frozen
class Reform:
    discount: int
    same_colour_discount: int


@frozen
class Festival:
    per_occupied_building: int
    colour_majority_per_building: int


@frozen
class Components:
    players: Players
    resources: tuple[Resource, ...]
    colours: tuple[Colour, ...]
    start: Start
    calendar: Calendar
    trend: Trend
    areas: tuple[Area, ...]
    altar: AltarTable
    gold: GoldPrices
    reform: Reform
    festival: Festival


# -- the cards -------------------------------------------------------------------------------------
@frozen
class BuildingRow:
    id: str
    name: str
    colour: ColourId
    cost: str  # resource letters separated by spaces, e.g. "S S B B G W"
    vp: int


@frozen
class BuildingTable:
    buildings: tuple[BuildingRow, ...]


@frozen
class Building:
    id: str
    name: str
    colour: str
    cost: Mapping[str, int]  # resource id -> count, in the order of components.yaml's resources
    vp: int

    @property
    def size(self) -> int:
        return sum(self.cost.values())


def _describe(effects: tuple[Effect, ...]) -> str:
    return "; ".join(effect.describe() for effect in effects)


def _noun(effects: tuple[Effect, ...]) -> str:
    return and_list([effect.noun() for effect in effects])


@frozen
class Citizen:
    id: str
    name: str
    colour: ColourId
    food: int
    vp: tuple[int, int]  # housed in any building, housed in a building of its own colour
    effects: tuple[Effect, ...]

    def vp_in(self, building_colour: str) -> int:
        return self.vp[1] if building_colour == self.colour else self.vp[0]

    @property
    def text(self) -> str:
        """The card's text: what it tells the player to do ("gain 2 VP")."""
        return _describe(self.effects)

    @property
    def noun(self) -> str:
        """What the card gives, in words a sentence or a move's label holds ("2 VP")."""
        return _noun(self.effects)


@frozen
class CitizenTable:
    citizens: tuple[Citizen, ...]


@frozen
class ImpactCard:
    number: int
    id: str
    name: str
    effects: tuple[Effect, ...]
    #: what it does in a few words, for the board's one line at 80 columns (``text`` says it whole)
    short: str

    @property
    def text(self) -> str:
        return _describe(self.effects)

    @property
    def noun(self) -> str:
        return _noun(self.effects)


@frozen
class ImpactTable:
    cards: tuple[ImpactCard, ...]


@frozen
class Rules:
    """Everything static about Lemuria, shared by every state and never copied."""

    components: Components
    buildings: tuple[Building, ...]
    citizens: tuple[Citizen, ...]
    impact: tuple[ImpactCard, ...]  # in number order
    building: Mapping[str, Building]
    citizen: Mapping[str, Citizen]
    resource: Mapping[str, Resource]


# -- validation ------------------------------------------------------------------------------------
def _check_numbers(effect: object, where: str) -> None:
    """Every count in an effect (a whole number, or each value of a mapping) is at least 1, or 0 if 0 is its default."""
    assert dataclasses.is_dataclass(effect), effect  # effects and area bonuses are dataclasses
    where = f"{where}.{tag_of(type(effect))}"
    for f in dataclasses.fields(effect):
        value = getattr(effect, f.name)
        if isinstance(value, Mapping):
            check(len(value) > 0, f"{where}.{f.name}: is empty")
            for key, n in value.items():
                check(n >= 1, f"{where}.{f.name}.{key}: must be at least 1 (found {n})")
        elif isinstance(value, int) and not isinstance(value, bool):
            least = 0 if f.default == 0 else 1
            check(value >= least, f"{where}.{f.name}: must be at least {least} (found {value})")


def _check_cards(file: str, key: str, cards: tuple[Any, ...], colours: tuple[str, ...] | None) -> None:
    """Ids are lower-case words, ids and names differ, effects are sound and each colour has its count."""
    first: dict[tuple[str, str], int] = {}
    for i, card in enumerate(cards):
        where = f"{file}: {key}[{i}]"
        check(card.id.replace("_", "").isalpha() and card.id.isascii() and card.id.islower(),
              f"{where}.id: '{card.id}' must be lower-case letters and underscores")
        check(bool(card.name.strip()), f"{where}.name: is empty; give the card's name")
        for field in ("id", "name"):
            value = getattr(card, field)
            check((field, value) not in first,
                  f"{where}.{field}: '{value}' is already the {field} of {key}[{first.get((field, value))}]")
            first[field, value] = i
        if hasattr(card, "effects"):  # citizens and Impact cards
            check(len(card.effects) > 0, f"{where}.effects: a card does at least one thing")
            for k, effect in enumerate(card.effects):
                _check_numbers(effect, f"{where}.effects[{k}]")
    if colours is not None:
        counts = Counter(card.colour for card in cards)
        for colour in colours:
            check(counts[colour] == PER_COLOUR[key],
                  f"{file}: {key}: {counts[colour]} {colour} {key}; each colour has {PER_COLOUR[key]} "
                  f"({PER_COLOUR[key] * COLOURS} in all)")


def _check_components(c: Components) -> None:
    f = "components.yaml"
    check((c.players.min, c.players.max) == (3, 4), f"{f}: players: Lemuria is for 3 to 4 players")
    ids = [r.id for r in c.resources]
    check(len(ids) == 6 and len(set(ids)) == 6, f"{f}: resources: the game has 6 different resources")
    for i, r in enumerate(c.resources):
        check_symbol(r.letter, f"{f}: resources[{i}].letter", ascii_only=True)
    check(len({r.letter for r in c.resources}) == 6, f"{f}: resources: every letter must differ")
    for kind in MATTER_KINDS:
        check(sum(r.kind == kind for r in c.resources) == 3, f"{f}: resources: 3 resources are of kind {kind}")
    colours = [col.id for col in c.colours]
    check(len(colours) == COLOURS and len(set(colours)) == COLOURS, f"{f}: colours: the game has 4 different colours")
    check_references(f, c, {"resource": ids})

    s = c.start
    check(min(s.resources.values(), default=0) >= 0, f"{f}: start.resources: cannot be negative")
    check(sorted(s.matter) == sorted(MATTER_KINDS) and min(s.matter.values()) >= 1,
          f"{f}: start.matter: each player has some vegetable and some mineral matter")
    check(s.building_markers >= 1, f"{f}: start.building_markers: must be at least 1")
    check(0 <= s.pass_left <= s.hand, f"{f}: start.pass_left: from 0 to the hand's {s.hand} cards")

    cal = c.calendar
    check(cal.months == 12, f"{f}: calendar.months: the year has 12 months")
    for i, month in enumerate(cal.festivals):
        check(1 <= month <= cal.months, f"{f}: calendar.festivals[{i}]: {month} is not a month 1 to {cal.months}")
    check(list(cal.festivals) == sorted(set(cal.festivals)), f"{f}: calendar.festivals: months rise, each once")
    for key in ("area_bonus_from", "altar_turns_from", "reform_from"):
        check(1 <= getattr(cal, key) <= cal.months, f"{f}: calendar.{key}: must be a month 1 to {cal.months}")

    t = c.trend
    check(len(t.bonus) == TREND_POSITIONS, f"{f}: trend.bonus: one bonus for each of the 5 trend positions")
    check(min(t.bonus) >= 0 and list(t.bonus) == sorted(t.bonus, reverse=True),
          f"{f}: trend.bonus: bonuses fall from left to right and are not negative")
    check(sorted(t.upper + t.lower) == list(range(1, TREND_POSITIONS + 1))
          and bool(t.upper) and bool(t.lower) and max(t.upper) < min(t.lower),
          f"{f}: trend: upper and lower split positions 1 to 5, the upper on the left")
    check(t.lower_discount >= 0, f"{f}: trend.lower_discount: cannot be negative")

    area_ids = [a.id for a in c.areas]
    check(len(set(area_ids)) == len(area_ids), f"{f}: areas: ids must differ")
    for i, area in enumerate(c.areas):
        check(area.spots >= 1, f"{f}: areas[{i}].spots: an area has at least 1 spot")
        _check_numbers(area.bonus, f"{f}: areas[{i}].bonus")
    check(sum(a.spots for a in c.areas) == AREA_SPOTS, f"{f}: areas: the areas have {AREA_SPOTS} spots in all")

    altar = c.altar
    check(len(altar.sections) == ALTAR_SECTIONS, f"{f}: altar.sections: the altar has {ALTAR_SECTIONS} sections")
    for i, spaces in enumerate(altar.sections):
        check(2 <= spaces <= 4, f"{f}: altar.sections[{i}]: a section has 2 to 4 spaces")
    check(altar.spaces == ALTAR_SPACES, f"{f}: altar.sections: the sections have {ALTAR_SPACES} spaces in all")
    check(len(altar.tile) == ALTAR_SECTIONS, f"{f}: altar.tile: the tile has one slot per section")
    kind_of = {r.id: r.kind for r in c.resources}
    for i, slot in enumerate(altar.tile):
        for kind in MATTER_KINDS:
            got = getattr(slot, kind)
            check(kind_of[got] == kind, f"{f}: altar.tile[{i}].{kind}: '{got}' is a {kind_of[got]} resource")
    check_coverage("resource", ids, (getattr(slot, kind) for slot in altar.tile for kind in MATTER_KINDS),
                   f"{f}: resources", "slot of the altar tile")

    for part in ("gold", "reform", "festival"):
        for key, value in vars(getattr(c, part)).items():
            check(value >= 0, f"{f}: {part}.{key}: cannot be negative")


def _building(row: BuildingRow, where: str, letters: Mapping[str, str], order: tuple[str, ...]) -> Building:
    counts: Counter[str] = Counter()
    for letter in row.cost.split():
        check(letter in letters, f"{where}.cost: '{letter}' is not a resource letter (known: {', '.join(letters)})")
        counts[letters[letter]] += 1
    size = sum(counts.values())
    check(size in VP_FOR_COST, f"{where}.cost: a building costs 2 to 6 resources, not {size}")
    check(row.vp == VP_FOR_COST[size],
          f"{where}.vp: a building costing {size} resources is worth {VP_FOR_COST[size]} VP, not {row.vp}")
    return Building(row.id, row.name, row.colour, freeze({r: counts[r] for r in order if counts[r]}), row.vp)


def validate(components: Components, buildings: BuildingTable, citizens: CitizenTable, impact: ImpactTable) -> Rules:
    """Check every table against the rulebook's counts; raises DataError naming file and key."""
    _check_components(components)
    resources, colours = tuple(r.id for r in components.resources), tuple(c.id for c in components.colours)
    known: dict[str, Collection[Any]] = {"resource": resources, "colour": colours}

    f = "buildings.yaml"
    check_references(f, buildings, known)
    letters = {r.letter: r.id for r in components.resources}
    built = tuple(_building(row, f"{f}: buildings[{i}]", letters, resources)
                  for i, row in enumerate(buildings.buildings))
    _check_cards(f, "buildings", built, colours)
    for colour in colours:
        sizes = sorted(b.size for b in built if b.colour == colour)
        check(tuple(sizes) == BUILDING_COSTS,
              f"{f}: buildings: the {colour} buildings cost {', '.join(map(str, sizes))} resources; "
              f"each colour's cost {', '.join(map(str, BUILDING_COSTS))}")

    f = "citizens.yaml"
    check_references(f, citizens, known)
    for i, citizen in enumerate(citizens.citizens):
        where = f"{f}: citizens[{i}]"
        check(citizen.food >= 0, f"{where}.food: cannot be negative")
        check(citizen.vp[0] >= 0, f"{where}.vp: cannot be negative")
        check(citizen.vp[1] > citizen.vp[0],
              f"{where}.vp: housed in its own colour ({citizen.vp[1]}) must be worth more than elsewhere "
              f"({citizen.vp[0]})")
    _check_cards(f, "citizens", citizens.citizens, colours)

    f = "impact.yaml"
    check_references(f, impact, known)
    check(len(impact.cards) == IMPACT_CARDS, f"{f}: cards: the module has {IMPACT_CARDS} cards, found "
                                             f"{len(impact.cards)}")
    for i, card in enumerate(impact.cards):
        check(card.number == i + 1, f"{f}: cards[{i}].number: the cards are listed in number order 1 to "
                                    f"{IMPACT_CARDS}; expected {i + 1}, found {card.number}")
    _check_cards(f, "cards", impact.cards, None)
    for i, card in enumerate(impact.cards):
        check(0 < len(card.short) <= IMPACT_SHORT, f"{f}: cards[{i}].short: say it in 1 to {IMPACT_SHORT} "
                                                   f"characters (found {len(card.short)})")

    return Rules(components=components, buildings=built, citizens=citizens.citizens, impact=impact.cards,
                 building=freeze({b.id: b for b in built}), citizen=freeze({c.id: c for c in citizens.citizens}),
                 resource=freeze({r.id: r for r in components.resources}))


# -- loading ---------------------------------------------------------------------------------------
TABLES = Tables(lambda: data_dir("lemuria"), validate, {"components.yaml": Components, "buildings.yaml": BuildingTable,
                                                       "citizens.yaml": CitizenTable, "impact.yaml": ImpactTable})
FILES, load_rules, shared_rules = TABLES.files, TABLES.load, TABLES.shared
