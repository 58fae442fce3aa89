"""The hint key (``H``) of the game screen, at one keyboard and at a shared table.

A hint is thought out in a worker thread (``core.hints.find_hint`` on a copy of the position as the deciding
seat sees it), so keys keep working; it answers within about a second (:data:`HINT_SECONDS` of search, or
exactly ``iterations`` when the screen's ``hint_iterations`` is set, as tests do). A hint answers one decision
only: each ask remembers the decision it was asked at (moves made, seat) and its number, and an answer arriving
after the position changed (a move, an undo, another hint asked) is dropped. Pressing the key again on the same
decision shows the next best move. When the answer comes, the board's cursor goes to the move (``Board.point_at``:
Enter plays it) and the message line says the move, the win chance and why.

The first hint of each decision is noted in the log for everyone ("Ana asked for a hint."), never the move:
at one keyboard in the screen's log (the panel and the whole log, ``L``), at a table as a line of the table's
chat, which every terminal shows in its log.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState, active_worker

from boardgames import thinking
from boardgames.core.engine import State
from boardgames.core.hints import HINT_SECONDS, Hint
from boardgames.core.search import Search, Stopped
from boardgames.core.session import Session
from boardgames.i18n import _

if TYPE_CHECKING:
    from boardgames.tui.screens.game import GameScreen

#: the worker's name (the screens tell its events from the bots')
WORKER = "hint"


def note_text(name: str) -> str:
    """The log's line for a hint taken (never the move)."""
    return _("{name} asked for a hint.", name=name)


def keyboard_decider(session: Session, keyboard_seat: int | None) -> int | None:
    """At one keyboard: the human seat deciding now whose view is on screen (a hint is for it), or None."""
    player = session.state.current_player
    if player is None or session.record.seats[player].is_bot or player != keyboard_seat:
        return None
    return player


@dataclass
class HintAsk:
    """One hint asked of a worker: for which decision, the how-many-th best move, and what became of it."""

    number: int
    decision: tuple[int, int]
    skip: int
    worker: Worker | None = None
    cancelled: bool = False


