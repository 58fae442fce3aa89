"""Step through a saved game one action at a time, with the game's own board.

With a review of the game (core/review.py) the screen opens on the review: a chart of each player's win chance
over the game with the move on screen marked, what the move on screen cost, the players' counts by grade and
their costliest moves; ``c`` switches between it and the board (whose prompt bar then carries the move's
verdict), ``n``/``p`` go to the next or previous reviewed move, ``m`` to each of the costliest in turn.
"""

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
from boardgames.core.review import Review
from boardgames.core.session import Session
from boardgames.i18n import N_, _, p_
from boardgames.tui.asciimode import asciify
from boardgames.tui.board import Board, board_for
from boardgames.tui.helplog import HelpParts, LogParts, make_ahead, open_help, open_log
from boardgames.tui.reviewtext import costliest_sentence, counts_sentence, move_sentence, percent
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import KeyBar, LogPanel, PromptBar
from boardgames.tui.widgets.winchart import WinChart


class Replay:
    """Every state of a record, from the set-up to its last action (or to the first refused one)."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.states: list[State] = []
        self.lines: list[str] = []
        #: the seat that made each move
        self.movers: list[int] = []
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
        self.movers = [step.seat for step in session.steps]

    @property
    def moves(self) -> int:
        return len(self.states) - 1


#: the keys of a replay with a review, for its help
REVIEW_KEYS = [
    ("n / p", N_("Go to the next or the previous move the review judged.")),
    ("m", N_("Go to the costliest moves, one after another (each player's three that lost the most win chance).")),
    ("c", N_("Switch between the chart of each player's win chance and the board.")),
    (N_("Left / Right"), N_("One move back or on; Home and End go to the set-up and the last move.")),
]


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
        Binding("c", "switch_view", show=False),
        Binding("n", "reviewed(1)", show=False),
        Binding("p", "reviewed(-1)", show=False),
        Binding("m", "costly", show=False),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-main { height: 1fr; }
    ReplayScreen #replay-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    ReplayScreen #log-title { height: 1; color: $text-muted; padding: 0 1; }
    ReplayScreen LogPanel { padding: 0 1; }
    ReplayScreen #review-pane { height: 1fr; padding: 0 1; }
    ReplayScreen WinChart { height: 1fr; min-height: 6; }
    ReplayScreen #review-move { height: auto; max-height: 6; margin-top: 1; }
    ReplayScreen #review-summary { height: auto; max-height: 5; color: $text-muted; }
    """

    #: how often a watched save is read again, in seconds
    FOLLOW_EVERY = 1.0

    def __init__(self, record: Record, *, ascii: bool = False, standalone: bool = False,
                 follow: Path | None = None, review: Review | None = None) -> None:
        super().__init__()
        self.record = record
        #: the review of the game, shown move by move (None: a plain replay)
        self.review = review
        #: with a review: whether the chart is on screen (else the board)
        self.charting = review is not None
        self.chart = (WinChart(review.chances, review.names, ascii=ascii, id="chart")
                      if review is not None else None)
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
        title = _(self.replay.game.title) if self.replay else self.record.game
        names = ", ".join(seat.name for seat in self.record.seats)
        if self.follow is not None:
            heading = _("Watching: {title} ({names}), played in another window", title=title, names=names)
        elif self.review is not None:  # the game is over: its seed is no secret any more
            heading = _("Review: {title} ({names}), seed {seed}", title=title, names=names, seed=self.record.seed)
        elif self.record.finished:
            heading = _("Replay: {title} ({names}), seed {seed}", title=title, names=names, seed=self.record.seed)
        else:  # the seed of a game under way deals what its seats hide
            heading = _("Replay: {title} ({names})", title=title, names=names)
        yield Static(Text(asciify(heading) if self.ascii else heading), id="replay-title")  # names are not markup
        with Vertical(id="replay-main"):
            if self.board is not None:
                yield self.board
            yield Static(_("Log"), id="log-title")
            yield self.log_panel
            if self.chart is not None:
                with Vertical(id="review-pane"):
                    yield self.chart
                    yield Static("", id="review-move")
                    yield Static("", id="review-summary")
        yield self.prompt_bar
        bar = KeyBar(id="keys")
        lr = _("Left/Right") if self.ascii else "←→"
        if self.review is not None:
            bar.set_hints([(lr, _("one move")), ("n/p", _("next/previous reviewed move")), ("m", _("costliest")),
                           ("c", _("chart/board")), ("Home/End", _("start/end")), ("L", _("log"))],
                          keep=[("q", _("leave"))])
        else:
            bar.set_hints([(lr, _("one move")), ("Home", p_("the first position", "start")),
                           ("End", p_("the last position", "end")), ("PgUp/PgDn", _("10 moves")), ("L", _("log"))],
                          keep=[("q", _("leave"))])
        yield bar

    def on_mount(self) -> None:
        if self.replay is None:
            self.prompt_bar.set_prompt(_("This game cannot be replayed."))
            self.prompt_bar.set_message(self.problem, error=True)
            return
        self.position = self.replay.moves if self.follow is not None else 0
        if self.review is not None:
            self.show_view()
            summary = "\n".join([*(counts_sentence(self.review, seat) for seat in self.review.humans),
                                 costliest_sentence(self.review)])
            self.query_one("#review-summary", Static).update(self.plain_text(self.review.note or summary))
        self.redraw()
        if self.follow is not None:
            self.set_interval(self.FOLLOW_EVERY, self.catch_up)
        replay = self.replay
        make_ahead(self, lambda: self.help_parts(self.replay or replay), lambda: self.log_parts(self.replay or replay))

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
        elif self.review is not None:
            self.show_verdict()
        elif state.is_over:
            self.prompt_bar.set_message(_("The game is over."))
        else:
            self.prompt_bar.set_message(state.prompt())

    # -- the review ---------------------------------------------------------------------------------------
    def plain_text(self, text: str) -> Text:
        """Text with players' names in it, never markup (and ASCII in ASCII mode)."""
        return Text(asciify(text) if self.ascii else text)

    def verdict(self) -> str:
        """What the move on screen cost (a reviewed move), or why it was not reviewed; the chances after it."""
        review, replay = self.review, self.replay
        if review is None or replay is None:
            return ""
        number = self.position
        chances = review.chances[number] if number < len(review.chances) else []
        now = ", ".join(_("{name} {chance}", name=name, chance=percent(chance))
                        for name, chance in zip(review.names, chances))
        after = _("Win chances now: {chances}.", chances=now)
        if number == 0:
            return _("The set-up, before the first move. {chances}", chances=after)
        move = review.by_number.get(number)
        if move is not None:
            return move_sentence(review, move) + "\n" + after
        seat = replay.movers[number - 1]
        name = review.names[seat]
        if self.record.seats[seat].is_bot:
            why = _("Move {number} was made by {name}, a bot: it is not reviewed.", number=number, name=name)
        elif seat not in review.humans:
            why = _("Move {number} was made by {name}, whose moves this review does not show.", number=number,
                    name=name)
        else:
            why = _("Move {number}: {name} had no other move to make.", number=number, name=name)
        return why + "\n" + after

    def show_verdict(self) -> None:
        text = self.verdict()
        if self.chart is not None:
            self.chart.cursor = self.position
            self.query_one("#review-move", Static).update(self.plain_text(text))
        self.prompt_bar.set_message("" if self.charting else text.replace("\n", " "))

    def show_view(self) -> None:
        """The chart or the board, as ``charting`` says."""
        if self.board is not None:
            self.board.display = not self.charting
        self.query_one("#log-title").display = not self.charting
        self.log_panel.display = not self.charting
        self.query_one("#review-pane").display = self.charting

    def action_switch_view(self) -> None:
        if self.review is None or self.replay is None:
            return
        self.charting = not self.charting
        self.show_view()
        self.redraw()

    def costly_moves(self) -> list[int]:
        """The numbers of each player's costliest moves, the costliest first."""
        if self.review is None:
            return []
        costly = [move for seat in self.review.humans for move in self.review.costliest(seat)]
        return [move.number for move in sorted(costly, key=lambda move: (-move.loss, move.number))]

    def action_costly(self) -> None:
        """Go to the next of the costliest moves (after the last, the first again)."""
        numbers = self.costly_moves()
        if not numbers or self.replay is None:
            return
        at = numbers.index(self.position) + 1 if self.position in numbers else 0
        self.position = min(numbers[at % len(numbers)], self.replay.moves)
        self.redraw()

    def action_reviewed(self, step: int) -> None:
        """Go to the next (``step`` 1) or previous (-1) reviewed move."""
        if self.review is None or self.replay is None:
            return
        numbers = [move.number for move in self.review.moves if move.number <= self.replay.moves]
        later = [n for n in numbers if n > self.position] if step > 0 else [n for n in numbers if n < self.position]
        if later:
            self.position = later[0] if step > 0 else later[-1]
            self.redraw()

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
        if self.replay is not None:
            open_help(self, self.help_parts(self.replay))

    def help_parts(self, replay: Replay) -> HelpParts:
        notes = self.board.help_notes() if self.board is not None else ""
        keys = REVIEW_KEYS if self.review is not None else []
        now = self.query_one("#keys", KeyBar).hints if self.review is not None else None
        lines = [(_(key) if key.startswith("Left") else key, _(what)) for key, what in keys]
        return HelpParts(replay.game, lines, notes, now)

    def action_full_log(self) -> None:
        """The whole log up to the move on screen, to scroll through (built once, shown again)."""
        if self.replay is not None:
            open_log(self, self.log_parts(self.replay))

    def log_parts(self, replay: Replay) -> LogParts:
        names = [seat.name for seat in self.record.seats]
        return LogParts(_(replay.game.title), names, replay.lines[: self.position], self.ascii)

    def on_unmount(self) -> None:
        self.app.kept.forget_owner(self)

    def action_leave(self) -> None:
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss()
