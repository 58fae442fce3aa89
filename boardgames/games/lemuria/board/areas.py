"""The four building areas (markers by seat number, free spots), the decks and the Impact cards left."""

from __future__ import annotations

from rich.text import Text

from boardgames.games.lemuria.board.common import LemuriaPart, rules
from boardgames.tui.i18n import _


class AreasPart(LemuriaPart):
    """``Farm 12....``: an area's markers (seat numbers, in the order they came) and its free spots; two
    areas a line, or one a line with its bonus on a tall terminal. Then the decks. It takes no focus: a
    marker's area is chosen in the choice list."""

    def takes_focus(self) -> bool:
        return False

    def draw_canvas(self) -> None:
        view = self.view
        areas = rules().components.areas
        one_a_line = self.tall and self.width >= 50
        line = None
        for k, area in enumerate(areas):
            if one_a_line or k % 2 == 0:
                line = self.canvas.new_line()
            else:
                line.append("  ")
            self._area(line, area, one_a_line)
        decks = self.canvas.new_line()
        impact = " ".join(str(n) for n in view["impact_left"])
        if self.width >= 64:
            decks.append(_("Decks: buildings {b}, citizens {c} ({d} discarded)", b=view["building_deck"],
                           c=view["citizen_deck"], d=view["citizen_discard"]), "dim")
            if impact:
                decks.append(_("; Impact cards left {cards}", cards=impact), "dim")
        else:
            decks.append(_("Decks: {b} bld, {c} cit, {d} disc", b=view["building_deck"], c=view["citizen_deck"],
                           d=view["citizen_discard"]), "dim")
            if impact:
                decks.append(_("; Impact {cards}", cards=impact), "dim")
        decks.truncate(self.width)

    def _area(self, line: Text, area, wide: bool) -> None:  # noqa: ANN001 - data.Area
        spots = self.view["areas"][area.id]
        line.append(area.name.ljust(9 if wide else len(area.name)), "bold")
        line.append(" ")
        for seat in spots:
            line.append(str(seat + 1), self.seat_style(seat))
        line.append(self.g("empty") * (area.spots - len(spots)), "dim")
        if wide:
            line.append(" " * (6 - area.spots) + "  " + _("bonus: {what}", what=area.bonus.describe()), "dim")
            political = self.view["political"]
            if area.id == "political" and political:
                line.append(_(" (now: {who})", who=", ".join(self.player_name(s) for s in political)), "italic")
