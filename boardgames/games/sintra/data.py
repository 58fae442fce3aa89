"""Sintra's tables (rules_data/sintra) as frozen dataclasses, checked against the rulebook."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Annotated, Literal

from boardgames.core.data import Ref, check, check_coverage, check_references, check_symbol, data_dir, frozen_map
from boardgames.core.tables import Tables, frozen
from boardgames.i18n import _

JOKER = 5  # colour index used in strip patterns for a grey joker space
SLOTS = 8  # windows (and strips) per palace
STRIP_LEN = 5


@frozen
class Colour:
    id: str
    name: str
    letter: str
    glyph: str


@frozen
class Components:
    colours: tuple[Colour, ...]
    joker: Colour
    pieces_per_colour: int
    factory_size: int
    factories: Mapping[int, int]
    rounds: int
    broken_track: tuple[int, ...]
    leftover_divisor: int


#: a colour id of components.yaml (a glass colour or the joker)
ColourId = Annotated[str, Ref("colour")]


@frozen
class StripTable:
    strips: tuple[tuple[tuple[ColourId, ...], tuple[ColourId, ...]], ...]


@frozen
class PalaceSide:
    window_values: tuple[int, ...]
    end_bonus: Literal["ornaments", "colour_windows"]
    ornaments: tuple[tuple[int, int], ...] = ()
    ornament_points: Mapping[int, int] = field(default_factory=frozen_map)


@frozen
class PalaceTable:
    sides: Mapping[str, PalaceSide]


@frozen
class Rules:
    """Everything static about Sintra, shared by every state and never copied."""

    components: Components
    #: strips[id][side] -> 5 colour indices (JOKER for a grey space)
    strips: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    palace: Mapping[str, PalaceSide]

    @property
    def colours(self) -> tuple[Colour, ...]:
        return self.components.colours


def validate(components: Components, strips: StripTable, palace: PalaceTable) -> Rules:
    c = components
    check(len(c.colours) == 5, _("{where}: the rulebook has 5 glass colours", where="components.yaml: colours"))
    ids = [col.id for col in c.colours]
    check(len(set(ids)) == 5, _("{where}: colour ids must differ", where="components.yaml: colours"))
    for where, col in [*((f"colours[{i}]", col) for i, col in enumerate(c.colours)), ("joker", c.joker)]:
        at = f"components.yaml: {where}.name"
        check(bool(col.name.strip()), _("{where}: is empty; give the colour's name", where=at))
        check_symbol(col.letter, f"components.yaml: {where}.letter", ascii_only=True)
        check_symbol(col.glyph, f"components.yaml: {where}.glyph")
    for key in ("letter", "glyph"):
        # a lower-case letter marks an empty space in --ascii mode, so letters differ ignoring case
        values = [getattr(col, key).upper() for col in (*c.colours, c.joker)]
        differ = (_("{where}: every letter must differ", where="components.yaml: colours") if key == "letter"
                  else _("{where}: every glyph must differ", where="components.yaml: colours"))
        check(len(set(values)) == len(values), differ)
    check(c.pieces_per_colour == 20, _("{where}: the rulebook has 20 of each colour",
                                       where="components.yaml: pieces_per_colour"))
    check(dict(c.factories) == {2: 5, 3: 7, 4: 9}, _("{where}: the rulebook uses 5/7/9 displays",
                                                     where="components.yaml: factories"))
    check(c.factory_size == 4, _("{where}: each display holds 4 pieces", where="components.yaml: factory_size"))
    check(c.rounds == 6, _("{where}: the game has 6 rounds", where="components.yaml: rounds"))
    check(c.rounds == len(c.colours) + 1, _("{where}: one round per indicator space", where="components.yaml: rounds"))
    track = c.broken_track
    check(len(track) >= 2 and track[0] == 0, _("{where}: must start at 0", where="components.yaml: broken_track"))
    check(all(a > b for a, b in zip(track, track[1:])), _("{where}: must fall step by step",
                                                          where="components.yaml: broken_track"))
    check(track[-1] == -18 and -8 in track, _("{where}: the rulebook shows -8 and ends at -18",
                                              where="components.yaml: broken_track"))
    check(c.leftover_divisor == 3, _("{where}: 1 point per 3 leftover pieces",
                                     where="components.yaml: leftover_divisor"))

    index = {cid: i for i, cid in enumerate(ids)}
    index[c.joker.id] = JOKER
    check(len(strips.strips) == SLOTS, _("{where}: a player has {n} strips", where="strips.yaml: strips", n=SLOTS))
    used = check_references("strips.yaml", strips, {"colour": list(index)})
    check_coverage("colour", ids, (ref for _, _, ref in used), "components.yaml: colours", "strip of strips.yaml")
    coded: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    joker_sides = 0
    for s, sides in enumerate(strips.strips):
        pair: list[tuple[int, ...]] = []
        for face, pattern in enumerate(sides):
            where = f"strips.yaml: strips[{s}][{face}]"
            check(len(pattern) == STRIP_LEN, _("{where}: a side has {n} spaces", where=where, n=STRIP_LEN))
            codes = tuple(index[name] for name in pattern)
            jokers = codes.count(JOKER)
            check(jokers in (0, 2), _("{where}: a joker side has exactly 2 joker spaces", where=where))
            joker_sides += jokers > 0
            check(len(set(codes) - {JOKER}) > 1, _("{where}: no side is a single colour", where=where))
            pair.append(codes)
        coded.append((pair[0], pair[1]))  # two sides: load_table checked the pair
    check(joker_sides == 1, _("{where}: exactly one side of one strip holds the 2 joker spaces",
                              where="strips.yaml: strips"))
    check(not any(JOKER in pair[0] and JOKER in pair[1] for pair in coded),
          _("{where}: the joker strip must have a plain side", where="strips.yaml: strips"))

    check(set(palace.sides) == {"A", "B"}, _("{where}: the palace has sides A and B", where="palace.yaml: sides"))
    for name, side in palace.sides.items():
        where = f"palace.yaml: sides.{name}"
        values_at, ornaments_at = f"{where}.window_values", f"{where}.ornaments"
        check(len(side.window_values) == SLOTS, _("{where}: {n} windows", where=values_at, n=SLOTS))
        check(all(1 <= v <= 4 for v in side.window_values), _("{where}: values are 1 to 4", where=values_at))
        if side.end_bonus == "ornaments":
            check(len(side.ornaments) > 0, _("{where}: side A needs its ornaments", where=ornaments_at))
            check(len(side.ornaments) == 4, _("{where}: side A has 4 ornaments", where=ornaments_at))
            for k, windows in enumerate(side.ornaments):
                at = f"{ornaments_at}[{k}]"
                check(all(1 <= w <= SLOTS for w in windows), _("{where}: windows are 1 to {n}", where=at, n=SLOTS))
            for filled, points in side.ornament_points.items():
                at = f"{where}.ornament_points.{filled}"
                check(0 <= filled <= 4, _("{where}: an ornament has 4 frame spaces around it", where=at))
                check(points >= 0, _("{where}: points cannot be negative (found {points})", where=at, points=points))
    return Rules(components=c, strips=tuple(coded), palace=palace.sides)  # load_table froze the sides


TABLES = Tables(lambda: data_dir("sintra"), validate,
                {"components.yaml": Components, "strips.yaml": StripTable, "palace.yaml": PalaceTable})
FILES, load_rules, shared_rules = TABLES.files, TABLES.load, TABLES.shared
