"""A choice panel: wrapped, scrollable text over a numbered list of labelled choices; also as a modal screen.

:func:`choices_text` draws it (the generic board draws the same way);
:class:`ChoicePanel` is the focusable widget; :class:`ChoiceScreen` shows a
panel in a dialog and dismisses with the value of the choice taken (a game
passes its legal actions as the values, so the dialog returns an action), or
None on Escape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from boardgames.tui.asciimode import asciify
from boardgames.tui.i18n import _
from boardgames.tui.screens.base import BaseModal
from boardgames.tui.widgets.part import NEXT_KEYS, PREV_KEYS, BoardPart

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


class ChoicePanel(BoardPart):
    """Text and labelled choices; up/down or a digit select, Enter posts ``Chosen(value)``."""

    DEFAULT_CSS = """
    ChoicePanel { height: auto; padding: 0 1; }
    """

    def __init__(self, text: str, choices: Sequence[tuple[str, Any]], *, ascii: bool = False,
                 id: str | None = None) -> None:
        """``choices`` are (label, value) pairs."""
        super().__init__(ascii=ascii, id=id)
        self.text = text
        self.choices = list(choices)
        self.cursor = 0

    def draw(self) -> Text:
        return choices_text(self.text, [label for label, _value in self.choices], self.cursor, self.ascii)

    def key(self, key: str, character: str | None) -> bool:
        stepped = step_choice(key, self.cursor, len(self.choices))
        if stepped is None:
            return False
        self.cursor, chosen = stepped
        if chosen:
            self.choose(self.choices[self.cursor][1])
        else:
            self.scroll_visible()
        return True

    def key_hints(self) -> list[tuple[str, str]]:
        return [(_("Up/Down") if self.ascii else "↑↓", _("choose")), ("Enter", _("take"))] if self.choices else []


class ChoiceScreen(BaseModal[Any]):
    """A dialog with a :class:`ChoicePanel`; dismisses with the chosen value, or None on Escape."""

    BINDINGS = [Binding("escape,q", "give_up", show=False)]

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > VerticalScroll { width: 64; height: auto; max-height: 80%; border: round $accent;
                                    background: $panel; }
    """

    def __init__(self, text: str, choices: Sequence[tuple[str, Any]], *, ascii: bool = False) -> None:
        super().__init__()
        self.panel = ChoicePanel(text, choices, ascii=ascii)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield self.panel

    def on_mount(self) -> None:
        self.panel.focus()

    def on_board_part_chosen(self, message: BoardPart.Chosen) -> None:
        message.stop()
        self.dismiss(message.value)

    def action_give_up(self) -> None:
        self.dismiss(None)