class Hinter:
    """The screen's hints: asking, dropping stale answers, showing them, and the log's notes."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        thinking.warm_up(screen.session.game)  # the first hint (or search bot) need not wait for a process
        self.asks = 0
        self.current: HintAsk | None = None
        #: the decision the last hint was shown for, and how many were shown there (the next one is the next best)
        self.shown_for: tuple[int, int] | None = None
        self.shown = 0
        #: decisions whose hint was already noted in the log
        self.noted: set[tuple[int, int]] = set()
        self._search: Search | None = None
        #: one hint thought at a time: a dropped one may still be finishing its sentence with the same searcher
        self._lock = threading.Lock()
        #: the hint shown last (for tests and the curious)
        self.last: Hint | None = None

    # -- asking ---------------------------------------------------------------------------------------------
    def keys(self) -> list[tuple[str, str]]:
        """The key bar's hint key, while hints are allowed."""
        return [("H", _("hint"))] if self.screen.session.record.hints else []

    def decision(self) -> tuple[int, int] | None:
        """(moves made, seat) of the decision on screen that a hint may answer, or None."""
        seat = self.screen.hint_seat()
        return None if seat is None else (len(self.screen.session.record.actions), seat)

    def request(self) -> None:
        """The hint key: a hint for the seat deciding here, or a sentence why there is none."""
        screen = self.screen
        seat = screen.hint_seat()
        if seat is None:
            screen.message(_("A hint is for your own decision; wait until it is your turn."), error=True)
        elif not screen.session.record.hints:
            screen.message(_("Hints are turned off for this game."), error=True)
        else:
            self.ask(screen.state.as_seat(seat), seat, len(screen.session.record.actions), screen.note_hint)

    def ask(self, state: State, seat: int, moves: int, note: Callable[[int, int], None]) -> None:
        """A hint for ``seat``'s decision in ``state`` (the game after ``moves`` moves); ``note(moves, seat)`` puts
        the log's note where everyone reads it (once a decision)."""
        screen = self.screen
        decision = (moves, seat)
        skip = self.shown if self.shown_for == decision else 0
        self.drop()
        self.asks += 1
        ask = self.current = HintAsk(self.asks, decision, skip)
        if decision not in self.noted:
            self.noted.add(decision)
            note(moves, seat)
        iterations = screen.hint_iterations
        seconds = None if iterations is not None else HINT_SECONDS
        game = screen.session.game
        search = self._search
        if search is None or search.game is not game:
            search = self._search = Search(game, screen.session.record.seed)
        position = state.clone()
        screen.message(_("Looking for a good move..."))
        lock = self._lock

        def think() -> Hint:
            try:
                with lock:
                    if ask.cancelled:
                        raise Stopped
                    return thinking.hint(game, position, seat, iterations=iterations, seconds=seconds, seed=moves,
                                         skip=skip, search=search, stop=lambda: ask.cancelled)
            finally:
                active_worker.set(None)  # type: ignore[arg-type] # see GameScreen._ask_bot

        ask.worker = screen.run_worker(think, name=WORKER, group=WORKER, thread=True, exit_on_error=False)

    def drop(self) -> None:
        """Forget the hint being thought about (its answer will not be shown) and stop its search."""
        ask, self.current = self.current, None
        if ask is not None:
            ask.cancelled = True
            if ask.worker is not None:
                ask.worker.cancel()

    # -- answers -------------------------------------------------------------------------------------------
    def answered(self, event: Worker.StateChanged) -> None:
        """A hint worker finished: show its hint if it still answers the decision on screen."""
        event.stop()
        ask = self.current
        if ask is None or event.worker is not ask.worker:
            return  # a dropped ask
        if event.state == WorkerState.SUCCESS:
            self.current = None
            hint = event.worker.result
            if isinstance(hint, Hint) and self.decision() == ask.decision:
                self.show(ask, hint)
        elif event.state == WorkerState.ERROR:
            self.current = None
            error = event.worker.error
            if not isinstance(error, Stopped):
                self.screen.message(_("No hint could be found ({reason}).", reason=error), error=True)

    def show(self, ask: HintAsk, hint: Hint) -> None:
        screen = self.screen
        self.shown_for, self.shown = ask.decision, ask.skip + 1
        self.last = hint
        board = screen.board
        pointed = board.point_at(hint.action)
        text = hint.text()
        if pointed:
            screen.message(_("{hint} Enter plays it.", hint=text))
        else:
            screen.message(_("{hint} Press Enter to play it, or any other key to choose yourself.", hint=text))
        screen.refresh_keys()

    # -- the log at one keyboard ----------------------------------------------------------------------------
    @property
    def notes(self) -> list[tuple[int, int]]:
        """(moves made, seat) of each hint taken at this keyboard, kept in the game's record."""
        return self.screen.session.record.hinted

    def merged(self, lines: list[str], start: int, names: list[str]) -> list[str]:
        """The log's ``lines`` from move ``start`` with each hint's note after the move it followed."""
        items: list[tuple[int, int, str]] = [(start + i + 1, 0, line) for i, line in enumerate(lines)]
        items += [(moves, 1, note_text(names[seat])) for moves, seat in self.notes if moves >= start]
        items.sort(key=lambda item: (item[0], item[1]))
        return [text for _at, _order, text in items]

    def whole_log(self, lines: Sequence[str]) -> Sequence[str]:
        """The whole log (``L``) with the notes at their places."""
        if not self.notes:
            return lines
        return self.merged(list(lines), 0, [seat.name for seat in self.screen.session.record.seats])

    def notes_before(self, start: int, index: int) -> int:
        """How many notes the merged log holds before its line ``index`` counted without notes (the line of move
        ``start + index + 1``: a mark's place)."""
        return sum(1 for moves, _seat in self.notes if start <= moves <= start + index)
