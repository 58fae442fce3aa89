"""A table's game as one terminal plays it: the Session replayed from the table's save and kept up to date
with the moves the other terminals write, and this terminal's moves written under the table's lock after the
latest ones are read, so two seats never answer one decision and the record stays valid however moves race.

Every terminal reads the save's journal the same way (core/journal.py): up to its first bad line. A save
damaged there says so on every screen (``damage``), and the next move is written after its last good line
once a copy of the damaged save is kept. A write that fails undoes itself: nothing half written stays for the
next line to follow.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace

from boardgames.core.engine import Action, IllegalAction
from boardgames.core.journal import read_journal
from boardgames.core.record import (
    RecordError,
    SaveRead,
    append_moves,
    keep_damaged,
    read_part,
    read_save,
    save_record,
)
from boardgames.core.session import Session
from boardgames.i18n import _
from boardgames.lobby.table import LOCK_WAIT, Player, Table, TableError, TableSpec

#: the most bytes of new journal lines read at once (the rest is read at the next look)
MAX_READ = 1_000_000


def table_damage(moves: int) -> str:
    """What every screen at a table says while its save can be read only up to move ``moves``."""
    if moves == 0:
        return _("This table's save is damaged before its first move: none of its moves can be read. The next "
                 "move starts the game again; a copy of the damaged save is kept.")
    return _("This table's save is damaged after move {count}: the rest cannot be read. The next move goes on "
             "from there; a copy of the damaged save is kept.", count=moves)


def _stamp(info: os.stat_result) -> tuple[int, int]:
    return info.st_size, info.st_mtime_ns


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
        #: the save's file (inode, device), where its good lines end (read so far), and its (size, time of
        #: change) then: only what was added since is read
        self._file: tuple[int, int] | None = None
        self._offset = 0
        self._seen: tuple[int, int] | None = None
        #: whether the save could be read at the last look, and whether the next move's line may be written at
        #: ``_offset`` (else the save is written whole)
        self._readable = True
        self._appendable = False
        #: what every screen at the table shows while its save is damaged or unreadable ("" while it is whole)
        self.damage = ""
        self.session = self._load()

    def _load(self) -> Session:
        try:
            read = read_save(self.table.game_path)
            session = Session.from_record(read.record, partial=True)
        except RecordError as exc:
            raise TableError(_("This table's game cannot be read: {exc}", exc=exc)) from None
        self._took(read, session.record.damaged, len(session.record.actions))
        return session

    def _took(self, read: SaveRead, damaged: bool, moves: int) -> None:
        """Remember how far a whole reading of the save went, and whether it was damaged after ``moves``."""
        self._file, self._offset, self._seen = (read.info.st_ino, read.info.st_dev), read.end, _stamp(read.info)
        self._readable, self._appendable = True, read.appendable and not damaged
        self.damage = table_damage(moves) if damaged else ""

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
        """Read the moves written since the last look and apply them; whether anything changed (the damage
        sentence included). Moves are read from where the last reading stopped while the save only grows; a
        save written anew (a move taken back), or found damaged, is read whole, and replayed whole when it no
        longer extends ours. With ``strict``, a save that is gone or cannot be read is a TableError."""
        path = self.table.game_path
        try:
            info = os.stat(path)
        except OSError:
            if strict:
                raise TableError(_("This table's save is gone; the game cannot go on here.")) from None
            return False
        same = (info.st_ino, info.st_dev) == self._file
        if same and _stamp(info) == self._seen:
            if strict and not self._readable:
                raise TableError(self.damage)
            return False
        if same and self._readable and not self.damage and info.st_size > self._offset:
            lines = self._read_from(self._offset)
            if lines is not None:
                return self._apply_lines(lines, strict)
        return self._read_whole(strict)

    def _read_from(self, start: int) -> list[str] | None:
        """The moves of the journal lines from offset ``start`` to the end (None: read the save whole instead,
        which says what is wrong in the same words for every terminal)."""
        moves: list[str] = []
        while True:
            try:
                data, info = read_part(self.table.game_path, start, MAX_READ)
            except RecordError:
                return None
            if (info.st_ino, info.st_dev) != self._file:
                return None
            journal = read_journal(data, self.moves + len(moves))
            if journal.bad:
                return None
            moves += journal.actions
            start += journal.end
            if len(data) < MAX_READ:
                break
        self._offset, self._seen = start, _stamp(info)
        return moves

    def _apply_lines(self, lines: list[str], strict: bool) -> bool:
        for text in lines:
            try:
                self.session.apply_text(text)
            except IllegalAction:  # the writer checked it, so the save was damaged: read it whole, as all do
                self._file = None
                return self._read_whole(strict)
        return bool(lines)

    def _read_whole(self, strict: bool) -> bool:
        before = self.damage
        try:
            read = read_save(self.table.game_path)
            changed = self._replay(read)
        except RecordError as exc:
            self.damage = _("This table's save cannot be read, so no move can be added: {exc}", exc=exc)
            try:
                info = os.stat(self.table.game_path)
                self._file, self._seen = (info.st_ino, info.st_dev), _stamp(info)
            except OSError:
                self._file = None
            self._readable = self._appendable = False
            if strict:
                raise TableError(self.damage) from None
            return self.damage != before
        return changed or self.damage != before

    def _replay(self, read: SaveRead) -> bool:
        """Take the save as ``read``: its new moves applied to ours while it extends them, else replayed anew up
        to its first bad move; whether the game changed."""
        have, record = list(self.session.record.actions), read.record
        if record.actions[:len(have)] == have:
            try:
                for text in record.actions[len(have):]:
                    self.session.apply_text(text)
            except IllegalAction:
                pass  # replayed anew below, up to the bad move
            else:
                self._took(read, record.damaged, self.moves)
                return len(record.actions) > len(have)
        self.session = Session.from_record(record, partial=True)
        self._took(read, self.session.record.damaged, self.moves)
        return True

    # -- this terminal's moves ----------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, decided: int | None = None, as_bot: bool = False,
               wait: float = LOCK_WAIT) -> None:
        """Play ``action`` for ``seat``, which this terminal must play (or drive as a bot, ``as_bot``).

        ``decided`` is :meth:`decided` of the seat when its decision was shown: if the seat has moved since
        (another terminal of the same player, or the bot that held the seat), the move is refused with a
        sentence and nothing changes. ``wait``: how long to wait for another terminal's change (TableBusy
        after it; a screen passes 0 and tries again later, never waiting on its event loop).
        """
        if as_bot:
            if not (self.session.record.seats[seat].is_bot or self.played_by_bot(seat)):
                raise IllegalAction(_("{name} is not played by a bot now.", name=self.name(seat)))
        elif seat not in self.mine:
            if not self.mine:
                raise IllegalAction(_("You are watching this table; spectators cannot play."))
            raise IllegalAction(_("You do not play {name}'s seat.", name=self.name(seat)))
        with self.table.locked(wait):
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
            self._write(before)
            if self.session.state.is_over:
                self._finished()

    def _write(self, before: int | None) -> None:
        """Write the moves after the first ``before`` (None: the save whole) and remember the file as written. A
        damaged save is written whole, once a copy of it is kept; on failure, the game is read back from the
        file, which a failed append leaves as it was."""
        path, record = self.table.game_path, self.session.record
        try:
            if before is not None and self._appendable:
                append_moves(record, path, before, at=self._offset)
            else:
                if self.damage and keep_damaged(path) is None:
                    raise OSError(_("a copy of the damaged save could not be kept"))
                save_record(record, path)
                record.damaged = False
            info = os.stat(path)
        except OSError:
            self.session = self._load()
            raise
        self._file, self._offset, self._seen = (info.st_ino, info.st_dev), info.st_size, _stamp(info)
        self._readable = self._appendable = True
        self.damage = ""

    def can_undo(self) -> bool:
        """Undo at a table: only this terminal's own last move, within its turn, nothing revealed since, and
        no other seat has acted after it."""
        steps = self.session.steps
        return bool(steps) and steps[-1].seat in self.mine and self.session.can_undo()

    def undo(self, wait: float = LOCK_WAIT) -> None:
        with self.table.locked(wait):
            self.catch_up(strict=True)
            if not self.can_undo():
                raise IllegalAction(_("There is nothing of yours to take back now."))
            self.session.undo()
            self._write(None)

    def _finished(self) -> None:
        spec = self.table.read()
        if not spec.finished:
            spec = replace(spec, finished=True)
            self.table.write(spec)
        self.spec = spec

    # -- who is here ----------------------------------------------------------------------------------------
    def note_presence(self, present: frozenset[int], now: float | None = None, wait: float = LOCK_WAIT) -> TableSpec:
        """Record when each player who left was first seen gone (the hold counts from then), and forget it for
        those who are back (TableBusy when the table's lock is held past ``wait``)."""
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
            spec = self.table.change(update, wait)
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
