"""Lemuria's star altar: nine sections of spaces under a tile that turns, and what matter becomes there.

Pure and small: the rules engine keeps one :class:`Altar` in its state and asks
it where matter may go, what a harvest gives whom, and how the altar grows.
Spaces inside a section are interchangeable (ruling 11), so a section is its
counts: each seat's matter, of one kind for the whole section, and fillers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

from boardgames.games.lemuria.data import MATTER_KINDS as KINDS
from boardgames.games.lemuria.data import AltarTable

VEGETABLE, MINERAL = KINDS


class SectionJson(TypedDict):
    size: int
    kind: str | None
    #: seat (as text) -> its matter there
    matter: dict[str, int]
    fillers: int


class AltarJson(TypedDict):
    turns: int
    sections: list[SectionJson]


@dataclass
class Section:
    size: int
    #: the kind of player matter in the section (None while it holds none: fillers fit any kind)
    kind: str | None = None
    #: seat -> matter of that seat here
    matter: dict[int, int] = field(default_factory=dict)
    fillers: int = 0

    @property
    def used(self) -> int:
        return sum(self.matter.values()) + self.fillers

    @property
    def free(self) -> int:
        return self.size - self.used

    @property
    def full(self) -> bool:
        return self.free == 0

    def takes(self, kind: str) -> bool:
        """Whether one more matter of ``kind`` fits: an empty space and no player matter of the other kind."""
        return self.free > 0 and self.kind in (None, kind)

    def to_json(self) -> SectionJson:
        return {"size": self.size, "kind": self.kind, "matter": {str(s): n for s, n in sorted(self.matter.items())},
                "fillers": self.fillers}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Section:
        return cls(data["size"], data["kind"], {int(s): n for s, n in data["matter"].items()}, data["fillers"])


@dataclass(frozen=True)
class Share:
    """What one seat gets from a harvested section: ``amount`` of ``resource``, and its matter back."""

    seat: int
    resource: str
    amount: int
    returned: int


class Altar:
    """The sections (numbered 0-8 clockwise) under the tile of ``table``, turned ``turns`` sections
    clockwise so far."""

    def __init__(self, table: AltarTable, turns: int = 0, sections: list[Section] | None = None) -> None:
        self.table = table
        self.turns = turns % len(table.sections)
        self.sections = sections if sections is not None else [Section(size) for size in table.sections]

    # -- what a section yields --------------------------------------------------------------
    def slot_over(self, index: int) -> int:
        return (index - self.turns) % len(self.sections)

    def resource(self, index: int, kind: str) -> str:
        """What ``kind`` of matter in section ``index`` turns into now."""
        return self.table.produces(index, self.turns, kind)

    def turn(self, steps: int) -> None:
        """Turn the tile ``steps`` sections clockwise (negative: anticlockwise)."""
        self.turns = (self.turns + steps) % len(self.sections)

    # -- planting -------------------------------------------------------------------------
    def plantable(self, kind: str) -> list[int]:
        """The sections where one more matter of ``kind`` may go."""
        return [i for i, section in enumerate(self.sections) if section.takes(kind)]

    def plant(self, index: int, seat: int, kind: str, count: int = 1) -> None:
        section = self.sections[index]
        if kind not in KINDS or count < 1 or section.kind not in (None, kind) or section.free < count:
            raise ValueError(f"{count} {kind} matter does not fit in section {index}")
        section.kind = kind
        section.matter[seat] = section.matter.get(seat, 0) + count

    def take_back(self, index: int, seat: int) -> str:
        """Take one of ``seat``'s matter back from section ``index``; returns its kind."""
        section = self.sections[index]
        if not section.matter.get(seat):
            raise ValueError(f"seat {seat} has no matter in section {index}")
        kind = section.kind
        section.matter[seat] -= 1
        if not section.matter[seat]:
            del section.matter[seat]
        if not section.matter:
            section.kind = None
        assert kind is not None
        return kind

    # -- fillers --------------------------------------------------------------------------
    def add_filler(self, index: int) -> None:
        section = self.sections[index]
        if section.full:
            raise ValueError(f"section {index} is full")
        section.fillers += 1

    def remove_filler(self, index: int) -> None:
        section = self.sections[index]
        if not section.fillers:
            raise ValueError(f"section {index} holds no filler")
        section.fillers -= 1

    def grow(self) -> list[int]:
        """The round's growth (ruling 11): one filler in every section with room and a player's matter.
        Returns the sections that grew."""
        grown = [i for i, section in enumerate(self.sections) if section.matter and not section.full]
        for i in grown:
            self.sections[i].fillers += 1
        return grown

    # -- harvesting -----------------------------------------------------------------------
    def harvestable(self, seat: int) -> list[int]:
        """The full sections holding some of ``seat``'s matter."""
        return [i for i, section in enumerate(self.sections) if section.full and section.matter.get(seat)]

    def shares(self, index: int, harvester: int) -> list[Share]:
        """What harvesting section ``index`` would give each owner (ruling 3), harvester first, then by seat:
        the harvester its matter plus every filler, each other owner its matter plus half the fillers,
        rounded down."""
        section = self.sections[index]
        if index not in self.harvestable(harvester):
            raise ValueError(f"seat {harvester} cannot harvest section {index}")
        assert section.kind is not None  # a harvestable section holds matter
        resource = self.resource(index, section.kind)
        seats = [harvester] + sorted(s for s in section.matter if s != harvester)
        return [Share(seat, resource, section.matter[seat] + (section.fillers if seat == harvester
                                                             else section.fillers // 2), section.matter[seat])
                for seat in seats]

    def harvest(self, index: int, harvester: int) -> list[Share]:
        """Harvest section ``index``: its matter goes back to the owners, its fillers to the supply."""
        shares = self.shares(index, harvester)
        self.sections[index] = Section(self.sections[index].size)
        return shares

    # -- copies and saves -------------------------------------------------------------------
    def matter_of(self, seat: int) -> dict[str, int]:
        """How much of each kind of ``seat``'s matter stands on the altar."""
        out = dict.fromkeys(KINDS, 0)
        for section in self.sections:
            if section.kind is not None and section.matter.get(seat):
                out[section.kind] += section.matter[seat]
        return out

    def clone(self) -> Altar:
        sections = [Section(s.size, s.kind, dict(s.matter), s.fillers) for s in self.sections]
        return Altar(self.table, self.turns, sections)

    def to_json(self) -> AltarJson:
        return {"turns": self.turns, "sections": [s.to_json() for s in self.sections]}

    @classmethod
    def from_json(cls, data: dict[str, Any], table: AltarTable) -> Altar:
        return cls(table, data["turns"], [Section.from_json(s) for s in data["sections"]])

    def check(self) -> None:
        """Invariants: no section over its size, one kind of player matter, counts positive."""
        for i, section in enumerate(self.sections):
            if section.size != self.table.sections[i] or section.free < 0 or section.fillers < 0:
                raise AssertionError(f"section {i} holds more than its spaces")
            if any(n <= 0 for n in section.matter.values()) or (section.kind is None) != (not section.matter):
                raise AssertionError(f"section {i} has a wrong count or kind")
