"""The pieces the terminal charts share (the review's win chances, the statistics' scores and ratings).

A plot is a grid of cells; in braille a cell holds 2 x 4 dots, so a plot has twice the columns and four times the
rows of its cells. In ASCII a line is drawn with one mark a column (``*`` where two lines meet).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

#: the dot of each (row, column) in a braille cell: the cell's character is U+2800 plus the sum of its dots
BRAILLE_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
MUTED = Style(dim=True)


def sample(series: Sequence[float], steps: int) -> list[float]:
    """``series`` read at ``steps`` evenly spaced points from its first value to its last (linear in between)."""
    if steps <= 1 or len(series) == 1:
        return [series[-1]] * max(1, steps)
    out = []
    last = len(series) - 1
    for step in range(steps):
        where = step * last / (steps - 1)
        low = int(where)
        high = min(low + 1, last)
        out.append(series[low] + (series[high] - series[low]) * (where - low))
    return out


def downsample(series: Sequence[float], steps: int) -> list[float]:
    """``series`` as ``steps`` values: each the mean of its share of the series when there are more values than
    steps (10,000 games drawn in 140 dots), else read evenly as :func:`sample` does."""
    count = len(series)
    if count <= steps:
        return sample(series, steps)
    out = []
    for step in range(steps):
        start, end = step * count // steps, (step + 1) * count // steps
        out.append(sum(series[start:end]) / (end - start))
    return out


def column_of(position: int, positions: int, columns: int) -> int:
    """The plot column (of ``columns``) where position ``position`` (of ``positions``, from 0) is drawn."""
    if positions <= 1 or columns <= 1:
        return 0
    return round(position * (columns - 1) / (positions - 1))


class Grid:
    """The plot's cells: a character and a style each."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]
        self.bits = [[0] * width for _ in range(height)]

    def dot(self, x: int, y: int, style: Style) -> None:
        """Set the braille dot at (``x``, ``y``) in dots."""
        column, row = x // 2, y // 4
        if 0 <= column < self.width and 0 <= row < self.height:
            self.bits[row][column] |= BRAILLE_DOTS[y % 4][x % 2]
            self.chars[row][column] = chr(0x2800 + self.bits[row][column])
            self.styles[row][column] = style

    def mark(self, column: int, row: int, char: str, style: Style) -> None:
        """Put ``char`` in a cell (``*`` when another line's mark is there already)."""
        if self.chars[row][column] not in (" ", char):
            char = "*"
        self.chars[row][column] = char
        self.styles[row][column] = style

    def braille_path(self, levels: Sequence[int], style: Style) -> None:
        """A line through one dot row a dot column (``levels``, 0 at the top); a steep step is drawn whole, not as
        two dots far apart."""
        last = None
        for x, y in enumerate(levels):
            low, high = (y, y) if last is None else (min(last, y), max(last, y))
            for between in range(low, high + 1):
                self.dot(x, between, style)
            last = y

    def line(self, row: int) -> Text:
        text = Text()
        for char, style in zip(self.chars[row], self.styles[row]):
            text.append(char, style)
        return text
