"""Whose a seat's games are when the games are served: a player plays under the server's identity alone.

At one's own terminal every seat counts under its name (whoever sits at the keyboard types the names). Over SSH a
name is the server's identity, so nobody can play under another's: a human seat counts for the logged-in player
who owns it if it is their only seat or bears their name; any other human seat (a friend at the same keyboard)
counts under ``seat:<the keyboard's identity>/<name>``, which no leaderboard shows (so two players' friends of one
name are two players).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core.record import Seat

#: the identities the server gives (a user with a key or password, a name with a passphrase, a guest)
SERVED = ("user:", "name:", "guest:")


def identity_name(identity: str) -> str:
    return identity.partition(":")[2]


def served_identities(seats: Sequence[Seat], player_id: str | None, player_name: str = "",
                      owners: Sequence[str | None] | None = None) -> dict[int, str]:
    """The key of every human seat of a served game (seat -> key); {} at a local terminal (``player_id`` None or
    not the server's). ``owners``: each seat's owner at a shared table; without them the player owns every seat."""
    if player_id is None or not player_id.startswith(SERVED):
        return {}
    owned = [owners[n] if owners is not None else player_id for n in range(len(seats))]
    keys = {}
    for number, seat in enumerate(seats):
        if seat.is_bot:
            continue
        owner = owned[number]
        folded = seat.name.strip().casefold()
        if owner is not None and owner.startswith(SERVED):
            theirs = [n for n, o in enumerate(owned) if o == owner and not seats[n].is_bot]
            names = {identity_name(owner).casefold(), player_name.casefold() if owner == player_id else ""}
            if len(theirs) == 1 or folded in names:
                keys[number] = owner
                continue
        keys[number] = f"seat:{owner or player_id}/{folded}"
    return keys
