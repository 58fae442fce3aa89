"""A dice row: each die's face (⚀-⚅, digits in ASCII mode); the cursor and held dice for games that keep some."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames.i18n import N_
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import LEFT_RIGHT, NEXT_KEYS, PREV_KEYS, PartKey
from boardgames.tui.widgets.part import BoardPart


def die_face(value: int, ascii: bool = False) -> str:
    """A die's face: the glyph for 1-6, the number otherwise (a d8, a d10...)."""
    return glyph(f"die{value}", ascii) if 1 <= value <= 6 else str(value)


class DiceRow(BoardPart):
    """Dice in a row; left/right move, space holds or frees a die, Enter posts ``Chosen(sorted held indexes)``."""

    DEFAULT_CSS = """
    DiceRow { height: 1; }
    """

    def __init__(self, values: Sequence[int] = (), *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.values = list(values)
        self.held: set[int] = set()
        self.cursor = 0

    def set_values(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.held = {i for i in self.held if i < len(self.values)}
        self.cursor = min(self.cursor, max(0, len(self.values) - 1))
        self.refresh()

    def draw(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for i, value in enumerate(self.values):
            if i:
                out.append(" ")
            style = "bold underline" if i in self.held else ""
            if i == self.cursor and self.is_active:
                style += " reverse"
            out.append(f"{die_face(value, self.ascii)}{value}" if not self.ascii else f"[{value}]", style.strip())
        return out

    def has_dice(self) -> bool:
        return bool(self.values)

    def step(self, key: str, character: str | None) -> bool:
        if not self.values:
            return False
        self.cursor = (self.cursor + (-1 if key in PREV_KEYS else 1)) % len(self.values)
        return True

    def hold(self, key: str, character: str | None) -> bool:
        if not self.values:
            return False
        self.held ^= {self.cursor}
        return True

    def roll(self, key: str, character: str | None) -> bool:
        if not self.values:
            return False
        self.choose(sorted(self.held))
        return True

    KEYS = (
        PartKey((*PREV_KEYS, *NEXT_KEYS), N_("die"), "step", when="has_dice", label=LEFT_RIGHT,
                help=N_("Choose a die.")),
        PartKey(("space",), N_("hold"), "hold", when="has_dice", help=N_("Hold the die under the cursor, or free it.")),
        PartKey(("enter",), N_("roll"), "roll", when="has_dice", help=N_("Roll the dice not held.")),
    )
