"""A shared table's game on one terminal: the game screen (``GameScreen``), fed by the table's save.

The terminal plays its own seats (one, or several hot-seat with the curtain between them), answers a decision
as soon as it is pending for one of them (several seats decide at once, as in Lemuria's card pass), and shows
the others' moves the moment they are written. A seat alone at its terminal keeps its own view on screen while
the others play: nobody else sees this screen. One terminal at the table, a player's or a spectator's (the one
holding the table's ``bots.lock``), plays the bots, and the seats whose player is away past the hold when the
table says a bot takes over: so the bots move while anyone is at the table. Chat lines sit in the log, taking at
most a third of the log panel's rows; a panel too short for that (80x24) keeps its rows for the moves, and its
title shows the newest chat line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState, active_worker

from boardgames import thinking
from boardgames.core.bots import Bot, make_bot
from boardgames.core.engine import Action, IllegalAction
from boardgames.core.plaintext import plain
from boardgames.core.record import RecordError
from boardgames.core.session import Session
from boardgames.i18n import _
from boardgames.lobby import chat, tidy
from boardgames.lobby.play import SharedGame
from boardgames.lobby.store import keep_copy
from boardgames.lobby.table import TableBusy, TableError
from boardgames.tui.keygate import ALWAYS, gate_of
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.game import NO_SKIP, GameScreen
from boardgames.tui.screens.tableroom import chat_text
from boardgames.tui.tablechange import change_table
from boardgames.tui.tablelink import TableLink
from boardgames.tui.widgets.log import TAIL as LOG_TAIL

#: how often the screen looks at who is here and counts down holds
TICK = 1.0
#: chat lines take at most 1/CHAT_SHARE of the log panel's rows, and none when that is fewer than CHAT_MIN_ROWS
CHAT_SHARE = 3
CHAT_MIN_ROWS = 2


def plain_title(text: str) -> str:
    return plain(text)[:80]



def away_notes(shared: SharedGame) -> list[str]:
    """A sentence for each seat away from the table: whether a bot plays it or the table waits, and for how long."""
    spec = shared.spec
    lines: list[str] = []
    for seat in sorted(spec.away):
        name = shared.name(seat)
        left = shared.hold_left(seat)
        if left is None:
            continue
        if spec.left_for_good(seat):
            if spec.when_away == "bot":
                lines.append(_("{name} has left for good; a bot plays for them.", name=name))
            else:
                lines.append(_("{name} has left for good and the table waits: the game can no longer go on. "
                               "Any player can end the table with x in the lobby.", name=name))
        elif left > 0:
            minutes, seconds = divmod(int(left + 0.999), 60)
            if spec.when_away == "bot":
                lines.append(_("{name} is away: a bot plays for them in {m}:{s:02d} unless they return.",
                               name=name, m=minutes, s=seconds))
            else:
                lines.append(_("{name} is away ({m}:{s:02d} of the hold left); the table waits for them.",
                               name=name, m=minutes, s=seconds))
        elif spec.when_away == "bot":
            lines.append(_("{name} is away; a bot plays for them until they return.", name=name))
        else:
            lines.append(_("{name} is away and the table waits for them; any player can end the table with x "
                           "in the lobby.", name=name))
    return lines


class TableScreen(GameScreen):
    BINDINGS = [
        *GameScreen.BINDINGS,
        Binding("T", "chat", show=False),
        Binding("N", "notices", show=False),
    ]

    DEFAULT_CSS = """
    TableScreen #table-status { height: auto; padding: 0 1; color: $warning; }
    """

    def __init__(self, shared: SharedGame, link: TableLink, *, ascii: bool = False, bot_delay: float = 0.6) -> None:
        self.shared = shared
        super().__init__(shared.session, ascii=ascii, bot_delay=bot_delay)
        self.link = link
        self.chat: list[chat.ChatLine] = []
        #: the bell and the window title when a decision of this terminal comes up
        self.notices = True
        self._was_my_turn = False
        #: (seat, decided) of the decision on screen, answered by the board's next move
        self._deciding: tuple[int, int] | None = None
        self._table_bots: dict[str, Bot] = {}
        #: (seat, moves, decided) of the bot decision being thought or waiting to be played
        self._bot_job: tuple[int, int, int] | None = None
        #: the log panel's height the chat lines in it were chosen for
        self._panel_rows = 0
        self._copied = False
        self._status = ""
        #: who is away and the holds' countdown, shown only when someone is away
        self.status = Static(id="table-status")
        self.status.display = False

    # the session is the shared game's, which a move taken back elsewhere replaces
    @property  # type: ignore[override]
    def session(self) -> Session:
        return self.shared.session

    @session.setter
    def session(self, value: Session) -> None:
        pass

    def above_prompt(self) -> ComposeResult:
        yield self.status

    def review_readers(self) -> list[int] | None:
        return list(self.shared.mine)  # a review names its player's cards: one's own moves only

    def history_owners(self) -> list[str | None] | None:
        return [seat.owner for seat in self.shared.spec.seats]

    def on_mount(self) -> None:
        self.link.sit(self.shared.spec)
        self.link.listen(self.table_changed)
        self.set_interval(TICK, self.tick)
        self.chat = chat.read_chat(self.shared.table)
        super().on_mount()
        self.tick()
        self.call_after_refresh(self._lay_out_parts)

    def _lay_out_parts(self) -> None:
        """Measure the board's parts once more after the first layout: in that one, a part that reads the board's
        size while it is measured (Blue Moon City's city) got the height of 0 it had before it was drawn, and a
        screen not deciding (no focus given to a part) showed no city until the next move."""
        for part in self.board.parts:
            Widget.refresh(part, layout=True)  # Widget's: keeps the drawing, made for this width

    def on_unmount(self) -> None:
        self.link.close()
        self._set_title("boardgames")
        super().on_unmount()

    # -- following the table -------------------------------------------------------------------------------
    def table_changed(self) -> None:
        """A file of the table changed: new moves, a chat line, a seat left or came back."""
        if not self.is_live:
            return
        moved = self.shared.catch_up()
        chat_lines = chat.read_chat(self.shared.table)
        talked = len(chat_lines) != len(self.chat) or (chat_lines and self.chat and chat_lines[-1] != self.chat[-1])
        self.chat = chat_lines
        if moved:
            self.after_change()
        elif talked:
            self.show_log()
        self.show_status()

    def tick(self) -> None:
        """Who is here, the holds' countdown, the bots' turns; without inotify, the table read again too."""
        if not self.is_live:
            return
        if not self.link.live:
            self.table_changed()
        shared = self.shared
        try:
            shared.spec = shared.table.read()
            # a guest's seat whose connection ended is away for good at once (lobby/tidy.py)
            shared.spec = tidy.settle(shared.table, shared.spec) or shared.spec
            self.link.sit(shared.spec)  # a seat still held by this player's dropped terminal is taken once freed
            shared.note_presence(self.link.present(shared.spec), wait=0)
        except (TableError, OSError):
            pass  # busy or unreadable now: the next tick tries again
        self.show_status()
        if self.log_panel.size.height != self._panel_rows:
            self.show_log()  # the panel's height is known after the first layout, and changes with the window
        if not self.state.is_over:
            self.drive_bots()

    def show_status(self) -> None:
        shared = self.shared
        lines = ([shared.damage] if shared.damage else []) + away_notes(shared)
        text = "\n".join(lines)
        if text != self._status:
            self._status = text
            self.status.update(text)
            self.status.display = bool(text)

    # -- whose decision ------------------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """Whose view is on screen while no seat of this terminal decides: a seat alone at its terminal keeps
        its own; hot-seat seats and spectators see the public view."""
        mine = self.shared.mine
        return mine[0] if len(mine) == 1 else None

    def after_change(self) -> None:
        if not self.is_live:
            return
        state = self.state
        self.show_log()
        if state.is_over:
            self._deciding = None
            self.prompt_bar.set_prompt(state.prompt())
            self._keep_a_copy()
            if self._results_shown:
                self.final_board()
            else:
                self._results_shown = True
                self.call_after_refresh(self.results_first)
            return
        active = state.active_players
        mine = [seat for seat in self.shared.mine if seat in active and not self.session.record.seats[seat].is_bot]
        if mine:
            seat = self.keyboard_seat if self.keyboard_seat in mine else mine[0]
            if len(self.shared.mine) > 1 and self.session.game.has_private_info and self.keyboard_seat != seat:
                self._deciding = None
                self.board.show(state.view(None), [], None, False)
                self.prompt_bar.set_prompt(_("Pass the keyboard to {name}.", name=self.shared.name(seat)))
                if self.is_current and not self._curtain_up:
                    self._curtain_up = True
                    self.app.push_screen(CurtainScreen(self.shared.name(seat), []), self._curtain_done)
            else:
                self.decide(seat)
        else:
            self._deciding = None
            self.board.show(state.view(self.viewer), [], self.viewer, False)
            self.prompt_bar.set_prompt(self.waiting_sentence(active))
        self._turn_notice(bool(mine))
        self.refresh_keys()
        self.drive_bots()

    def decide(self, seat: int) -> None:
        """``seat``'s decision on screen, as that seat decides (several may be pending at once)."""
        mine = self.state.as_seat(seat)
        self._deciding = (seat, self.shared.decided(seat))
        self.prompt_bar.set_prompt(mine.prompt())
        self.show_decision(mine, seat)

    def waiting_sentence(self, active: tuple[int, ...]) -> str:
        names = [self.shared.name(seat) for seat in active]
        if not self.shared.mine:
            return _("Watching: {names} to play.", names=", ".join(names))
        if len(names) == 1:
            return _("Waiting for {name}.", name=names[0])
        return _("Waiting for {names}.", names=", ".join(names))

    def _curtain_done(self, ready: bool | None) -> None:
        self._curtain_up = False
        if ready:
            active = self.state.active_players
            mine = [seat for seat in self.shared.mine if seat in active]
            self.keyboard_seat = mine[0] if mine else self.keyboard_seat
            self.after_change()
        else:
            self.call_after_refresh(self.action_leave)

    def _turn_notice(self, my_turn: bool) -> None:
        """The bell and the window title when a decision of this terminal comes up (``N`` turns both off)."""
        if my_turn and not self._was_my_turn and self.notices:
            self.app.bell()
            seat = self.keyboard_seat if self.keyboard_seat is not None else self.shared.mine[0]
            self._set_title(_("{name}, your turn: {title}", name=self.shared.name(seat),
                              title=_(self.session.game.title)))
        elif not my_turn and self._was_my_turn:
            self._set_title("boardgames")
        self._was_my_turn = my_turn

    def _set_title(self, title: str) -> None:
        driver = getattr(self.app, "_driver", None)
        if driver is not None and getattr(driver, "is_headless", False) is False:
            try:
                driver.write(f"\x1b]2;{plain_title(title)}\x07")
            except Exception:  # noqa: BLE001 - a title is a nicety; never fail a move for it
                pass

    def admits_key(self, event: events.Key) -> bool:
        """Keys typed while the others play count as a burst, as keys that hurry a bot do at one keyboard: they
        never answer this terminal's next decision (tui/keygate.py). A key typed before the decision now on
        the board appeared was meant for what the screen showed then: it does nothing, and says so."""
        gate = gate_of(self.app)
        if event.key in ALWAYS:
            return True
        if self._deciding is not None and event.time < self._decision_at and event.key not in NO_SKIP \
                and event.key not in ("T", "N"):
            self.message(_("The game moved on before your key arrived, so it did nothing: look at the board "
                           "again."), error=True)
            return False
        if gate is None:
            return True
        if self._deciding is None and not self.state.is_over:
            if event.key not in NO_SKIP and event.key not in ("T", "N"):
                gate.hurry(event.time)
            return True
        return gate.admit(event.key, event.time)

    # -- moves from this terminal ----------------------------------------------------------------------------
    def _play(self, message: Any) -> None:
        deciding = self._deciding
        if deciding is None:
            return
        if message.time < self._decision_at:  # chosen on the board of a decision that is gone
            self.message(_("The game moved on before your key arrived, so it did nothing: look at the board "
                           "again."), error=True)
            return
        seat, decided = deciding

        def move() -> None:
            try:
                self.shared.submit(seat, message.action, decided, wait=0)
            except TableBusy:
                raise
            except IllegalAction as exc:
                self.message(str(exc), error=True)
                self.after_change()
                return
            except (OSError, TableError) as exc:
                self.message(_("The move could not be written at the table ({reason}); try again.", reason=exc),
                             error=True)
                self.show_status()
                return
            self.message("")
            self.after_change()

        change_table(self, move)

    def action_undo(self) -> None:
        if not self.shared.can_undo():
            self.message(_("Nothing to undo: at a table only your own last move of this turn can be taken back, "
                           "before anyone else moves."), error=True)
            return

        def undo() -> None:
            try:
                self.shared.undo(wait=0)
            except TableBusy:
                raise
            except (IllegalAction, OSError, TableError) as exc:
                self.message(str(exc), error=True)
                return
            self.message(_("Your last move was taken back."))
            self.after_change()

        change_table(self, undo)

    def action_save(self) -> None:
        self.message(_("Every move is saved at the table as it is made."))

    def action_chat(self) -> None:
        from boardgames.tui.tablechat import ask_and_send

        ask_and_send(self, self.link, self.shared.spec, len(self.session.record.actions))

    def action_notices(self) -> None:
        self.notices = not self.notices
        self.message(_("The bell and the window title will tell you when it is your turn.") if self.notices
                     else _("No bell and no window title when it is your turn."))

    def refresh_keys(self) -> None:
        keep: list[tuple[str, str]] = []
        screen: list[tuple[str, str]] = []
        if self.state.is_over:
            hints = [("Enter", _("results")), ("L", _("log")), ("T", _("chat")), ("q", _("lobby"))]
        elif self._deciding is not None:
            hints = self.board.key_hints()
            screen = [("L", _("log")), ("T", _("chat"))] + self.hinter.keys()
            if self.shared.can_undo():
                keep.append(("u", _("undo")))
            keep += [("?", _("help")), ("q", _("lobby"))]
        else:
            hints = [("T", _("chat")), ("L", _("log")), ("N", _("bell on/off")), ("?", _("help")), ("q", _("lobby"))]
        self.key_bar.set_hints(hints, keep, screen)

    def action_leave(self) -> None:
        from boardgames.tui.screens.confirm import ConfirmScreen

        if self.state.is_over or not self.shared.mine:
            self.dismiss()
            return
        spec = self.shared.spec
        if spec.when_away == "bot":
            question = _("Leave the table? Your seat is kept: after {hold:.0f} s away a bot plays it until you "
                         "come back (Tables, or Continue).", hold=self.shared.hold)
        else:
            question = _("Leave the table? Your seat is kept and the table waits for you to come back (Tables, "
                         "or Continue).")
        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss()

        self.app.push_screen(ConfirmScreen(question), answered)

    # -- hints ---------------------------------------------------------------------------------------------------
    def hint_seat(self) -> int | None:
        """The seat of this terminal whose decision is on screen (a hint is for it), or None."""
        return None if self._deciding is None or self.state.is_over else self._deciding[0]

    def note_hint(self, moves: int, seat: int) -> None:
        """Every terminal at the table reads that ``seat`` asked for a hint: a note in the table's chat."""
        me = self.link.me

        def untold(exc: Exception) -> None:
            self.message(_("The table could not be told of your hint ({reason}).", reason=exc), error=True)

        def tell() -> None:
            try:
                chat.note(self.link.table, me.id if me is not None else f"seat:{seat}", self.shared.name(seat),
                          "hint", moves, wait=0)
            except TableBusy:
                raise
            except (OSError, TableError) as exc:
                untold(exc)
                return
            self.table_changed()

        change_table(self, tell, untold)

    # -- the log with the chat -----------------------------------------------------------------------------
    def log_with_chat(self, start: int, chat_lines: list[chat.ChatLine]) -> list[str]:
        """The log from move ``start`` as this terminal's reader reads it, each of ``chat_lines`` after the move it
        followed."""
        reader = self._deciding[0] if self._deciding is not None else self.viewer
        lines = self.session.log_for(reader, start)
        merged: list[tuple[int, int, str]] = [(start + i + 1, 0, line) for i, line in enumerate(lines)]
        merged += [(line.moves, 1, chat_text(line)) for line in chat_lines if line.moves >= start]
        merged.sort(key=lambda item: (item[0], item[1]))
        return [text for _at, _order, text in merged]

    def panel_chat(self) -> list[chat.ChatLine]:
        """The newest chat lines that fit in the log panel's share for chat (none in a short panel), so no flood
        of chat pushes the moves out of it."""
        room = self.log_panel.size.height // CHAT_SHARE
        if room < CHAT_MIN_ROWS:
            return []
        chosen: list[chat.ChatLine] = []
        for line in reversed(self.chat):
            room -= self.log_panel.rows_of(chat_text(line))
            if room < 0:
                break
            chosen.append(line)
        return chosen[::-1]

    def show_log(self) -> None:
        start = max(0, len(self.session.steps) - LOG_TAIL)
        self._panel_rows = self.log_panel.size.height
        in_panel = self.panel_chat()
        self.log_panel.set_lines(self.log_with_chat(start, in_panel)[-LOG_TAIL:], None)
        newest = self.chat[-1] if self.chat else None
        title = _("Log") if newest is None or newest in in_panel else \
            _("Log (the newest chat line: {line})", line=chat_text(newest))
        found = self.query("#log-title")
        if found:
            found.first(Static).update(Text(title), layout=False)

    # -- bots, and seats a bot plays while their player is away ---------------------------------------------
    @property
    def bot_busy(self) -> bool:
        return False  # at a table nobody hurries the bots: they move at their own pace for everyone

    def schedule_bot(self, pause: bool = True) -> None:
        self.drive_bots()

    def drive_bots(self) -> None:
        if not self.is_live or self.state.is_over or self._bot_job is not None or not self.link.drive():
            return
        shared, state = self.shared, self.state
        for seat in state.active_players:
            if shared.session.record.seats[seat].is_bot or (shared.played_by_bot(seat) and seat not in
                                                           self.link.present(shared.spec)):
                self._think(seat)
                return

    def _think(self, seat: int) -> None:
        shared = self.shared
        record_seat = shared.session.record.seats[seat]
        kind = record_seat.bot_kind if record_seat.is_bot else "greedy"
        bot = self._table_bots.get(kind)
        if bot is None:
            try:
                bot = self._table_bots[kind] = make_bot(kind, shared.session.game, shared.session.record.seed)
            except ValueError as exc:
                self.message(str(exc), error=True)
                return
        moves = len(shared.session.record.actions)
        decided = shared.decided(seat)
        state = self.state
        view = state.as_seat(seat).clone()
        self._bot_job = (seat, moves, decided)
        lock = self._bot_lock

        def think() -> tuple[int, int, int, Action]:
            try:
                with lock:
                    return seat, moves, decided, thinking.choose(bot, view, moves)
            finally:
                active_worker.set(None)  # type: ignore[arg-type]

        self.run_worker(think, name="table-bot", group="table-bot", thread=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "table-bot":
            return
        event.stop()
        if event.state == WorkerState.SUCCESS and event.worker.result is not None:
            seat, moves, decided, action = event.worker.result
            if self.bot_delay > 0:
                self.set_timer(self.bot_delay, lambda: self._bot_play(seat, moves, decided, action))
            else:
                self.call_later(self._bot_play, seat, moves, decided, action)
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self._bot_job = None
            if event.state == WorkerState.ERROR:
                self._bot_failed(event.worker.error)

    def _bot_play(self, seat: int, moves: int, decided: int, action: Action) -> None:
        if not self.is_live:
            self._bot_job = None
            return
        self.shared.catch_up()
        if len(self.session.record.actions) != moves:
            self._bot_job = None  # the table moved on meanwhile
            self.after_change()
            return

        def move() -> None:
            try:
                self.shared.submit(seat, action, decided, as_bot=True, wait=0)  # refused if the seat moved since
            except TableBusy:
                raise
            except IllegalAction:
                pass  # the table moved on meanwhile (the seat's player came back, another terminal played it)
            except (OSError, TableError) as exc:
                self.message(_("A bot's move could not be written at the table ({reason}).", reason=exc),
                             error=True)
            self._bot_job = None
            self.after_change()

        def busy(_exc: TableBusy) -> None:
            self._bot_job = None  # the next tick thinks again

        change_table(self, move, busy)

    # -- the end ---------------------------------------------------------------------------------------------
    def _keep_a_copy(self) -> None:
        """Each player keeps the finished game in their own list of saves (to replay it)."""
        if self._copied or not self.shared.mine:
            return
        self._copied = True
        try:
            keep_copy(self.shared.table, self.shared.me, self.app.store)
        except (OSError, RecordError):
            self.message(_("The finished game could not be copied to your saves; it stays at the table."),
                         error=True)

    def final_board(self) -> None:
        self.board.show(self.state.view(self.viewer), [], self.viewer, False)
        self._turn_notice(False)
        self.refresh_keys()

    def full_log_lines(self) -> Sequence[str]:
        """The whole log as this terminal's reader reads it, with the chat at its places."""
        return self.log_with_chat(0, self.chat)
