"""What a Lemuria player holds, and what the turn being played has unlocked (modifiers end with the turn)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, TypedDict


@dataclass
class Owned:
    """A building in front of a player, and the citizen housed in it (None: empty)."""

    building: str
    citizen: str | None = None


@dataclass
class Player:
    name: str
    resources: dict[str, int]
    #: matter in the player's supply, by kind
    matter: dict[str, int]
    markers: int
    vp: int = 0
    hand: list[str] = field(default_factory=list)
    buildings: list[Owned] = field(default_factory=list)
    #: the Impact card used (its number), once per game
    impact: int | None = None
    #: where the VP came from, for the final breakdown
    sources: dict[str, int] = field(default_factory=dict)

    def gain_vp(self, amount: int, source: str) -> None:
        self.vp += amount
        self.sources[source] = self.sources.get(source, 0) + amount

    def pay(self, cost: dict[str, int]) -> None:
        for resource, n in cost.items():
            if self.resources.get(resource, 0) < n:
                raise ValueError(f"not enough {resource}")
        for resource, n in cost.items():
            self.resources[resource] -= n

    def gain(self, gains: dict[str, int]) -> None:
        for resource, n in gains.items():
            self.resources[resource] = self.resources.get(resource, 0) + n

    def copy(self) -> Player:
        return Player(self.name, dict(self.resources), dict(self.matter), self.markers, self.vp, list(self.hand),
                      [Owned(o.building, o.citizen) for o in self.buildings], self.impact, dict(self.sources))

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["buildings"] = [[o.building, o.citizen] for o in self.buildings]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Player:
        data = dict(data)
        data["buildings"] = [Owned(b, c) for b, c in data["buildings"]]
        return cls(**data)


class FlagsJson(TypedDict):
    planted_or_harvested: bool
    built: bool
    extra_builds: int
    extra_plants: int
    free_harvests: int
    free_citizens: int
    free_buys: int
    #: [resources off, whether the build keeps its trend bonus] for each pending discount
    discounts: list[list[int | bool]]
    trend_bonus: int | None


@dataclass
class TurnFlags:
    """The turn in progress: what is done, and what citizens and Impact cards have unlocked for it."""

    planted_or_harvested: bool = False
    built: bool = False
    extra_builds: int = 0
    extra_plants: int = 0
    free_harvests: int = 0
    free_citizens: int = 0
    free_buys: int = 0
    #: discounts waiting for the next build: (resources off, whether the build still gains its trend bonus)
    discounts: list[tuple[int, bool]] = field(default_factory=list)
    #: a trend bonus every position gives this turn (Golden Trend), else None
    trend_bonus: int | None = None

    def copy(self) -> TurnFlags:
        flags = TurnFlags.__new__(TurnFlags)  # a shallow copy: asdict's deep walk cost a tenth of a search bot's
        flags.__dict__.update(self.__dict__)  # time, and copy.copy's protocol a fifth of a clone
        flags.discounts = list(self.discounts)
        return flags

    def to_json(self) -> FlagsJson:
        return {"planted_or_harvested": self.planted_or_harvested, "built": self.built,
                "extra_builds": self.extra_builds, "extra_plants": self.extra_plants,
                "free_harvests": self.free_harvests, "free_citizens": self.free_citizens,
                "free_buys": self.free_buys, "discounts": [list(d) for d in self.discounts],
                "trend_bonus": self.trend_bonus}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnFlags:
        return cls(**{**data, "discounts": [tuple(d) for d in data["discounts"]]})
