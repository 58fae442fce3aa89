"""The decision in hand as a list: the legal moves by their labels, numbered, in a window that scrolls."""

from __future__ import annotations

from boardgames.games.abovebelow.board.common import AbovePart
from boardgames.i18n import _
from boardgames.tui.canvas import cut
from boardgames.tui.widgets.moves import MoveList
from boardgames.tui.widgets.reader import wrap


class MovesPart(MoveList, AbovePart):
    """Every legal move of the decision by its label; up/down (j/k), Page Up/Down, Home/End and 1-9 move the
    cursor, Enter plays the move under it. A key that has several moves (buy: which player, which price; an
    outpost: which cave) lists only those until one is played or Escape."""

    DEFAULT_CSS = """
    MovesPart { width: 1fr; }
    """

    def rows(self) -> int:
        return self.board.panel_rows()

    def heading(self) -> list[str]:
        """Who answers an offer (the keyboard goes to the seller, out of turn), then the last explore's result,
        read out after the roll."""
        lines = []
        view = self.view
        if view.get("phase") == "offer" and self.interactive and view.get("current") is not None:
            lines.append(cut(_("{name} decides.", name=self.player_name(view["current"])), self.width, self.ascii))
        return lines + (wrap(self.plain(self.board.result), self.width)[:2] if self.board.result else [])
