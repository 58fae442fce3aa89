"""A terminal plot of each player's win chance over a game (the review after the game).

One line per player in the player's colour (``SEATS``, as boards draw them), drawn in braille dots: a cell holds
2 x 4 dots, so the plot has twice the columns and four times the rows of its cells. Meaning is never in colour
alone: each line ends in its seat's number at the right edge, and the legend names the numbers. In ASCII mode
each line is drawn with its seat's number itself, one mark a column (``*`` where lines meet).

A cursor column marks the move on screen. The chart draws in whatever size it is given (an 80x24 terminal
leaves it about 70 columns by 12 rows).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from boardgames.i18n import _
from boardgames.tui.canvas import shown, uses_ansi
from boardgames.tui.widgets.part import SEATS
from boardgames.tui.widgets.plotting import MUTED, Grid, column_of, sample

__all__ = ["AXIS_LABELS", "AXIS_WIDTH", "WinChart", "chart_lines", "column_of", "sample"]

#: the axis labels on the left, and the width they take (with the axis line)
AXIS_LABELS = ("100%", " 50%", "  0%")
AXIS_WIDTH = 5


def _level(chance: float, levels: int) -> int:
    """The row of ``chance`` among ``levels`` rows, 0 at the top (100%)."""
    return round((1 - min(max(chance, 0.0), 1.0)) * (levels - 1))


def chart_lines(chances: Sequence[Sequence[float]], width: int, height: int, *, ascii: bool = False,
                cursor: int | None = None, styles: Sequence[Style] | None = None) -> list[Text]:
    """The plot of ``chances`` (``chances[position][seat]``, each in [0, 1]) in ``width`` x ``height`` cells, with
    the axis on the left and each line's seat number on the right; ``cursor``: the position to mark."""
    seats = len(chances[0]) if chances else 0
    plot_width = max(2, width - AXIS_WIDTH - seats - 1)
    height = max(3, height)
    styles = list(styles) if styles is not None else [Style(bold=True)] * seats
    grid = Grid(plot_width, height)
    ends: list[list[int]] = [[] for _ in range(height)]
    for seat in range(seats):
        series = [position[seat] for position in chances]
        style = styles[seat % len(styles)] if styles else Style()
        if ascii:
            for column, chance in enumerate(sample(series, plot_width)):
                grid.mark(column, _level(chance, height), str(seat + 1), style)
        else:
            grid.braille_path([_level(chance, height * 4) for chance in sample(series, plot_width * 2)], style)
        ends[_level(series[-1], height)].append(seat)
    if cursor is not None and chances:
        column = column_of(cursor, len(chances), plot_width)
        for row in range(height):
            if grid.chars[row][column] == " ":
                grid.chars[row][column], grid.styles[row][column] = "|" if ascii else "│", MUTED
    rows = []
    for row in range(height):
        label = {0: AXIS_LABELS[0], (height - 1) // 2: AXIS_LABELS[1], height - 1: AXIS_LABELS[2]}.get(row, "    ")
        text = Text(label + ("|" if ascii else "┤" if label.strip() else "│"), MUTED)
        text.append_text(grid.line(row))
        text.append(" ")
        for seat in ends[row]:
            text.append(str(seat + 1), styles[seat % len(styles)] if styles else Style())
        rows.append(text)
    return rows


class WinChart(Widget):
    """Each player's win chance over the game, with the move on screen marked (``cursor``)."""

    DEFAULT_CSS = """
    WinChart { height: 12; width: 1fr; }
    """

    cursor: reactive[int | None] = reactive(None)

    def __init__(self, chances: Sequence[Sequence[float]], names: Sequence[str], *, ascii: bool = False,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.chances = chances
        self.names = list(names)
        self.ascii = ascii

    def seat_styles(self) -> list[Style]:
        ansi = uses_ansi(self)
        return [SEATS.style(str(seat % 4), "piece", ansi) for seat in range(len(self.names))]

    def legend(self, width: int = 80) -> Text:
        """The seat numbers with their players' names (plain text, never markup, cut short when the line would
        not hold them all), and the move marked."""
        styles = self.seat_styles()
        text = Text("     ")
        room = max(3, (width - 22) // max(1, len(self.names)) - 3)  # 22: the margin and the move marked
        for seat, name in enumerate(self.names):
            name = shown(name, self.ascii)
            if len(name) > room:
                name = name[:room - 1] + ("." if self.ascii else "…")
            text.append(str(seat + 1), styles[seat])
            text.append(" " + name + "  ")
        if self.cursor is not None:
            bar = "|" if self.ascii else "│"
            where = _("set-up") if self.cursor == 0 else _("move {number}", number=self.cursor)
            text.append(f"{bar} {where}", MUTED)
        return text

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        if not self.chances or width < AXIS_WIDTH + 4 or height < 4:
            return Text("")
        lines = chart_lines(self.chances, width, height - 1, ascii=self.ascii, cursor=self.cursor,
                            styles=self.seat_styles())
        lines.append(self.legend(width))
        return Text("\n").join(lines)
