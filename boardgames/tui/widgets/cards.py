"""A row of cards (a hand): chips in a line, a window around the cursor when they do not fit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from boardgames.i18n import N_, _
from boardgames.tui.canvas import Canvas, Hit, line_breaks, window
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import ENTER, LEFT_RIGHT, NEXT_KEYS, PREV_KEYS, PartKey
from boardgames.tui.widgets.part import BoardPart


@dataclass(frozen=True)
class Chip:
    """One card: its label, its style as drawn, and whether it can be used now (the cursor stops on those)."""

    label: str
    style: Style | str = ""
    usable: bool = True


def draw_chips(canvas: Canvas, line: Text, chips: Sequence[Chip], cursor: int, room: int, ascii: bool = False,
               kind: str = "card") -> None:
    """Append ``chips`` to ``line`` (the canvas's last line) in ``room`` cells: the window around ``cursor``,
    ``‹``/``›`` where the row goes on; each chip is clickable as ``Hit(kind, index)``."""
    first, last = window([len(chip.label) for chip in chips], cursor, room)
    if first:
        line.append(glyph("more_left", ascii), "dim")
    for i in range(first, last):
        if i > first:
            line.append(" ")
        canvas.add(line, chips[i].label, chips[i].style, Hit(kind, i))
    if last < len(chips):
        line.append(glyph("more_right", ascii), "dim")


def chip_rows(chips: Sequence[Chip], first: int, width: int, indent: int) -> list[list[int]]:
    """The chips' indexes line by line in ``width`` cells (:func:`line_breaks`)."""
    return line_breaks([len(chip.label) for chip in chips], first, width, indent)


def wrap_chips(canvas: Canvas, line: Text, chips: Sequence[Chip], width: int, indent: int, kind: str = "card",
               rows: list[list[int]] | None = None) -> None:
    """Append ``chips`` to ``line`` (the canvas's last line) and to new lines indented by ``indent``, every chip
    whole (:func:`chip_rows`, or ``rows`` already worked out); each is clickable as ``Hit(kind, index)``."""
    for k, row in enumerate(rows if rows is not None else chip_rows(chips, line.cell_len, width, indent)):
        if k:
            line = canvas.new_line()
            line.append(" " * indent)
        for j, i in enumerate(row):
            if j:
                line.append(" ")
            canvas.add(line, chips[i].label, chips[i].style, Hit(kind, i))


def as_style(style: Style | str) -> Style:
    return Style.parse(style) if isinstance(style, str) else style


def step_usable(chips: Sequence[Chip], cursor: int, step: int) -> int:
    """The next chip from ``cursor`` in direction ``step`` that can be used (wrapping), else the next chip."""
    usable = [i for i, chip in enumerate(chips) if chip.usable] or list(range(len(chips)))
    later = [i for i in usable if (i - cursor) * step > 0]
    return min(later, key=lambda i: abs(i - cursor)) if later else usable[0 if step > 0 else -1]


class CardRow(BoardPart):
    """A focusable hand: left/right move over the usable cards, Enter chooses (posts ``Chosen(index)``)."""

    DEFAULT_CSS = """
    CardRow { height: 1; }
    """

    def __init__(self, chips: Sequence[Chip] = (), label: str = "", *, ascii: bool = False,
                 id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.chips = list(chips)
        self.label = label
        self.cursor = 0
        self.canvas = Canvas()

    def set_chips(self, chips: Sequence[Chip]) -> None:
        self.chips = list(chips)
        self.cursor = min(self.cursor, max(0, len(self.chips) - 1))
        self.refresh()

    def draw(self) -> Text:
        self.canvas = Canvas()
        line = self.canvas.new_line()
        if self.label:
            line.append(self.label + " ", "bold")
        if not self.chips:
            line.append(_("(no cards)"), "dim")
            return line
        styled = [Chip(c.label, as_style(c.style) + Style(reverse=True), c.usable)
                  if i == self.cursor and self.is_active else c for i, c in enumerate(self.chips)]
        draw_chips(self.canvas, line, styled, self.cursor, max(1, (self.draw_width or 80) - line.cell_len - 2),
                   self.ascii)
        return line

    def has_chips(self) -> bool:
        return bool(self.chips)

    def step(self, key: str, character: str | None) -> bool:
        if not self.chips:
            return False
        self.cursor = step_usable(self.chips, self.cursor, -1 if key in PREV_KEYS else 1)
        return True

    def take(self, key: str, character: str | None) -> bool:
        if not self.chips:
            return False
        self.choose(self.cursor)
        return True

    KEYS = (
        PartKey((*PREV_KEYS, *NEXT_KEYS), N_("card"), "step", when="has_chips", label=LEFT_RIGHT,
                help=N_("Move over the cards you can use.")),
        PartKey(ENTER, N_("choose"), "take", when="has_chips", help=N_("Choose the card under the cursor.")),
    )
