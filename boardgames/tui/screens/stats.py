"""The Statistics screen: a player's finished games from the history, a chart of their scores and rating, a
head-to-head record and (over SSH) each game's leaderboard.

At a local terminal any player of the history can be chosen (bots too: they are a yardstick); over SSH a player
sees only their own statistics, and the leaderboards of named players. The history is read once when the screen
is made, in a worker thread (checked first: history/overview.py), and once each time a choice changes, never while
drawing; the chart keeps its drawing per size.

The screen is made once an app, ahead, a moment after the menu's first frame (``prepare_stats``), and shown again
after: it reads the history again (in a worker) only when the history's files changed meanwhile (a game ended, a
rebuild), and is made anew in another language. Its first frame shows the record and the last games; the chart,
below them, is drawn right after.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Label, Static
from textual.worker import Worker, WorkerState

from boardgames.core.registry import game_title
from boardgames.history.identities import SERVED
from boardgames.history.model import GameStats, HeadToHead, LeaderRow, PlayerStats
from boardgames.history.overview import EMPTY, LEADER_GAMES, Choice, Overview, charted, read, read_at, signature
from boardgames.history.queries import shown_name
from boardgames.history.report import percent, when
from boardgames.history.store import DAMAGED, History, HistoryError
from boardgames.history.text import figure
from boardgames.i18n import _, language, n_, number, ordinal, p_
from boardgames.tui.asciimode import ASCII_SIMPLE_HEAD, asciify
from boardgames.tui.canvas import shown
from boardgames.tui.kept import lay_out_off_screen
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import ChoiceField, KeyBar
from boardgames.tui.widgets.laidout import LaidOut
from boardgames.tui.widgets.message import MessageLine
from boardgames.tui.widgets.statchart import StatChart

#: the value of the game choice that means every game
ALL = ""
#: what the app keeps the screen as (tui/kept.py; the app is its owner)
KEPT = "statistics"


def open_stats(app: Any) -> None:  # noqa: ANN401 - the BoardgamesApp (which imports this module late)
    """Show the Statistics screen: the one made before (ahead, or at an earlier opening) if it was made in this
    language, else a new one."""
    app.kept.open(app, KEPT, StatsScreen, StatsScreen, lambda screen: screen.language == language())


def prepare_stats(app: Any) -> None:  # noqa: ANN401
    """Make the Statistics screen ahead, off screen (tui/kept.py): it reads the history in a worker thread."""
    app.kept.prepare(app, KEPT, StatsScreen)


def history_changed(app: Any) -> None:  # noqa: ANN401
    """A game ended here: the Statistics screen made before reads the history again now, in a worker, so it is
    up to date by the time it is opened."""
    screen = app.kept.get(app.kept.name(app, KEPT), StatsScreen)
    if screen is not None and screen.reading is None and screen.language == language():
        screen.read_ahead()


def served_key(app: object) -> str | None:
    """The history key of the player over SSH, or None at a local terminal."""
    player = getattr(app, "player", None)
    if player is not None and str(player.id).startswith(SERVED):
        return str(player.id)
    return None


def labels(players: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """(key, label) of each player; two players of one name (a name typed here and the same one logged in over
    SSH) are told apart by their keys."""
    named = [(key, shown_name(key, name)) for key, name in players]
    counts: dict[str, int] = {}
    for _key, label in named:
        counts[label.casefold()] = counts.get(label.casefold(), 0) + 1
    return [(key, _("{name} ({key})", name=label, key=key) if counts[label.casefold()] > 1 else label)
            for key, label in named]


def new_table(ascii: bool) -> Table:
    return Table(box=ASCII_SIMPLE_HEAD if ascii else box.SIMPLE_HEAD, padding=(0, 1), show_edge=False,
                 header_style="bold", expand=True, collapse_padding=True, pad_edge=False)


def heading(text: str) -> Text:
    return Text(text, style="bold")


def record_table(per_game: Sequence[GameStats], ascii: bool) -> Table:
    """A row a game: games, wins, win rate, average and best score, rating (the conservative figure)."""
    table = new_table(ascii)
    longest = max(len(game_title(stats.game)) for stats in per_game)
    table.add_column(p_("which game", "Game"), ratio=1, min_width=min(30, longest))
    for column in (_("Games"), _("Wins"), _("Win %"), _("Average"), _("Best"), p_("table column", "Rating")):
        table.add_column(column, justify="right", no_wrap=True)
    for stats in per_game:
        table.add_row(Text(game_title(stats.game)), number(stats.games), number(stats.wins),
                      percent(stats.wins, stats.games), figure(stats.average), number(stats.best),
                      figure(stats.rating.shown))
    return table


def last_games_table(stats: PlayerStats, ascii: bool) -> Table:
    """The newest games first: when, which game and against whom, the rank, the score, the rating after."""
    table = new_table(ascii)
    table.add_column(_("Date"), no_wrap=True)
    table.add_column(_("Game and opponents"), ratio=1)
    table.add_column(_("Rank"), no_wrap=True)
    table.add_column(_("Score"), justify="right", no_wrap=True)
    table.add_column(p_("table column", "Rating"), justify="right", no_wrap=True)
    for line in stats.last:
        rank = _("{rank} of {players}", rank=ordinal(line.rank), players=line.players)
        game = Text(game_title(line.game))
        game.append("\n" + _("against {names}", names=", ".join(shown(name, ascii) for name in line.opponents)),
                    style="dim")
        table.add_row(Text(when(line.ended)), game, Text(rank), number(line.score), figure(line.rating_after))
    return table


def versus_table(versus: HeadToHead, ascii: bool) -> Table:
    """A row a game they played together, then all of them: how often each finished above the other, and level."""
    table = new_table(ascii)
    table.add_column(p_("which game", "Game"), ratio=1)
    table.add_column(_("Together"), justify="right", no_wrap=True)
    table.add_column(Text(_("{name} above", name=shown(versus.first, ascii))), justify="right", overflow="fold")
    table.add_column(Text(_("{name} above", name=shown(versus.second, ascii))), justify="right", overflow="fold")
    table.add_column(_("Level"), justify="right", no_wrap=True)
    for game, (first, second, level) in sorted(versus.by_game.items()):
        table.add_row(Text(game_title(game)), number(first + second + level), number(first), number(second),
                      number(level))
    if len(versus.by_game) > 1:
        table.add_row(Text(_("All games"), style="bold"), number(versus.games), number(versus.first_ahead),
                      number(versus.second_ahead), number(versus.level))
    return table


def leaderboard_table(rows: Sequence[LeaderRow], me: str, ascii: bool) -> Table:
    """Best rating first; the reader's own row in bold."""
    table = new_table(ascii)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("Player"), overflow="fold", ratio=1)
    for column in (_("Games"), _("Wins"), p_("table column", "Rating")):
        table.add_column(column, justify="right", no_wrap=True)
    for row in rows:
        style = "bold" if row.player == me else ""
        table.add_row(number(row.rank), Text(shown(row.name, ascii)), number(row.games), number(row.wins),
                      figure(row.rating), style=style)
    return table


