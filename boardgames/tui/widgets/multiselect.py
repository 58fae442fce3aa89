"""A multi-select with confirm: tick any number of items (between a least and a most), then confirm them all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text

from boardgames.i18n import N_, _, n_
from boardgames.tui.asciimode import asciify
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import HOME_END, NEXT_KEYS, PREV_KEYS, UP_DOWN, PartKey
from boardgames.tui.widgets.part import BoardPart


def chosen_text(count: int, least: int = 0) -> str:
    """How many are ticked, under a list ("2 chosen"; none in words), with the least to choose when there is one."""
    if least:
        if not count:
            return _("none chosen (at least {least})", least=least)
        return n_("{n} chosen (at least {least})", "{n} chosen (at least {least})", count, least=least)
    return _("none chosen") if not count else n_("{n} chosen", "{n} chosen", count)


class MultiSelect(BoardPart):
    """Items a line with a box; up/down move, space ticks, Enter confirms and posts ``Chosen([values])``.

    Enter with too few or too many ticked says so (``notice``) and confirms nothing.
    """

    def __init__(self, items: Sequence[tuple[str, Any]], least: int = 0, most: int | None = None, *,
                 ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.items = list(items)
        self.least = least
        self.most = len(self.items) if most is None else most
        self.cursor = 0
        self.ticked: set[int] = set()
        #: why the last Enter confirmed nothing ("" when it did)
        self.notice = ""

    @property
    def values(self) -> list[Any]:
        return [self.items[i][1] for i in sorted(self.ticked)]

    def draw(self) -> Text:
        plain = asciify if self.ascii else str
        out = Text()
        for i, (label, _value) in enumerate(self.items):
            box = glyph("selected" if i in self.ticked else "unselected", self.ascii)
            out.append(f"{box} {plain(label)}\n", style="reverse" if i == self.cursor and self.is_active else "")
        out.append(chosen_text(len(self.ticked)), style="dim")
        if self.notice:
            out.append("  " + self.notice, style="red")
        return out

    def has_items(self) -> bool:
        return bool(self.items)

    def step(self, key: str, character: str | None) -> bool:
        if not self.items:
            return False
        self.cursor = (self.cursor + (-1 if key in PREV_KEYS else 1)) % len(self.items)
        self.notice = ""
        return True

    def ends(self, key: str, character: str | None) -> bool:
        if not self.items:
            return False
        self.cursor = 0 if key == "home" else len(self.items) - 1
        self.notice = ""
        return True

    def toggle(self, key: str, character: str | None) -> bool:
        if not self.items:
            return False
        if self.cursor in self.ticked:
            self.ticked.discard(self.cursor)
        elif len(self.ticked) < self.most:
            self.ticked.add(self.cursor)
        else:
            self.notice = n_("At most {n} may be chosen.", "At most {n} may be chosen.", self.most)
            return True
        self.notice = ""
        return True

    def accept(self, key: str, character: str | None) -> bool:
        if not self.items:
            return False
        if len(self.ticked) < self.least:
            self.notice = n_("Choose at least {n}.", "Choose at least {n}.", self.least)
            return True
        self.choose(self.values)
        self.notice = ""
        return True

    KEYS: ClassVar[tuple[PartKey, ...]] = (
        PartKey((*PREV_KEYS, *NEXT_KEYS), N_("move"), "step", when="has_items", label=UP_DOWN,
                help=N_("Move through the items.")),
        PartKey(HOME_END, do="ends", help=N_("Move through the items.")),
        PartKey(("space", "x"), N_("tick"), "toggle", when="has_items", label="Space",
                help=N_("Tick the item under the cursor, or untick it.")),
        PartKey(("enter",), N_("confirm"), "accept", when="has_items", help=N_("Confirm the ticked items.")),
    )
