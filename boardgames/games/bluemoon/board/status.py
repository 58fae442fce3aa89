"""The status line under the hand."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames.games.bluemoon.board.common import (
    Layout,
    fit,
)
from boardgames.tui.i18n import _


class StatusLine:
    """The line under the hand: the payment, a choice being made, or what the cursor is on."""

    def _render_status(self, lay: Layout) -> None:
        line = self.canvas.new_line()
        width = lay.city_width + 1 + lay.panel
        self._status(line, width)
        if line.cell_len > width:
            line.truncate(width - 1)
            line.append(self.g("…"))

    def _status(self, line: Text, width: int) -> None:
        """The line under the hand: the payment, a choice being made, or what the cursor is on."""
        view = self.view
        if view["phase"] == "over":
            line.append(_("The game is over."))
            return
        if not self.interactive:
            current = view.get("current")
            if current is not None:
                line.append(_("{name} to move.", name=self.player_name(current)))
            return
        if self.zone == "people" and self.lux:
            self._status_people(line, width)
            return
        if view.get("pay"):
            self._status_pay(line, width)
            return
        if self.target is not None:
            line.append(self._target_sentence())
            return
        if self.pair_first is not None:
            line.append(_("Pair {card} with which Mimix? Choose it and press Enter; Escape gives up.",
                          card=self.pair_first))
            return
        if self.zone == "hand":
            line.append(self.card_sentence())
        elif self.zone == "boxes":
            line.append(self.box_sentence())
        else:
            line.append(self.cell_sentence(self.cell, width))

    def _status_pay(self, line: Text, width: int) -> None:
        """The contribution being built: its box, the cards so far and the running total."""
        pay = self.view["pay"]
        cell = self.cell_at(pay["cell"])
        label = self.box_label(cell["boxes"][pay["box"] - 1]) if cell else str(pay["value"])
        colour = pay["colour"]

        def card_text(entry: dict[str, Any]) -> str:
            card, counts = entry["card"], entry["as"]
            if counts == "wild":
                return _("{card} (wild)", card=card)
            if counts != card[:2]:
                return _("{card} (as {people})", card=card, people=counts)
            return card

        cards = " + ".join(card_text(c) for c in pay["cards"])
        values = dict(n=pay["box"], label=label, tile=cell["name"] if cell else "", cards=cards,
                      total=pay["total"], value=pay["value"])
        converts = [_("Lux: {n} {people} may count as {colour}.", n=n, people=people, colour=colour)
                    for people, n in (pay.get("converts") or {}).items() if n and colour]
        extra = (" " + " ".join(converts)) if converts else ""
        if cards:
            candidates = [_("Paying box {n} ({label}) of the {tile}: {cards} = {total} of {value}.", **values),
                          _("Box {n} ({label}): {cards} = {total} of {value}.", **values)]
        else:
            candidates = [_("Paying box {n} ({label}) of the {tile}: no cards yet, {value} to pay.", **values),
                          _("Box {n} ({label}): no cards yet, {value} to pay.", **values)]
        line.append(fit([*(text + extra for text in candidates), candidates[-1]], width))

    def _target_sentence(self) -> str:
        name, prefix = self.target
        if name == "extra":
            return _("Main Hall: choose the tile to go to and press Enter; Escape gives up.")
        card = prefix[0]
        if card.startswith("ve"):
            return _("{card}: choose the tile your figure flies to and press Enter; Escape gives up.", card=card)
        dragon = self._dragon_of(card)
        if "off" in self.targets():
            return _("{card}: choose where the {dragon} dragon goes and press Enter, or o to take it off "
                     "the board; Escape gives up.", card=card, dragon=dragon)
        return _("{card}: choose where the {dragon} dragon goes and press Enter; Escape gives up.", card=card,
                 dragon=dragon)
