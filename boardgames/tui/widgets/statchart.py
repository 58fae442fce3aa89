"""A terminal chart of one player's scores and rating over their games (the Statistics screen).

Two lines over the games, oldest on the left, each scaled to its own range: the score on the left axis, the
rating on the right one. In braille (see ``plotting``) the lines are dots in two colours; meaning is never in colour
alone: each line ends in its mark (S or R, as the language writes them) and the legend names the marks. In ASCII
mode each line is drawn with its mark itself, one a column (``*`` where the lines meet).

More games than dot columns are drawn as the mean of each column's share, so 10,000 games draw as fast as 100; the
drawing is kept per size and made again only when the games or the size change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from boardgames.history.model import ChartPoint
from boardgames.i18n import _, number, p_
from boardgames.tui.canvas import uses_ansi
from boardgames.tui.widgets.part import SEATS
from boardgames.tui.widgets.plotting import MUTED, Grid, downsample

#: the columns the lines' marks take between the plot and the right axis
ENDS_WIDTH = 2


@dataclass(frozen=True)
class Axis:
    """One series' range and how its values are written on the axis."""

    low: float
    high: float
    decimals: int

    @classmethod
    def of(cls, values: Sequence[float], decimals: int) -> Axis:
        return cls(min(values), max(values), decimals)

    def level(self, value: float, levels: int) -> int:
        """The row of ``value`` among ``levels`` rows, 0 at the top (the highest value); a flat series runs across
        the middle."""
        if self.high <= self.low:
            return (levels - 1) // 2
        share = (self.high - min(max(value, self.low), self.high)) / (self.high - self.low)
        return round(share * (levels - 1))

    def labels(self, height: int) -> dict[int, str]:
        """The axis labels by row: the highest value at the top, the lowest at the bottom, the middle one between
        (a flat series: its one value in the middle)."""
        if self.high <= self.low:
            return {(height - 1) // 2: number(self.low, self.decimals)}
        out = {0: number(self.high, self.decimals), height - 1: number(self.low, self.decimals)}
        if height >= 5:
            middle = (height - 1) // 2
            out[middle] = number(self.high - (self.high - self.low) * middle / (height - 1), self.decimals)
        return out


def marks() -> tuple[str, str]:
    """The marks of the score line and the rating line, in the reader's language (one letter each: the column of
    the lines' ends holds two)."""
    return p_("chart mark of the score line", "S")[:1], p_("chart mark of the rating line", "R")[:1]


def chart_lines(scores: Sequence[float], ratings: Sequence[float], width: int, height: int, *,
                ascii: bool = False, styles: Sequence[Style] = (Style(bold=True), Style(bold=True))) -> list[Text]:
    """The plot of ``scores`` and ``ratings`` (one each a game, oldest first) in ``width`` x ``height`` cells: the
    score axis on the left, the rating axis on the right, each line's mark where it ends."""
    height = max(3, height)
    axes = (Axis.of(scores, 0), Axis.of(ratings, 1))
    labels = (axes[0].labels(height), axes[1].labels(height))
    left = max(len(label) for label in labels[0].values())
    right = max(len(label) for label in labels[1].values())
    plot_width = max(2, width - left - right - ENDS_WIDTH - 2)
    grid = Grid(plot_width, height)
    ends: list[list[int]] = [[] for _ in range(height)]
    for line, (series, axis) in enumerate(zip((scores, ratings), axes)):
        if ascii:
            for column, value in enumerate(downsample(series, plot_width)):
                grid.mark(column, axis.level(value, height), marks()[line], styles[line])
        else:
            grid.braille_path([axis.level(value, height * 4) for value in downsample(series, plot_width * 2)],
                              styles[line])
        ends[axis.level(downsample(series, plot_width)[-1], height)].append(line)
    rows = []
    for row in range(height):
        score_label, rating_label = labels[0].get(row, ""), labels[1].get(row, "")
        text = Text(score_label.rjust(left), MUTED)
        text.append("|" if ascii else "┤" if score_label else "│", MUTED)
        text.append_text(grid.line(row))
        end = Text()
        for line in ends[row]:
            end.append(marks()[line], styles[line] + Style(bold=True))
        end.pad_right(ENDS_WIDTH - end.cell_len)
        text.append_text(end)
        text.append("|" if ascii else "├" if rating_label else "│", MUTED)
        text.append(rating_label.ljust(right), MUTED)
        rows.append(text)
    return rows


def legend(styles: Sequence[Style]) -> Text:
    """The two marks and what they draw, on one line."""
    score, rating = marks()
    text = Text()
    text.append(score, styles[0] + Style(bold=True))
    text.append(" " + _("score (left axis)") + "   ")
    text.append(rating, styles[1] + Style(bold=True))
    text.append(" " + _("rating (right axis)"))
    return text


class StatChart(Widget):
    """A player's scores and rating over their games in one game (``set_points``, oldest first)."""

    DEFAULT_CSS = """
    StatChart { height: 10; width: 1fr; }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.scores: list[float] = []
        self.ratings: list[float] = []
        #: the drawing, and the size and colours it was drawn for
        self._drawn: tuple[tuple[int, int, bool], Text] | None = None
        #: how many times the plot was drawn (not taken from the cache), for tests
        self.drawings = 0

    def set_points(self, points: Sequence[ChartPoint]) -> None:
        scores, ratings = [float(point.score) for point in points], [point.rating for point in points]
        if (scores, ratings) == (self.scores, self.ratings):
            return  # the same games: the drawing kept stands
        self.scores, self.ratings = scores, ratings
        self._drawn = None
        self.refresh()

    def styles_of_lines(self) -> list[Style]:
        ansi = uses_ansi(self)
        return [SEATS.style("0", "piece", ansi), SEATS.style("1", "piece", ansi)]

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        if not self.scores or width < 12 or height < 4:
            return Text("")
        key = (width, height, uses_ansi(self))
        if self._drawn is None or self._drawn[0] != key:
            styles = self.styles_of_lines()
            lines = chart_lines(self.scores, self.ratings, width, height - 1, ascii=self.ascii, styles=styles)
            lines.append(legend(styles))
            self._drawn = (key, Text("\n").join(lines))
            self.drawings += 1
        return self._drawn[1]
