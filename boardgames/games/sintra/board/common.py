"""Sintra's board: colour styles, keys and the base of its parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.style import Style

from boardgames.games.sintra.data import shared_rules
from boardgames.tui.asciimode import asciify
from boardgames.tui.canvas import Palette
from boardgames.tui.widgets.part import CanvasPart

if TYPE_CHECKING:
    from boardgames.games.sintra.board.board import SintraBoard

#: glass colour -> (style on a 16-colour/ANSI theme, style on a true-colour theme)
COLOUR_STYLES = Palette({
    "pink": ("bright_magenta", "#ff7ac6"),
    "orange": ("yellow", "#ff9d3b"),
    "yellow": ("bright_yellow", "#f5e663"),
    "green": ("green", "#5fd35f"),
    "blue": ("bright_blue", "#6fa0ff"),
    "joker": ("white", "#c0c0c0"),
})

TAKE_KEYS = "123456789"
#: the keys that jump to the centre: 0, c and C (a terminal may report shift+c)
CENTRE_KEYS = ("0", "c", "C", "shift+c")
#: the keys of the glass colours' letters, either case (P O Y G B)
COLOUR_KEYS = tuple(key for c in shared_rules().colours
                    for key in (c.letter.lower(), c.letter, f"shift+{c.letter.lower()}"))


class SintraPart(CanvasPart):
    """A part of Sintra's board: reads the board's view, legal moves and drawing helpers."""

    board: SintraBoard

    @property
    def view(self) -> dict[str, Any]:
        """The view the board shows, typed for reading: a part draws only once its board has a view (the few
        methods that may run before one comes check for None)."""
        return cast("dict[str, Any]", super().view)

    @property
    def phase(self) -> str:
        return self.board.phase

    @property
    def me(self) -> int | None:
        return self.board.me

    def glyph(self, colour: str, empty: bool = False) -> str:
        return self.board.glyph(colour, empty)

    def words(self, text: str) -> str:
        """Translated text as drawn: its accents dropped in ASCII mode ("Bônus" -> "Bonus")."""
        return asciify(text) if self.ascii else text

    def style(self, colour: str, kind: str) -> Style:
        return self.board.style(colour, kind)

    def name_of(self, colour: str) -> str:
        return self.board.name_of(colour)

    def player_name(self, p: int) -> str:
        return self.board.player_name(p)
