"""A rectangular board of cells named like ``b3`` (column letter, row number from the top).

Cells are indices ``row * width + col``; a board knows which cells hold a tile and
measures orthogonal paths that run over tiles only.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable


class Grid:
    def __init__(self, width: int, height: int) -> None:
        if not 1 <= width <= 26:
            raise ValueError("a grid is 1 to 26 columns wide")
        self.width = width
        self.height = height
        self.size = width * height
        self._neighbours = tuple(tuple(self._around(cell)) for cell in range(self.size))
        self._names = tuple(f"{chr(ord('a') + c % width)}{c // width + 1}" for c in range(self.size))

    def _around(self, cell: int) -> Iterable[int]:
        row, col = divmod(cell, self.width)
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < self.height and 0 <= c < self.width:
                yield r * self.width + c

    def name(self, cell: int) -> str:
        return self._names[cell]

    def parse(self, text: object) -> int | None:
        """The cell a name like ``c3`` means, or None when it is not a cell of this grid."""
        if not isinstance(text, str) or len(text) < 2 or not text[1:].isascii() or not text[1:].isdigit():
            return None
        col = ord(text[0].lower()) - ord("a")
        row = int(text[1:]) - 1
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return None

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """Orthogonal neighbours, in the order up, right, down, left."""
        return self._neighbours[cell]

    def distances(self, start: int, open_cells: Iterable[bool] | list[bool], limit: int) -> dict[int, int]:
        """Cells reachable from ``start`` in at most ``limit`` orthogonal steps over open cells."""
        open_cells = list(open_cells)
        seen = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if seen[cell] == limit:
                continue
            for nxt in self._neighbours[cell]:
                if open_cells[nxt] and nxt not in seen:
                    seen[nxt] = seen[cell] + 1
                    queue.append(nxt)
        return seen
