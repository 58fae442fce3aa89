"""The game screen host, shared by every game.

It owns the Session: it asks the game's board (see boardgames.tui.board) to draw
``state.view(seat)`` of the seat at the keyboard, applies the actions the board
submits, plays the bots with a skippable pause (each decision is thought out in a
worker thread on a copy of the state, so keys keep working), and shows the log (what
it shows, and to whom: ``gamelog``), the prompt, the last message and the keys that
work now. Help, undo, save, the hand-off curtain, leaving and the game-over screen
live here so every game gets them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker, WorkerState, active_worker

from boardgames import thinking
from boardgames.core.bots import Bot, kind_name, make_bot
from boardgames.core.engine import Action, IllegalAction, State
from boardgames.core.journal import damage_sentence
from boardgames.core.record import RecordError
from boardgames.core.session import Session
from boardgames.i18n import _
from boardgames.tui.board import Board, board_for
from boardgames.tui.helplog import game_help, game_log, make_ahead, open_help, open_log
from boardgames.tui.hinting import WORKER as HINT_WORKER
from boardgames.tui.hinting import Hinter, keyboard_decider
from boardgames.tui.keygate import ALWAYS, gate_of
from boardgames.tui.screens import gamelog
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.screens.curtain import CURTAIN_KEY, CurtainScreen, needs_curtain
from boardgames.tui.screens.unsaved import UnsavedScreen, os_reason, unsaved_sentence
from boardgames.tui.startentry import StartMoves
from boardgames.tui.widgets import KeyBar, LogPanel, PromptBar
from boardgames.tui.widgets.moves import MoveList

#: keys that keep their meaning while a bot is about to move (every other key skips the pause); the curtain's
#: key is not a hurrying key either
NO_SKIP = {"question_mark", "L", "q", "escape", "S", "ctrl+s", "ctrl+q", "ctrl+c", "ctrl+p", "u", CURTAIN_KEY}


@dataclass
class BotRequest:
    """One bot decision asked of a worker thread, and what became of it.

    ``number`` is the screen's request count when it was asked and ``moves`` the
    session's move count: an answer is applied only while both still match, so an
    answer to a position left behind (undo, leaving, a resumed game) is dropped.
    """

    number: int
    moves: int
    worker: Worker | None = None
    answer: Action | None = None
    done: bool = False


def damage_notice(session: Session) -> str:
    """What a game read from a damaged save says as it opens: up to where it could be read, and where the damaged
    file is kept ("" for a whole save, and for a game saved elsewhere, such as a table's)."""
    if not session.record.damaged or session.path is None:
        return ""
    damage = damage_sentence(len(session.record.actions))
    if session.kept is None:
        return _("{damage} The game goes on from there, but the damaged file could not be kept.", damage=damage)
    return _("{damage} The game goes on from there; the damaged file is kept as {file}.", damage=damage,
             file=session.kept.name)


class GameScreen(BaseScreen):
    BINDINGS = [
        Binding("question_mark", "help", show=False),
        Binding("L", "full_log", show=False),
        Binding("u", "undo", show=False),
        Binding("S,ctrl+s", "save", show=False),  # S too: a browser keeps ctrl+s for itself
        Binding("q,escape", "leave", show=False),
        Binding("enter", "results", show=False),
        Binding("H", "hint", show=False),
    ]

    #: a hint's budget: None thinks about 0.7 s; a number, exactly that many iterations (tests)
    hint_iterations: int | None = None

    def __init__(self, session: Session, *, ascii: bool = False, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.ascii = ascii
        self.bot_delay = bot_delay
        self.board: Board = board_for(session.game, ascii=ascii)
        self.log_panel = LogPanel([seat.name for seat in session.record.seats], ascii=ascii, id="log")
        self.prompt_bar = PromptBar(ascii=ascii, id="prompt")
        self.key_bar = KeyBar(id="keys", most_lines=2)
        #: the human seat whose view is on screen (None before the first human turn)
        self.keyboard_seat: int | None = None
        self._bots: dict[str, Bot] = {}
        self._bot_timer: Timer | None = None  # the pause before a bot's move is shown
        self._bot_request: BotRequest | None = None  # the decision a worker thread is thinking about, or has found
        self._bot_requests = 0
        self._bot_hurry: tuple[int, int] | None = None  # (player, turn): a key skipped the pauses of this bot turn
        self._bot_lock = threading.Lock()  # one thought at a time: a dropped one may still be finishing
        self._results_shown = False
        self._curtain_up = False
        self._bot_note = False  # the prompt bar shows the bot-wait note
        #: the human decision on screen (moves made, seat) and when it appeared: a move the board chose
        #: before then answered the previous decision and is dropped
        self._decision: tuple[int, int] | None = None
        self._decision_at = 0.0
        self.hinter = Hinter(self)

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="game-main"):
            with Vertical(id="board-column"):
                yield self.board
            with Vertical(id="log-column"):
                yield Static(_("Log"), id="log-title")
                yield self.log_panel
        yield from self.above_prompt()
        yield self.prompt_bar
        yield self.key_bar

    def above_prompt(self) -> ComposeResult:
        """Rows a kind of game screen adds between the log and the prompt (a shared table says who is away)."""
        yield from ()

    def on_mount(self) -> None:
        self.board.focus()
        self._apply_layout()
        self.after_change()
        make_ahead(self, lambda: game_help(self), lambda: game_log(self))
        notice = damage_notice(self.session)
        if notice:
            self.message(notice, error=True)

    def on_unmount(self) -> None:
        self.app.kept.forget_owner(self)
        self.cancel_bot()  # a bot still thinking answers nobody
        self.hinter.drop()
        self.session.close()  # the save is free for another window once this screen is gone

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._apply_layout()
        self.board.refresh(layout=True)
        # once more when the board has its new size: a board measures itself by its current size, so
        # the first layout after a resize can keep the old height and push the log off the screen
        self.call_after_refresh(self.board.refresh, layout=True)

    def _apply_layout(self) -> None:
        """Put the log beside the board when the terminal is wide enough for both (and the board wants it)."""
        width = self.app.size.width
        self.set_class(width >= 150 and self.board.LOG_BESIDE, "wide")

    # -- the loop --------------------------------------------------------------
    @property
    def state(self):  # noqa: ANN201 - the game's State subclass
        return self.session.state

    def after_change(self) -> None:
        """Redraw everything from the session and start what comes next (bot, curtain, results)."""
        if not self.is_live:
            return  # left meanwhile (a curtain's answer or a worker arriving after the screen closed)
        session, state = self.session, self.session.state
        self.show_log()
        self.prompt_bar.set_prompt(state.prompt())
        if state.is_over:
            if self._results_shown:
                self.final_board()
            else:
                self._results_shown = True
                self.call_after_refresh(self.results_first)
            return
        player = state.seat_to_move
        seat = session.record.seats[player]
        if seat.is_bot:
            watcher = self.watching_seat()
            self.board.show(state.view(watcher), [], watcher, False)
            if not self.prompt_bar.error:
                self.message(_("{name} ({kind} bot) moves in a moment; any key skips the wait.",
                               name=seat.name, kind=kind_name(seat.bot_kind)))
                self._bot_note = True
            self.schedule_bot()
        elif needs_curtain(session.game.has_private_info, session.record.seats, self.keyboard_seat, player):
            self.board.show(state.view(None), [], None, False)
            if self.is_current and not self._curtain_up:
                self._curtain_up = True
                self.app.push_screen(CurtainScreen(seat.name, gamelog.curtain_summary(session, player)),
                                     self._curtain_done)
        else:
            if self._bot_note:  # the wait is over: the note must not linger into a human's turn
                self.message("")
                self._bot_note = False
            self.show_decision(state, player)
        self.refresh_keys()

    def show_decision(self, state: State, player: int) -> None:
        """Put ``player``'s decision on the board: ``state`` is the game as that seat decides in it."""
        self.keyboard_seat = player
        self._decision_shown((len(self.session.record.actions), player))
        legal = state.legal_actions()
        self.board.labels = [state.label(action) for action in legal]
        self.board.explain = getattr(state, "refusal", None)
        if any(isinstance(part, MoveList) for part in self.board.parts):  # where its list of moves may start
            self.board.start_moves = StartMoves(state, legal)
        self.board.show(state.view(player), legal, player, True)

    def _decision_shown(self, decision: tuple[int, int]) -> None:
        if decision != self._decision:
            self._decision, self._decision_at = decision, _time.get_time()
            self.hinter.drop()  # a hint thought for the previous decision answers nobody
            gate = gate_of(self.app)
            if gate is not None:
                gate.decision_shown()

    def admits_key(self, event: events.Key) -> bool:
        """Called by the app before a key reaches this screen: a key during a bot's turn hurries it (and
        starts or continues a burst); at a human decision a key of that burst is dropped (tui/keygate.py)."""
        gate = gate_of(self.app)
        if gate is None or event.key in ALWAYS:
            return True
        if self.bot_busy:
            if event.key not in NO_SKIP:
                gate.hurry(event.time)
            return True
        return gate.admit(event.key, event.time)

    def watching_seat(self) -> int | None:
        """The seat whose view may stay on screen while no human decides here (see ``gamelog.watching_seat``)."""
        return gamelog.watching_seat(self.session, self.keyboard_seat)

    def show_log(self) -> None:
        gamelog.show_log(self.session, self.keyboard_seat, self.log_panel, self.query_one("#log-title", Static),
                         self.hinter)

    def _curtain_done(self, ready: bool | None) -> None:
        self._curtain_up = False
        if ready:
            self.keyboard_seat = self.state.current_player
            self.after_change()
        else:
            self.call_after_refresh(self.action_leave)  # once the curtain is gone

    def on_screen_resume(self) -> None:
        self.board.focus()
        if self.state.is_over:
            return
        if self.session.current_seat is not None and self.session.current_seat.is_bot:
            self.schedule_bot()
        elif not self._curtain_up and needs_curtain(self.session.game.has_private_info, self.session.record.seats,
                                                    self.keyboard_seat, self.state.current_player):
            self.after_change()

    def refresh_keys(self) -> None:
        hints: list[tuple[str, str]] = []
        keep: list[tuple[str, str]] = []
        screen: list[tuple[str, str]] = []
        if self.state.is_over:
            hints = [("Enter", _("results")), ("L", _("log")), ("?", _("help")), ("q", _("menu"))]
        elif self.bot_busy:
            hints = [(_("any key"), _("skip the pause")), ("L", _("log")), ("?", _("help")), ("q", _("menu"))]
        else:
            hints = self.board.key_hints()
            screen = [("L", _("log"))] + self.hinter.keys()
            if self.session.can_undo():
                keep.append(("u", _("undo")))
            keep += [("?", _("help")), ("q", _("menu")), ("S", _("save"))]
        self.key_bar.set_hints(hints, keep, screen)

    def message(self, text: str, error: bool = False) -> None:
        self.prompt_bar.set_message(text, error)

    # -- bots ----------------------------------------------------------------
    @property
    def bot_busy(self) -> bool:
        """A bot's move is on its way: pausing, thinking, or waiting to be shown."""
        return self._bot_timer is not None or self._bot_request is not None

    def schedule_bot(self, pause: bool = True) -> None:
        """Start the current bot thinking (in a worker thread) and the pause before its move is shown."""
        if not self.is_current or self.state.is_over:
            return
        seat = self.session.current_seat
        if seat is None or not seat.is_bot:
            return
        request = self._bot_request
        if request is not None and request.moves != len(self.session.record.actions):
            self.cancel_bot()  # asked about a position the game has left
        if self._bot_request is None:
            self._ask_bot(seat.bot_kind)
            if self._bot_request is None:
                return
        if pause and self._bot_timer is None:
            delay = self.bot_delay
            steps = self.session.steps
            if self._bot_hurry == (self.state.current_player, self.state.turn):
                delay = 0.0  # a key skipped the pause: the rest of this bot turn goes without one
            elif steps and steps[-1].seat == self.state.current_player and steps[-1].turn == self.state.turn:
                delay /= 2  # a later decision of the same bot turn
            if delay > 0:
                self._bot_timer = self.set_timer(delay, self.bot_move)
        self.refresh_keys()
        self._bot_show()

    def _ask_bot(self, kind: str) -> None:
        """Have a worker thread find the bot's decision on a copy of the state (the live one stays here)."""
        bot = self._bots.get(kind)
        if bot is None:
            try:
                bot = self._bots[kind] = make_bot(kind, self.session.game, self.session.record.seed)
            except ValueError as exc:
                self.message(str(exc), error=True)
                return
        self._bot_requests += 1
        moves = len(self.session.record.actions)
        request = self._bot_request = BotRequest(self._bot_requests, moves)
        state = self.state.clone()
        lock = self._bot_lock

        def think() -> Action:
            try:
                with lock:
                    return thinking.choose(bot, state, moves)
            finally:
                # Textual leaves the worker in the pool thread's context, which lives as long as the thread:
                # the worker (and through it this screen and its whole game) would outlive leaving the game
                active_worker.set(None)  # type: ignore[arg-type] # Textual's ContextVar is declared without None

        request.worker = self.run_worker(think, name="bot", group="bot", thread=True, exit_on_error=False)

    def cancel_bot(self) -> None:
        """Stop the pause and drop the decision being thought about: its answer will not be applied."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        request, self._bot_request = self._bot_request, None
        self._bot_hurry = None
        if request is not None and request.worker is not None:
            request.worker.cancel()  # a thread cannot be stopped: its answer is simply dropped

    def bot_move(self, whole_turn: bool = False) -> None:
        """The pause is over: show the bot's decision as soon as it is found (with ``whole_turn``, its whole turn)."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if whole_turn:
            self._bot_hurry = (self.state.current_player, self.state.turn)
        if self._bot_request is None:
            self.schedule_bot(pause=False)
        else:
            self._bot_show()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == HINT_WORKER:
            self.hinter.answered(event)  # and stops the event
            return
        request = self._bot_request
        if request is None or event.worker is not request.worker:
            return  # a dropped request
        event.stop()
        if event.state == WorkerState.SUCCESS:
            request.answer, request.done = event.worker.result, True
            self._bot_show()
        elif event.state == WorkerState.ERROR:
            self._bot_request = None
            self._bot_failed(event.worker.error)

    def _bot_show(self) -> None:
        """Apply the bot's answer once it is found, the pause is over and this screen is on top."""
        request = self._bot_request
        if request is None or not request.done or self._bot_timer is not None or not self.is_current:
            return
        self._bot_request = None
        if request.number != self._bot_requests or request.moves != len(self.session.record.actions):
            return  # the game moved on meanwhile
        if self._bot_hurry is not None and self._bot_hurry != (self.state.current_player, self.state.turn):
            self._bot_hurry = None
        if self._bot_apply(request.answer):
            self.after_change()

    def _bot_apply(self, action: Action | None) -> bool:
        seat = self.session.current_seat
        if seat is None or not seat.is_bot or action is None:
            return False
        try:
            self.session.apply(action)
        except IllegalAction as exc:  # a bot bug must not crash the game
            self.message(_("The bot {name} made a move the rules refuse: {reason}", name=seat.name, reason=exc),
                         error=True)
            return False
        except OSError as exc:
            self.save_failed(exc)
        except Exception as exc:  # noqa: BLE001 - a rules bug: say so instead of a traceback
            self._bot_failed(exc)
            return False
        return True

    def _bot_failed(self, exc: BaseException | None) -> None:
        seat = self.session.current_seat
        name = seat.name if seat is not None else "?"
        self.message(_("Something went wrong in the rules while {name} moved ({reason}). The save holds every "
                       "move before it: leave and continue the game to go on.", name=name, reason=exc), error=True)
        self.refresh_keys()

    def on_key(self, event: events.Key) -> None:
        """Any key (but the few that keep their meaning) skips a bot's pause, for the rest of its turn."""
        if self.bot_busy and event.key not in NO_SKIP:
            event.stop()
            event.prevent_default()
            self.bot_move(whole_turn=True)

    # -- messages from the board ---------------------------------------------
    def on_board_submit(self, message: Board.Submit) -> None:
        message.stop()
        try:
            self._play(message)
        finally:
            self.board.settle()  # a move not shown: the board redraws what the key changed

    def _play(self, message: Board.Submit) -> None:
        seat = self.session.current_seat
        if seat is None or seat.is_bot or self.state.current_player != self.keyboard_seat:
            return
        if message.time < self._decision_at:
            return  # chosen on the previous decision's board by a key typed before this one appeared
        try:
            self.session.apply(message.action)
        except IllegalAction as exc:
            self.message(str(exc), error=True)
            return
        except OSError as exc:
            self.save_failed(exc)
        except Exception as exc:  # noqa: BLE001 - a rules bug: say so instead of a traceback
            self.message(_("Something went wrong in the rules ({reason}). The save holds every move before this "
                           "one: leave and continue the game to go on.", reason=exc), error=True)
            return
        else:
            self.message("")
        self.after_change()

    def on_board_notice(self, message: Board.Notice) -> None:
        message.stop()
        self.message(message.text, message.error)

    def on_board_hints_changed(self, message: Board.HintsChanged) -> None:
        message.stop()
        self.refresh_keys()

    # -- actions ---------------------------------------------------------------
    def action_help(self) -> None:
        open_help(self, game_help(self))

    def action_full_log(self) -> None:
        open_log(self, game_log(self))

    def full_log_lines(self) -> Sequence[str]:
        """The whole log as the reader at this keyboard reads it (a table's with the chat at its places)."""
        return self.hinter.whole_log(self.session.log_lines(gamelog.log_seat(self.session, self.keyboard_seat)))

    # -- hints -----------------------------------------------------------------------------------------------
    def hint_seat(self) -> int | None:
        """The human seat deciding at this keyboard now (a hint is for it), or None."""
        return None if self._curtain_up or self.bot_busy else keyboard_decider(self.session, self.keyboard_seat)

    def action_hint(self) -> None:
        self.hinter.request()

    def note_hint(self, moves: int, seat: int) -> None:
        """Note in the log, for everyone at this keyboard, that ``seat`` asked for a hint."""
        self.session.note_hint(seat)
        self.show_log()

    def action_undo(self) -> None:
        if self.state.is_over:
            self.message(_("The game is over; moves can no longer be taken back."), error=True)
            return
        if not self.session.can_undo():
            steps = self.session.steps
            last = steps[-1] if steps else None
            if last is not None and last.revealed and (last.seat, last.turn) == (self.state.current_player,
                                                                                  self.state.turn):
                self.message(_("Your last move showed something new (a card drawn, dice rolled, a tile from the "
                               "bag), so it cannot be taken back."), error=True)
            else:
                self.message(_("Nothing to undo: only moves of your current turn can be taken back."),
                             error=True)
            return
        try:
            self.session.undo()
        except (IllegalAction, RecordError) as exc:
            self.message(str(exc), error=True)
            return
        self.cancel_bot()
        self.message(_("Your last move was taken back."))
        self.after_change()

    def action_save(self) -> None:
        if self.session.path is None:
            self.message(_("This game is not being saved to a file."), error=True)
            return
        try:
            self.session.save()
        except OSError as exc:
            self.save_failed(exc)
            return
        if self.session.path.parent == self.app.store.folder:
            self.message(_("The game is saved as {name} in the saves folder. It also saves itself after every "
                           "move.", name=self.session.path.name))
        else:
            self.message(_("The game is saved as {file}. It also saves itself there after every move.",
                           file=str(self.session.path)))

    def save_failed(self, exc: OSError) -> None:
        """Say truthfully that the save failed and how much of the game it lacks."""
        self.message(_("The game could not be saved ({reason}). {unsaved} Press S to try again; leaving offers "
                       "another folder.", reason=os_reason(exc), unsaved=unsaved_sentence(self.session)), error=True)

    def action_leave(self) -> None:
        from boardgames.tui.screens.confirm import ConfirmScreen

        def answered(leave: bool | None) -> None:
            if leave:
                self.cancel_bot()
                self.app.to_menu()

        if self.session.unsaved_moves:  # never leave saying it is saved when it is not
            self.app.push_screen(UnsavedScreen(self.session), answered)
            return
        if self.state.is_over:
            self.app.to_menu()
            return
        if self.session.path is not None and not self.session.record.actions and not self.session.path.exists():
            question = _("Leave this game for the menu? No move was made yet, so no save is kept.")
        elif self.session.path is not None:
            question = _("Leave this game for the menu? It is saved and can be continued from the menu.")
        else:
            question = _("Leave this game for the menu? It is not saved to a file and will be lost.")
        self.app.push_screen(ConfirmScreen(question), answered)

    def action_results(self) -> None:
        if self.state.is_over:
            self.show_results()

    def show_results(self) -> None:
        from boardgames.tui.screens.gameover import show_results

        show_results(self)

    def results_first(self) -> None:
        """The game has just ended: its results, then the final board drawn under them once they are on screen."""
        self.show_results()
        self.call_after_refresh(self.final_board)

    def final_board(self) -> None:
        watcher = self.watching_seat()
        self.board.show(self.state.view(watcher), [], watcher, False)
        self.refresh_keys()

    def review_readers(self) -> list[int] | None:
        """The seats a review may show here (None: every seat, as at one keyboard; a table gives its player's)."""
        return None

    def history_owners(self) -> list[str | None] | None:
        """Who owns each seat, for the history over SSH (None: this terminal's player owns every human seat)."""
        return None
