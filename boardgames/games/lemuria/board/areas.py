"""The four building areas (markers by seat number, free spots), the decks, the Impact cards left and what the
next one does (the lowest number is taken first)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from boardgames.games.lemuria.board.common import LemuriaPart, rules
from boardgames.i18n import N_, _
from boardgames.tui.canvas import cut

#: what each Impact card does in at most 24 characters (impact.yaml's ``short``), for translation where shown
SHORTS = (N_("3 resources you choose"), N_("3 citizens without food"), N_("draw 3, next buy free"),
          N_("2 more harvests, free"), N_("turn the altar anywhere"), N_("2 more builds"),
          N_("6 VP bonus everywhere"), N_("2 VP a housed building"))


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
        lines: list[Text] = []
        for k, area in enumerate(areas):
            if one_a_line or k % 2 == 0:
                lines.append(self.canvas.new_line())
            else:
                lines[-1].append("  ")
            self._area(lines[-1], area, one_a_line)
        impact = " ".join(str(n) for n in view["impact_left"])
        if impact and not self.tall and self.width < 64 and len(lines) == 2:
            # a short, narrow board: the decks go beside the areas, so the next Impact card gets a line
            self._beside(lines[0], _("Decks: {b} bld, {c} cit", b=view["building_deck"], c=view["citizen_deck"]))
            self._beside(lines[1], _("Impact {cards}", cards=impact))
        else:
            self._decks(impact)
        if impact:
            card = rules().impact[view["impact_left"][0] - 1]
            line = self.canvas.new_line()
            line.append(_("Impact {n} {name}: ", n=card.number, name=_(card.name)), "bold")
            line.append(_(card.short) if self.width < 64 else card.text)
            line.truncate(self.width, overflow="ellipsis")

    def _beside(self, line: Text, text: str) -> None:
        if line.cell_len + 2 + len(text) <= self.width:
            line.append("  " + text, "dim")

    def _decks(self, impact: str) -> None:
        """The decks' line: in words on a wide board, in short where the words do not fit."""
        view = self.view
        counts = {"b": view["building_deck"], "c": view["citizen_deck"], "d": view["citizen_discard"]}
        text = _("Decks: buildings {b}, citizens {c} ({d} discarded)", **counts)
        if impact:
            text += _("; Impact cards left {cards}", cards=impact)
        if self.width < 64 or cell_len(text) > self.width:
            text = _("Decks: {b} bld, {c} cit, {d} disc", **counts)
            if impact:
                text += _("; Impact {cards}", cards=impact)
        self.canvas.new_line().append(cut(text, self.width, self.ascii), "dim")

    def _area(self, line: Text, area, wide: bool) -> None:  # noqa: ANN001 - data.Area
        spots = self.view["areas"][area.id]
        name = _(area.name)
        line.append(name.ljust(9 if wide else len(name)), "bold")
        line.append(" ")
        for seat in spots:
            line.append(str(seat + 1), self.seat_style(seat))
        line.append(self.g("empty") * (area.spots - len(spots)), "dim")
        if wide:
            line.append(" " * (6 - area.spots) + "  ")
            bonus = line.cell_len
            line.append(cut(_("bonus: {what}", what=area.bonus.noun()), self.width - bonus, self.ascii), "dim")
            political = self.view["political"]
            if area.id == "political" and political:
                now = _(" (now: {who})", who=", ".join(self.player_name(s) for s in political))
                if line.cell_len + cell_len(now) > self.width:  # on the next line, under the bonus
                    line = self.canvas.new_line()
                    line.append(" " * (bonus - 1))
                line.append(cut(now, self.width - line.cell_len, self.ascii), "italic")
