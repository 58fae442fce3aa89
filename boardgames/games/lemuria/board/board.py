"""Lemuria's board: the altar beside the calendar, trend line and areas; under them the players table and the
hand beside the list of moves; the status line last. The keys that belong to no part live here."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from boardgames.core.engine import Action
from boardgames.games.lemuria.board.altar import AltarPart
from boardgames.games.lemuria.board.areas import AreasPart
from boardgames.games.lemuria.board.choices import ChoicesPart
from boardgames.games.lemuria.board.hand import HandPart
from boardgames.games.lemuria.board.help import HELP_MOUSE, HELP_NOTES, HELP_TAB, citizens_markdown
from boardgames.games.lemuria.board.players import PlayersPart
from boardgames.games.lemuria.board.trend import TrendPart
from boardgames.i18n import N_
from boardgames.tui.board import Board
from boardgames.tui.keys import PartKey
from boardgames.tui.widgets.part import BoardPart
from boardgames.tui.widgets.status import StatusLine


class LemuriaBoard(Board):
    """Tab visits the moves, the hand, the altar, the trend and the players; a new decision starts on the
    moves."""

    PARTS = (AltarPart, TrendPart, AreasPart, PlayersPart, HandPart, ChoicesPart, StatusLine)
    altar: AltarPart
    trend: TrendPart
    areas: AreasPart
    players: PlayersPart
    hand: HandPart
    choices: ChoicesPart
    status: StatusLine
    #: from this terminal height the long texts show
    TALL = 34
    #: a citizen's whole effect, with its name and food, takes up to two lines at 80 columns
    STATUS_ROWS = 2
    HELP_TAB = HELP_TAB
    HELP_MOUSE = HELP_MOUSE
    HELP_NOTES = HELP_NOTES  # translated where shown (tui/screens/help.py)

    DEFAULT_CSS = """
    LemuriaBoard Horizontal { height: auto; }
    LemuriaBoard Vertical { height: auto; }
    LemuriaBoard #lemuria-panel { width: 1fr; padding: 0 0 0 1; }
    LemuriaBoard #lemuria-left { width: 60%; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield self.altar
            with Vertical(id="lemuria-panel"):
                yield self.trend
                yield self.areas
        with Horizontal():
            with Vertical(id="lemuria-left"):
                yield self.players
                yield self.hand
            yield self.choices
        yield self.status

    @classmethod
    def help_notes(cls) -> str:
        return super().help_notes() + "\n\n" + citizens_markdown()

    # -- sizes ------------------------------------------------------------------------
    def choice_rows(self) -> int:
        """Lines of the list of moves: what the terminal leaves under the altar (a few lines stay for the log)."""
        top = 12 if self.tall else 10
        return max(4, self.screen_height - 7 - top - (6 if self.tall else 0))

    # -- state from the host ----------------------------------------------------------
    def update(self) -> None:
        view = self.shown
        self.decision_shown((self.seat, view.get("current"), view.get("phase"), self.interactive))

    def useful(self, part: BoardPart | None) -> bool:
        """Whether ``part`` still has a move to offer (else the next view goes back to the list of moves)."""
        if part is self.altar:
            return any(self.altar.section_actions(i) for i in range(len(self.shown["altar"]["sections"])))
        if part is self.trend:
            return any(self.trend.position_actions(pos) for pos in range(1, len(self.shown["trend"]) + 1))
        if part is self.hand:
            return any(self.hand.card_actions(card) for card in self.hand.hand())
        return part is not None

    def focus_order(self) -> list[BoardPart]:
        parts: list[BoardPart] = [self.choices, self.hand, self.altar, self.trend, self.players]
        return [part for part in parts if part.takes_focus()]

    def default_part(self) -> BoardPart | None:
        order = self.focus_order()
        return order[0] if order else None

    def choose_among(self, actions: list[Action]) -> None:
        """Several ways to do one thing (build at a position): the list of moves shows only them."""
        self.choices.focus_on(actions)
        self.focus_part(self.choices)
        self.choices.refresh()

    # -- the keys of no part ----------------------------------------------------------
    #: the single-letter keys: the action each sends, its key-bar word, why not, and the help's sentence
    KEYS = (
        PartKey(("p",), N_("plant"), action="plant", why=N_("You cannot plant now."),
                help=N_("Plant matter (the turn's plant).")),
        PartKey(("h",), N_("harvest"), action="harvest", why=N_("You cannot harvest now: no full section holds your "
                "matter, or you have planted or harvested this turn."), help=N_("Harvest (the turn's harvest).")),
        PartKey(("d",), N_("done"), action="done", why=N_("Nothing to finish now."),
                help=N_("Done: stop planting or harvesting, or end a card's choice.")),
        PartKey(("b",), N_("buy"), action="buy", why=N_("You cannot buy a citizen card now."),
                help=N_("Buy a citizen card.")),
        PartKey(("s",), N_("swap"), action="swap", why=N_("You cannot swap a citizen card now."),
                help=N_("Swap a citizen card (2 gold).")),
        PartKey(("i",), N_("impact"), action="impact", why=N_("You cannot use an Impact card now."),
                help=N_("Use a Lemurian Impact card.")),
        PartKey(("e",), N_("end turn"), action="end", why=N_("You cannot end the turn now: plant or harvest first, "
                "or finish the decision."), help=N_("End the turn.")),
    )
