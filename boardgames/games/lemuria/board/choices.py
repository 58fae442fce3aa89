"""The decision in hand: the legal moves by their labels, numbered, in a window that scrolls with the cursor."""

from __future__ import annotations

from dataclasses import replace

from boardgames.games.lemuria.board.common import LemuriaPart
from boardgames.i18n import N_, _
from boardgames.tui.keys import PartKey
from boardgames.tui.widgets.moves import DIGITS_ROW, ENDS_ROW, PAGE_ROW, PLAY_ROW, STEP_ROW, MoveList


class ChoicesPart(MoveList, LemuriaPart):
    """Every legal move of the decision by its label, ``12 Build Barracks, brick off``; up/down (j/k),
    Page Up/Down, Home/End and 1-9 move the cursor, Enter plays the move under it. After Enter on a trend
    position with several ways to build, only those ways are listed until one is played or Escape."""

    DEFAULT_CSS = """
    ChoicesPart { width: 1fr; padding: 0 0 0 1; }
    """

    GAP = 3

    def rows(self) -> int:
        return self.board.choice_rows()

    def wraps(self) -> bool:
        return self.tall  # rows to spare: a citizen's whole effect in the list

    def only_heading(self) -> str:
        return _("Ways to build (Esc: every move)")

    #: the list's keys, with the digits on the key bar and Escape off it (the heading says it)
    KEYS = (
        STEP_ROW, PAGE_ROW, ENDS_ROW,
        replace(DIGITS_ROW, words=N_("number"), when="has_moves", label="1-9"),
        PLAY_ROW,
        PartKey(("escape",), do="show_all", help=N_("List every move again, after Enter on a trend position listed "
                                                   "only its ways to build.")),
    )
