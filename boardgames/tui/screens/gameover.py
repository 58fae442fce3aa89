"""The end of a game: ranking, each seat's score by category, tie-break and notes.

From here ``a`` reviews the game: the search judges every human move in a worker thread while a progress bar
fills (Esc cancels), then the replay screen shows the review move by move with a chart of the win chances.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich import box
from rich.table import Table
from rich.text import Text
from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, active_worker

from boardgames import thinking
from boardgames.core.bots import kind_name
from boardgames.core.engine import Result, State
from boardgames.core.record import Record, Seat
from boardgames.core.review import (
    DEFAULT_ITERATIONS,
    Review,
    ReviewError,
    one_seat_at_a_time,
    review_record,
    review_seats,
)
from boardgames.core.search import Analysis, Search, Stopped
from boardgames.history.model import RatingChange
from boardgames.history.text import change, figure
from boardgames.i18n import _, n_, ordinal
from boardgames.tui.asciimode import ASCII_SIMPLE_HEAD, asciify
from boardgames.tui.screens.base import BaseModal, BaseScreen
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.laidout import LaidOut

if TYPE_CHECKING:
    from boardgames.tui.screens.game import GameScreen


def seat_label(seat: Seat) -> str:
    if seat.is_bot:
        return _("{name} (bot, {kind})", name=seat.name, kind=kind_name(seat.bot_kind))
    return seat.name


def result_table(result: Result, seats: list[Seat], ascii: bool = False,
                 ratings: list[RatingChange] | None = None) -> Table:
    """Categories down, seats across, the total; then each seat's rating before and after the game, when the
    history gave them and the game was rated (two players at least). Names and categories are plain text, never
    markup."""
    plain = asciify if ascii else str
    order = sorted(range(len(seats)), key=lambda s: (result.ranks[s], s))
    table = Table(box=ASCII_SIMPLE_HEAD if ascii else box.SIMPLE_HEAD, padding=(0, 1), show_edge=False,
                  header_style="bold")
    table.add_column(Text(_("Category")), no_wrap=True)
    for s in order:
        table.add_column(Text(plain(seats[s].name)), justify="right", no_wrap=True, max_width=14,
                         overflow="crop" if ascii else "ellipsis")
    categories: list[str] = []
    for per_seat in result.breakdown:
        for category in per_seat:
            if category not in categories:
                categories.append(category)
    for number, category in enumerate(categories, 1):
        table.add_row(Text(plain(_(category))), *(Text(str(result.breakdown[s].get(category, 0))) for s in order),
                      end_section=number == len(categories))
    by_seat = {rated.seat: rated for rated in ratings or []}
    # every seat one player (a bot kind against itself): the game moved no rating, so none is shown
    rated = len(by_seat) == len(seats) and len({change.player for change in by_seat.values()}) > 1
    table.add_row(Text(_("Total"), style="bold"), *(Text(str(result.scores[s]), style="bold") for s in order),
                  end_section=rated)
    if rated:
        table.add_row(Text(_("Rating before")), *(Text(figure(by_seat[s].before.shown)) for s in order))
        table.add_row(Text(_("Rating after")), *(Text(_("{rating} ({change})", rating=figure(by_seat[s].after.shown),
                                                        change=change(by_seat[s].before.shown,
                                                                      by_seat[s].after.shown)))
                                                  for s in order))
    return table


def win_sentence(unit: str, name: str, score: int) -> str:
    """The winner's sentence for ``score`` of ``unit`` (English: singular for 1 and -1)."""
    if unit == "offerings":
        return n_("{name} wins with {score} offering.", "{name} wins with {score} offerings.", abs(score), name=name,
                  score=score)
    return n_("{name} wins with {score} point.", "{name} wins with {score} points.", abs(score), name=name,
              score=score)


def rank_sentence(unit: str, rank: int, name: str, score: int) -> str:
    """A ranking line: the rank, the name and the score of ``unit``."""
    if unit == "offerings":
        return n_("{rank}  {name}: {score} offering", "{rank}  {name}: {score} offerings", abs(score),
                  rank=ordinal(rank), name=name, score=score)
    return n_("{rank}  {name}: {score} point", "{rank}  {name}: {score} points", abs(score), rank=ordinal(rank),
              name=name, score=score)


