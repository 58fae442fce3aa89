"""What an Above and Below player holds, the explore in progress and the turn's free-action flags."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, TypedDict


class Outcome(TypedDict):
    """A resolved roll as shown: its lanterns, the threshold met (None: failed), the reward or failure text."""

    lanterns: int
    threshold: int | None
    success: bool
    reward: str | None
    failure: str | None
    followup: bool


class FlagsView(TypedDict):
    sold: bool
    swapped: bool
    refused: list[list[int]]


@dataclass
class Player:
    name: str
    coins: int
    reputation: int = 0
    cider: int = 0
    potions: int = 0
    #: goods in the supply (not on the track, the for-sale space or cards)
    goods: dict[str, int] = field(default_factory=dict)
    #: the progress track, left to right: [good, count] stacks, one per kind (rulings 5, 11)
    track: list[list[Any]] = field(default_factory=list)
    #: the item on the for-sale space: a good, "cider" or "potion" (ruling 12), or None
    for_sale: str | None = None
    ready: list[str] = field(default_factory=list)
    exhausted: list[str] = field(default_factory=list)
    injured: list[str] = field(default_factory=list)
    #: every building card owned, in build order, the starting house first (outposts too)
    buildings: list[str] = field(default_factory=list)
    #: card id -> the goods lying on it (good -> count)
    card_goods: dict[str, dict[str, int]] = field(default_factory=dict)
    #: won cave cards: [cave id, outpost id or None]
    caves: list[list[Any]] = field(default_factory=list)

    @property
    def villagers(self) -> list[str]:
        return [*self.ready, *self.exhausted, *self.injured]

    def owns(self, item: str) -> int:
        """How many of a good, "potion" or "cider" the player owns: supply, track and the for-sale space (ruling
        11), never goods on cards."""
        if item == "potion":
            count = self.potions
        elif item == "cider":
            count = self.cider
        else:
            count = self.goods.get(item, 0) + self.on_track(item)
        return count + (self.for_sale == item)

    def on_track(self, good: str) -> int:
        return next((n for g, n in self.track if g == good), 0)

    def add_goods(self, good: str, count: int) -> None:
        if count:
            self.goods[good] = self.goods.get(good, 0) + count

    def add_item(self, item: str) -> None:
        """One item that can go up for sale (a good, a cider or a potion) comes to the player."""
        if item == "cider":
            self.cider += 1
        elif item == "potion":
            self.potions += 1
        else:
            self.add_goods(item, 1)

    def take_item(self, item: str) -> None:
        """One item leaves the player (to the for-sale space)."""
        if item == "cider":
            self.cider -= 1
        elif item == "potion":
            self.potions -= 1
        else:
            self.take_goods(item)

    def take_goods(self, good: str, count: int = 1) -> None:
        left = self.goods.get(good, 0) - count
        if left < 0:
            raise ValueError(f"not enough {good}")
        if left:
            self.goods[good] = left
        else:
            self.goods.pop(good, None)

    def copy(self) -> Player:
        return Player(self.name, self.coins, self.reputation, self.cider, self.potions, dict(self.goods),
                      [list(s) for s in self.track], self.for_sale, list(self.ready), list(self.exhausted),
                      list(self.injured), list(self.buildings), {c: dict(g) for c, g in self.card_goods.items()},
                      [list(c) for c in self.caves])

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["goods"] = dict(sorted(self.goods.items()))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Player:
        return cls(**{**data, "track": [list(s) for s in data["track"]], "caves": [list(c) for c in data["caves"]]})


@dataclass
class Explore:
    """The explore in progress (rulings 3, 8): the cave card, the villagers on it and the encounter being read."""

    cave: str
    #: villagers on the cave card, in the order they joined
    party: list[str] = field(default_factory=list)
    #: the encounter being read (an entry, then maybe a follow-up), None before the entry die
    encounter: int | None = None
    #: the chosen choice (0-based), None until chosen
    choice: int | None = None
    #: villager -> its lantern die (only once rolled)
    dice: dict[str, int] = field(default_factory=dict)
    #: rerolls spent on this encounter
    rerolls: int = 0
    #: villagers injured for a lantern in this encounter (they left the card)
    injured: list[str] = field(default_factory=list)
    paid: bool = False
    #: the card is kept (a threshold was met)
    kept: bool = False
    #: what is left to do after the roll: "building:7", "followup:101", "penalty:2"
    steps: list[str] = field(default_factory=list)
    #: the outcome of the last resolved roll, shown once made: lanterns, threshold index or None, reward text
    outcome: Outcome | None = None
    #: the entry die
    entry_die: int | None = None
    #: villagers injured for a lantern anywhere in this explore: off the card, yet they reached any follow-up
    #: and roll for it with the villagers still on the card (so a party injured to the last still reads it)
    wounded: list[str] = field(default_factory=list)

    @property
    def readers(self) -> list[str]:
        """The villagers who roll for the encounter being read: those on the card and those injured on the way."""
        return [*self.party, *self.wounded]

    def copy(self) -> Explore:
        return Explore(self.cave, list(self.party), self.encounter, self.choice, dict(self.dice), self.rerolls,
                       list(self.injured), self.paid, self.kept, list(self.steps),
                       None if self.outcome is None else self.outcome.copy(), self.entry_die, list(self.wounded))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Explore:
        return cls(**data)


@dataclass
class TurnFlags:
    """Free actions already taken this turn (each once a turn, rulings 1, 12, 13)."""

    #: the for-sale space changed this turn (sell or unsell)
    sold: bool = False
    #: a row was swapped this turn
    swapped: bool = False
    #: [seller, price] of the highest offer each seller refused this turn (a new offer must be higher)
    refused: list[list[int]] = field(default_factory=list)

    def refused_price(self, seller: int) -> int:
        """The highest offer ``seller`` refused this turn, 0 if none."""
        return next((price for who, price in self.refused if who == seller), 0)

    def refuse(self, seller: int, price: int) -> None:
        self.refused = [pair for pair in self.refused if pair[0] != seller] + [[seller, price]]

    def copy(self) -> TurnFlags:
        return TurnFlags(self.sold, self.swapped, [list(pair) for pair in self.refused])

    def to_json(self) -> FlagsView:
        return {"sold": self.sold, "swapped": self.swapped, "refused": [list(pair) for pair in self.refused]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnFlags:
        return cls(data["sold"], data["swapped"], [list(pair) for pair in data["refused"]])
