"""A board's status line: what the cursor of the part in use is on, in words."""

from __future__ import annotations

from rich.cells import cell_len

from boardgames.i18n import _
from boardgames.tui.asciimode import asciify
from boardgames.tui.canvas import cut
from boardgames.tui.widgets.part import GamePart
from boardgames.tui.widgets.reader import wrap


class StatusLine(GamePart):
    """One line under the board, redrawn with every change of another part: the game is over, who is deciding,
    or the sentence of the part in use. A board whose sentences run long (a card's whole effect) lets it wrap
    over up to ``STATUS_ROWS`` lines, taken once a sentence needs them and kept until the next view, so the
    screen is not laid out anew (nor the log moved) at every key that moves a cursor."""

    FOLLOWS_BOARD = True
    #: the lines taken since the last view
    rows_taken = 1

    def update(self) -> None:
        self.rows_taken = 1

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
        text = asciify(text) if self.ascii else text
        limit = self.board.STATUS_ROWS
        rows = [text] if limit == 1 or cell_len(text) <= self.width else wrap(text, self.width)
        if len(rows) > limit:  # the last line shown ends in an ellipsis (it joined with the next is too long)
            rows = rows[:limit - 1] + [rows[limit - 1] + " " + rows[limit]]
        for k, row in enumerate(rows):
            (line if k == 0 else self.canvas.new_line()).append(cut(row, self.width, self.ascii), "italic")
        self.rows_taken = max(self.rows_taken, len(rows))
        while len(self.canvas.lines) < self.rows_taken:
            self.canvas.new_line()
