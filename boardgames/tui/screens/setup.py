"""Setting up a new game: seats (name, human or bot), the game's options, the seed.

A seed deals the whole game, hidden hands included, so it is drawn in secret unless typed, and in a game with
secrets (``Game.has_private_info``) it cannot be typed at all: a player who knew it could deal the game again
and read every hand. No screen shows it before the game's end; the save holds it, as it holds every move."""

from __future__ import annotations

import random
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Static

from boardgames.core.bots import BOT_KINDS, kind_name
from boardgames.core.data import DataError
from boardgames.core.engine import Game, OptionError
from boardgames.core.record import MAX_NAME_LENGTH, MAX_SEED, SavesFolderError, Seat, name_problem, secret_seed
from boardgames.core.session import Session
from boardgames.i18n import _, p_
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import ChoiceField, KeyBar
from boardgames.tui.widgets.message import MessageLine

#: the longest name the form takes: the same as the command line's and a save's
NAME_LENGTH = MAX_NAME_LENGTH


def choice_word(choice: str) -> str:
    """What an option's choice reads as: a yes/no option's "false"/"true" read "no"/"yes"."""
    return {"false": _("no"), "true": _("yes")}.get(choice, choice)


def kind_choices() -> list[tuple[str, str]]:
    return [("human", _("Human")), *((f"bot:{kind}", _("Bot ({kind})", kind=kind_name(kind))) for kind in BOT_KINDS)]


def default_name(seat: int, kind: str) -> str:
    if kind.startswith("bot:"):
        return _("Bot {n}", n=seat + 1)
    return _("Player {n}", n=seat + 1)


class SeedInput(Input):
    """The seed field, empty ("random") for a seed drawn in secret. Where a seed may be typed, digits are all it
    takes, so a plain ``r`` writes a new one (as ctrl+r does anywhere)."""

    def __init__(self, locked: bool, **kwargs: Any) -> None:
        super().__init__("", placeholder=p_("a seed drawn in secret", "random"), max_length=19, **kwargs)
        #: no seed may be typed here: the screen empties the field again and says why
        self.locked = locked

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "r" and not self.locked:  # before Input types it into the field
            event.stop()
            event.prevent_default()
            self.action_new_seed()
            return
        await super()._on_key(event)

    def action_new_seed(self) -> None:
        self.value = str(random.randrange(1, 1_000_000))
        self.cursor_position = len(self.value)


