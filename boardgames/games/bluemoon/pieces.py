"""Blue Moon City's pieces: the city's cells, phase names, card codes, and each player's and payment's data."""

from __future__ import annotations

from typing import Any, TypeGuard

from boardgames.core.engine import Action
from boardgames.core.grid import Grid
from boardgames.core.slots import from_slots

GRID = Grid(5, 5)
CENTRE = 12
CORNERS = (0, 4, 20, 24)
START_CELLS = (7, 11, 13, 17)  # up, left, right, down of the courtyard
NO_TILE, COURTYARD = -1, -2
OFF = -1  # a dragon beside the city
NOBODY = -1
WILD = "wild"
KHIND, MIMIX = "kh", "mi"
PAIRABLE = (1, 2)  # Mimix values that may pair up as one wild card

MOVE, ACT, PAY, REPLENISH, OVER = "move", "act", "pay", "replenish", "over"
PHASES = (MOVE, ACT, PAY, REPLENISH)

STOP, END, OFFER, CANCEL, DRAW = Action("stop"), Action("end"), Action("offer"), Action("cancel"), Action("draw")


def people_of(card: str) -> str:
    return card[:2]


def value_of(card: str) -> int:
    return int(card[2:])


def is_card(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and len(text) == 3 and text[2] in "0123456789"


class Player:
    __slots__ = ("pos", "hand", "pending", "crystals", "scales", "offerings")

    def __init__(self) -> None:
        self.pos = CENTRE
        self.hand: dict[str, int] = {}
        self.pending: dict[str, int] = {}  # cards earned on one's own turn, joining the hand after it
        self.crystals = 0
        self.scales = 0  # may exceed the supply: owed scales still count
        self.offerings = 0

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.pos = self.pos
        p.hand = dict(self.hand)
        p.pending = dict(self.pending)
        p.crystals = self.crystals
        p.scales = self.scales
        p.offerings = self.offerings
        return p

    def to_json(self) -> dict[str, Any]:
        return {"pos": self.pos, "hand": dict(self.hand), "pending": dict(self.pending),
                "crystals": self.crystals, "scales": self.scales, "offerings": self.offerings}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Player:
        return from_slots(cls, data).copy()


class Payment:
    """A contribution being built: the cards lie on the table until the total reaches the box."""

    __slots__ = ("building", "box", "colour", "cards", "powers", "converts", "total")

    def __init__(self, building: int, box: int, colour: str | None) -> None:
        self.building = building
        self.box = box
        self.colour = colour  # None while an ``any`` box has no colour yet
        self.cards: list[tuple[str, str]] = []  # (card, what it counts as)
        self.powers: list[str] = []  # Lux cards played for their power
        self.converts: dict[str, int] = {}  # people -> cards a Lux may still recolour
        self.total = 0

    def copy(self) -> Payment:
        p = Payment(self.building, self.box, self.colour)
        p.cards = list(self.cards)
        p.powers = list(self.powers)
        p.converts = dict(self.converts)
        p.total = self.total
        return p

    def to_json(self) -> dict[str, Any]:
        return {"building": self.building, "box": self.box, "colour": self.colour,
                "cards": [list(c) for c in self.cards], "powers": list(self.powers),
                "converts": dict(self.converts), "total": self.total}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Payment:
        p = cls(data["building"], data["box"], data["colour"])
        p.cards = [tuple(c) for c in data["cards"]]
        p.powers = list(data["powers"])
        p.converts = dict(data["converts"])
        p.total = data["total"]
        return p

    def all_cards(self) -> list[str]:
        return [card for card, _ in self.cards] + self.powers
