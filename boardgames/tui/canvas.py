"""Drawing helpers shared by the game boards: a canvas of Rich Text lines with clickable spans, and colour styles.

A board renders itself as one Rich ``Text`` (fast to redraw, exact to the
column). :class:`Canvas` keeps the lines and remembers which span of which line
stands for what (:class:`Hit`), so a click can be mapped back to a thing on the
board. :class:`Palette` turns a game's colour names into Rich styles: the
terminal's own 16 colours on an ANSI theme, true colour otherwise.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len, get_character_cell_size
from rich.style import Style
from rich.text import Text
from textual.widget import Widget


@dataclass
class Hit:
    """A clickable span of a board: what it is (``kind``) and which one (``a``, ``b``)."""

    kind: str
    a: Any = None
    b: Any = None


class Canvas:
    """Lines of Rich Text plus the clickable spans on them."""

    def __init__(self) -> None:
        self.lines: list[Text] = []
        self.hits: dict[int, list[tuple[int, int, Hit]]] = {}

    def new_line(self) -> Text:
        line = Text(no_wrap=True, overflow="crop")
        self.lines.append(line)
        return line

    def add(self, line: Text, text: str, style: Style | str = "", hit: Hit | None = None) -> None:
        """Append to ``line``, which must be the last line made (the usual case)."""
        self.put(len(self.lines) - 1, line, text, style, hit)

    def put(self, row: int, line: Text, text: str, style: Style | str = "", hit: Hit | None = None) -> None:
        """Append to ``line``, which is line number ``row`` of the canvas."""
        start = line.cell_len
        line.append(text, style)
        if hit is not None:
            self.hits.setdefault(row, []).append((start, line.cell_len, hit))

    def add_hit(self, row: int, start: int, end: int, hit: Hit) -> None:
        self.hits.setdefault(row, []).append((start, end, hit))

    def pad(self, line: Text, column: int) -> None:
        if line.cell_len < column:
            line.append(" " * (column - line.cell_len))

    def text(self) -> Text:
        return Text("\n").join(self.lines)

    def hit_at(self, x: int, y: int) -> Hit | None:
        for start, end, hit in self.hits.get(y, ()):
            if start <= x < end:
                return hit
        return None


def line_breaks(widths: Sequence[int], first: int, width: int, indent: int, gap: int = 1) -> list[list[int]]:
    """Items ``widths[i]`` wide, ``gap`` between two on a line, laid out whole over lines of ``width`` cells: the
    indexes line by line, the first line starting after ``first`` cells, the others after ``indent``; an item too
    long for any line has one to itself."""
    rows: list[list[int]] = [[]]
    used = first
    for i, wide in enumerate(widths):
        if rows[-1] and used + gap + wide > width:
            rows.append([])
            used = indent
        used += wide + (gap if len(rows[-1]) else 0)
        rows[-1].append(i)
    return rows


def wrap_pieces(pieces: Sequence[Text], width: int, indent: int, sep: str = " ") -> list[Text]:
    """Pieces of text (styled as they are) laid out whole over lines of ``width`` cells, each line after
    ``indent`` spaces, ``sep`` between two on a line."""
    lines = []
    for row in line_breaks([piece.cell_len for piece in pieces], indent, width, indent, len(sep)):
        line = Text(" " * indent, no_wrap=True, overflow="crop")
        for k, i in enumerate(row):
            if k:
                line.append(sep)
            line.append_text(pieces[i])
        lines.append(line)
    return lines


def window(widths: Sequence[int], cursor: int, room: int, gap: int = 1) -> tuple[int, int]:
    """The slice [first, last) of items, each ``widths[i]`` wide plus ``gap``, that fits ``room`` around ``cursor``.

    For a row of chips (a hand of cards) longer than its line: the window grows
    from the cursor to the right, then to the left, so the cursor stays in view.
    """
    if not widths:
        return 0, 0
    cursor = min(max(cursor, 0), len(widths) - 1)
    first, last, used = cursor, cursor + 1, widths[cursor]
    while True:
        grown = False
        if last < len(widths) and used + gap + widths[last] <= room:
            used += gap + widths[last]
            last += 1
            grown = True
        if first > 0 and used + gap + widths[first - 1] <= room:
            used += gap + widths[first - 1]
            first -= 1
            grown = True
        if not grown:
            return first, last


def shown(text: str, ascii: bool = False) -> str:
    """Text a player typed (a name), safe to draw on one line of a board.

    It is always plain text (a board appends it to a Rich ``Text``, so ``[b]`` is
    never markup); control and format characters (escape, newline, tab, bidi
    overrides) become ``?``. In ASCII mode accents are dropped (``João`` ->
    ``Joao``) and any other character above 127 becomes ``?``.
    """
    out = []
    for ch in text:
        if unicodedata.category(ch).startswith("C"):
            out.append("?")
        elif ascii and ord(ch) >= 128:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            out.append(base if base and all(ord(c) < 128 and c.isprintable() for c in base) else "?")
        else:
            out.append(ch)
    return "".join(out)


def ellipsis(ascii: bool = False) -> str:
    """The mark of a cut text: ``…``, or ``.`` in ASCII mode."""
    return "." if ascii else "…"


def cut(text: str, room: int, ascii: bool = False) -> str:
    """``text`` in at most ``room`` terminal cells: whole if it fits, else cut with an ellipsis as its last cell."""
    if cell_len(text) <= room:
        return text
    if room <= 0:
        return ""
    out, used = [], 0
    for ch in text:
        size = get_character_cell_size(ch)
        if used + size > room - 1:
            break
        out.append(ch)
        used += size
    return "".join(out) + ellipsis(ascii)


def fit_name(name: str, room: int, ascii: bool = False) -> str:
    """A player's name (already :func:`shown`) in ``room`` cells: whole, else without a trailing
    ``(...)`` ("Bot 3 (greedy)" -> "Bot 3"), else cut."""
    if cell_len(name) <= room:
        return name
    head, paren, _rest = name.partition(" (")
    if paren and head and cell_len(head) <= room:
        return head
    return cut(name, room, ascii)


def uses_ansi(widget: Widget) -> bool:
    """Is the app on an ANSI theme (the terminal's own 16 colours)? True before there is an app."""
    try:
        return bool(widget.app.current_theme.ansi)
    except Exception:  # noqa: BLE001 - no app yet (unit use)
        return True


class Palette:
    """Rich styles for a game's named colours, cached per theme kind.

    ``colours`` maps a colour name to (style on a 16-colour theme, style on a
    true-colour theme). ``tile_text`` names the text colour to use on a coloured
    tile for the colours whose tile would hide black text.
    """

    #: the kinds of use: ``piece`` bold text in the colour, ``empty`` plain text in it, ``tile`` text on it
    KINDS = ("piece", "empty", "tile")

    def __init__(self, colours: dict[str, tuple[str, str]], tile_text: dict[str, str] | None = None,
                 default: tuple[str, str] = ("white", "#ffffff")) -> None:
        self.colours = colours
        self.tile_text = tile_text or {}
        self.default = default
        self._cache: dict[tuple[str, str, bool], Style] = {}

    def colour(self, name: str, ansi: bool) -> str:
        return self.colours.get(name, self.default)[0 if ansi else 1]

    def style(self, name: str, kind: str, ansi: bool) -> Style:
        key = (name, kind, ansi)
        style = self._cache.get(key)
        if style is None:
            colour = self.colour(name, ansi)
            if kind == "tile":
                style = Style(color=self.tile_text.get(name, "black"), bgcolor=colour, bold=True)
            elif kind == "empty":
                style = Style(color=colour)
            else:
                style = Style(color=colour, bold=True)
            self._cache[key] = style
        return style
