"""A table's game as one terminal plays it: the Session replayed from the table's save and kept up to date
with the moves the other terminals write, and this terminal's moves written under the table's lock after the
latest ones are read, so two seats never answer one decision and the record stays valid however moves race."""

from __future__ import annotations

import json
import os
import time
from dataclasses import replace

from boardgames.core.engine import Action, IllegalAction
from boardgames.core.record import RecordError, append_moves, read_record, save_record
from boardgames.core.session import Session
from boardgames.i18n import _
from boardgames.lobby.table import Player, Table, TableError, TableSpec

#: the most bytes of new journal lines read at once (more: the save is read whole)
MAX_READ = 1_000_000


class SharedGame:
    """The game of a started table, for the player ``me`` (who may hold no seat: a spectator)."""

    def __init__(self, table: Table, spec: TableSpec, me: Player, watching: bool = False,
                 hold: float | None = None) -> None:
        self.table = table
        #: seconds a dropped seat is held: the server's (or this machine's) setting, else the table's own
        self.hold = spec.hold if hold is None else hold
        self.spec = spec
        self.me = me
        #: at the table without playing (a spectator, or a player looking on from another terminal)
        self.watching = watching
        #: the save's file (inode, device) and how far it has been read, to read only what was added since
        self._file: tuple[int, int] | None = None
        self._offset = 0
        self.session = self._load()

    def _load(self) -> Session:
        try:
            return Session.from_record(read_record(self.table.game_path))
        except RecordError as exc:
            raise TableError(_("This table's game cannot be read: {exc}", exc=exc)) from None

    @property
    def mine(self) -> list[int]:
        """The seats this terminal plays (none for a spectator)."""
        return [] if self.watching else self.spec.seats_of(self.me.id)

    @property
    def moves(self) -> int:
        return len(self.session.record.actions)

    def name(self, seat: int) -> str:
        return self.session.record.seats[seat].name

    def decided(self, seat: int) -> int:
        """How many moves ``seat`` has made: a decision shown at one count is stale once it changes."""
        return sum(1 for step in self.session.steps if step.seat == seat)

    # -- following the others -----------------------------------------------------------------------------
    def catch_up(self, strict: bool = False) -> bool:
        """Read the moves written since the last look and apply them; whether anything changed. Moves are read
        from where the last reading stopped while the save only grew; a save written anew (a move taken back)
        is read whole, and replayed whole when it no longer extends ours."""
        path = self.table.game_path
        try:
            info = os.stat(path)
        except OSError:
            if strict:
                raise TableError(_("This table's save is gone; the game cannot go on here.")) from None
            return False
        if (info.st_ino, info.st_dev) == self._file and info.st_size >= self._offset:
            if info.st_size == self._offset:
                return False
            lines = self._read_from(self._offset, info.st_size)
            if lines is not None:
                return self._apply_lines(lines)
        try:
            record = read_record(path)
        except RecordError as exc:
            if strict:
                raise TableError(_("This table's save cannot be read, so no move can be added: {exc}",
                                   exc=exc)) from None
            return False  # damaged: keep what we have on screen
        self._file, self._offset = (info.st_ino, info.st_dev), info.st_size
        have = self.session.record.actions
        if record.actions[:len(have)] != have:
            try:
                self.session = Session.from_record(record)
            except RecordError:
                return False
            return True
        return self._apply_lines(record.actions[len(have):])

    def _read_from(self, start: int, end: int) -> list[str] | None:
        """The moves of the journal lines between two offsets (None: read the save whole instead)."""
        try:
            with open(self.table.game_path, "rb") as handle:
                handle.seek(start)
                data = handle.read(min(end - start, MAX_READ))
        except OSError:
            return None
        complete = data[:data.rfind(b"\n") + 1]
        known = len(self.session.record.actions)
        moves: list[str] = []
        for raw in complete.split(b"\n"):
            try:
                entry = json.loads(raw)
            except ValueError:
                continue  # an empty line, or the tail of one read before
            if not isinstance(entry, dict) or not isinstance(entry.get("move"), int) \
                    or not isinstance(entry.get("action"), str):
                return None
            if entry["move"] <= known + len(moves):
                continue  # read already (it was written while the save was read whole)
            if entry["move"] != known + len(moves) + 1:
                return None
            moves.append(entry["action"])
        self._offset = start + len(complete)
        return moves

    def _apply_lines(self, lines: list[str]) -> bool:
        for text in lines:
            try:
                self.session.apply_text(text)
            except IllegalAction:
                self.session = self._load()  # should not happen: the writer checked it; start afresh
                self._file = None
                return True
        return bool(lines)

    # -- this terminal's moves ----------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, decided: int | None = None, as_bot: bool = False) -> None:
        """Play ``action`` for ``seat``, which this terminal must play (or drive as a bot, ``as_bot``).

        ``decided`` is :meth:`decided` of the seat when its decision was shown: if the seat has moved since
        (another terminal of the same player, or the bot that held the seat), the move is refused with a
        sentence and nothing changes.
        """
        if as_bot:
            if not (self.session.record.seats[seat].is_bot or self.played_by_bot(seat)):
                raise IllegalAction(_("{name} is not played by a bot now.", name=self.name(seat)))
        elif seat not in self.mine:
            if not self.mine:
                raise IllegalAction(_("You are watching this table; spectators cannot play."))
            raise IllegalAction(_("You do not play {name}'s seat.", name=self.name(seat)))
        with self.table.locked():
            self.catch_up(strict=True)
            state = self.session.state
            if state.is_over:
                raise IllegalAction(_("The game is over."))
            name = self.name(seat)
            if decided is not None and self.decided(seat) != decided:
                raise IllegalAction(_("{name} already chose.", name=name))
            if seat not in state.active_players:
                raise IllegalAction(_("It is not {name}'s turn.", name=name))
            before = self.moves
            self.session.apply(action, seat=seat)
            try:
                append_moves(self.session.record, self.table.game_path, before)
            except OSError:
                self.session = self._load()
                raise
            if self.session.state.is_over:
                self._finished()

    def can_undo(self) -> bool:
        """Undo at a table: only this terminal's own last move, within its turn, nothing revealed since, and
        no other seat has acted after it."""
        steps = self.session.steps
        return bool(steps) and steps[-1].seat in self.mine and self.session.can_undo()

    def undo(self) -> None:
        with self.table.locked():
            self.catch_up(strict=True)
            if not self.can_undo():
                raise IllegalAction(_("There is nothing of yours to take back now."))
            self.session.undo()
            save_record(self.session.record, self.table.game_path)

    def _finished(self) -> None:
        spec = self.table.read()
        if not spec.finished:
            spec = replace(spec, finished=True)
            self.table.write(spec)
        self.spec = spec

    # -- who is here ----------------------------------------------------------------------------------------
    def note_presence(self, present: frozenset[int], now: float | None = None) -> TableSpec:
        """Record when each player who left was first seen gone (the hold counts from then), and forget it for
        those who are back."""
        now = time.time() if now is None else now

        def update(spec: TableSpec) -> TableSpec:
            away = dict(spec.away)
            for seat, info in enumerate(spec.seats):
                if info.owner is None:
                    continue
                if seat in present:
                    away.pop(seat, None)
                elif seat not in away:
                    away[seat] = now
            return spec if away == spec.away else replace(spec, away=away)

        spec = self.spec
        owners = [seat for seat, info in enumerate(spec.seats) if info.owner is not None]
        expected = {seat for seat in owners if seat not in present}
        if set(spec.away) != expected:
            spec = self.table.change(update)
        self.spec = spec
        return spec

    def played_by_bot(self, seat: int, now: float | None = None) -> bool:
        """Whether a greedy bot plays ``seat`` now: its player has been away longer than the hold and the
        table's setting says so."""
        since = self.spec.away.get(seat)
        if since is None or self.spec.when_away != "bot":
            return False
        return (time.time() if now is None else now) - since >= self.hold

    def hold_left(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left before the hold of an away seat ends (0 once it has), None when the seat is not away."""
        since = self.spec.away.get(seat)
        if since is None:
            return None
        return max(0.0, since + self.hold - (time.time() if now is None else now))
