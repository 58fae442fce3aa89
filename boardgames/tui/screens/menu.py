"""The main menu and the list of saved games."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames.core.record import Record, RecordError, last_unfinished, list_saves, read_record
from boardgames.core.registry import all_games, get_game
from boardgames.tui.i18n import _
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.message import MessageLine


def game_title(game_id: str) -> str:
    try:
        return get_game(game_id).title
    except KeyError:
        return game_id


def players_text(record: Record) -> str:
    names = []
    for seat in record.seats:
        names.append(_("{name} (bot)", name=seat.name) if seat.is_bot else seat.name)
    return ", ".join(names)


def saved_when(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except OSError:
        return "?"


def describe_save(path: Path, record: Record) -> Text:
    """Two lines: when and which game; then who plays, how far, and whether it is finished."""
    text = Text()
    text.append(_("{when}  {title}", when=saved_when(path), title=game_title(record.game)), style="bold")
    text.append("\n    ")
    if record.finished:
        text.append(_("{players} · moves made: {moves} · finished", players=players_text(record),
                      moves=len(record.actions)))
    else:
        text.append(_("{players} · moves made: {moves} · in progress", players=players_text(record),
                      moves=len(record.actions)))
    return text


def move(menu: OptionList, step: int) -> None:
    """j/k like down/up."""
    if step > 0:
        menu.action_cursor_down()
    else:
        menu.action_cursor_up()


class MenuScreen(BaseScreen):
    BINDINGS = [
        Binding("c", "continue_last", show=False),
        Binding("l", "load", show=False),
        Binding("q", "quit", show=False),
        Binding("j", "move(1)", show=False),
        Binding("k", "move(-1)", show=False),
    ]

    DEFAULT_CSS = """
    MenuScreen { align-horizontal: center; }
    MenuScreen #menu-title { height: 4; padding-top: 1; text-align: center; width: 100%; }
    MenuScreen OptionList, MenuScreen OptionList:focus { height: 1fr; border: none; margin: 0 2; }
    MenuScreen #menu-message { height: 2; padding: 0 2; }
    """

    def compose(self) -> ComposeResult:
        title = Text()
        title.append(_("boardgames"), style="bold")
        title.append("\n")
        title.append(_("Modern Euro board games for the terminal, hot-seat at one keyboard."), style="italic")
        yield Static(title, id="menu-title")
        yield OptionList(id="menu")
        yield MessageLine(id="menu-message")
        bar = KeyBar()
        bar.set_hints([("↑↓", _("choose")), ("Enter", _("open")), ("c", _("continue")), ("l", _("load")),
                       ("q", _("quit"))])
        yield bar

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        options: list[Option] = []
        for game in all_games():
            text = Text()
            text.append(_("New game: {title}", title=game.title), style="bold")
            text.append("  " + _("({low}–{high} players)", low=game.min_players, high=game.max_players))
            text.append("\n    " + game.description, style="dim")
            options.append(Option(text, id=f"new:{game.id}"))
        self.last = None
        try:
            self.last = last_unfinished()
        except OSError:
            self.last = None
        if self.last is not None:
            try:
                record = read_record(self.last)
                label = _("Continue last game: {title} with {players} (moves made: {moves})",
                          title=game_title(record.game), players=players_text(record), moves=len(record.actions))
            except RecordError:
                label = _("Continue last game")
            options.append(Option(label, id="continue"))
        else:
            options.append(Option(_("Continue last game (there is no unfinished game)"), id="continue", disabled=True))
        options.append(Option(_("Load a saved game"), id="load"))
        options.append(Option(_("Quit"), id="quit"))
        menu.set_options(options)
        if highlighted is not None and highlighted < len(options) and not options[highlighted].disabled:
            menu.highlighted = highlighted
        elif self.last is not None:
            menu.highlighted = len(options) - 3
        else:
            menu.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or ""
        if choice.startswith("new:"):
            self.new_game(choice[4:])
        elif choice == "continue":
            self.action_continue_last()
        elif choice == "load":
            self.action_load()
        elif choice == "quit":
            self.action_quit()

    def new_game(self, game_id: str) -> None:
        from boardgames.tui.screens.setup import SetupScreen

        self.message("")
        self.app.push_screen(SetupScreen(get_game(game_id)))

    def action_continue_last(self) -> None:
        if self.last is None:
            self.message(_("There is no unfinished game to continue."))
            return
        self.message("")
        if not self.app.open_save(self.last, self):
            self.rebuild()

    def action_load(self) -> None:
        self.message("")
        self.app.push_screen(LoadScreen())

    def action_quit(self) -> None:
        self.app.exit()

    def action_move(self, step: int) -> None:
        move(self.query_one(OptionList), step)


class LoadScreen(BaseScreen):
    """Every save, newest first; an unreadable one says why and the list stays usable."""

    BINDINGS = [
        Binding("escape,q", "back", show=False),
        Binding("r", "replay", show=False),
        Binding("j", "move(1)", show=False),
        Binding("k", "move(-1)", show=False),
    ]

    DEFAULT_CSS = """
    LoadScreen #load-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    LoadScreen OptionList, LoadScreen OptionList:focus { height: 1fr; border: none; margin: 0 1; }
    LoadScreen #load-message { height: 2; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(_("Load a saved game"), id="load-title")
        yield OptionList(id="saves")
        yield MessageLine(id="load-message")
        bar = KeyBar()
        bar.set_hints([("↑↓", _("choose")), ("Enter", _("open")), ("r", _("replay")), ("Esc", _("back"))])
        yield bar

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one(OptionList).focus()

    def rebuild(self) -> None:
        try:
            self.saves = list_saves()
        except OSError as exc:
            self.saves = []
            self.message(_("The saves folder cannot be read: {reason}", reason=exc))
        options = []
        for i, (path, record) in enumerate(self.saves):
            if record is None:
                text = Text(_("{when}  {file}", when=saved_when(path), file=path.name), style="bold")
                text.append("\n    " + _("This file cannot be read as a save; choose it to see why."), style="")
            else:
                text = describe_save(path, record)
            options.append(Option(text, id=str(i)))
        menu = self.query_one(OptionList)
        menu.set_options(options)
        if not options:
            self.message(_("There are no saved games yet. Escape goes back to the menu."), error=False)
        else:
            menu.highlighted = 0

    def selected(self) -> tuple[Path, Record | None] | None:
        index = self.query_one(OptionList).highlighted
        if index is None or not 0 <= index < len(self.saves):
            return None
        return self.saves[index]

    def problem(self, path: Path) -> str:
        try:
            read_record(path)
        except RecordError as exc:
            return str(exc)
        return ""

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        item = self.selected()
        if item is not None and item[1] is None:
            self.message(_("{file}: {reason}", file=item[0].name, reason=self.problem(item[0])))
        else:
            self.message("")

    def readable_selection(self) -> tuple[Path, Record] | None:
        """The highlighted save if it can be read; otherwise say why and return None."""
        item = self.selected()
        if item is None:
            return None
        path, record = item
        if record is None:
            self.message(_("{file}: {reason}", file=path.name, reason=self.problem(path)))
            return None
        return path, record

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        item = self.readable_selection()
        if item is not None:
            self.app.open_save(item[0], self)

    def action_replay(self) -> None:
        item = self.readable_selection()
        if item is not None:
            self.app.open_replay(item[1])

    def action_back(self) -> None:
        self.dismiss()

    def action_move(self, step: int) -> None:
        move(self.query_one(OptionList), step)
