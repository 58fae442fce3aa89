"""Step through a saved game one action at a time, with the game's own board."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from boardgames.core.engine import Game, IllegalAction, State
from boardgames.core.record import Record, RecordError, read_record
from boardgames.core.session import Session
from boardgames.tui.asciimode import asciify
from boardgames.tui.board import Board, board_for
from boardgames.tui.i18n import _
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import KeyBar, LogPanel, PromptBar


class Replay:
    """Every state of a record, from the set-up to its last action (or to the first refused one)."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.states: list[State] = []
        self.lines: list[str] = []
        self.error = ""
        head = replace(record, actions=[], options=dict(record.options))
        session = Session.from_record(head)  # checks the header; raises RecordError in plain words
        self.game: Game = session.game
        self.states.append(session.state.clone())
        for number, text in enumerate(record.actions, 1):
            try:
                session.apply_text(text)  # a record line: a move out of the hot-seat order names its seat
            except IllegalAction as exc:
                self.error = _("The replay stops at move {n} ('{move}'), which the rules refuse: {reason}",
                               n=number, move=text, reason=exc)
                break
            except Exception:  # noqa: BLE001 - a damaged save must not crash the replay
                self.error = _("The replay stops at move {n} ('{move}'), which cannot be replayed.",
                               n=number, move=text)
                break
            self.states.append(session.state.clone())
        self.lines = session.log

    @property
    def moves(self) -> int:
        return len(self.states) - 1


class ReplayScreen(BaseScreen):
    """Left/right (h/l) one action, Home/End to the ends, q to leave."""

    BINDINGS = [
        Binding("left,h", "step(-1)", show=False),
        Binding("right,l,space", "step(1)", show=False),
        Binding("pageup", "step(-10)", show=False),
        Binding("pagedown", "step(10)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("q,escape", "leave", show=False),
        Binding("question_mark", "help", show=False),
        Binding("L", "full_log", show=False),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-main { height: 1fr; }
    ReplayScreen #replay-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    ReplayScreen #log-title { height: 1; color: $text-muted; padding: 0 1; }
    ReplayScreen LogPanel { padding: 0 1; }
    """

    #: how often a watched save is read again, in seconds
    FOLLOW_EVERY = 1.0

    def __init__(self, record: Record, *, ascii: bool = False, standalone: bool = False,
                 follow: Path | None = None) -> None:
        super().__init__()
        self.record = record
        #: a save played in another window: read it again now and then and show its new moves
        self.follow = follow
        self.ascii = ascii
        self.standalone = standalone
        self.position = 0
        self.replay: Replay | None = None
        self.problem = ""
        try:
            self.replay = Replay(record)
        except RecordError as exc:
            self.problem = str(exc)
        self.board: Board | None = board_for(self.replay.game, ascii=ascii) if self.replay else None
        self.log_panel = LogPanel([seat.name for seat in record.seats], ascii=ascii, id="log")
        self.prompt_bar = PromptBar(ascii=ascii, id="prompt")

    def compose(self) -> ComposeResult:
        title = self.replay.game.title if self.replay else self.record.game
        names = ", ".join(seat.name for seat in self.record.seats)
        if self.follow is not None:
            heading = _("Watching: {title} ({names}), played in another window", title=title, names=names)
        else:
            heading = _("Replay: {title} ({names})", title=title, names=names)
        yield Static(Text(asciify(heading) if self.ascii else heading), id="replay-title")  # names are not markup
        with Vertical(id="replay-main"):
            if self.board is not None:
                yield self.board
            yield Static(_("Log"), id="log-title")
            yield self.log_panel
        yield self.prompt_bar
        bar = KeyBar(id="keys")
        lr = _("Left/Right") if self.ascii else "←→"
        bar.set_hints([(lr, _("one move")), ("Home", _("start")), ("End", _("end")), ("PgUp/PgDn", _("10 moves")),
                       ("L", _("log"))], keep=[("q", _("leave"))])
        yield bar

    def on_mount(self) -> None:
        if self.replay is None:
            self.prompt_bar.set_prompt(_("This game cannot be replayed."))
            self.prompt_bar.set_message(self.problem, error=True)
            return
        self.position = self.replay.moves if self.follow is not None else 0
        self.redraw()
        if self.follow is not None:
            self.set_interval(self.FOLLOW_EVERY, self.catch_up)

    def catch_up(self) -> None:
        """Show the moves made since the save was last read (staying at the end if the view was there)."""
        follow, shown = self.follow, self.replay
        if follow is None or shown is None:  # only a watched save that could be replayed is followed
            return
        try:
            record = read_record(follow)
            if len(record.actions) <= shown.moves:
                return
            replay = Replay(record)
        except RecordError:
            return  # between writes, or gone: keep what is on screen
        at_end = self.position == shown.moves
        self.record, self.replay = record, replay
        if at_end:
            self.position = replay.moves
        self.redraw()

    def redraw(self) -> None:
        replay = self.replay
        if replay is None or self.board is None:
            return
        state = replay.states[self.position]
        self.board.show(state.view(None), [], None, False)
        self.log_panel.set_lines(replay.lines[: self.position])
        if self.position == 0:
            status = _("Set-up, before the first move ({total} moves in all).", total=replay.moves)
        else:
            status = _("Move {n} of {total}: {move}", n=self.position, total=replay.moves,
                       move=replay.lines[self.position - 1])
        self.prompt_bar.set_prompt(status)
        if replay.error and self.position == replay.moves:
            self.prompt_bar.set_message(replay.error, error=True)
        elif state.is_over:
            self.prompt_bar.set_message(_("The game is over."))
        else:
            self.prompt_bar.set_message(state.prompt())

    def action_step(self, delta: int) -> None:
        if self.replay is None:
            return
        self.position = min(max(self.position + delta, 0), self.replay.moves)
        self.redraw()

    def action_jump(self, where: int) -> None:
        if self.replay is None:
            return
        self.position = self.replay.moves if where < 0 else 0
        self.redraw()

    def action_help(self) -> None:
        if self.replay is None:
            return
        from boardgames.tui.screens.help import HelpScreen

        notes = self.board.HELP_NOTES if self.board is not None else ""
        self.app.push_screen(HelpScreen(self.replay.game, [], notes))

    def action_full_log(self) -> None:
        """The whole log up to the move on screen, to scroll through."""
        if self.replay is None:
            return
        from boardgames.tui.screens.fulllog import FullLogScreen

        names = [seat.name for seat in self.record.seats]
        self.app.push_screen(FullLogScreen(self.replay.game.title, names, self.replay.lines[: self.position],
                                           ascii=self.ascii))

    def action_leave(self) -> None:
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss()
