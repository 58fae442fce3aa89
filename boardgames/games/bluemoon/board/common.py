"""Blue Moon City's board: colours, glyphs, the layout, small text helpers and the base of its parts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.style import Style

from boardgames.i18n import _, language, n_, p_
from boardgames.tui.canvas import Palette
from boardgames.tui.glyphs import fallbacks
from boardgames.tui.widgets.part import CanvasPart

if TYPE_CHECKING:
    from boardgames.games.bluemoon.board.board import BlueMoonBoard

#: people (card and box colour) -> (16-colour style, true-colour style); ``any`` is the Royal Palace's wild box
PEOPLE = Palette(
    {
        "vu": ("bright_black", "#8c8c8c"),  # black
        "te": ("red", "#e0504a"),
        "aq": ("bright_blue", "#5b8cff"),
        "ve": ("white", "#c8c8c8"),  # grey
        "kh": ("green", "#4cbb4c"),
        "mi": ("yellow", "#b5773a"),  # brown: the 16-colour yellow is a dark yellow-brown on most terminals
        "lu": ("bright_white", "#ffffff"),
        "pi": ("bright_yellow", "#f2d64b"),
        "any": ("bright_magenta", "#d68cff"),
    },
)
DRAGONS = Palette({"red": ("red", "#e0504a"), "green": ("green", "#4cbb4c"), "blue": ("blue", "#3b6cff")},
                  tile_text={"red": "bright_white", "blue": "bright_white"})
DRAGON_LETTER = {"red": "R", "green": "G", "blue": "B"}

#: glyph -> its --ascii stand-in
ASCII = fallbacks("rule_v", "rule_end", "current", "done", "cut", "rule_h", "rule_cross", "more_left", "more_right",
                  "empty")

COLS, ROWS = "abcde", 5
#: the fewest characters of a tile's name shown when figures and dragons share its line ("Main H.")
NAME_MIN = 7
MOVES = {"left": (-1, 0), "h": (-1, 0), "right": (1, 0), "l": (1, 0), "up": (0, -1), "k": (0, -1),
         "down": (0, 1), "j": (0, 1)}
PREV = ("left", "h", "up", "k")


@dataclass(frozen=True)
class Layout:
    tile: int  # characters across a tile
    lines: int  # lines down a tile
    rules: bool  # a rule between rows of tiles
    panel: int  # width of the panel right of the city

    @property
    def city_width(self) -> int:
        return 2 + 5 * (self.tile + 1)

    @property
    def city_lines(self) -> int:
        """Lines the city takes: the column letters, then 5 rows of tiles (with a rule between rows)."""
        return 1 + ROWS * self.lines + (ROWS - 1 if self.rules else 0)

    @classmethod
    def for_size(cls, width: int, height: int) -> Layout:
        """The layout for a board ``width`` wide on a terminal ``height`` tall: tiles as wide as the panel
        allows, a rule between rows from 30 lines, a fourth line a tile (the bonuses) from 36."""
        width = max(width, 80)
        height -= 3  # the prompt bar and the key bar
        tile = max(10, min(16, (width - 2 - 5 - 1 - 22) // 5))
        return cls(tile, 4 if height >= 33 else 3, height >= 27, width - (2 + 5 * (tile + 1)) - 1)


#: languages whose building names put the word telling them apart last ("Templo da Água", "Torre de Vigia"):
#: their abbreviations shorten the first word instead ("T. da Água")
HEAD_FIRST = ("pt_BR",)


def abbreviate(name: str, room: int) -> str:
    """``name`` in at most ``room`` characters: the full name, else 'Water T.', else 'Monast. T.', else cut (in a
    language of :data:`HEAD_FIRST`: 'T. da Água', else 'T. Terra', else 'T. Monast.')."""
    if len(name) <= room:
        return name
    words = name.split()
    if len(words) > 1 and room >= 5 and language() in HEAD_FIRST:
        initial = words[0][0] + "."
        for short in (" ".join([initial, *words[1:]]), f"{initial} {words[-1]}"):
            if len(short) <= room:
                return short
        name = f"{initial} {words[-1]}"
    elif len(words) > 1 and room >= 5:
        head, tail = " ".join(words[:-1]), " " + words[-1][0] + "."
        keep = room - len(tail)
        if keep >= len(head):
            return head + tail
        if keep >= 3:
            return head[: keep - 1] + "." + tail
    return name[: room - 1] + "." if room >= 3 else name[:room]


def bonus_short(kind: str, count: int) -> str:
    """A bonus in a tile's few characters: '2sc' (2 scales), '1cr', '2ca'."""
    if kind == "crystal":
        return p_("bonus", "{n}cr", n=count)
    if kind == "card":
        return p_("bonus", "{n}ca", n=count)
    if kind == "scale":
        return p_("bonus", "{n}sc", n=count)
    return f"{count}{kind[:2]}"


def bonus_text(bonuses: list[dict[str, Any]], sep: str = " ") -> str:
    """[{kind: scale, count: 2}] -> '2sc'."""
    return sep.join(bonus_short(b["kind"], b["count"]) for b in bonuses)


def bonus_words(bonuses: list[dict[str, Any]]) -> str:
    """[{kind: scale, count: 2}] -> '2 scales'."""
    parts = []
    for b in bonuses:
        count = b["count"]
        if b["kind"] == "crystal":
            parts.append(n_("{n} crystal", "{n} crystals", count))
        elif b["kind"] == "card":
            parts.append(n_("{n} card", "{n} cards", count))
        elif b["kind"] == "scale":
            parts.append(n_("{n} scale", "{n} scales", count))
        else:
            parts.append(f"{count} {b['kind']}")
    return ", ".join(parts) or _("nothing")


def fit(candidates: list[str], width: int) -> str:
    """The first sentence that fits ``width`` (they go from the fullest to the shortest), else the last."""
    return next((text for text in candidates if len(text) <= width), candidates[-1])




def cell_id(col: int, row: int) -> str:
    return f"{COLS[col]}{row + 1}"


def cell_pos(cell: str) -> tuple[int, int]:
    return COLS.index(cell[0]), int(cell[1:]) - 1


class BlueMoonPart(CanvasPart):
    """A part of Blue Moon City's board: reads the board's view, legal moves and drawing helpers."""

    board: BlueMoonBoard

    if TYPE_CHECKING:  # a part draws and answers keys only once its board shows a view
        @property
        def view(self) -> dict[str, Any]: ...

    @property
    def phase(self) -> str:
        return self.board.phase

    @property
    def me(self) -> dict[str, Any] | None:
        return self.board.me

    def g(self, glyph: str) -> str:
        return self.board.g(glyph)

    def people_style(self, people: str) -> Style:
        return self.board.people_style(people)

    def seat_style(self, seat: int) -> Style:
        return self.board.seat_style(seat)

    def player_name(self, p: int) -> str:
        return self.board.player_name(p)

    def people_name(self, people: str) -> str:
        return self.board.people_name(people)

    @staticmethod
    def tile_name(cell: dict[str, Any]) -> str:
        """The name of a tile of the view in the reader's language."""
        return _(cell["name"])
