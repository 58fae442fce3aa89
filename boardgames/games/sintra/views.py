"""What ``SintraState.view(seat)`` returns: every key is always there (Sintra hides nothing from a seat)."""

from __future__ import annotations

from typing import TypedDict


class StripView(TypedDict):
    """A strip still on the palace: the colour ids of its face-up side, its other side and its glass."""

    pattern: list[str]
    other_side: list[str]
    filled: list[str | None]


class PlayerView(TypedDict):
    name: str
    score: int
    glazier: int
    track: int
    track_value: int
    lost_to_broken_glass: int
    #: None where the strip was removed (its window is complete)
    strips: list[StripView | None]
    windows: list[list[str | None]]
    can_reset: bool
    #: what the side's end-of-game bonus would give now, and side B's best colour
    end_bonus: int
    end_bonus_colour: str | None


class HeldView(TypedDict):
    """The glass taken and waiting to be placed; per strip, how many pieces fit and in which spaces."""

    colour: str
    count: int
    fits: list[int]
    spaces: list[list[int]]


class SintraView(TypedDict):
    game: str
    seat: int | None
    side: str
    window_values: list[int]
    round: int
    rounds: int
    round_colour: str | None
    indicator: list[str]
    factories: list[dict[str, int]]
    centre: dict[str, int]
    marker_in_centre: bool
    first_player: int
    bag: int
    tower: int
    broken_track: list[int]
    current: int | None
    phase: str
    #: only while placing, the glass waiting to be placed
    held: HeldView | None
    #: only while keeping, the pieces of the completed strip and its number
    keep: list[str] | None
    keep_strip: int | None
    players: list[PlayerView]
    prompt: str
