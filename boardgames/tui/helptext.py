"""A small Markdown reader for the help screen, drawn with Rich (no Textual widgets per block).

It knows what the rules summaries use: headings, paragraphs, bullet and numbered
lists (nested by indentation), tables, and **bold**, *italic* and `code` inside
a line. The result is cached per text, so opening help twice costs nothing the
second time and little the first.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardgames.tui.asciimode import ASCII_SIMPLE_HEAD, asciify

INLINE = re.compile(r"\*\*(.+?)\*\*|`(.+?)`|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+(.*)$")


def inline(source: str) -> Text:
    """One paragraph's text with its bold, code and italic spans styled (never read as Rich markup)."""
    text = Text()
    at = 0
    for match in INLINE.finditer(source):
        text.append(source[at:match.start()])
        bold, code, italic = match.groups()
        if bold is not None:
            text.append(bold, style="bold")
        elif code is not None:
            text.append(code, style="bold italic")
        else:
            text.append(italic, style="italic")
        at = match.end()
    text.append(source[at:])
    return text


def _table(rows: list[str], ascii: bool) -> Table:
    cells = [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]
    body = [row for row in cells[1:] if not all(set(cell) <= set("-: ") for cell in row)]
    table = Table(box=ASCII_SIMPLE_HEAD if ascii else box.SIMPLE_HEAD, show_edge=False, padding=(0, 1), expand=False,
                  header_style="bold")
    for heading in cells[0]:
        table.add_column(inline(heading))
    for row in body:
        table.add_row(*(inline(cell) for cell in row))
    return table


def _list(items: list[tuple[int, str, str]], ascii: bool) -> Table:
    """List items (indent, marker, text) as a grid, so wrapped lines hang under their text.

    Items indented more than the first one are a list inside the item above them.
    """
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    top = items[0][0]
    rows: list[tuple[str, str, list[tuple[int, str, str]]]] = []
    for indent, marker, text in items:
        if indent > top and rows:
            rows[-1][2].append((indent, marker, text))
        else:
            rows.append((marker, text, []))
    for marker, text, inner in rows:
        bullet = marker if marker[0].isdigit() else ("-" if ascii or top else "•")
        body: RenderableType = inline(text)
        if inner:
            body = Group(body, _list(inner, ascii))
        grid.add_row(Text(bullet), body)
    return grid


def blocks(source: str, ascii: bool = False) -> list[RenderableType]:
    """The renderables of ``source``, one per heading, paragraph, list or table."""
    if ascii:
        source = asciify(source)
    out: list[RenderableType] = []
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            i += 1
            continue
        if stripped.startswith("#"):
            level = len(stripped) - len(stripped.lstrip("#"))
            title = stripped[level:].strip()
            style = {1: "bold reverse", 2: "bold underline"}.get(level, "bold")
            heading = inline(f" {title} " if level == 1 else title)
            heading.stylize(style)
            out.append(heading)
            i += 1
        elif stripped.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i])
                i += 1
            out.append(_table(rows, ascii))
        elif ITEM.match(line):
            items: list[tuple[int, str, str]] = []
            while i < len(lines) and lines[i].strip():
                match = ITEM.match(lines[i])
                if match:
                    items.append((len(match.group(1)), match.group(2), match.group(3)))
                elif items:  # a continuation line of the item above
                    indent, marker, text = items[-1]
                    items[-1] = (indent, marker, text + " " + lines[i].strip())
                i += 1
            out.append(_list(items, ascii))
        else:
            para = []
            while (i < len(lines) and lines[i].strip() and not lines[i].strip().startswith(("#", "|"))
                   and not ITEM.match(lines[i])):
                para.append(lines[i].strip())
                i += 1
            out.append(inline(" ".join(para)))
        out.append(Text(""))
    while out and isinstance(out[-1], Text) and not out[-1].plain:
        out.pop()
    return out


@lru_cache(maxsize=16)
def help_renderable(source: str, ascii: bool = False) -> Group:
    """The whole help text as one Rich renderable (cached: the help screen reuses it)."""
    return Group(*blocks(source, ascii))
