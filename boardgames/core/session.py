"""A live game: the state, its record, the log, autosave and undo.

The shell, the CLI and the tests all drive games through a Session, so saving
and undo behave the same everywhere. A new game checks at once that its saves
folder can be written, but its file is only written with the first move: a
game in which nobody moved leaves no save behind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import overload

from boardgames.core.data import DataError
from boardgames.core.engine import Action, Game, IllegalAction, OptionError, State
from boardgames.core.log import LogLine
from boardgames.core.record import (
    HINTS_OPTION,
    Record,
    RecordError,
    Seat,
    append_moves,
    hints_setting,
    keep_damaged,
    read_record,
    save_new_record,
    save_record,
    seat_line,
    seats_problem,
    split_seat_line,
)
from boardgames.core.registry import get_game
from boardgames.core.savelock import SaveInUse, SaveLock
from boardgames.core.saves import SaveStore
from boardgames.i18n import _


@dataclass(frozen=True)
class Snapshot:
    """The game just before a human's move, so undo can restore it instead of replaying the game."""

    moves: int  #: how many actions the record held then
    state: State
    finished: bool


#: snapshots kept for undo; undo never goes back past the turn, so a handful is plenty
MAX_SNAPSHOTS = 64
#: a save's journal is compacted (the file written whole) once it holds this many lines and as many as the
#: record before it: so each move costs one line plus, on average, a small share of the rewrites
JOURNAL_MIN = 64


@dataclass(frozen=True)
class Step:
    """What is remembered of each applied action, for undo and the log."""

    #: the seat that made the move (with several seats active at once, not always the one first in turn)
    seat: int
    turn: int
    revealed: bool
    #: what the action logged, one line for the table and maybe private ones for some seats
    line: LogLine

    @property
    def text(self) -> str:
        """The public log line."""
        return self.line.public


class SeatLog(Sequence[str]):
    """The log as one seat reads it, each line made when asked: a reader of a long log (the ``L`` screen)
    builds only the lines it shows."""

    def __init__(self, steps: list[Step], seat: int | None) -> None:
        self.steps = steps
        self.seat = seat

    def __len__(self) -> int:
        return len(self.steps)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self.steps[i].line.text_for(self.seat) for i in range(*index.indices(len(self.steps)))]
        return self.steps[index].line.text_for(self.seat)


