"""A player table: one line a player (seat number, the mover's mark, name, a few numbers under short headers)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from boardgames.i18n import _
from boardgames.tui.canvas import Hit, fit_name, shown
from boardgames.tui.glyphs import glyph
from boardgames.tui.widgets.part import GamePart


@dataclass(frozen=True)
class PlayerRow:
    """One player: ``name`` as typed (drawn as plain text), the numbers under the headers, the seat's style."""

    name: str
    values: tuple[int | str, ...]
    current: bool = False
    seat_style: Style | str = ""


def player_lines(rows: Sequence[PlayerRow], headers: Sequence[str], width: int, ascii: bool = False,
                 name_header: str | None = None, column: int = 3, cursor: int | None = None) -> list[Text]:
    """The header line and a line a player, each at most ``width`` cells; long names are shortened."""
    # a column as wide as ``column``, or wider when a header or a value needs it (a space always before it)
    widths = [max(column, cell_len(label) + 1, *(len(str(row.values[k])) + 1 for row in rows if k < len(row.values)))
              for k, label in enumerate(headers)]
    name_width = max(4, width - 2 - sum(widths))
    head = Text(no_wrap=True, overflow="crop")
    title = name_header if name_header is not None else _("player")
    head.append((" " * 2 + title.ljust(name_width)[:name_width])[:width], "dim")
    for label, wide in zip(headers, widths):
        head.append(label.rjust(wide), "dim")
    lines = [head]
    for i, row in enumerate(rows):
        line = Text(no_wrap=True, overflow="crop")
        line.append(str(i + 1), row.seat_style)
        line.append(glyph("current", ascii) if row.current else " ", "bold")
        name = fit_name(shown(row.name, ascii), name_width, ascii)
        style = "bold" if row.current else ""
        if cursor == i:
            style += " reverse"
        line.append(name + " " * (name_width - cell_len(name)), style.strip())
        for value, wide in zip(row.values, widths):
            line.append(str(value).rjust(wide))
        lines.append(line)
    return lines


def draw_player_table(part: GamePart, rows: Sequence[PlayerRow], headers: Sequence[str], column: int,
                      details: Callable[[int], list[Text]] | None = None) -> None:
    """The table on a game part's canvas: the header, then a line a player that a click chooses (the part's cursor
    shows while a human uses it), each followed by the lines ``details(seat)`` when given."""
    cursor = part.cursor if part.is_active and part.interactive else None
    lines = player_lines(rows, headers, part.width, part.ascii, cursor=cursor, column=column)
    canvas = part.canvas
    canvas.lines.append(lines[0])
    for seat, line in enumerate(lines[1:]):
        canvas.lines.append(line)
        canvas.add_hit(len(canvas.lines) - 1, 0, line.cell_len, Hit("player", seat))
        if details is not None:
            canvas.lines.extend(details(seat))
