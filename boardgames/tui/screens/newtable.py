"""Making a table: the game and its options as for a game at one keyboard, and for each seat who sits there:
this terminal (hot-seat), a player from another terminal (left open), or a bot; then whether spectators may
chat, what becomes of a seat whose player stays away past the hold, and whether hints are allowed. The seed is
the lobby's to draw in secret (``Lobby.create``): typed at one terminal, it would tell its maker alone the whole
deal, or in a game without secrets every draw to come."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from boardgames.core.data import DataError
from boardgames.core.engine import Game, OptionError
from boardgames.core.registry import all_games
from boardgames.i18n import _
from boardgames.lobby.table import TableError, TableSeat
from boardgames.tui.screens.setup import SetupScreen, kind_choices
from boardgames.tui.screens.setup import default_name as setup_default_name
from boardgames.tui.widgets import ChoiceField


class NewTableScreen(SetupScreen):
    """The set-up screen of a shared table (``open_table`` follows it)."""

    def __init__(self, game: Game | None = None) -> None:
        super().__init__(game or all_games()[0])

    @property
    def seed_locked(self) -> bool:
        return True

    def seed_refusal(self) -> str:
        return _("A table's seed deals the whole game, so the lobby draws it in secret and it cannot be typed; the "
                 "finished game's save holds it.")

    def seat_kinds(self) -> list[tuple[str, str]]:
        kinds = kind_choices()
        here = [(value, _("Here (this terminal)")) for value, _label in kinds if value == "human"]
        return [*here, ("open", _("Open (another terminal)")), *(kind for kind in kinds if kind[0] != "human")]

    def default_name(self, seat: int, kind: str) -> str:
        if kind == "open":
            return _("(their own name)")
        if seat == 0 and kind == "human" and self.app.player is not None:
            return self.app.player.name
        return setup_default_name(seat, kind)

    def on_mount(self) -> None:
        title = self.query_one("#setup-title", Static)
        title.update(Text(_("New table: {title}", title=_(self.game.title))))
        body = self.query_one("#setup-body")
        rows = []
        games = [(game.id, _(game.title)) for game in all_games()]
        chooser = ChoiceField(games, self.game.id, id="table-game")
        body.mount(self._row(_("Game"), chooser, ""), after="#setup-about")
        rows.append(self._row(_("Spectators"), ChoiceField([("yes", _("may chat")), ("no", _("only read"))], "yes",
                                                            id="table-spectators"), ""))
        rows.append(self._row(_("Away"), ChoiceField([("bot", _("a bot plays")), ("wait", _("the table waits"))],
                                                     "bot", id="table-away"),
                              _("What happens to a seat whose player is gone longer than {hold:.0f} s.",
                                hold=self.app.lobby.hold)))
        body.mount(*rows, before="#buttons")
        super().on_mount()
        self.call_after_refresh(chooser.focus)
        seat0 = self.query_one("#name-0", Input)
        seat0.value = self.default_name(0, "human")
        for seat in range(1, self.game.max_players):
            self.query_one(f"#kind-{seat}", ChoiceField).value = "open"
            self.query_one(f"#name-{seat}", Input).value = self.default_name(seat, "open")

    @staticmethod
    def _row(label: str, field: ChoiceField, help: str) -> Horizontal:
        return Horizontal(Label(label), field, Static(Text(help), classes="help"), classes="row")

    def on_choice_field_changed(self, event: ChoiceField.Changed) -> None:
        if event.field.id == "table-game":
            event.stop()
            from boardgames.core.registry import get_game

            self.app.switch_screen(NewTableScreen(get_game(event.value)))
            return
        super().on_choice_field_changed(event)

    def action_start(self) -> None:
        seats = self.checked_seats()
        if seats is None or self.refuse_typed_seed():
            return
        player = self.app.player
        if player is None:
            self.message(_("Give your name in the lobby first."))
            return
        table_seats = [TableSeat() if seat.kind == "open" else
                       TableSeat(name=seat.name, bot=seat.bot_kind) if seat.is_bot else
                       TableSeat(name=seat.name, owner=player.id) for seat in seats]
        spectators = self.query_one("#table-spectators", ChoiceField).value == "yes"
        away = self.query_one("#table-away", ChoiceField).value
        try:
            table = self.app.lobby.create(player, self.game, table_seats, self.chosen_options(),
                                          spectator_chat=spectators, when_away=away, hints=self.hints_allowed())
        except (TableError, OptionError) as exc:
            self.message(str(exc))
            return
        except DataError as exc:
            self.message(_("The game cannot start because a rules table is broken: {reason}", reason=exc))
            return
        except OSError as exc:
            self.message(_("The table cannot be made: {reason}", reason=exc.strerror or exc))
            return
        self.app.open_table(table, replace=self)