def ranking_text(result: Result, seats: list[Seat], ascii: bool = False) -> Text:
    plain = asciify if ascii else str
    text = Text()
    order = sorted(range(len(seats)), key=lambda s: (result.ranks[s], s))
    winners = result.winners
    if len(winners) == 1:
        wins = win_sentence(result.unit, seats[winners[0]].name, result.scores[winners[0]])
        text.append(plain(wins) + "\n", style="bold")
    else:
        names = ", ".join(seats[s].name for s in winners)
        text.append(plain(_("Shared victory: {names}.", names=names)) + "\n", style="bold")
    for s in order:
        line = rank_sentence(result.unit, result.ranks[s], seat_label(seats[s]), result.scores[s])
        text.append(plain(line) + "\n")
    text.rstrip()
    return text


def capped_analyse(search: Search, state: State, seat: int, *, stop: Callable[[], bool] | None = None,
                   **budget: Any) -> Analysis:
    """One decision's search for a review where searches run (boardgames/thinking.py): the app's helper process,
    so the screen stays quick; under ``boardgames serve`` this thread, after taking one of the server's search
    slots (``--bot-cores``), given back after the decision, so a review never takes more than its share of the
    cores and other sessions' bots go on between decisions. ``stop`` is asked while it waits."""
    return thinking.analyse(search.game, state, seat, searcher_seed=search.seed, stop=stop, **budget)


