"""The status line under the hand: the payment, a choice being made, or what the cursor of the part in use
is on."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames.games.bluemoon.board.common import BlueMoonPart, fit
from boardgames.i18n import _, n_, the
from boardgames.tui.canvas import Hit


class StatusPart(BlueMoonPart):
    """One line: redrawn whenever another part changes. It takes no focus; a click on a Lux's people goes to
    the hand, which drew them."""

    FOLLOWS_BOARD = True

    def takes_focus(self) -> bool:
        return False

    def draw_canvas(self) -> None:
        line = self.canvas.new_line()
        lay = self.board.city_layout()
        width = lay.city_width + 1 + lay.panel
        self._status(line, width)
        if line.cell_len > width:
            line.truncate(width - 1)
            line.append(self.g("…"))

    def _status(self, line: Text, width: int) -> None:
        view, board = self.view, self.board
        if view["phase"] == "over":
            line.append(_("The game is over."))
            return
        if not self.interactive:
            current = view.get("current")
            if current is not None:
                line.append(_("{name} to move.", name=self.player_name(current)))
            return
        if board.hand_part.status(self.canvas, line, width):
            return
        if view.get("pay"):
            self._status_pay(line, width)
            return
        active = board.active
        if active is not None:
            line.append(active.sentence())

    def click(self, hit: Hit) -> bool:
        hand = self.board.hand_part
        if hit.kind == "people" and hand.click(hit):
            hand.refresh()
            return True
        return False

    def _status_pay(self, line: Text, width: int) -> None:
        """The contribution being built: its box, the cards so far and the running total."""
        pay = self.view["pay"]
        cell = self.board.cell_at(pay["cell"])
        label = self.board.box_label(cell["boxes"][pay["box"] - 1]) if cell else str(pay["value"])
        colour = pay["colour"]

        def card_text(entry: dict[str, Any]) -> str:
            card, counts = entry["card"], entry["as"]
            if counts == "wild":
                return _("{card} (wild)", card=card)
            if counts != card[:2]:
                return _("{card} (as {people})", card=card, people=counts)
            return card

        cards = " + ".join(card_text(c) for c in pay["cards"])
        values = dict(n=pay["box"], label=label, tile=the(cell["name"]) if cell else "", cards=cards,
                      total=pay["total"], value=pay["value"])
        converts = [n_("Lux: {n} {people} may count as {colour}.", "Lux: {n} {people} may count as {colour}.", n,
                       people=people, colour=colour)
                    for people, n in (pay.get("converts") or {}).items() if n and colour]
        extra = (" " + " ".join(converts)) if converts else ""
        if cards:
            candidates = [_("Paying box {n} ({label}) of the {tile}: {cards} = {total} of {value}.", **values),
                          _("Box {n} ({label}): {cards} = {total} of {value}.", **values)]
        else:
            candidates = [_("Paying box {n} ({label}) of the {tile}: no cards yet, {value} to pay.", **values),
                          _("Box {n} ({label}): no cards yet, {value} to pay.", **values)]
        line.append(fit([*(text + extra for text in candidates), candidates[-1]], width))