class StatsBody(VerticalScroll, can_focus=False):
    """The statistics, scrolled with Page Up / Page Down (the arrows move between the choices)."""


class StatsScreen(BaseScreen):
    """A player's record, last games, chart and head-to-head; over SSH, one's own and the leaderboards."""

    BINDINGS = [
        Binding("escape,q", "back", show=False),
        # priority: the app moves the focus before it hands the next key of a burst to the field in focus
        Binding("down,j,tab", "step_focus(1)", show=False, priority=True),
        Binding("up,k,shift+tab", "step_focus(-1)", show=False, priority=True),
        Binding("pagedown", "scroll(1)", show=False),
        Binding("pageup", "scroll(-1)", show=False),
        Binding("home", "ends(False)", show=False),
        Binding("end", "ends(True)", show=False),
    ]

    DEFAULT_CSS = """
    StatsScreen #stats-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    StatsScreen .stats-row { height: 1; padding: 0 1; }
    StatsScreen .stats-row Label { width: 12; }
    StatsScreen #stats-body { height: 1fr; padding: 0 0 0 1; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    StatsScreen #stats-body Static { height: auto; margin-top: 1; }
    StatsScreen #stats-chart { height: 10; }
    StatsScreen #stats-message { height: auto; padding: 0 1; }
    """

    def __init__(self, path: Path | None = None) -> None:
        super().__init__()
        self.path = path
        #: the history key of the player over SSH, or None at a local terminal (known once the screen is mounted)
        self.me: str | None = None
        self.mounted = False
        #: the history, opened on the UI thread once a choice changes (closed while the screen is hidden)
        self.history: History | None = None
        #: what the screen shows (None: nothing read yet, or the history could not be read)
        self.overview: Overview | None = None
        #: how each player reads on this screen, by key
        self.label_of: dict[str, str] = {}
        #: how many readings were shown (once on opening, once a change, once a change of the history), for tests
        self.queries = 0
        #: the language the screen was built in (a screen built once is shown again only in it)
        self.language = language()
        #: the history's files when it was last read (see ``overview.signature``; None: not read yet, or the
        #: reading failed): read again once they change
        self.signature: tuple[object, ...] | None = None
        #: the reading under way in a worker thread (its answer is dropped once a choice changed meanwhile)
        self.reading: Worker[tuple[tuple[object, ...], Overview]] | None = None
        #: the chart drawn right after the first frame that shows the record (read then, unless read ahead)
        self.charted: Overview | None = None
        #: what each table section shows now (by id), so a section that would show the same is left as it is
        self.drawn: dict[str, object] = {}

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), id="stats-title")
        for name, label in (("player", _("Player")), ("game", p_("which game", "Game")), ("versus", _("Against"))):
            with Horizontal(classes="stats-row", id=f"row-{name}"):
                yield Label(label)
                yield ChoiceField([(ALL, "")], id=f"choice-{name}")
        with StatsBody(id="stats-body"):
            yield Static(self.plain(_("Reading the history of finished games…")), id="stats-note")
            yield Static(id="stats-record")
            yield Static(id="stats-last")
            yield Static(id="stats-chart-title")
            yield StatChart(ascii=self.ascii, id="stats-chart")
            yield Static(id="stats-versus")
            yield Static(id="stats-leaders")
        yield MessageLine(id="stats-message")
        bar = KeyBar()
        bar.set_hints([("Esc", _("back"))])
        yield bar

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii", False))

    def plain(self, text: str) -> str:
        return asciify(text) if self.ascii else text

    def field(self, name: str) -> ChoiceField:
        return self.query_one(f"#choice-{name}", ChoiceField)

    def on_mount(self) -> None:
        self.me, self.mounted = served_key(self.app), True
        for row in ("player", "game", "versus"):
            self.query_one(f"#row-{row}").display = False
        self.read_ahead()

    def read_ahead(self) -> None:
        """Read the history in a worker thread, checked first (see history/overview.py); what it finds is shown
        when it comes, the choices kept where they still can be."""
        path = self.history_file()
        if path is None:
            self.show_nothing(self.empty_sentence())
            return
        player = self.app.player
        local = player.name.strip().casefold() if player is not None else None
        choice = Choice(self.player or None, self.game, self.versus) if self.overview is not None else Choice()
        self.reading = self.run_worker(partial(read_at, path, self.me, local, choice), thread=True, group="stats",
                                       exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self.reading or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        event.stop()
        self.reading = None
        if event.state == WorkerState.ERROR:
            error = event.worker.error
            self.signature = None
            self.show_failure(error if isinstance(error, HistoryError) else HistoryError(str(error)))
            return
        self.signature, overview = event.worker.result or (None, EMPTY)
        if self.overview is None or overview.version != self.overview.version:
            self.show_overview(overview)

    def history_file(self) -> Path | None:
        path = self.path if self.path is not None else self.app.history_path
        return None if path is None else Path(path)

    def on_screen_resume(self) -> None:
        """Shown (made ahead, or shown before): as it was (its styles too, tui/screens/base.py); read again in a
        worker when the history's files changed since it was read (a game ended, a rebuild)."""
        path = self.history_file()
        if self.mounted and self.reading is None and path is not None and signature(path) != self.signature:
            self.read_ahead()

    def on_screen_suspend(self) -> None:
        self.close_history()  # a rebuild or another program may replace the file meanwhile

    def on_unmount(self) -> None:
        self.close_history()

    def close_history(self) -> None:
        if self.history is not None:
            self.history.close()
            self.history = None

    def empty_sentence(self) -> str:
        return _("No finished game yet: statistics appear here once a game has been played to its end.")

    def show_failure(self, exc: HistoryError) -> None:
        """Why the history cannot be read; over SSH, in words that fit a player who cannot rebuild it."""
        self.overview = None
        if exc.kind == DAMAGED and self.me is not None:
            self.show_nothing(_("The server's history of finished games is damaged; the server's keeper can make it "
                                "again from the saves."), error=True)
        else:
            self.show_nothing(str(exc), error=True)

    def show_sections(self) -> None:
        """The choices and the sections back in sight (after a sentence alone was shown)."""
        self.query_one("#row-player").display = self.me is None
        self.query_one("#row-game").display = True
        for section in ("record", "last"):
            self.query_one(f"#stats-{section}").display = True
        self.query_one(KeyBar).set_hints(self.hints())

    def hints(self) -> list[tuple[str, str]]:
        return [("↑↓", _("next choice")), ("←→", _("change choice")), ("PgUp/PgDn", _("scroll")), ("Esc", _("back"))]

    def show_nothing(self, sentence: str, error: bool = False) -> None:
        """Only ``sentence`` (no choices, no tables): the history is empty or cannot be read."""
        for row in ("player", "game", "versus"):
            self.query_one(f"#row-{row}").display = False
        for section in ("record", "last", "chart-title", "chart", "versus", "leaders"):
            self.query_one(f"#stats-{section}").display = False
        text = Text()
        if error:
            text.append("! " if self.ascii else "✗ ", style="bold red")
        text.append(self.plain(sentence), style="red" if error else "")
        text.append("\n" + _("Escape goes back to the menu."), style="dim")
        self.query_one("#stats-note", Static).update(text)
        self.query_one(KeyBar).set_hints([("Esc", _("back"))])

    # -- the choices -----------------------------------------------------------------------------------------
    def show_overview(self, overview: Overview) -> None:
        """Show what was read: the choices (the players locally, the games, the second players), then every
        section; the chart right after the first frame that shows them."""
        self.queries += 1
        if overview.stats is None:
            self.overview = None
            self.show_nothing(self.empty_sentence())
            return
        self.overview = overview
        self.label_of = dict(labels(overview.everyone))
        self.show_sections()
        if self.me is None:
            self.set_choices("player", [(key, shown(label, self.ascii)) for key, label in labels(overview.everyone)],
                             overview.player)
        self.set_choices("game", [(ALL, _("All games")), *((game, game_title(game)) for game in overview.games)],
                         overview.game or ALL)
        others = [(key, label if self.me is not None else self.label_of.get(key, label))
                  for key, label in overview.others]
        self.query_one("#row-versus").display = bool(others)
        self.set_choices("versus", [(key, shown(label, self.ascii)) for key, label in others] or [(ALL, "")],
                         overview.versus or ALL)
        self.show(overview)
        if self.focused not in self.choice_fields():
            self.focus_first()

    def set_choices(self, name: str, choices: list[tuple[str, str]], value: str) -> None:
        field = self.field(name)
        values = [choice for choice, _label in choices]
        index = values.index(value) if value in values else 0
        if field.choices == choices and field.index == index:
            return  # asked again, the same: no layout
        field.choices = choices
        field.index = index
        field.refresh(layout=True)

    @property
    def player(self) -> str:
        return self.me if self.me is not None else self.field("player").value

    @property
    def game(self) -> str | None:
        return self.field("game").value or None

    @property
    def versus(self) -> str | None:
        return self.field("versus").value or None

    def on_choice_field_changed(self, event: ChoiceField.Changed) -> None:
        """A choice changed: read at once, here (a few indexed queries; the chart after the first frame)."""
        event.stop()
        self.reading = None  # a reading begun before the change answers the choice before it
        path = self.history_file()
        player = self.app.player
        local = player.name.strip().casefold() if player is not None else None
        try:
            if self.history is None and path is not None:
                self.history = History.open(path, create=False)
            if self.history is not None:
                self.show_overview(read(self.history, self.me, local, Choice(self.player, self.game, self.versus),
                                        chart=False))
        except HistoryError as exc:
            self.message(str(exc))

    def choice_fields(self) -> list[Widget]:
        return [field for field in self.query(ChoiceField) if field.parent is not None and field.parent.display]

    def focus_first(self) -> None:
        fields = self.choice_fields()
        if fields:
            fields[0].focus()

    def action_step_focus(self, step: int) -> None:
        fields = self.choice_fields()
        if not fields:
            return
        at = fields.index(self.focused) if self.focused in fields else -step
        # at once, not after the queue (as Widget.focus does): a key typed right after must reach the new field
        self.set_focus(fields[min(max(at + step, 0), len(fields) - 1)])

    # -- the statistics ------------------------------------------------------------------------------------
    def show(self, overview: Overview) -> None:
        """Draw every section of ``overview``; the chart right after the first frame that shows them."""
        assert overview.stats is not None
        self.show_record(overview.stats)
        self.show_versus(overview)
        self.show_leaders(overview)
        self.message("")
        self.charted = overview
        if self.is_current:  # the chart, below the record and the last games: drawn right after them
            self.call_after_refresh(self.show_chart_now)
        else:  # made ahead or hidden: everything at once, laid out for its next showing
            self.show_chart_now()
            lay_out_off_screen(self)

    def show_chart_now(self) -> None:
        overview, self.charted = self.charted, None
        if overview is None or overview.stats is None:
            return
        try:
            if overview.chart is None and self.history is not None:
                overview = replace(overview, chart=charted(self.history, overview.stats, overview.game))
            self.show_chart(overview)
        except HistoryError as exc:
            self.show_failure(exc)

    def name_of(self, key: str, name: str) -> str:
        """A player's name as the screen writes it (told apart from a namesake; plain letters in --ascii)."""
        return shown(self.label_of.get(key) or shown_name(key, name), self.ascii)

    def player_name(self, stats: PlayerStats) -> str:
        return self.name_of(stats.player, stats.name)

    def show_record(self, stats: PlayerStats) -> None:
        name = self.player_name(stats)
        note = self.query_one("#stats-note", Static)
        record, last = self.query_one("#stats-record", Static), self.query_one("#stats-last", Static)
        if not stats.per_game:
            if self.me is not None and self.game is None:
                sentence = _("You have not finished a game yet: your statistics appear here once you have.")
            elif self.game is None:
                sentence = _("{name} has not finished a game yet.", name=name)
            else:
                sentence = _("{name} has not finished a game of {title} yet.", name=name, title=game_title(self.game))
            note.update(Text(self.plain(sentence)))
            record.display = last.display = False
            return
        note.update(Text(self.plain(n_("{name} has finished {n} game and won {wins}.",
                                       "{name} has finished {n} games and won {wins}.", stats.games, name=name,
                                       n=number(stats.games), wins=number(stats.wins)))))
        record.display = last.display = True
        self.put(record, stats.per_game, lambda: record_table(stats.per_game, self.ascii))
        self.put(last, stats.last, lambda: Group(heading(_("Last games")), last_games_table(stats, self.ascii)))

    def put(self, section: Static, shows: object, table: Callable[[], RenderableType]) -> None:
        """Show the ``table`` made of ``shows`` in ``section``, unless it shows that already (laid out once)."""
        if self.drawn.get(str(section.id)) == shows:
            return
        section.update(LaidOut(table(), self.app))
        self.drawn[str(section.id)] = shows

    def show_chart(self, overview: Overview) -> None:
        """The chosen game's chart, or with every game chosen, the most played game's (and it says which)."""
        title, chart = self.query_one("#stats-chart-title", Static), self.query_one(StatChart)
        if overview.chart is None:
            title.display = chart.display = False
            return
        game, points = overview.chart
        if overview.game is None:
            sentence = n_("Scores and rating in {title}, the most played game ({n} game, oldest on the left)",
                          "Scores and rating in {title}, the most played game ({n} games, oldest on the left)",
                          len(points), title=game_title(game))
        else:
            sentence = n_("Scores and rating in {title} ({n} game, oldest on the left)",
                          "Scores and rating in {title} ({n} games, oldest on the left)", len(points),
                          title=game_title(game))
        title.display = chart.display = bool(points)
        title.update(heading(self.plain(sentence)))
        chart.set_points(points)

    def show_versus(self, overview: Overview) -> None:
        section = self.query_one("#stats-versus", Static)
        versus, second = overview.head_to_head, overview.versus
        if versus is None or second is None:
            section.display = False
            return
        first_name, second_name = self.name_of(overview.player, versus.first), self.name_of(second, versus.second)
        versus = HeadToHead(first_name, second_name, versus.games, versus.first_ahead, versus.second_ahead,
                            versus.level, versus.by_game)
        section.display = True
        title = heading(_("Head to head: {first} and {second}", first=first_name, second=second_name))
        if not versus.games:
            sentence = _("{first} and {second} have not finished a game together yet.", first=first_name,
                         second=second_name)
            self.put(section, versus, lambda: Group(title, Text(sentence)))
            return
        self.put(section, versus, lambda: Group(title, versus_table(versus, self.ascii)))

    def show_leaders(self, overview: Overview) -> None:
        """Over SSH: each game's leaderboard (the chosen game's alone when one is chosen)."""
        section = self.query_one("#stats-leaders", Static)
        section.display = self.me is not None
        if self.me is None:
            return
        parts: list[RenderableType] = [heading(n_(
            "Leaderboards: named players with at least {n} finished game, best rating first",
            "Leaderboards: named players with at least {n} finished games, best rating first", LEADER_GAMES))]
        for game, rows in overview.leaders:
            parts.append(Text("\n" + game_title(game), style="bold"))
            if rows:
                parts.append(leaderboard_table(rows, self.me, self.ascii))
            else:
                parts.append(Text(n_("Nobody has finished {n} game of {title} yet.",
                                     "Nobody has finished {n} games of {title} yet.", LEADER_GAMES,
                                     title=game_title(game))))
        section.update(Group(*parts))

    # -- keys ----------------------------------------------------------------------------------------------
    def action_scroll(self, pages: int) -> None:
        body = self.query_one(StatsBody)
        body.scroll_relative(y=pages * max(1, body.size.height - 2), animate=False)

    def action_ends(self, end: bool) -> None:
        body = self.query_one(StatsBody)
        if end:
            body.scroll_end(animate=False)
        else:
            body.scroll_home(animate=False)

    def action_back(self) -> None:
        if self.is_live:  # popped, not dismissed: the screen is shown again next time
            self.app.pop_screen()