class Session:
    def __init__(self, game: Game, record: Record, path: Path | None = None) -> None:
        self.game = game
        self.record = record
        #: where autosave writes; None keeps the game in memory only
        self.path = path
        #: whether ``path`` is this game's own file yet (a new game claims a free name at its first save)
        self._claimed = path is not None and path.exists()
        #: held while this process plays the save (see core/savelock.py); None for a game in memory
        self.lock: SaveLock | None = None
        #: how many moves the file holds as this session last wrote it; None: write it whole next time
        self._written: int | None = None
        #: how many of those moves are journal lines after the record
        self._journal = 0
        #: whether the game changed since its save was last written (a failed write leaves it so)
        self.dirty = False
        #: how many moves the save held when it was last written
        self._saved_moves = len(record.actions)
        self.state: State = game.new_state([s.name for s in record.seats], record.options, record.seed)
        self.state.keeps_log = True
        self.steps: list[Step] = []
        self._snapshots: list[Snapshot] = []
        #: where the damaged file this game was read from is kept (see ``load``); None when it was whole
        self.kept: Path | None = None

    # -- creating and loading -------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game,
        seats: list[Seat],
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        path: Path | None = None,
        autosave: bool = True,
        store: SaveStore | None = None,
        hints: bool = True,
    ) -> Session:
        """A new game; with ``autosave`` it is saved in ``store`` (or at ``path``) from its first move. ``hints``:
        whether a player may ask for a hint (also ``hints`` among ``options``, which never reach the game)."""
        game.check_player_count(len(seats))
        if options is not None and HINTS_OPTION in options:
            options = dict(options)
            try:
                hints = hints_setting(options.pop(HINTS_OPTION))
            except ValueError as exc:
                raise OptionError(str(exc)) from None
        problem = seats_problem(list(seats))
        if problem:
            raise OptionError(problem)
        record = Record(
            game=game.id,
            seed=seed,
            seats=list(seats),
            options=game.option_texts(options),
            rules_version=game.rules_version,
            hints=hints,
        )
        if autosave and path is None:
            if store is None:
                raise ValueError("Session.new needs a store (or a path) to save the game in")
            store.check_writable()  # SavesFolderError now rather than at the first move
            path = store.new_path(game.id)
        return cls(game, record, path)

    @classmethod
    def from_record(cls, record: Record, path: Path | None = None, partial: bool = False) -> Session:
        """Replay a record; any problem becomes a RecordError in plain words. With ``partial``, a move of the
        journal (``record.journaled``) that cannot be replayed ends the game's record instead: the session holds
        the moves before it, and its record is marked damaged."""
        try:
            game = get_game(record.game)
        except KeyError:
            raise RecordError(_("This save is for a game this version does not have ('{game}').",
                                game=record.game)) from None
        if record.rules_version != game.rules_version:
            raise RecordError(
                _("This save was made with rules version {version} of {title}; this version plays rules "
                  "version {ours} and cannot replay it.",
                  version=record.rules_version, title=_(game.title), ours=game.rules_version)
            )
        problem = seats_problem(record.seats)
        if problem:
            raise RecordError(_("This save is damaged. {problem}", problem=problem))
        try:
            game.check_player_count(len(record.seats))
            record.options = game.option_texts(record.options)
        except OptionError as exc:
            raise RecordError(_("This save is damaged: {exc}", exc=exc)) from None
        actions, record.actions = record.actions, []
        journal = len(actions) - record.journaled + 1 if partial else len(actions) + 1  # the first one cut at
        try:
            session = cls(game, record, path)
        except DataError as exc:
            raise RecordError(_("{title} cannot start because a rules table is broken: {exc}",
                                title=_(game.title), exc=exc)) from None
        except Exception:  # noqa: BLE001 - any failure of a save is a RecordError
            raise RecordError(_("This save is damaged: its game cannot be set up.")) from None
        for number, text in enumerate(actions, 1):
            try:
                seat, notation = split_seat_line(text)
                session._apply(game.parse_action(notation), seat)
            except IllegalAction as exc:
                if number >= journal:
                    return cls._up_to(record, actions, number - 1, path)
                raise RecordError(_("This save is damaged: move {number} ('{text}') is not legal here: {exc}",
                                    number=number, text=text, exc=exc)) from None
            except Exception:  # noqa: BLE001
                if number >= journal:
                    return cls._up_to(record, actions, number - 1, path)
                raise RecordError(_("This save is damaged: move {number} ('{text}') cannot be replayed.",
                                    number=number, text=text)) from None
        session._saved_moves = len(session.record.actions)
        return session

    @classmethod
    def _up_to(cls, record: Record, actions: list[str], moves: int, path: Path | None) -> Session:
        """The game of ``record`` replayed anew with the first ``moves`` of its ``actions`` (the next could not be
        replayed, and may have left the state half changed), its record marked damaged."""
        record.journaled -= len(actions) - moves
        record.actions, record.finished, record.ended = actions[:moves], False, ""
        record.hinted = [(at, seat) for at, seat in record.hinted if at <= moves]
        session = cls.from_record(record, path)
        session.record.damaged = True
        return session

    @classmethod
    def load(cls, path: Path, lock: bool = False) -> Session:
        """Read and replay a save; every RecordError names the file. A damaged save is played from its last
        good move (``record.damaged``).

        With ``lock`` (to play it, not just to look), the save is locked for this
        process first: SaveInUse if another process plays it. The file of a damaged save is then kept aside
        (``kept``) before the game's next save replaces it with the moves that could be read.
        """
        path = Path(path)
        record = read_record(path)
        held = SaveLock.acquire(path) if lock else None
        if held is not None:
            try:
                record = read_record(path)  # again, under the lock: the last holder may have saved meanwhile
            except RecordError:
                held.release()
                raise
        try:
            session = cls.from_record(record, path, partial=True)
        except RecordError as exc:
            if held is not None:
                held.release()
            raise RecordError(f"{path.name}: {exc}") from None
        session.lock = held
        if held is not None and session.record.damaged:
            session.kept = keep_damaged(path)
        return session

    def close(self) -> None:
        """Done playing here: free the save for other windows."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # -- playing --------------------------------------------------------------
    @property
    def current_seat(self) -> Seat | None:
        player = self.state.current_player
        return None if player is None else self.record.seats[player]

    @property
    def log(self) -> list[str]:
        """The public log: what an onlooker reads."""
        return [step.line.public for step in self.steps]

    def log_for(self, seat: int | None, start: int = 0) -> list[str]:
        """The log as ``seat`` reads it, its private lines in place of the public ones; None: the public log.
        From move ``start`` on (a panel that shows the latest lines need not build the whole log)."""
        steps = self.steps
        return [steps[i].line.text_for(seat) for i in range(max(0, start), len(steps))]

    def log_lines(self, seat: int | None) -> SeatLog:
        """The log as ``seat`` reads it (see :meth:`log_for`), a line made only when it is read."""
        return SeatLog(self.steps, seat)

    def since_last_turn(self, seat: int) -> int:
        """The index in the log of the first move after ``seat``'s last one (0 when it has not moved yet):
        what the others did since. The search stops at the seat's last move, so it does not grow with the game."""
        steps = self.steps
        for index in range(len(steps) - 1, -1, -1):
            if steps[index].seat == seat:
                return index + 1
        return 0

    def _apply(self, action: Action, seat: int | None = None) -> Step:
        """Apply ``action`` for ``seat`` (None: the current player) and record it; the line of a move made by
        another active seat names that seat (``@2 pass A3``)."""
        state = self.state
        if state.is_over:
            raise IllegalAction(_("The game is over."))
        current, turn, calls, reveals = state.seat_to_move, state.turn, state.rng.calls, state.reveals
        state.take_log()  # nothing left over from before may count as this action's
        try:
            if seat is None or seat == current:  # raises IllegalAction and leaves the state untouched
                state.apply(action)
            else:
                state.apply_as(seat, action)
        except IllegalAction:
            state.take_log()
            raise
        notation = str(action)
        if seat is None or seat == current:
            seat = current
        else:
            notation = seat_line(seat, notation)
        lines = state.take_log()
        line = self._silent_line(seat, action) if not lines else lines[0] if len(lines) == 1 \
            else LogLine.join(lines)
        step = Step(seat, turn, state.rng.calls != calls or state.reveals != reveals, line)
        self.steps.append(step)
        self.record.actions.append(notation)
        self.record.finished = state.is_over
        return step

    def _silent_line(self, seat: int, action: Action) -> LogLine:
        """The line of a move that emitted none (the conformance run requires a sentence of every move, so
        this is a safety net): the mover reads its notation, everyone else only that it chose, since a
        choice may be a secret (a card passed face down)."""
        name = self.record.seats[seat].name
        return LogLine(_("{name} makes a choice.", name=name),
                       {seat: _("{name} chooses: {action}.", name=name, action=action)})

    def apply(self, action: Action, seat: int | None = None) -> Step:
        """Play ``action`` for ``seat``: by default the current player, or any seat with a decision pending now
        (``state.active_players``). A seat with nothing to decide is refused with IllegalAction, changing nothing."""
        player = self.state.current_player if seat is None else seat
        acting = self.record.seats[player] if player is not None and 0 <= player < len(self.record.seats) else None
        snapshot = None
        if acting is not None and not acting.is_bot:
            snapshot = Snapshot(len(self.record.actions), self.state.clone(), self.record.finished)
        step = self._apply(action, seat)
        if self.state.is_over and not self.record.ended:  # played to its end now (a replay keeps its own time)
            self.record.ended = datetime.now(UTC).isoformat(timespec="microseconds")
        if step.revealed or not self.can_undo():
            self._snapshots.clear()  # nothing before this move can be undone any more
        elif snapshot is not None:
            self._snapshots.append(snapshot)
            del self._snapshots[:-MAX_SNAPSHOTS]
        self.dirty = True
        self.autosave()
        return step

    def apply_text(self, text: str) -> Step:
        """Play a move written as a record line: a notation for the current player, or ``@<seat> <notation>``
        for another active seat. A line naming no seat is refused with IllegalAction."""
        try:
            seat, notation = split_seat_line(text)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        return self.apply(self.game.parse_action(notation), seat)

    def can_undo(self) -> bool:
        """Undo stays inside the current player's turn and never un-reveals anything."""
        if not self.steps or self.state.is_over:
            return False
        last = self.steps[-1]
        return (
            last.seat == self.state.current_player
            and last.turn == self.state.turn
            and not last.revealed
            and not self.record.seats[last.seat].is_bot
        )

    def undo(self) -> None:
        """Take back the last move of this turn: restore its snapshot, or replay the record without it."""
        if not self.can_undo():
            raise IllegalAction(_("There is nothing to undo in this turn."))
        moves = len(self.record.actions) - 1
        while self._snapshots and self._snapshots[-1].moves > moves:
            self._snapshots.pop()
        if self._snapshots and self._snapshots[-1].moves == moves:
            snapshot = self._snapshots.pop()
            self.state = snapshot.state
            self.state.keeps_log = True  # a snapshot is a clone, quiet until it is the game again
            del self.steps[moves:]
            del self.record.actions[moves:]
            self.record.hinted = self._hinted_up_to(moves)
            self.record.finished = snapshot.finished
            self._written = None  # the file holds a move the record no longer has
            self.dirty = True
            self.autosave()
            return
        record = Record(
            game=self.record.game,
            seed=self.record.seed,
            seats=self.record.seats,
            options=self.record.options,
            rules_version=self.record.rules_version,
            actions=self.record.actions[:-1],
            created=self.record.created,
            hints=self.record.hints,
            hinted=self._hinted_up_to(moves),
        )
        replayed = Session.from_record(record, self.path)
        self.record, self.state, self.steps = replayed.record, replayed.state, replayed.steps
        self._written = None
        self.dirty = True
        self.autosave()

    def _hinted_up_to(self, moves: int) -> list[tuple[int, int]]:
        return [(at, seat) for at, seat in self.record.hinted if at <= moves]

    def note_hint(self, seat: int) -> None:
        """Keep in the record that ``seat`` asked for a hint at the decision on the board (once a decision). The
        save is written whole, as a journal holds only moves."""
        taken = (len(self.record.actions), seat)
        if taken in self.record.hinted:
            return
        self.record.hinted.append(taken)
        self._written = None
        self.dirty = True
        self.autosave()

    def save(self) -> None:
        """Write the save now (ctrl+s), even before the first move; after a move, as a journal line."""
        if self.path is None:
            return
        if not self._claimed:
            self.path = save_new_record(self.record, self.path)
            self._claimed = True
            self._saved_whole()
            try:
                self.lock = SaveLock.acquire(self.path)
            except SaveInUse:  # another window opened the brand-new file in the same instant
                self.lock = None
            return
        moves, written = len(self.record.actions), self._written
        if written is None or moves <= written or self._journal >= max(JOURNAL_MIN, written - self._journal):
            save_record(self.record, self.path)
            self._saved_whole()
            return
        self._written = None  # until the lines are safely on disk: a failed append may leave a cut line
        append_moves(self.record, self.path, written)
        self._written, self._journal = moves, self._journal + moves - written
        self._saved()

    def _saved_whole(self) -> None:
        self._written, self._journal = len(self.record.actions), 0
        self.record.damaged = False  # the file holds what could be read, whole
        self._saved()

    def _saved(self) -> None:
        self.dirty, self._saved_moves = False, len(self.record.actions)

    @property
    def unsaved_moves(self) -> int:
        """How many moves the save lacks (at least 1 while a change, such as an undo, is not written)."""
        if not self.dirty or self.path is None:
            return 0
        return max(1, len(self.record.actions) - self._saved_moves)

    def save_as(self, path: Path) -> Path:
        """Write the whole game to ``path`` (or the next free name beside it) and save there from now on.

        For when the saves folder cannot be written (full, read-only): an OSError leaves everything as it was.
        """
        new = save_new_record(self.record, path)
        old = self.lock
        self.path, self._claimed = new, True
        self._saved_whole()
        try:
            self.lock = SaveLock.acquire(new)
        except SaveInUse:
            self.lock = None
        if old is not None:
            old.release()
        return new

    def autosave(self) -> None:
        """Write the save after a move; with no move left (undone), remove it, as no save is kept then."""
        if self.path is None:
            return
        if self.record.actions:
            self.save()
        elif self._claimed:
            self.path.unlink(missing_ok=True)
            self._claimed = False
            self._written = None
            self._saved()
            self.close()
