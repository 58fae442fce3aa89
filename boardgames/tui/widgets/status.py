"""A board's status line: what the cursor of the part in use is on, in words."""

from __future__ import annotations

from boardgames.i18n import _
from boardgames.tui.asciimode import asciify
from boardgames.tui.canvas import cut
from boardgames.tui.widgets.part import GamePart


class StatusLine(GamePart):
    """One line under the board, redrawn with every change of another part: the game is over, who is deciding,
    or the sentence of the part in use."""

    FOLLOWS_BOARD = True

    def takes_focus(self) -> bool:
        return False

    def draw_canvas(self) -> None:
        line = self.canvas.new_line()
        view = self.view
        if view.get("current") is None:
            text = _("The game is over.")
        elif not self.interactive:
            text = _("{name} is deciding.", name=self.player_name(view["current"]))
        else:
            active = self.board.active
            text = active.sentence() if active is not None else ""
        line.append(cut(asciify(text) if self.ascii else text, self.width, self.ascii), "italic")
