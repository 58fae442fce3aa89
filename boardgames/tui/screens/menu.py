"""The main menu and the list of saved games."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames.core.engine import Game
from boardgames.core.record import Record, RecordError
from boardgames.core.registry import all_games, game_title, get_game
from boardgames.core.savelock import SaveInUse
from boardgames.core.saves import SaveEntry
from boardgames.home import default_home
from boardgames.i18n import LANGUAGES, _, date_time, language, set_language
from boardgames.preferences import remember
from boardgames.tui.asciimode import asciify
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.message import MessageLine

#: seconds from the menu's first frame to the screens it opens being made ahead (tui/kept.py), and between them
AHEAD = 0.2
#: what the app keeps the lobby as (tui/kept.py; the app is its owner)
TABLES = "tables"


def players_text(record: Record) -> str:
    names = []
    for seat in record.seats:
        names.append(_("{name} (bot)", name=seat.name) if seat.is_bot else seat.name)
    return ", ".join(names)


def saved_when(path: Path) -> str:
    try:
        return date_time(datetime.fromtimestamp(path.stat().st_mtime))
    except OSError:
        return "?"


def shown(text: str, ascii: bool) -> str:
    return asciify(text) if ascii else text


def progress_line(record: Record, winners: tuple[str, ...] = ()) -> str:
    """Who plays, how far, and whether it is finished (and who won it, when that is known)."""
    players, moves = players_text(record), len(record.actions)
    if not record.finished:
        return _("{players} · moves made: {moves} · in progress", players=players, moves=moves)
    if len(winners) == 1:
        return _("{players} · moves made: {moves} · finished, won by {winner}", players=players, moves=moves,
                 winner=winners[0])
    if winners:
        return _("{players} · moves made: {moves} · finished, won jointly by {winners}", players=players,
                 moves=moves, winners=", ".join(winners))
    return _("{players} · moves made: {moves} · finished", players=players, moves=moves)


def describe_save(path: Path, record: Record, ascii: bool = False, winners: tuple[str, ...] = (),
                  damage: str = "") -> Text:
    """Two lines: when and which game; then who plays, how far, and whether it is finished (and who won); and
    a third for a damaged save: up to which move it can be read."""
    text = Text()
    text.append(shown(_("{when}  {title}", when=saved_when(path), title=game_title(record.game)), ascii),
                style="bold")
    text.append("\n    ")
    text.append(shown(progress_line(record, winners), ascii))
    if damage:
        text.append("\n    ")
        text.append(shown(damage, ascii), style="bold")
    return text


def describe_unplayable(entry: SaveEntry, ascii: bool = False) -> Text:
    """A save this version cannot replay: marked as such on its first line, with the reason below."""
    assert entry.record is not None
    text = Text()
    text.append(shown(_("{when}  {title}  (cannot be replayed)", when=saved_when(entry.path),
                        title=game_title(entry.record.game)), ascii), style="bold")
    text.append("\n    " + shown(plain_problem(entry), ascii))
    return text


def move(menu: OptionList, step: int) -> None:
    """j/k like down/up."""
    if step > 0:
        menu.action_cursor_down()
    else:
        menu.action_cursor_up()


def open_rules(screen: BaseScreen, game: Game) -> None:
    """Push the help screen of ``game`` (its rules summary and its board's keys), as a game does with ?."""
    from boardgames.tui.board import board_for
    from boardgames.tui.screens.help import HelpScreen

    try:
        board = board_for(game, ascii=getattr(screen.app, "ascii", False))
        keys, notes = board.help_keys(), board.help_notes()
    except Exception:  # noqa: BLE001 - the rules still open without the board's keys
        keys, notes = [], ""
    screen.app.push_screen(HelpScreen(game, keys, notes))


class MenuScreen(BaseScreen):
    BINDINGS = [
        Binding("c", "continue_last", show=False),
        Binding("l", "load", show=False),
        Binding("t", "tables", show=False),
        Binding("s", "stats", show=False),
        Binding("question_mark", "rules", show=False),
        Binding("q", "quit", show=False),
        Binding("j", "move(1)", show=False),
        Binding("k", "move(-1)", show=False),
    ]

    DEFAULT_CSS = """
    MenuScreen { align-horizontal: center; }
    MenuScreen #menu-title { height: 4; padding-top: 1; text-align: center; width: 100%; }
    MenuScreen OptionList, MenuScreen OptionList:focus { height: 1fr; border: none; margin: 0 2; }
    MenuScreen #menu-message { height: auto; min-height: 2; padding: 0 2; }
    """

    def compose(self) -> ComposeResult:
        title = Text()
        title.append(_("boardgames"), style="bold")
        title.append("\n")
        title.append(_("Modern Euro board games for the terminal: hot-seat, or at shared tables."), style="italic")
        yield Static(title, id="menu-title")
        yield OptionList(id="menu")
        yield MessageLine(id="menu-message")
        bar = KeyBar()
        bar.set_hints([("↑↓", _("choose")), ("Enter", _("open")), ("c", _("continue")), ("l", _("load")),
                       ("s", _("statistics")), ("t", _("tables")), ("?", _("rules")), ("q", _("quit"))])
        yield bar

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.rebuild()
        self.call_after_refresh(self.set_timer, AHEAD, self.make_ahead)

    def make_ahead(self, then: bool = True) -> None:
        """While the menu is in front: Statistics made ahead, off screen (tui/kept.py), then the lobby a moment
        after (each costs a few key redraws once; each is made only once an app)."""
        from boardgames.tui.screens.stats import prepare_stats
        from boardgames.tui.screens.tables import TablesScreen

        if self.app.screen is not self:
            return
        if any(worker.group == "history" for worker in self.app.workers):  # the first start reads the saves in
            self.set_timer(AHEAD, lambda: self.make_ahead(then))
            return
        if then:
            prepare_stats(self.app)
            self.set_timer(AHEAD, lambda: self.make_ahead(then=False))
        else:
            self.app.kept.prepare(self.app, TABLES, TablesScreen)

    def continue_option(self) -> Option:
        """Continue the newest unfinished game this version can replay; names are plain text.

        A damaged save, or one that cannot be replayed, is never offered: an older good game is.
        """
        self.last: Path | None = None
        self.last_entry: SaveEntry | None = None
        self.folder_unreadable = False
        self.skipped: list[SaveEntry] = []
        try:
            self.last_entry = self.app.store.last_playable(self.skipped)
            self.last = None if self.last_entry is None else self.last_entry.path
        except OSError:
            self.folder_unreadable = True
            return Option(Text(_("Continue last game (the saves folder cannot be read)")), id="continue",
                          disabled=True)
        entry = self.last_entry
        if entry is None and self.skipped:
            return Option(Text(_("Continue last game (no unfinished game can be replayed)")), id="continue",
                          disabled=True)
        if entry is None or entry.record is None:  # (last_playable finds only saves it could read)
            return Option(Text(_("Continue last game (there is no unfinished game)")), id="continue", disabled=True)
        record = entry.record
        label = _("Continue last game: {title} with {players} (moves made: {moves})",
                  title=game_title(record.game), players=players_text(record), moves=len(record.actions))
        return Option(Text(shown(label, self.app.ascii)), id="continue")

    def rebuild(self) -> None:
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        options: list[Option] = []
        for game in all_games():
            ascii = self.app.ascii
            text = Text()
            text.append(shown(_("New game: {title}", title=_(game.title)), ascii), style="bold")
            text.append("  " + shown(_("({low}–{high} players)", low=game.min_players, high=game.max_players), ascii))
            text.append("\n    " + shown(_(game.description), ascii), style="dim")
            options.append(Option(text, id=f"new:{game.id}"))
        table = self.my_table()
        if table is not None:
            options.append(table)
        options.append(self.continue_option())
        options.append(Option(Text(_("Load a saved game")), id="load"))
        options.append(Option(Text(_("Statistics")), id="stats"))
        options.append(Option(Text(_("Tables: play with other terminals, or watch")), id="tables"))
        for game in all_games():
            options.append(Option(Text(_("Rules of {title}", title=_(game.title))), id=f"rules:{game.id}"))
        options.append(language_option())
        options.append(Option(Text(_("Quit")), id="quit"))
        menu.set_options(options)
        ids = [option.id for option in options]
        if highlighted is not None and highlighted < len(options) and not options[highlighted].disabled:
            menu.highlighted = highlighted
        elif "table" in ids:
            menu.highlighted = ids.index("table")
        elif self.last is not None:
            menu.highlighted = ids.index("continue")
        else:
            menu.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or ""
        if choice.startswith("new:"):
            self.new_game(choice[4:])
        elif choice.startswith("rules:"):
            self.message("")
            open_rules(self, get_game(choice[6:]))
        elif choice == "continue":
            self.action_continue_last()
        elif choice == "table" and self.table_listing is not None:
            self.app.open_table(self.table_listing.table)
        elif choice == "tables":
            self.action_tables()
        elif choice == "load":
            self.action_load()
        elif choice == "stats":
            self.action_stats()
        elif choice == "language":
            self.switch_language()
        elif choice == "quit":
            self.action_quit()

    def new_game(self, game_id: str) -> None:
        from boardgames.tui.screens.setup import SetupScreen

        self.message("")
        self.app.push_screen(SetupScreen(get_game(game_id)))

    def action_continue_last(self) -> None:
        from boardgames.core.session import Session

        if self.last is None:
            if self.folder_unreadable:
                self.message(_("The saves folder cannot be read, so no game can be continued."))
            elif self.skipped:
                self.message(_("No unfinished game can be replayed by this version; the list of saves (l) "
                               "says why for each."))
            else:
                self.message(_("There is no unfinished game to continue."))
            return
        self.message("")
        try:
            session = Session.load(self.last, lock=True)
        except SaveInUse as exc:
            self.app.offer_to_watch(self.last, str(exc))
            return
        except RecordError as exc:
            self.message(_("{reason} The list of saves (l) can delete it.", reason=exc))
            return
        self.app.start_session(session)

    def action_rules(self) -> None:
        """The rules of the highlighted game (of the first game when no game is highlighted)."""
        menu = self.query_one(OptionList)
        games = all_games()
        game = games[0]
        if menu.highlighted is not None:
            choice = menu.get_option_at_index(menu.highlighted).id or ""
            for prefix in ("new:", "rules:"):
                if choice.startswith(prefix):
                    game = get_game(choice[len(prefix):])
        self.message("")
        open_rules(self, game)

    def action_load(self) -> None:
        self.message("")
        self.app.push_screen(LoadScreen())

    def action_stats(self) -> None:
        from boardgames.tui.screens.stats import open_stats

        self.message("")
        open_stats(self.app)

    def action_tables(self) -> None:
        from boardgames.tui.screens.tables import TablesScreen

        self.message("")
        kept = self.app.kept
        name = kept.name(self.app, TABLES)
        kept.show(name, kept.get(name, TablesScreen) or TablesScreen())  # built once; shown again, it reads the lobby

    def my_table(self) -> Option | None:
        """Back to the player's table whose game goes on (the newest), if any."""
        self.table_listing = self.app.lobby.my_table(self.app.player)
        listing = self.table_listing
        if listing is None or listing.spec is None:
            return None
        names = ", ".join(seat.name for seat in listing.spec.seats)
        label = _("Back to your table: {title} with {players}", title=game_title(listing.spec.game), players=names)
        return Option(Text(shown(label, self.app.ascii)), id="table")

    def action_quit(self) -> None:
        self.app.exit()

    def action_move(self, step: int) -> None:
        move(self.query_one(OptionList), step)

    def switch_language(self) -> None:
        """The next language, remembered for this player; every text of the menu is drawn again in it."""
        chosen = next_language()
        set_language(chosen)
        player = self.app.player.id if self.app.player is not None else ""
        kept = remember(default_home(), chosen, player)
        self.app.kept.forget_owner(self.app)  # the lobby and Statistics made in the other language
        self.refresh(recompose=True)
        self.call_after_refresh(self.after_language, kept)
        self.call_after_refresh(self.set_timer, AHEAD, self.make_ahead)  # made ahead again, in this one

    def after_language(self, kept: bool) -> None:
        self.rebuild()
        menu = self.query_one(OptionList)
        menu.focus()
        menu.highlighted = [option.id for option in menu.options].index("language")
        if not kept:
            self.message(_("The data folder cannot be written, so the language will not be remembered."))


def next_language() -> str:
    codes = list(LANGUAGES)
    return codes[(codes.index(language()) + 1) % len(codes)] if language() in codes else codes[0]


def language_option() -> Option:
    """The language in use, and the next one named in its own language, so a reader of either finds it."""
    return Option(Text(_("Language: {language} (Enter: {other})", language=LANGUAGES.get(language(), language()),
                         other=LANGUAGES[next_language()])), id="language")


def plain_problem(entry: SaveEntry) -> str:
    """The reason a save is damaged or cannot be replayed, without the file name it starts with."""
    prefix, problem = f"{entry.path.name}: ", entry.problem or entry.unplayable
    return problem[len(prefix):] if problem.startswith(prefix) else problem


class LoadScreen(BaseScreen):
    """Every save, newest first; a damaged one is marked and says why, and the list stays usable."""

    #: a notice to show again once the list's new highlight has cleared the message line
    notice = ""

    BINDINGS = [
        Binding("escape,q", "back", show=False),
        Binding("r", "replay", show=False),
        Binding("d,delete", "delete", show=False),
        Binding("j", "move(1)", show=False),
        Binding("k", "move(-1)", show=False),
    ]

    DEFAULT_CSS = """
    LoadScreen #load-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    LoadScreen OptionList, LoadScreen OptionList:focus { height: 1fr; border: none; margin: 0 1; }
    LoadScreen #load-message { height: auto; min-height: 2; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(_("Load a saved game"), id="load-title")
        yield OptionList(id="saves")
        yield MessageLine(id="load-message")
        bar = KeyBar()
        bar.set_hints([("↑↓", _("choose")), ("Enter", _("open")), ("r", _("replay")), ("d", _("delete")),
                       ("Esc", _("back"))])
        yield bar

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one(OptionList).focus()

    def rebuild(self, keep: int = 0) -> None:
        self.entries: list[SaveEntry] = []
        unreadable = False
        try:
            self.entries = self.app.store.scan()
        except OSError:
            unreadable = True
        options = []
        for i, entry in enumerate(self.entries):
            if entry.record is None:
                text = Text(_("{when}  {file}  (damaged)", when=saved_when(entry.path), file=entry.path.name),
                            style="bold")
                text.append("\n    " + plain_problem(entry))
            elif entry.unplayable:
                text = describe_unplayable(entry, self.app.ascii)
            else:
                text = describe_save(entry.path, entry.record, self.app.ascii, entry.winners, entry.damage)
            options.append(Option(text, id=str(i)))
        menu = self.query_one(OptionList)
        menu.set_options(options)
        if unreadable:
            self.message(_("The saves folder cannot be read, so no saved game can be listed. "
                           "Escape goes back to the menu."))
        elif not options:
            self.message(_("There are no saved games yet. Escape goes back to the menu."), error=False)
        else:
            menu.highlighted = min(keep, len(options) - 1)

    @property
    def saves(self) -> list[tuple[Path, Record | None]]:
        return [(entry.path, entry.record) for entry in self.entries]

    def selected(self) -> SaveEntry | None:
        index = self.query_one(OptionList).highlighted
        if index is None or not 0 <= index < len(self.entries):
            return None
        return self.entries[index]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        entry = self.selected()
        notice, self.notice = self.notice, ""
        if entry is not None and not entry.playable:
            self.message(entry.problem or entry.unplayable)
        else:
            self.message(notice, error=False)

    def readable_selection(self) -> SaveEntry | None:
        """The highlighted save if it can be read; otherwise say why and return None."""
        entry = self.selected()
        if entry is None:
            return None
        if not entry.playable:
            self.message(_("{reason} Press d to delete it.", reason=entry.problem or entry.unplayable))
            return None
        return entry

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        entry = self.readable_selection()
        if entry is not None:
            self.app.open_save(entry.path, self)

    def action_replay(self) -> None:
        """Replay the highlighted save; one that cannot be replayed to its end replays up to its bad move."""
        entry = self.selected()
        if entry is not None and entry.record is None:
            self.readable_selection()  # says why
        elif entry is not None and entry.record is not None:
            self.app.open_replay(entry.record)

    def action_delete(self) -> None:
        """Ask, then remove the highlighted save file."""
        from boardgames.tui.screens.confirm import ConfirmScreen

        entry = self.selected()
        if entry is None:
            return
        index = self.query_one(OptionList).highlighted or 0
        question = Text(_("Delete the save {file}?", file=entry.path.name), style="bold")
        if entry.record is not None:
            record = entry.record
            question.append("\n" + _("{title} with {players}, moves made: {moves}.", title=game_title(record.game),
                                      players=players_text(record), moves=len(record.actions)))
        question.append("\n" + _("A deleted save cannot be brought back."))

        def answered(delete: bool | None) -> None:
            if not delete:
                self.message(_("Nothing was deleted."), error=False)
                return
            try:
                entry.path.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                self.message(_("{file} could not be deleted: the saves folder cannot be written to.",
                               file=entry.path.name))
                return
            self.rebuild(keep=index)
            self.notice = _("The save {file} was deleted.", file=entry.path.name)  # outlives the new highlight
            self.message(self.notice, error=False)

        self.app.push_screen(ConfirmScreen(question), answered)

    def action_back(self) -> None:
        self.dismiss()

    def action_move(self, step: int) -> None:
        move(self.query_one(OptionList), step)
