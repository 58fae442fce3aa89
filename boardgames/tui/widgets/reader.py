"""A reader: a titled scene, wrapped and scrolled in a fixed number of lines, over numbered choices.

For a game that reads a passage and asks what to do (an encounter book, an event card): the text wraps to
the part's width, the window scrolls (j/k a line, Page Up/Down a page, Home/End) and the choices follow it,
each with its label and a detail line (the game says what: costs, thresholds, what it needs). Up/down (or a
digit) move the cursor between the choices and bring it into view; Enter, or the same digit again, posts
``Chosen(value)``: a choice that cannot be taken back asks for a second key. A game may add lines after the
choices (``after``: what the roll gave, a reward revealed) and mark one choice as taken (``taken``).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from boardgames.i18n import N_, _
from boardgames.tui.asciimode import asciify
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import DIGITS, HOME_END, UP_DOWN, PartKey
from boardgames.tui.widgets.part import BoardPart


@dataclass(frozen=True)
class ReaderChoice:
    """One choice: its label, a detail drawn after it (wrapped under it), the value posted, whether it can be
    taken now (the others are drawn dim and never posted)."""

    label: str
    detail: str = ""
    value: Any = None
    enabled: bool = True


def wrap(text: str, width: int, indent: str = "", first: str = "") -> list[str]:
    """``text`` wrapped to ``width`` cells: paragraphs (blank lines between) kept, ``first`` before the first
    line and ``indent`` before the others. A count stays with its name ("coins: 2" is never split after the
    colon)."""
    width = max(8, width)
    lines: list[str] = []
    for k, paragraph in enumerate(text.split("\n\n")):
        if k:
            lines.append("")
        words = COUNT.sub(":\u00a0", " ".join(paragraph.split()))  # textwrap breaks only at ASCII spaces
        lines += textwrap.wrap(words, width, initial_indent=first if not lines else indent,
                               subsequent_indent=indent, break_long_words=True) or [first.rstrip()]
    return [line.replace("\u00a0", " ") for line in lines]


#: "name: 2", "reputation: +1": the space a line must not break at
COUNT = re.compile(r": (?=[+-]?\d)")


class Reader(BoardPart):
    """A titled text and numbered choices in ``rows`` lines (0: as many as it needs)."""

    DEFAULT_CSS = """
    Reader { height: auto; }
    """

    def __init__(self, *, rows: int = 0, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.rows = rows
        self.title_text = ""
        self.body = ""
        self.choices: list[ReaderChoice] = []
        self.after: list[tuple[str, str]] = []
        self.taken: int | None = None
        self.cursor = 0
        self.top = 0
        #: the choice a digit pointed at: the same digit again takes it
        self.armed: int | None = None
        self._width = 0
        self._choice_lines: list[tuple[int, int]] = []  # (first line, last line + 1) of each choice

    # -- content ------------------------------------------------------------------------
    def set_page(self, title: str, body: str, choices: Sequence[ReaderChoice] = (),
                 after: Sequence[tuple[str, str]] = (), taken: int | None = None) -> None:
        """Show a new page (the top of the text, the cursor on the first choice that can be taken) or, for the
        same title and body, keep the reader's place."""
        same = (title, body) == (self.title_text, self.body)
        self.title_text, self.body = title, body
        self.choices, self.after, self.taken = list(choices), list(after), taken
        if not same:
            self.top, self.armed = 0, None
            self.cursor = next((i for i, c in enumerate(self.choices) if c.enabled), 0)
        self.cursor = min(self.cursor, max(0, len(self.choices) - 1))
        self.refresh(layout=self.board is None)  # a board lays itself out when a part's height changes

    def content(self, width: int) -> list[Text]:
        """Every line of the page at ``width`` (before the window)."""
        plain = asciify if self.ascii else str
        out: list[Text] = []
        if self.title_text:
            out.append(Text(plain(self.title_text), "bold"))
        out += [Text(line, "italic") for line in wrap(plain(self.body), width)] if self.body else []
        self._choice_lines = []
        for i, choice in enumerate(self.choices):
            first = len(out)
            mark = glyph("current", self.ascii) if i == self.taken else " "
            head = f"{mark}{i + 1}. "
            style = "" if choice.enabled else "dim"
            if i == self.cursor and self.is_active and self.taken is None:
                style = (style + " reverse").strip()
            elif i == self.taken:
                style = "bold"
            for line in wrap(plain(choice.label), width, " " * len(head), head):
                out.append(Text(line, style))
            if choice.detail:
                out += [Text(line, "dim" if not choice.enabled else "")
                        for line in wrap(plain(choice.detail), width, " " * (len(head) + 1), " " * (len(head) + 1))]
            self._choice_lines.append((first, len(out)))
        for text, style in self.after:
            out += [Text(line, style) for line in wrap(plain(text), width)]
        return out

    def lines(self) -> list[Text]:
        width = max(8, self.draw_width or 40)
        self._width = width
        lines = self.content(width)
        rows = self.rows
        if not rows or len(lines) <= rows:
            self.top = 0
            return lines
        self.top = max(0, min(self.top, len(lines) - rows))
        shown = lines[self.top:self.top + rows]
        if self.top:
            self._mark(shown[0], glyph("marker_up", self.ascii), width)
        if self.top + rows < len(lines):
            self._mark(shown[-1], glyph("marker_down", self.ascii), width)
        return shown

    @staticmethod
    def _mark(line: Text, mark: str, width: int) -> None:
        """A scroll mark at the right end of ``line`` (over the text when it is full)."""
        if line.cell_len >= width:
            line.truncate(width - 1)
        line.pad_right(width - 1 - line.cell_len)
        line.append(mark, "bold")

    def total_lines(self) -> int:
        return len(self.content(max(8, self._width or self.draw_width or 40)))

    # -- keys -----------------------------------------------------------------------------
    def scroll_by(self, lines: int) -> None:
        self.top = max(0, min(self.top + lines, max(0, self.total_lines() - (self.rows or 1))))

    def show_cursor(self) -> None:
        """Scroll so the choice under the cursor is in view (its label at least)."""
        if not self.rows:
            return
        self.total_lines()
        if self.cursor < len(self._choice_lines):
            first, last = self._choice_lines[self.cursor]
            if last - self.top > self.rows:
                self.top = min(first, last - self.rows)
            if first < self.top:
                self.top = first

    def choosing(self) -> bool:
        """Whether a choice can still be pointed at and taken."""
        return bool(self.choices) and self.taken is None

    def scrolls(self) -> bool:
        return bool(self.rows) and self.total_lines() > self.rows

    def scroll_key(self, key: str, character: str | None) -> bool:
        page = max(1, (self.rows or 10) - 1)
        self.scroll_by({"pagedown": page, "pageup": -page, "j": 1, "k": -1}[key])
        return True

    def scroll_ends(self, key: str, character: str | None) -> bool:
        self.top = 0 if key == "home" else self.total_lines()
        self.scroll_by(0)
        return True

    def step(self, key: str, character: str | None) -> bool:
        if not self.choosing():
            return False
        self.cursor = (self.cursor + (-1 if key == "up" else 1)) % len(self.choices)
        self.armed = None
        self.show_cursor()
        return True

    def point(self, key: str, character: str | None) -> bool:
        """A digit points at a choice; the same digit again takes it."""
        if not self.choosing() or not 1 <= int(key) <= min(9, len(self.choices)):
            return False
        index = int(key) - 1
        if self.armed == index:
            return self.take()
        self.cursor, self.armed = index, index
        self.show_cursor()
        return True

    def take_key(self, key: str, character: str | None) -> bool:
        return self.choosing() and self.take()

    def take(self) -> bool:
        choice = self.choices[self.cursor]
        self.armed = None
        if choice.enabled:
            self.choose(choice.value)
        return True

    def digit_hint(self) -> tuple[str, str]:
        return f"1-{min(9, len(self.choices))}", _("point")

    KEYS = (
        PartKey(("up", "down"), N_("choice"), "step", when="choosing", label=UP_DOWN,
                help=N_("Point at a choice; Enter chooses it (it cannot be taken back).")),
        PartKey(DIGITS, do="point", when="choosing", hint="digit_hint",
                help=N_("Point at a choice; the same digit again chooses it.")),
        PartKey(("enter", "space"), N_("choose"), "take_key", when="choosing",
                help=N_("Point at a choice; Enter chooses it (it cannot be taken back).")),
        PartKey(("pageup", "pagedown", "j", "k"), N_("scroll"), "scroll_key", when="scrolls", label="PgUp/PgDn j/k",
                help=N_("Scroll the text.")),
        PartKey(HOME_END, do="scroll_ends", help=N_("Scroll the text.")),
    )

    def sentence(self) -> str:
        if not self.choices or self.taken is not None:
            return ""
        choice = self.choices[self.cursor]
        text = f"{self.cursor + 1}. {choice.label}"
        if choice.detail:
            text += f": {choice.detail}"
        if self.armed == self.cursor:
            text += " " + _("(press {n} again or Enter to choose)", n=self.cursor + 1)
        return text