class ReviewScreen(BaseModal[Review | None]):
    """The review being made, with a progress bar: dismisses with the review, or None when Esc cancels it or it
    fails (the failure is then told in a sentence)."""

    BINDINGS = [Binding("escape,q", "cancel", show=False)]

    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    ReviewScreen > Vertical { width: 64; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    ReviewScreen > Vertical.-ascii { border: ascii $accent; }
    ReviewScreen ProgressBar { margin: 1 0; }
    ReviewScreen #review-bar-ascii { margin: 1 0; }
    """

    #: how often the progress bar is brought up to date, in seconds
    EVERY = 0.1

    def __init__(self, record: Record, iterations: int, seats: list[int] | None = None) -> None:
        super().__init__()
        #: a copy: the worker thread reads it while the screens below keep theirs
        self.record = replace(record, actions=list(record.actions), seats=list(record.seats),
                              options=dict(record.options))
        self.iterations = iterations
        #: the seats whose moves are reviewed (None: every human seat)
        self.seats = seats
        #: set by the worker thread (plain assignments), read by the screen's timer
        self.done = 0
        self.total = 0
        self.cancelled = False
        self.worker: Worker[Review] | None = None

    def compose(self) -> ComposeResult:
        ascii = bool(getattr(self.app, "ascii", False))
        with Vertical(classes="-ascii" if ascii else ""):
            yield Static(_("Reviewing the game: the search judges every move a player made."), id="review-title")
            if ascii:  # Textual's bar is drawn with block glyphs
                yield Static("", id="review-bar-ascii")
            else:
                yield ProgressBar(total=None, show_eta=True, id="review-bar")
            yield Static(_("Replaying the game..."), id="review-status")
            yield Static(_("Esc cancels the review."), id="review-cancel")

    def on_mount(self) -> None:
        self.worker = self.run_worker(self.work, name="review", group="review", thread=True, exit_on_error=False)
        self.set_interval(self.EVERY, self.show_progress)

    def work(self) -> Review:
        try:
            return review_record(self.record, self.iterations, seats=self.seats, progress=self.progress,
                                 stop=self.stopped, analyser=capped_analyse)
        finally:
            active_worker.set(None)  # type: ignore[arg-type] # as in GameScreen._ask_bot: the thread outlives us

    def progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def stopped(self) -> bool:
        """Asked by the search between its iterations: whether to stop. It also lets the screen's thread run
        (``sleep(0)`` hands over the interpreter lock, which the search would otherwise hold for whole switch
        intervals at a time, slowing every redraw and key)."""
        time.sleep(0)
        worker = self.worker
        return self.cancelled or (worker is not None and worker.is_cancelled)

    def show_progress(self) -> None:
        if not self.total or not self.is_live:
            return
        status = _("Decision {done} of {total} reviewed.", done=self.done, total=self.total)
        self.query_one("#review-status", Static).update(status)
        if getattr(self.app, "ascii", False):
            filled = 40 * self.done // self.total
            bar = "[" + "#" * filled + "." * (40 - filled) + f"] {100 * self.done // self.total}%"
            self.query_one("#review-bar-ascii", Static).update(bar)
        else:
            self.query_one("#review-bar", ProgressBar).update(total=self.total, progress=self.done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self.worker:
            return
        event.stop()
        if event.state == WorkerState.SUCCESS:
            self.dismiss(event.worker.result)
        elif event.state == WorkerState.ERROR and not isinstance(event.worker.error, Stopped):
            error = event.worker.error
            reason = str(error) if isinstance(error, ReviewError) else _("The review failed unexpectedly.")
            self.app.notify(reason, severity="error", markup=False)
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.cancelled = True
        if self.worker is not None:
            self.worker.cancel()  # the thread stops at the search's next iteration (it asks ``stopped``)
        self.dismiss(None)


class WhoseReviewScreen(BaseModal[int | None]):
    """In a game with secrets, several people at one keyboard: whose moves the review shows (a review names the
    cards its player held). Dismisses with the seat chosen, or None."""

    BINDINGS = [
        *(Binding(str(number), f"pick({number - 1})", show=False) for number in range(1, 10)),
        Binding("escape,q", "pick(-1)", show=False),
    ]

    DEFAULT_CSS = """
    WhoseReviewScreen { align: center middle; }
    WhoseReviewScreen > Vertical { width: 64; height: auto; border: round $accent; padding: 1 2;
                                   background: $panel; }
    WhoseReviewScreen > Vertical.-ascii { border: ascii $accent; }
    """

    def __init__(self, players: list[tuple[int, str]]) -> None:
        super().__init__()
        #: (seat, name) of each player to choose from, numbered from 1 in this order
        self.players = players

    def compose(self) -> ComposeResult:
        ascii = bool(getattr(self.app, "ascii", False))
        plain = asciify if ascii else str
        text = Text(plain(_("Whose moves should the review show? A review names the cards its player held, so "
                            "the others should look away.")) + "\n\n")
        for number, (_seat, name) in enumerate(self.players, 1):
            text.append(f"{number}  ", style="bold")
            text.append(plain(name) + "\n")  # a name is plain text, never markup
        text.append("\n" + plain(_("Esc goes back.")))
        with Vertical(classes="-ascii" if ascii else ""):
            yield Static(text, id="whose")

    def action_pick(self, index: int) -> None:
        if index < 0:
            self.dismiss(None)
        elif index < len(self.players):
            self.dismiss(self.players[index][0])


class GameOverScreen(BaseScreen):
    """Dismisses with "menu", "board" (look at the final board) or "replay"; ``a`` reviews the game here (when
    it was given its record) and shows the review in the replay screen on top of this one.

    Keys pressed before the results were on screen, or within :attr:`GUARD`
    seconds of it, are ignored: the Enter that hurried the last bot move (or a
    second press of it) must not skip the results unseen.
    """

    #: seconds after the results appear during which keys are still ignored
    GUARD = 0.3

    BINDINGS = [
        Binding("enter,q,escape", "choose('menu')", show=False),
        Binding("v", "choose('board')", show=False),
        Binding("r", "choose('replay')", show=False),
        Binding("a", "review", show=False),
        Binding("up,k", "scroll(-1)", show=False),
        Binding("down,j", "scroll(1)", show=False),
    ]

    DEFAULT_CSS = """
    GameOverScreen #over-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    GameOverScreen VerticalScroll { padding: 1 2; }
    GameOverScreen .gap { margin-top: 1; }
    """

    #: iterations of the search for each decision of a review
    REVIEW_ITERATIONS = DEFAULT_ITERATIONS

    def __init__(self, title: str, result: Result, seats: list[Seat], record: Record | None = None,
                 readers: list[int] | None = None, ratings: list[RatingChange] | None = None,
                 history_note: str = "", rate: Callable[[], tuple[list[RatingChange], str]] | None = None) -> None:
        super().__init__()
        #: writes the game to the history, in a worker thread as the results show: its ratings and why not
        self.rate = rate
        #: whether the history answered (the ratings and the note are shown)
        self.rated = rate is None
        self.rating: Worker[tuple[list[RatingChange], str]] | None = None
        #: whether the breakdown table is drawn (right after the first frame)
        self.table_shown = False
        self.title_text = title
        self.result = result
        self.seats = seats
        #: the finished game's record, for its review (None: no review offered)
        self.record = record
        #: the seats of the people at this screen (at a table, one's own), whose moves alone a review may show;
        #: None: every seat (one keyboard)
        self.readers = readers
        #: the reviews made, by the seats they review (asked again, one is shown at once)
        self.reviews: dict[tuple[int, ...], Review] = {}
        #: each seat's rating before and after this game (none when the history could not take it)
        self.ratings = ratings or []
        #: why the history could not take the game ("" when it did)
        self.history_note = history_note
        #: when the results were first on screen (None until then)
        self.shown_at: float | None = None

    def compose(self) -> ComposeResult:
        ascii = bool(getattr(self.app, "ascii", False))
        plain = asciify if ascii else str
        yield Static(Text(plain(_("Game over: {title}", title=self.title_text))), id="over-title")
        with VerticalScroll(id="over-body"):
            yield Static(ranking_text(self.result, self.seats, ascii), id="ranking")
            yield Static(id="breakdown", classes="gap")  # drawn right after the first frame (show_breakdown)
            extra = Text()
            if self.result.tiebreak:
                extra.append(plain(self.result.tiebreak) + "\n")
            for note in self.result.notes:
                extra.append(plain(note) + "\n", style="italic")
            if extra:
                yield Static(extra, id="notes", classes="gap")
            said = Static(Text(plain(self.history_note)), id="history-note", classes="gap")
            said.display = bool(self.history_note)
            yield said
        bar = KeyBar()
        hints = [("Enter", _("menu")), ("v", _("view the final board")), ("r", _("replay the game"))]
        if self.can_review:
            hints.append(("a", _("review the game")))
        bar.set_hints(hints)
        yield bar

    def show_breakdown(self) -> None:
        """The score breakdown by category (laid out once, not once a size Textual tries), with the ratings."""
        ascii = bool(getattr(self.app, "ascii", False))
        table = result_table(self.result, self.seats, ascii, self.ratings)
        self.query_one("#breakdown", Static).update(LaidOut(table, self.app))
        self.table_shown = True

    def start_rating(self) -> None:
        """Once the results are on screen (the worker's Python, the game's fingerprint and the rating, would
        share the interpreter with their layout)."""
        self.rating = self.run_worker(self.write_to_history, thread=True, group="rating", exit_on_error=False)

    def write_to_history(self) -> tuple[list[RatingChange], str]:
        try:
            return self.rate() if self.rate is not None else ([], "")
        finally:
            active_worker.set(None)  # type: ignore[arg-type] # as in GameScreen._ask_bot: the thread outlives us

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self.rating or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        event.stop()
        from boardgames.history.recording import not_recorded
        from boardgames.tui.screens.stats import history_changed

        ratings, note = event.worker.result if event.state == WorkerState.SUCCESS and event.worker.result else \
            ([], not_recorded(event.worker.error))
        self.rated, self.ratings, self.history_note = True, ratings, note
        ascii = bool(getattr(self.app, "ascii", False))
        self.show_breakdown()
        shown = self.query_one("#history-note", Static)
        shown.update(Text(asciify(note) if ascii else note))
        shown.display = bool(note)
        history_changed(self.app)

    def on_screen_resume(self) -> None:
        """Each time the results come up (the screen is kept and shown again: tui/kept.py), the guard starts once
        they are all on screen: the ranking is in the first frame, the breakdown table is drawn right after it,
        and the ratings come once the history has the game."""
        self.shown_at = None
        self.call_after_refresh(self._appeared)

    def _appeared(self) -> None:
        if not self.table_shown:
            self.show_breakdown()
            self.call_after_refresh(self._appeared)
            return
        if self.rate is not None and self.rating is None:
            self.start_rating()
        self.shown_at = _time.get_time()

    @property
    def ready(self) -> bool:
        """Whether keys pressed now are taken (the results have been on screen for the guard time)."""
        return self.shown_at is not None and _time.get_time() >= self.shown_at + self.GUARD

    def on_key(self, event: events.Key) -> None:
        """Swallow keys from before the results appeared (their time stamp says when they were pressed)."""
        if self.shown_at is None or event.time < self.shown_at + self.GUARD:
            event.stop()
            event.prevent_default()

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def review_seats(self) -> list[int]:
        """The human seats whose moves a review may show here."""
        return [] if self.record is None else review_seats(self.record, self.readers)

    @property
    def can_review(self) -> bool:
        """Whether this game has a record and a human seat to review here."""
        return bool(self.review_seats())

    def action_review(self) -> None:
        record = self.record
        if record is None:
            return
        seats = self.review_seats()
        if not seats:
            if all(player.is_bot for player in record.seats):
                reason = _("Every seat of this game was played by a bot, so there is no human move to review.")
            else:
                reason = _("You played no seat of this game, so there is no move of yours to review.")
            self.app.notify(reason, markup=False)
            return
        if one_seat_at_a_time(record, seats):
            players = [(seat, record.seats[seat].name) for seat in seats]
            self.app.push_screen(WhoseReviewScreen(players),
                                 lambda seat: None if seat is None else self.start_review([seat]))
        else:
            self.start_review(seats)

    def start_review(self, seats: list[int]) -> None:
        """Review the moves of ``seats`` (in a worker, with its progress shown) and show the review."""
        record = self.record
        key = tuple(seats)
        if record is None:
            return
        if key in self.reviews:
            self.show_review(self.reviews[key])
            return

        def made(review: Review | None) -> None:
            if review is not None:
                self.reviews[key] = review
                self.show_review(review)

        self.app.push_screen(ReviewScreen(record, self.REVIEW_ITERATIONS, seats), made)

    def show_review(self, review: Review) -> None:
        from boardgames.tui.screens.replay import ReplayScreen

        if self.record is None:
            return
        if review.note:
            self.app.notify(review.note, markup=False)
            return
        self.app.push_screen(ReplayScreen(self.record, ascii=bool(getattr(self.app, "ascii", False)),
                                          review=review))

    def action_scroll(self, lines: int) -> None:
        self.query_one("#over-body", VerticalScroll).scroll_relative(y=lines, animate=False)


def show_results(screen: GameScreen) -> None:
    """Put the results of the game finished on ``screen`` on top of it, with each seat's rating before and after
    from the history (which counts a game once, however often its results are shown) once a worker has written
    the game to it."""
    if not screen.is_current:
        return

    def chosen(what: str | None) -> None:
        if what == "menu":
            screen.action_leave()
        elif what == "replay":
            screen.app.open_replay(screen.session.record)
        else:
            screen.message(_("This is the final board. Press Enter for the results, q for the menu."))

    session = screen.session
    kept = screen.app.kept
    name = kept.name(screen, "results")
    over = kept.get(name, GameOverScreen)
    if over is None or over.history_note:  # built once; again while the history could not take the game
        owners = screen.history_owners()
        over = GameOverScreen(_(session.game.title), session.state.result(), session.record.seats,
                              record=session.record, readers=screen.review_readers(),
                              rate=lambda: screen.app.remember_game(session, owners))
    kept.show(name, over, chosen)
