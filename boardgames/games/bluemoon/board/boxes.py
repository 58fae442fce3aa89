"""The boxes of the building the figure stands on: a numbered row of them while acting, and paying one."""

from __future__ import annotations

from rich.style import Style

from boardgames.core.engine import Action
from boardgames.games.bluemoon.board.common import MOVES, PREV, BlueMoonPart
from boardgames.i18n import N_, _, the
from boardgames.tui.canvas import Hit
from boardgames.tui.keys import ENTER, LEFT_RIGHT, PartKey


class BoxesPart(BlueMoonPart):
    """The row of the boxes where you stand (shown only while acting there); the cursor is also drawn on the
    tile in the city. Digits 1-6 pick a box from anywhere on the board."""

    HELP_TITLE = N_("Boxes")

    def title(self) -> str:
        return _("boxes")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.box = 1

    def boxes(self) -> list[dict]:
        """The boxes of the building you stand on, while it is not rebuilt (else none)."""
        cell = self.board.here()
        if cell is None or not cell.get("boxes") or cell.get("rebuilt"):
            return []
        return cell["boxes"]

    def takes_focus(self) -> bool:
        return self.interactive and self.phase == "act" and bool(self.boxes())

    def update(self) -> None:
        board = self.board
        if self.interactive and self.phase == "act" and (board.fresh or self.box not in board.box_actions()):
            legal = sorted(board.box_actions())
            self.box = legal[0] if legal else 1

    def point_at(self, action: Action) -> bool:
        """A hint's box: the cursor on it (Enter starts paying it)."""
        if action.name != "box" or action.args[0] not in self.board.box_actions():
            return False
        self.box = action.args[0]
        return True

    def select(self, number: int) -> None:
        """A box's digit: put the cursor on box ``number`` and the focus here, or say why not."""
        boxes = self.boxes()
        if number > len(boxes):
            cell = self.board.here()
            self.board.notice(_("There are no boxes to pay here.") if not boxes or cell is None else
                              _("The {name} has boxes 1 to {last}.", name=the(cell["name"]), last=len(boxes)),
                              error=True)
            return
        self.box = number
        self.board.focus_part(self)

    def draw_canvas(self) -> None:
        boxes = self.boxes()
        if not boxes:
            return
        board, c = self.board, self.canvas
        here = board.here()
        assert here is not None, "boxes are drawn for the tile the figure stands on"
        line = c.new_line()
        line.append(_("Boxes of the {name}:", name=self.tile_name(here)) + " ", "bold")
        legal = board.box_actions()
        for n, box in enumerate(boxes, 1):
            if box["marker"] is not None:
                style = self.seat_style(box["marker"])
            else:
                style = self.people_style(box["colour"])
                style = style + Style(underline=True) if n in legal else style + Style(dim=True)
            if self.is_active and n == self.box:
                style = style + Style(reverse=True)
            c.add(line, f"{n} {board.box_label(box)}", style, Hit("box", n))
            line.append(" ")

    def sentence(self) -> str:
        boxes = self.boxes()
        if not boxes:
            return _("No boxes to pay here.")
        if not 1 <= self.box <= len(boxes):
            return ""
        box = boxes[self.box - 1]
        label = self.board.box_label(box)
        if box["marker"] is not None:
            return _("Box {n} is filled by {name}.", n=self.box, name=self.player_name(box["marker"]))
        if self.box in self.board.box_actions():
            return _("Box {n} ({label}): Enter starts paying it with cards of {colour}.", n=self.box, label=label,
                     colour=self.people_name(box["colour"]))
        return _("Box {n} ({label}) cannot be paid from your hand now.", n=self.box, label=label)

    def step(self, key: str, character: str | None) -> bool:
        count = len(self.boxes())
        if not count:
            return False
        self.box = (self.box - 1 + (-1 if key in PREV else 1)) % count + 1
        return True

    def pay(self, key: str, character: str | None) -> bool:
        if not self.boxes():
            return False
        self.board.send(self.board.box_actions().get(self.box), self.sentence())
        return True

    KEYS = (
        PartKey(tuple(MOVES), N_("box"), "step", label=LEFT_RIGHT,
                help=N_("Choose a box of the building you stand on.")),
        PartKey(ENTER, N_("pay"), "pay", help=N_("Start paying the box under the cursor.")),
    )

    def click(self, hit: Hit) -> bool:
        """A click on a box puts the cursor there; a second click on it starts paying it."""
        if hit.kind != "box":
            return False
        again = self.was_active and self.box == hit.a
        self.box = hit.a
        if again:
            self.key("enter", None)
        return True
