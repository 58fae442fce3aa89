"""The lobby's housekeeping, so tables nobody can use do not stay for ever (each terminal that shows the lobby or
a table runs it; every change is made under the table's lock, from what its file holds then):

- a table not started is removed once its maker can never come back (a served guest whose connection ended),
  or once nobody has been in its room for :data:`WAITING_KEEP` seconds since its last change; a seat of a guest
  gone for good is freed;
- at a table under way, a seat of a guest gone for good is away for good at once (the table's setting for a
  seat away past the hold applies: a bot plays it, or the table waits and its players may end it); a table
  with no player left who can come back is removed;
- a finished table is removed once every player who can come back has its game in their saves (``copied/``),
  or :data:`FINISHED_KEEP` seconds after its end;
- a folder without a table file (a removal that raced a terminal) is removed after :data:`HUSK_AGE` seconds.
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from boardgames.lobby import guests, presence
from boardgames.lobby.table import FOR_GOOD, Table, TableError, TableSeat, TableSpec, remove_folder

if TYPE_CHECKING:
    from boardgames.lobby.store import Listing

WAITING_KEEP = 30 * 60.0
FINISHED_KEEP = 7 * 86_400.0
HUSK_AGE = 60.0


def copy_mark(table: Table, player_id: str) -> Path:
    """The mark that ``player_id`` has the finished game of ``table`` in their saves."""
    return table.folder / "copied" / hashlib.sha256(player_id.encode("utf-8")).hexdigest()[:32]


def _settled(table: Table, spec: TableSpec, changed: float, now: float) -> TableSpec | None:
    """What the rules above make of ``spec`` (None: the table goes); ``spec`` itself when nothing changes."""
    lobby_folder = table.folder.parent
    gone = {seat for seat, info in enumerate(spec.seats)
            if info.owner is not None and guests.gone(lobby_folder, info.owner)}
    if not spec.started:
        if guests.gone(lobby_folder, spec.creator):
            return None
        if now - changed > WAITING_KEEP and not any(presence.is_held(table.seat_lock_path(seat))
                                                    for seat in range(len(spec.seats))):
            return None
        if gone:
            return replace(spec, seats=tuple(TableSeat() if seat in gone else info
                                             for seat, info in enumerate(spec.seats)))
        return spec
    owners = {info.owner for seat, info in enumerate(spec.seats) if info.owner is not None and seat not in gone}
    if spec.finished:
        if now - changed > FINISHED_KEEP or not any(not copy_mark(table, owner).exists() for owner in owners):
            return None
        return spec
    if not owners:
        return None
    if all(spec.away.get(seat) == FOR_GOOD for seat in gone):
        return spec
    return replace(spec, away={**spec.away, **dict.fromkeys(gone, FOR_GOOD)})


def settle(table: Table, spec: TableSpec, changed: float | None = None, now: float | None = None) -> TableSpec | None:
    """Apply the lobby's rules to one table, whose file held ``spec`` and last changed at ``changed`` (None: just
    now, as for a table on screen): the table as it is now, or None once it is removed. The table's lock is never
    waited for (its screens call this on their event loop): while another terminal holds it, ``spec`` is left as
    it is for the next look."""
    now = time.time() if now is None else now
    changed = now if changed is None else changed
    if _settled(table, spec, changed, now) == spec:
        return spec  # the usual case: nothing to do, and no lock taken
    try:
        with table.locked(wait=0):
            current = table.read()
            after = _settled(table, current, changed, now)
            if after is None:
                remove_folder(table.folder)
            elif after != current:
                table.write(after)
            return after
    except (TableError, OSError):
        return spec


def tidy(listings: list[Listing], now: float | None = None) -> bool:
    """Run :func:`settle` over the lobby's tables and remove the folders without a table file left long
    enough; whether any table changed or went. Guests' marks gone stale are removed on the way."""
    now = time.time() if now is None else now
    changed = False
    for listing in listings:
        table = listing.table
        if listing.spec is None:
            if not os.path.lexists(table.spec_path) and now - listing.mtime > HUSK_AGE:
                remove_folder(table.folder)
                changed = True
            continue
        changed |= settle(table, listing.spec, listing.mtime, now) != listing.spec
    if listings:
        guests.sweep(listings[0].table.folder.parent, now)
    return changed
