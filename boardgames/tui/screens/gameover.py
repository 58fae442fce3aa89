"""The end of a game: ranking, each seat's score by category, tie-break and notes."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from boardgames.core.engine import Result
from boardgames.core.record import Seat
from boardgames.tui.asciimode import ASCII_SIMPLE_HEAD, asciify
from boardgames.tui.i18n import _, ordinal
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import KeyBar


def seat_label(seat: Seat) -> str:
    if seat.is_bot:
        return _("{name} (bot, {kind})", name=seat.name, kind=seat.bot_kind)
    return seat.name


def result_table(result: Result, seats: list[Seat], ascii: bool = False) -> Table:
    """Categories down, seats across, the total last. Names and categories are plain text, never markup."""
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
        table.add_row(Text(plain(category)), *(Text(str(result.breakdown[s].get(category, 0))) for s in order),
                      end_section=number == len(categories))
    table.add_row(Text(_("Total"), style="bold"), *(Text(str(result.scores[s]), style="bold") for s in order))
    return table


#: whole sentences per score unit and number (the winner's line, a ranking line), each translatable as a whole
UNIT_SENTENCES = {
    ("points", "one"): ("{name} wins with {score} point.", "{rank}  {name}: {score} point"),
    ("points", "many"): ("{name} wins with {score} points.", "{rank}  {name}: {score} points"),
    ("offerings", "one"): ("{name} wins with {score} offering.", "{rank}  {name}: {score} offering"),
    ("offerings", "many"): ("{name} wins with {score} offerings.", "{rank}  {name}: {score} offerings"),
}


def sentences(unit: str, score: int) -> tuple[str, str]:
    """The (winner, ranking line) sentences for ``score`` of ``unit`` (English: one for 1 and -1, else many)."""
    number = "one" if abs(score) == 1 else "many"
    return UNIT_SENTENCES.get((unit, number), UNIT_SENTENCES[("points", number)])


def ranking_text(result: Result, seats: list[Seat], ascii: bool = False) -> Text:
    plain = asciify if ascii else str
    text = Text()
    order = sorted(range(len(seats)), key=lambda s: (result.ranks[s], s))
    winners = result.winners
    if len(winners) == 1:
        wins = sentences(result.unit, result.scores[winners[0]])[0]
        text.append(plain(_(wins, name=seats[winners[0]].name, score=result.scores[winners[0]])) + "\n", style="bold")
    else:
        names = ", ".join(seats[s].name for s in winners)
        text.append(plain(_("Shared victory: {names}.", names=names)) + "\n", style="bold")
    for s in order:
        line = sentences(result.unit, result.scores[s])[1]
        text.append(plain(_(line, rank=ordinal(result.ranks[s]), name=seat_label(seats[s]), score=result.scores[s]))
                    + "\n")
    text.rstrip()
    return text


class GameOverScreen(BaseScreen):
    """Dismisses with "menu", "board" (look at the final board) or "replay".

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
        Binding("up,k", "scroll(-1)", show=False),
        Binding("down,j", "scroll(1)", show=False),
    ]

    DEFAULT_CSS = """
    GameOverScreen #over-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    GameOverScreen VerticalScroll { padding: 1 2; }
    GameOverScreen .gap { margin-top: 1; }
    """

    def __init__(self, title: str, result: Result, seats: list[Seat]) -> None:
        super().__init__()
        self.title_text = title
        self.result = result
        self.seats = seats
        #: when the results were first on screen (None until then)
        self.shown_at: float | None = None

    def compose(self) -> ComposeResult:
        ascii = bool(getattr(self.app, "ascii", False))
        plain = asciify if ascii else str
        yield Static(Text(plain(_("Game over: {title}", title=self.title_text))), id="over-title")
        with VerticalScroll(id="over-body"):
            yield Static(ranking_text(self.result, self.seats, ascii), id="ranking")
            yield Static(result_table(self.result, self.seats, ascii), id="breakdown", classes="gap")
            extra = Text()
            if self.result.tiebreak:
                extra.append(plain(self.result.tiebreak) + "\n")
            for note in self.result.notes:
                extra.append(plain(note) + "\n", style="italic")
            if extra:
                yield Static(extra, id="notes", classes="gap")
        bar = KeyBar()
        bar.set_hints([("Enter", _("menu")), ("v", _("view the final board")), ("r", _("replay the game"))])
        yield bar

    def on_mount(self) -> None:
        self.call_after_refresh(self._appeared)

    def _appeared(self) -> None:
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

    def action_scroll(self, lines: int) -> None:
        self.query_one("#over-body", VerticalScroll).scroll_relative(y=lines, animate=False)
