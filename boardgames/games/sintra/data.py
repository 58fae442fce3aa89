"""Sintra's tables (rules_data/sintra) as frozen dataclasses, checked against the rulebook."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
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
    load_table,
)

JOKER = 5  # colour index used in strip patterns for a grey joker space
SLOTS = 8  # windows (and strips) per palace
STRIP_LEN = 5


@dataclass(frozen=True)
class Colour:
    id: str
    name: str
    letter: str
    glyph: str


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class StripTable:
    strips: tuple[tuple[tuple[ColourId, ...], tuple[ColourId, ...]], ...]


@dataclass(frozen=True)
class PalaceSide:
    window_values: tuple[int, ...]
    end_bonus: Literal["ornaments", "colour_windows"]
    ornaments: tuple[tuple[int, int], ...] = ()
    ornament_points: Mapping[int, int] = field(default_factory=frozen_map)


@dataclass(frozen=True)
class PalaceTable:
    sides: Mapping[str, PalaceSide]


@dataclass(frozen=True)
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
    check(len(c.colours) == 5, "components.yaml: colours: the rulebook has 5 glass colours")
    ids = [col.id for col in c.colours]
    check(len(set(ids)) == 5, "components.yaml: colours: colour ids must differ")
    for where, col in [*((f"colours[{i}]", col) for i, col in enumerate(c.colours)), ("joker", c.joker)]:
        check(bool(col.name.strip()), f"components.yaml: {where}.name: is empty; give the colour's name")
        check_symbol(col.letter, f"components.yaml: {where}.letter", ascii_only=True)
        check_symbol(col.glyph, f"components.yaml: {where}.glyph")
    for key in ("letter", "glyph"):
        # a lower-case letter marks an empty space in --ascii mode, so letters differ ignoring case
        values = [getattr(col, key).upper() for col in (*c.colours, c.joker)]
        check(len(set(values)) == len(values), f"components.yaml: colours: every {key} must differ")
    check(c.pieces_per_colour == 20, "components.yaml: pieces_per_colour: the rulebook has 20 of each colour")
    check(dict(c.factories) == {2: 5, 3: 7, 4: 9}, "components.yaml: factories: the rulebook uses 5/7/9 displays")
    check(c.factory_size == 4, "components.yaml: factory_size: each display holds 4 pieces")
    check(c.rounds == 6, "components.yaml: rounds: the game has 6 rounds")
    check(c.rounds == len(c.colours) + 1, "components.yaml: rounds: one round per indicator space")
    track = c.broken_track
    check(len(track) >= 2 and track[0] == 0, "components.yaml: broken_track: must start at 0")
    check(all(a > b for a, b in zip(track, track[1:])), "components.yaml: broken_track: must fall step by step")
    check(track[-1] == -18 and -8 in track, "components.yaml: broken_track: the rulebook shows -8 and ends at -18")
    check(c.leftover_divisor == 3, "components.yaml: leftover_divisor: 1 point per 3 leftover pieces")

    index = {cid: i for i, cid in enumerate(ids)}
    index[c.joker.id] = JOKER
    check(len(strips.strips) == SLOTS, f"strips.yaml: strips: a player has {SLOTS} strips")
    used = check_references("strips.yaml", strips, {"colour": list(index)})
    check_coverage("colour", ids, (ref for _, _, ref in used), "components.yaml: colours", "strip of strips.yaml")
    coded: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    joker_sides = 0
    for s, sides in enumerate(strips.strips):
        pair: list[tuple[int, ...]] = []
        for face, pattern in enumerate(sides):
            where = f"strips.yaml: strips[{s}][{face}]"
            check(len(pattern) == STRIP_LEN, f"{where}: a side has {STRIP_LEN} spaces")
            codes = tuple(index[name] for name in pattern)
            jokers = codes.count(JOKER)
            check(jokers in (0, 2), f"{where}: a joker side has exactly 2 joker spaces")
            joker_sides += jokers > 0
            check(len(set(codes) - {JOKER}) > 1, f"{where}: no side is a single colour")
            pair.append(codes)
        coded.append((pair[0], pair[1]))  # two sides: load_table checked the pair
    check(joker_sides == 1, "strips.yaml: strips: exactly one side of one strip holds the 2 joker spaces")
    check(not any(JOKER in pair[0] and JOKER in pair[1] for pair in coded),
          "strips.yaml: strips: the joker strip must have a plain side")

    check(set(palace.sides) == {"A", "B"}, "palace.yaml: sides: the palace has sides A and B")
    for name, side in palace.sides.items():
        where = f"palace.yaml: sides.{name}"
        check(len(side.window_values) == SLOTS, f"{where}.window_values: {SLOTS} windows")
        check(all(1 <= v <= 4 for v in side.window_values), f"{where}.window_values: values are 1 to 4")
        if side.end_bonus == "ornaments":
            check(len(side.ornaments) > 0, f"{where}.ornaments: side A needs its ornaments")
            check(len(side.ornaments) == 4, f"{where}.ornaments: side A has 4 ornaments")
            for k, windows in enumerate(side.ornaments):
                check(all(1 <= w <= SLOTS for w in windows), f"{where}.ornaments[{k}]: windows are 1 to {SLOTS}")
            for filled, points in side.ornament_points.items():
                check(0 <= filled <= 4, f"{where}.ornament_points.{filled}: an ornament has 4 frame spaces around it")
                check(points >= 0, f"{where}.ornament_points.{filled}: points cannot be negative (found {points})")
    return Rules(components=c, strips=tuple(coded), palace=freeze(palace.sides))


def load_rules() -> Rules:
    """Load and validate every Sintra table; raises DataError naming file and key."""
    folder = data_dir("sintra")
    return validate(
        load_table(folder / "components.yaml", Components),
        load_table(folder / "strips.yaml", StripTable),
        load_table(folder / "palace.yaml", PalaceTable),
    )


@lru_cache(maxsize=1)
def shared_rules() -> Rules:
    return load_rules()
