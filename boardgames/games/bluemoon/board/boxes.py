"""The boxes of the building the figure stands on."""

from __future__ import annotations

from boardgames.games.bluemoon.board.common import (
    PREV,
)
from boardgames.tui.i18n import _


class BoxesZone:
    """The boxes zone: the boxes of the building you stand on, their keys and sentence."""

    def box_sentence(self) -> str:
        me = self.me
        cell = self.cell_at(me["position"]) if me else None
        if cell is None or not cell.get("boxes") or cell.get("rebuilt"):
            return _("No boxes to pay here.")
        if not 1 <= self.box <= len(cell["boxes"]):
            return ""
        box = cell["boxes"][self.box - 1]
        label = self.box_label(box)
        if box["marker"] is not None:
            return _("Box {n} is filled by {name}.", n=self.box, name=self.player_name(box["marker"]))
        if self.box in self.box_actions():
            return _("Box {n} ({label}): Enter starts paying it with cards of {colour}.", n=self.box, label=label,
                     colour=self.people_name(box["colour"]))
        return _("Box {n} ({label}) cannot be paid from your hand now.", n=self.box, label=label)

    def _key_boxes(self, key: str) -> bool:
        me = self.me
        cell = self.cell_at(me["position"]) if me else None
        count = len(cell["boxes"]) if cell else 0
        if not count:
            return False
        if key in ("left", "h", "right", "l", "up", "k", "down", "j"):
            step = -1 if key in PREV else 1
            self.box = (self.box - 1 + step) % count + 1
            return True
        if key in ("enter", "space"):
            self.send(self.box_actions().get(self.box), self.box_sentence())
            return True
        return False

    def boxes_hints(self) -> list[tuple[str, str]]:
        return [(_("Left/Right") if self.ascii else "←→", _("box")), ("Enter", _("pay"))]
