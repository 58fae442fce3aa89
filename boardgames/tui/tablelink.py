"""What ties a screen to a table's folder: the seats it holds (so the others see who is here), a spectator's
mark, and being told at once when a file of the table changes (inotify, else a timer's reading)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from boardgames.lobby import presence
from boardgames.lobby.table import Player, Table, TableSpec
from boardgames.lobby.wake import FolderWatch


class TableLink:
    def __init__(self, table: Table, me: Player | None, watching: bool = False) -> None:
        self.table = table
        self.me = me
        self.watching = watching
        self.held: dict[int, presence.Held] = {}
        self.mark: presence.Held | None = None
        #: the table's ``bots.lock``, held while this terminal plays the table's bots
        self.driving: presence.Held | None = None
        self.watch: FolderWatch | None = None

    @property
    def live(self) -> bool:
        """Whether changes are told at once (otherwise the screen reads the table on a timer)."""
        return self.watch is not None and self.watch.fd is not None

    def sit(self, spec: TableSpec) -> list[int]:
        """Hold this player's seats (those not held by another terminal); the seats held."""
        if self.watching or self.me is None:
            if self.mark is None:
                self.mark = presence.watch(self.table.folder / "watch")
            return []
        for seat in spec.seats_of(self.me.id):
            if seat not in self.held:
                held = presence.hold(self.table.seat_lock_path(seat))
                if held is not None:
                    self.held[seat] = held
        return sorted(self.held)

    def drive(self) -> bool:
        """Whether this terminal plays the table's bots: one terminal at a time, a player's or a spectator's,
        whichever holds the table's bots lock (taken here when nobody holds it)."""
        if self.driving is None:
            with contextlib.suppress(OSError):  # the table was removed meanwhile
                self.driving = presence.hold(self.table.folder / "bots.lock")
        return self.driving is not None

    def present(self, spec: TableSpec) -> frozenset[int]:
        """The seats whose player is at the table now (this terminal's included)."""
        return frozenset(seat for seat in range(len(spec.seats))
                         if seat in self.held or presence.is_held(self.table.seat_lock_path(seat)))

    def listen(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` (on the event loop) whenever a file of the table changes."""
        if self.watch is None:
            self.watch = FolderWatch([self.table.folder, self.table.folder / "seats"])
        self.watch.listen(changed)

    def close(self) -> None:
        if self.watch is not None:
            self.watch.close()
            self.watch = None
        for held in self.held.values():
            held.release()
        self.held.clear()
        for mark in (self.mark, self.driving):
            if mark is not None:
                mark.release()
        self.mark = self.driving = None
