"""Lemuria's festival scoring (ruling 8, 18), the final ranking (rulings 9, 18) and the round's turn order
(rulings 1, 4, 13): small pure functions the rules engine calls at a round's start and end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Festival:
    """One seat's festival points: for its occupied buildings, plus for each colour it leads alone."""

    #: the points for the occupied buildings
    occupied: int
    #: colour -> the bonus for holding the most occupied buildings of that colour alone
    majorities: Mapping[str, int]

    @property
    def total(self) -> int:
        return self.occupied + sum(self.majorities.values())


def festival(occupied: Sequence[Mapping[str, int]], per_building: int = 1,
             per_majority_building: int = 2) -> list[Festival]:
    """``occupied[seat]`` maps a building colour to the seat's occupied buildings of that colour (the
    building's colour counts, not its citizen's): ``per_building`` points each, and ``per_majority_building``
    more each for the one seat with the most of a colour (at least one); a tie gives that bonus to nobody."""
    colours = sorted({colour for counts in occupied for colour, n in counts.items() if n})
    leaders: dict[str, int] = {}
    for colour in colours:
        counts = [counts.get(colour, 0) for counts in occupied]
        best = max(counts)
        if best and counts.count(best) == 1:
            leaders[colour] = counts.index(best)
    return [Festival(per_building * sum(counts.values()),
                     {colour: per_majority_building * counts[colour] for colour, leader in leaders.items()
                      if leader == seat})
            for seat, counts in enumerate(occupied)]


def ranking(vp: Sequence[int], last_order: Sequence[int]) -> list[int]:
    """The seats from first to last: most VP; a tie goes to the earlier place in the last round's turn
    order (``last_order`` lists the seats from space 1)."""
    place = {seat: i for i, seat in enumerate(last_order)}
    return sorted(range(len(vp)), key=lambda seat: (-vp[seat], place[seat]))


def turn_order(vp: Sequence[int], reserved: Mapping[int, int], previous_leader: int) -> list[int]:
    """The seats in turn order, space 1 first. ``reserved`` maps a space (1-based) to the seat that
    reserved it: that seat stands there whatever its VP. The others take the lowest free spaces, the
    lowest VP first; equal VP go clockwise (up the seat numbers) from the previous leader, who comes first."""
    count = len(vp)
    if len(set(reserved.values())) != len(reserved) or any(not 1 <= space <= count for space in reserved):
        raise ValueError("a seat reserves at most one space, and only spaces 1 to the number of players")
    order: list[int | None] = [None] * count
    for space, seat in reserved.items():
        order[space - 1] = seat
    clockwise = {seat: (seat - previous_leader) % count for seat in range(count)}
    waiting = sorted((seat for seat in range(count) if seat not in reserved.values()),
                     key=lambda seat: (vp[seat], clockwise[seat]))
    free = (i for i, seat in enumerate(order) if seat is None)
    for seat in waiting:
        order[next(free)] = seat
    return [seat for seat in order if seat is not None]
