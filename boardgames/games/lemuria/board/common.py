"""Lemuria's board: colours, letters, the printed tables it names things by, and the base of its parts.

The parts draw only the board's view (``view(seat)``) and its legal list with their labels; the printed tables
(``shared_rules()``) give names, colours, costs and VP, which are the same for every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.style import Style

from boardgames.games.lemuria import words
from boardgames.games.lemuria.data import shared_rules
from boardgames.i18n import Np_, _, p_
from boardgames.tui.canvas import Palette, uses_ansi
from boardgames.tui.widgets.part import GamePart

if TYPE_CHECKING:
    from boardgames.games.lemuria.board.board import LemuriaBoard

#: building and citizen colours (by hue) -> style; each is also drawn with its letter (COLOUR_LETTERS)
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


#: the printed letters of the resources (components.yaml), marked for translation: a language writes its own
#: initials on the board (Portuguese: C T M O J P for comida, tecido, madeira, ouro, tijolo, pedra)
RESOURCE_LETTERS = (Np_("resource letter", "F"), Np_("resource letter", "C"), Np_("resource letter", "W"),
                    Np_("resource letter", "G"), Np_("resource letter", "B"), Np_("resource letter", "S"))


def letter(resource: str) -> str:
    """'food' -> 'F' (the resource's letter on the board, in the reader's language)."""
    found = rules().resource.get(resource)
    return p_("resource letter", found.letter) if found else resource[:1].upper()


def colour_of(colour_id: str) -> Any:
    return next((c for c in rules().components.colours if c.id == colour_id), None)


#: the colours' letters, marked for translation; a language picks letters its resource letters do not use, since
#: a trend card's line shows its colour beside its cost (English: M military, T commerce, i.e. trade, P production,
#: R religion, as C is cloth; Portuguese: G militar, i.e. guerra, N comércio, i.e. negócios, F produção, i.e.
#: fábricas, R religião, as C, M and P are comida, madeira and pedra)
COLOUR_LETTERS = {"military": Np_("colour letter", "M"), "commerce": Np_("colour letter", "T"),
                  "production": Np_("colour letter", "P"), "religion": Np_("colour letter", "R")}


def colour_letter(colour_id: str) -> str:
    """'military' -> 'M' (the colour's letter on the board, in the reader's language)."""
    found = COLOUR_LETTERS.get(colour_id)
    return p_("colour letter", found) if found else colour_id[:1].upper()


def cost_letters(building: Any) -> str:
    """A building's cost as letters, one a resource: 'FWB'."""
    return "".join(letter(r) * n for r, n in building.cost.items())


def cost_words(building: Any) -> str:
    """A building's cost spelled out: '1 food, 1 wood, 1 brick'."""
    return ", ".join(words.amount(n, r) for r, n in building.cost.items())


def citizen_text(card: str) -> str:
    """A citizen's card in words: 'Sentry (0 food, M, 1/2 VP): gain 1 brick'."""
    c = rules().citizen[card]
    return _("{card} ({food}, {colour}, {low}/{high} VP): {text}", card=_(c.name), food=words.amount(c.food, "food"),
             colour=colour_letter(c.colour), low=c.vp[0], high=c.vp[1], text=c.text)


class LemuriaPart(GamePart):
    """A part of Lemuria's board: reads the board's view, legal list and drawing helpers."""

    board: LemuriaBoard

    def hue_style(self, colour_id: str) -> Style:
        colour = colour_of(colour_id)
        return HUES.style(colour.hue if colour else "", "piece", uses_ansi(self))

    def kind_style(self, kind: str | None) -> Style:
        return KINDS.style(kind, "piece", uses_ansi(self)) if kind else Style(dim=True)

    @property
    def tall(self) -> bool:
        """Whether the terminal has room for the long texts (costs spelled out, citizens' texts)."""
        return self.board.tall
