"""Lemuria's board: colours, letters, the printed tables it names things by, and the base of its parts.

The parts draw only the board's view (``view(seat)``) and its legal list with their labels; the printed tables
(``shared_rules()``) give names, colours, costs and VP, which are the same for every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style

from boardgames.games.lemuria.data import shared_rules
from boardgames.tui.canvas import Hit, Palette, shown, uses_ansi
from boardgames.tui.glyphs import glyph
from boardgames.tui.widgets.part import CanvasPart

if TYPE_CHECKING:
    from boardgames.games.lemuria.board.board import LemuriaBoard

#: seats 0-3 -> their colour (always drawn with the seat's number, 1-4)
SEATS = Palette({"0": ("cyan", "#33c7c7"), "1": ("magenta", "#d35fd3"), "2": ("bright_green", "#9be35f"),
                 "3": ("bright_red", "#ff6b6b")})
#: building and citizen colours (by hue) -> style; each is also drawn with its letter (M, C, P, R)
HUES = Palette({"red": ("red", "#e0504a"), "blue": ("bright_blue", "#5b8cff"), "green": ("green", "#4cbb4c"),
                "yellow": ("yellow", "#e0c040")})
#: matter kinds -> style; each is also drawn with its letter (v, m)
KINDS = Palette({"vegetable": ("green", "#6fbf4a"), "mineral": ("bright_black", "#9a9a9a")})
KIND_LETTER = {"vegetable": "v", "mineral": "m", None: "-"}
MATTER = ("vegetable", "mineral")


def rules():  # noqa: ANN201 - the printed tables (boardgames.games.lemuria.data.Rules)
    return shared_rules()


def resource_ids() -> list[str]:
    return [r.id for r in rules().components.resources]


def letter(resource: str) -> str:
    """'food' -> 'F' (the resource's letter on the board)."""
    found = rules().resource.get(resource)
    return found.letter if found else resource[:1].upper()


def colour_of(colour_id: str) -> Any:
    return next((c for c in rules().components.colours if c.id == colour_id), None)


def colour_letter(colour_id: str) -> str:
    """'military' -> 'M' (the colour's initial: Military, Commerce, Production, Religion)."""
    colour = colour_of(colour_id)
    return (colour.name if colour else colour_id)[:1].upper()


def cost_letters(building: Any) -> str:
    """A building's cost as letters, one a resource: 'FWB'."""
    return "".join(letter(r) * n for r, n in building.cost.items())


def cost_words(building: Any) -> str:
    """A building's cost spelled out: '1 food, 1 wood, 1 brick'."""
    return ", ".join(f"{n} {r}" for r, n in building.cost.items())


def citizen_text(card: str) -> str:
    """A citizen's card in words: 'Sentry (0 food, M, 1/2 VP): gain 1 brick'."""
    c = rules().citizen[card]
    return f"{c.name} ({c.food} food, {colour_letter(c.colour)}, {c.vp[0]}/{c.vp[1]} VP): {c.text}"


class LemuriaPart(CanvasPart):
    """A part of Lemuria's board: reads the board's view, legal list and drawing helpers."""

    board: LemuriaBoard
    #: the kind of span a click points at, for a part whose ``cursor`` a click moves and a second click uses
    HIT_KIND: ClassVar[str | None] = None
    cursor = 0

    def use(self) -> None:
        """Enter on the cursor (a part with ``HIT_KIND`` says what it does)."""

    def click(self, hit: Hit) -> bool:
        """A click on a span of ``HIT_KIND`` puts the cursor there; a second click on it uses it."""
        if self.HIT_KIND is None or hit.kind != self.HIT_KIND:
            return False
        if self.was_active and self.cursor == hit.a:
            self.use()
        self.cursor = hit.a
        return True

    def g(self, name: str) -> str:
        return glyph(name, self.ascii)

    def seat_style(self, seat: int) -> Style:
        return SEATS.style(str(seat % 4), "piece", uses_ansi(self))

    def hue_style(self, colour_id: str) -> Style:
        colour = colour_of(colour_id)
        return HUES.style(colour.hue if colour else "", "piece", uses_ansi(self))

    def kind_style(self, kind: str | None) -> Style:
        return KINDS.style(kind, "piece", uses_ansi(self)) if kind else Style(dim=True)

    def player_name(self, seat: int) -> str:
        return shown(self.view["players"][seat]["name"], self.ascii)

    @property
    def width(self) -> int:
        return max(20, self.draw_width or 40)

    @property
    def tall(self) -> bool:
        """Whether the terminal has room for the long texts (costs spelled out, citizens' texts)."""
        return self.board.tall
