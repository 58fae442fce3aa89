"""The shapes of what ``LemuriaState.view(seat)`` shows a seat (pinned by the golden view tests)."""

from __future__ import annotations

from typing import TypedDict

from boardgames.games.lemuria.altar import AltarJson
from boardgames.games.lemuria.pieces import FlagsJson


class PlayerView(TypedDict):
    name: str
    vp: int
    resources: dict[str, int]
    #: matter in the supply, by kind
    matter: dict[str, int]
    markers: int
    #: [building id, the citizen housed in it or None], in the order they were built
    buildings: list[list[str | None]]
    #: the number of the Impact card used, or None
    impact: int | None
    hand_size: int
    #: the citizen cards in hand, to their owner only (everyone once the game is over)
    hand: list[str] | None
    #: the card chosen to pass left, to its owner only
    passing: str | None
    has_passed: bool


class LemuriaView(TypedDict):
    seat: int | None
    current: int | None
    round: int
    months: int
    festivals: list[int]
    players: list[PlayerView]
    order: list[int]
    turn_index: int
    leader: int
    altar: AltarJson
    #: by section, the resource each matter kind (vegetable, mineral) becomes there now
    yields: list[list[str]]
    trend: list[str | None]
    areas: dict[str, list[int]]
    #: turn-order space (as text) -> the seat holding it for next month
    reserved: dict[str, int]
    political: list[int]
    impact_left: list[int]
    building_deck: int
    citizen_deck: int
    citizen_discard: int
    flags: FlagsJson
    phase: str
    prompt: str