class SetupScreen(BaseScreen):
    BINDINGS = [
        Binding("escape", "back", show=False),
        Binding("enter", "start", show=False),
        Binding("ctrl+r", "new_seed", show=False),
    ]

    DEFAULT_CSS = """
    SetupScreen #setup-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    SetupScreen #setup-body { height: 1fr; padding: 0 1; }
    SetupScreen #setup-about { height: auto; color: $text-muted; }
    SetupScreen .row { height: auto; }
    SetupScreen .gap { margin-top: 1; }
    SetupScreen .row Label { width: 14; }
    SetupScreen .row Input { width: 22; height: 1; border: none; padding: 0 1; margin-right: 2; background: $boost; }
    SetupScreen .row Input:focus { background: $accent 40%; }
    SetupScreen .row .help { width: 1fr; color: $text-muted; margin-left: 2; }
    SetupScreen #buttons { height: 1; margin-top: 1; }
    SetupScreen #buttons Button { height: 1; border: none; min-width: 14; margin-right: 2; }
    SetupScreen #setup-message { height: 2; padding: 0 1; }
    """

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    @property
    def seed_locked(self) -> bool:
        """Whether no seed may be typed: the game has secrets, which its seed alone deals. (Where nothing is
        private to one seat, a typed seed tells everyone at the keyboard the same: the draws to come.)"""
        return self.game.has_private_info

    def seed_refusal(self) -> str:
        """Why no seed may be typed here."""
        return _("In {title} the seed deals every hidden hand, so it is drawn in secret and cannot be typed; the "
                 "finished game's save holds it.", title=_(self.game.title))

    def compose(self) -> ComposeResult:
        game = self.game
        yield Static(Text(_("New game: {title}", title=_(game.title))), id="setup-title")
        with VerticalScroll(id="setup-body"):
            yield Static(Text(_("{description} For {low} to {high} players.", description=_(game.description),
                                low=game.min_players, high=game.max_players)), id="setup-about")
            with Horizontal(classes="row gap"):
                yield Label(_("Players"))
                counts = [(str(n), str(n)) for n in range(game.min_players, game.max_players + 1)]
                yield ChoiceField(counts, str(game.min_players), id="count")
            for seat in range(game.max_players):
                with Horizontal(classes="row seat gap" if seat == 0 else "row seat", id=f"seat-{seat}"):
                    yield Label(_("Seat {n}", n=seat + 1))
                    yield Input(self.default_name(seat, "human"), max_length=NAME_LENGTH, id=f"name-{seat}")
                    yield ChoiceField(self.seat_kinds(), "human", id=f"kind-{seat}")
            for number, option in enumerate(game.options):
                with Horizontal(classes="row gap" if number == 0 else "row"):
                    yield Label(Text(_(option.label)))
                    words = [(choice, choice_word(choice)) for choice in option.texts]
                    yield ChoiceField(words, option.text(option.default), id=f"option-{option.key}")
                    yield Static(Text(_(option.help) if option.help else ""), classes="help")
            with Horizontal(classes="row" if game.options else "row gap"):
                yield Label(_("Seed"))
                yield SeedInput(self.seed_locked, id="seed")
                yield Static(_("Drawn in secret, so nobody knows the deal; the finished game's save holds it.")
                             if self.seed_locked else
                             _("Empty: drawn in secret. A typed seed deals the same game again; r here (or "
                               "ctrl+r) writes a new one."), classes="help")
            with Horizontal(classes="row"):
                yield Label(_("Hints"))
                yield ChoiceField([("true", _("yes")), ("false", _("no"))], "true", id="hints")
                yield Static(_("Whether a player may press H for the search's suggested move and why."),
                             classes="help")
            with Horizontal(id="buttons"):
                yield Button(_("Start"), id="start", variant="primary")
                yield Button(_("Back"), id="back")
        yield MessageLine(id="setup-message")
        yield KeyBar(id="setup-keys")

    def seat_kinds(self) -> list[tuple[str, str]]:
        """Who may sit in a seat: (value, label) pairs."""
        return kind_choices()

    def default_name(self, seat: int, kind: str) -> str:
        return default_name(seat, kind)

    def show_hints(self) -> None:
        """The keys of the field in focus; on the seed field, the plain key for a new seed."""
        hints = [("Tab", _("next field")), ("←→", _("change choice")), ("Enter", _("start")), ("Esc", _("back"))]
        if isinstance(self.focused, SeedInput):
            seed_key = [] if self.seed_locked else [("r", _("new seed"))]
            hints = [("Tab", _("next field")), *seed_key, ("Enter", _("start")), ("Esc", _("back"))]
        self.query_one("#setup-keys", KeyBar).set_hints(hints)

    def on_descendant_focus(self) -> None:
        self.show_hints()

    def on_mount(self) -> None:
        self.show_seats()
        self.query_one("#count", ChoiceField).focus()
        self.show_hints()

    @property
    def count(self) -> int:
        return int(self.query_one("#count", ChoiceField).value)

    def show_seats(self) -> None:
        for seat in range(self.game.max_players):
            self.query_one(f"#seat-{seat}").display = seat < self.count

    def on_choice_field_changed(self, event: ChoiceField.Changed) -> None:
        event.stop()
        field_id = event.field.id or ""
        if field_id == "count":
            self.show_seats()
        elif field_id.startswith("kind-"):
            seat = int(field_id[5:])
            name = self.query_one(f"#name-{seat}", Input)
            defaults = {self.default_name(seat, kind) for kind, _label in self.seat_kinds()}
            if name.value.strip() in defaults or not name.value.strip():
                name.value = self.default_name(seat, event.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        if isinstance(event.input, SeedInput):
            event.stop()
            self.refuse_typed_seed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_back(self) -> None:
        self.dismiss()

    def action_new_seed(self) -> None:
        if self.seed_locked:
            self.message(self.seed_refusal())
        else:
            self.query_one("#seed", SeedInput).action_new_seed()

    def refuse_typed_seed(self) -> bool:
        """Where no seed may be typed, empty the seed field and say why; whether something was typed there."""
        field = self.query_one("#seed", SeedInput)
        if not self.seed_locked or not field.value:
            return False
        field.value = ""
        self.message(self.seed_refusal())
        return True

    def seats(self) -> list[Seat]:
        seats = []
        for seat in range(self.count):
            kind = self.query_one(f"#kind-{seat}", ChoiceField).value
            name = " ".join(self.query_one(f"#name-{seat}", Input).value.split()) or self.default_name(seat, kind)
            seats.append(Seat(name, kind))
        return seats

    def typed_seed(self) -> int | None:
        """The seed typed, else one drawn in secret; None after saying on screen why the one typed cannot be
        used."""
        if self.refuse_typed_seed():
            return None
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return secret_seed()
        if text.isascii() and text.isdigit() and int(text) <= MAX_SEED:
            return int(text)
        self.message(_("The seed must be a whole number from 0 to {most}, or nothing for a secret one; '{text}' is "
                       "not.", most=MAX_SEED, text=text))
        return None

    def checked_seats(self) -> list[Seat] | None:
        """The seats, or None after saying on screen what is wrong with a name (seats left open have none)."""
        seats = self.seats()
        seen: set[str] = set()
        for number, seat in enumerate(seats, 1):
            if seat.kind == "open":
                continue
            problem = name_problem(seat.name)
            if problem:
                self.message(_("Seat {n}: {problem}", n=number, problem=problem))
                return None
            if seat.name.casefold() in seen:
                self.message(_("Two seats are called {name}; give every seat its own name.", name=seat.name))
                return None
            seen.add(seat.name.casefold())
        return seats

    def hints_allowed(self) -> bool:
        """The form's Hints row: whether a player may ask for a hint (a setting of the game, not a rule)."""
        return self.query_one("#hints", ChoiceField).value == "true"

    def chosen_options(self) -> dict[str, str]:
        return {opt.key: self.query_one(f"#option-{opt.key}", ChoiceField).value for opt in self.game.options}

    def filled_in(self) -> tuple[list[Seat], int] | None:
        """The seats and the seed, or None after saying on screen what is wrong with them."""
        seats = self.checked_seats()
        seed = None if seats is None else self.typed_seed()
        return None if seats is None or seed is None else (seats, seed)

    def action_start(self) -> None:
        form = self.filled_in()
        if form is None:
            return
        seats, seed = form
        options = self.chosen_options()
        try:
            session = Session.new(self.game, seats, options, seed=seed, store=self.app.store,
                                  hints=self.hints_allowed())
        except OptionError as exc:
            self.message(str(exc))
            return
        except DataError as exc:
            self.message(_("The game cannot start because a rules table is broken: {reason}", reason=exc))
            return
        except SavesFolderError as exc:
            self.message(str(exc))
            return
        except OSError as exc:
            self.message(_("The game cannot be saved: {reason}", reason=exc.strerror or exc))
            return
        self.app.start_session(session, replace=self)
