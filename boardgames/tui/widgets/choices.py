"""A numbered list of labelled choices under a text: how the generic board draws and steps through its moves."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames.tui.asciimode import asciify
from boardgames.tui.keys import NEXT_KEYS, PREV_KEYS

#: the most choices drawn (a longer list shows its first ones)
LIMIT = 30


def choices_text(text: str, labels: Sequence[str], cursor: int | None, ascii: bool = False,
                 limit: int = LIMIT) -> Text:
    """``text`` in bold, then ``  1. label`` a line, the one at ``cursor`` in reverse. All plain text, never markup."""
    plain = asciify if ascii else str
    out = Text()
    if text:
        out.append(plain(text) + "\n", style="bold")
    for i in range(min(limit, len(labels))):
        out.append(f"{i + 1:>3}. {plain(labels[i])}\n", style="reverse" if i == cursor else "")
    return out


def step_choice(key: str, cursor: int, count: int) -> tuple[int, bool] | None:
    """A key on a list of ``count`` choices: (new cursor, chosen?), or None when the key is not the list's."""
    if not count:
        return None
    if key in PREV_KEYS:
        return (cursor - 1) % count, False
    if key in NEXT_KEYS:
        return (cursor + 1) % count, False
    if key.isdigit() and 1 <= int(key) <= min(9, count):
        return int(key) - 1, False
    if key in ("enter", "space"):
        return cursor, True
    return None
