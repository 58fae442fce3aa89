"""The top line: the round, the first player, the cave pile's top card, the cider on the board; on a tall
terminal the reputation track under it."""

from __future__ import annotations

from boardgames.games.abovebelow.board.common import AbovePart, rules
from boardgames.tui.i18n import _


class TopPart(AbovePart):
    """``Round 2/7 · first Ana · cave: Weeping Stair (20 left) · cider on the board``; tall: the reputation
    track, one cell a space (-3 to 8) with the players' numbers on it and its points under it."""

    def takes_focus(self) -> bool:
        return False

    def draw_canvas(self) -> None:
        view = self.view
        line = self.canvas.new_line()
        sep = self.g("separator")
        line.append(_("Round {n}/{of}", n=view["round"], of=rules().components.rounds), "bold")
        first = view.get("first")
        if first is not None:
            line.append(sep + _("first "), "dim")
            line.append(self.player_name(first), self.seat_style(first))
        top = view.get("cave_top")
        explore = view.get("explore")
        if explore and explore.get("cave"):
            line.append(sep + _("exploring "), "dim")
            line.append(self.plain(rules().cave[explore["cave"]].name), "bold")
            if top == explore["cave"]:  # the party is forming: the card is still on the pile
                top = None
            elif top:
                line.append(sep + _("next "), "dim")
        else:
            line.append(sep + _("cave "), "dim")
        if top:
            line.append(self.plain(rules().cave[top].name), "bold")
            line.append(_(" ({n} in pile)", n=view.get("cave_pile", 0)), "dim")
        elif not explore:
            line.append(_("pile empty"), "dim")
        cider = view.get("cider_on_board")
        if cider is not None:
            line.append(sep + (_("cider on the board") if cider else _("cider taken")), "" if cider else "dim")
        line.truncate(self.width)
        if self.tall:
            self.track()

    def track(self) -> None:
        rep = rules().components.reputation
        where: dict[int, list[int]] = {}
        for seat, p in enumerate(self.view["players"]):
            where.setdefault(p["reputation"], []).append(seat)
        cells = self.canvas.new_line()
        cells.append(_("Reputation "), "bold")
        points = self.canvas.new_line()
        points.append(_("  VP       "), "dim")
        for value in range(rep.min, rep.max + 1):
            seats = where.get(value, [])
            cell = f"{value:+d}" if value else " 0"
            cells.append(f" {cell:>2}" + ":", "dim")
            mark = "".join(str(s + 1) for s in seats)
            for s in seats:
                cells.append(str(s + 1), self.seat_style(s))
            cells.append(" " * max(0, 2 - len(mark)))
            vp = rep.vp.get(value, 0)
            points.append(f" {vp:>2}    "[:6] if vp else "      ", "dim")
        cells.truncate(self.width)
        points.truncate(self.width)
