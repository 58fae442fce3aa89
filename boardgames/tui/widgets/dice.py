"""A dice row: each die's face (⚀-⚅, digits in ASCII mode); the cursor and held dice for games that keep some."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames.tui.glyphs import glyph
from boardgames.tui.i18n import _
from boardgames.tui.widgets.part import NEXT_KEYS, PREV_KEYS, BoardPart


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

    def key(self, key: str, character: str | None) -> bool:
        if not self.values:
            return False
        if key in PREV_KEYS or key in NEXT_KEYS:
            self.cursor = (self.cursor + (-1 if key in PREV_KEYS else 1)) % len(self.values)
        elif key == "space":
            self.held ^= {self.cursor}
        elif key == "enter":
            self.choose(sorted(self.held))
        else:
            return False
        return True

    def key_hints(self) -> list[tuple[str, str]]:
        if not self.values:
            return []
        return [(_("Left/Right") if self.ascii else "←→", _("die")), (_("Space"), _("hold")), ("Enter", _("roll"))]
