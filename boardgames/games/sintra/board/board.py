"""Sintra's board: the supply, the palaces and the info line put together, and what they share."""

from __future__ import annotations

from rich.style import Style
from textual.app import ComposeResult

from boardgames.core.engine import Game
from boardgames.games.sintra.board.common import COLOUR_STYLES
from boardgames.games.sintra.board.help import HELP_MOUSE, HELP_NOTES, HELP_TAB
from boardgames.games.sintra.board.info import InfoPart
from boardgames.games.sintra.board.palaces import PalacesPart
from boardgames.games.sintra.board.supply import SupplyPart
from boardgames.games.sintra.data import shared_rules
from boardgames.games.sintra.words import colour_name
from boardgames.tui.board import Board
from boardgames.tui.canvas import shown, uses_ansi
from boardgames.tui.glyphs import hollow


class SintraBoard(Board):
    """The supply takes the keys while glass is taken (Tab looks at the strips), the palaces while it is
    placed, the info line while a piece is kept for a window."""

    PARTS = (SupplyPart, PalacesPart, InfoPart)
    supply: SupplyPart
    palaces: PalacesPart
    info: InfoPart
    HELP_TAB = HELP_TAB
    HELP_MOUSE = HELP_MOUSE
    HELP_NOTES = HELP_NOTES
    LOG_BESIDE = False  # 18 lines at most: the log has the room below, the palaces the whole width

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        rules = shared_rules()
        self.colours = {c.id: c for c in (*rules.colours, rules.components.joker)}
        self.colour_ids = [c.id for c in rules.colours]
        # the legal moves, split by kind
        self.takes: list[tuple[int | str, str]] = []
        self.places: list[int] = []
        self.can_reset = False
        self.can_break = False
        self.keeps: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.supply
        yield self.palaces
        yield self.info

    # -- drawing helpers the parts share -----------------------------------------------
    def style(self, colour: str, kind: str) -> Style:
        """kind: piece (glass in a display), tile (placed glass), empty (pattern space)."""
        return COLOUR_STYLES.style(colour, kind, uses_ansi(self))

    def glyph(self, colour: str, empty: bool = False) -> str:
        col = self.colours[colour]
        if self.ascii:
            return col.letter.lower() if empty and col.letter.isalpha() else col.letter
        return hollow(col.glyph) if empty else col.glyph

    def player_name(self, p: int) -> str:
        """Player ``p``'s name as typed, made safe to draw (plain text, one line; ASCII in ASCII mode)."""
        view = self.view
        assert view is not None, "names are drawn from the view"
        return shown(view["players"][p]["name"], self.ascii)

    def name_of(self, colour: str) -> str:
        return colour_name(self.colours[colour].name)

    def colour_for_letter(self, character: str | None) -> str | None:
        """The glass colour whose letter is ``character`` (either case), if any."""
        if not character or len(character) != 1:
            return None
        return next((c for c in self.colour_ids if self.colours[c].letter.lower() == character.lower()), None)

    @property
    def phase(self) -> str:
        return str((self.view or {}).get("phase", "over"))

    @property
    def me(self) -> int | None:
        return (self.view or {}).get("current")

    def keep_slot(self) -> int | None:
        """The slot whose strip was just completed (in the keep step)."""
        strip = (self.view or {}).get("keep_strip")
        return None if strip is None else strip - 1

    # -- state from the host ---------------------------------------------------------------
    def update(self) -> None:
        legal = self.legal
        self.takes = [(a.args[0], a.args[1]) for a in legal if a.name == "take" and len(a.args) == 2]
        self.places = [a.args[0] for a in legal if a.name == "place" and a.args]
        self.can_reset = any(a.name == "reset" for a in legal)
        self.can_break = any(a.name == "break" for a in legal)
        self.keeps = [a.args[0] for a in legal if a.name == "keep" and a.args]
        self.decision_shown((self.seat, self.phase, self.interactive))  # a new decision starts on its own part
