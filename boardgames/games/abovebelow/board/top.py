"""The top line: the round, the first player, the cave pile's top card, the cider on the board; on a tall
terminal the reputation track under it."""

from __future__ import annotations

from rich.style import Style

from boardgames.games.abovebelow.board.common import AbovePart, rules
from boardgames.i18n import _
from boardgames.tui.canvas import cut


class TopPart(AbovePart):
    """``Round 2/7 · first Ana · cave Weeping Stair (20 in pile) · cider on the board``, shorter when it does not
    fit (``R2/7 · first Ana · exploring Echo Pit · next Weeping Stair (20) · cider taken``); tall: the reputation
    track, one cell a space (-3 to 8) with the players' numbers on it and its points under it."""

    def takes_focus(self) -> bool:
        return False

    def draw_canvas(self) -> None:
        line = self.canvas.new_line()
        for short, room, following, name in ((False, 40, True, 40), (True, 40, True, 16), (True, 40, False, 16),
                                             (True, 14, False, 12), (True, 9, False, 8), (True, 9, False, 5)):
            words = self.words(short, room, following, name)
            if sum(len(text) for text, _style in words) <= self.width:
                break
        for text, style in words:
            line.append(text, style)
        line.truncate(self.width)
        if self.tall:
            self.track()

    def words(self, short: bool, room: int, following: bool = True, name: int = 40) -> list[tuple[str, str | Style]]:
        """The line's words and styles; when the whole sentence does not fit: ``short`` words ("R2/7", "(20)"),
        no ``following`` cave while exploring, cave names cut to ``room`` cells, the first player's to ``name``
        (a long name never pushes the cider off the line)."""
        view = self.view
        sep = self.g("separator")
        out: list[tuple[str, str | Style]] = []
        rounds = rules().components.rounds
        out.append((_("R{n}/{of}", n=view["round"], of=rounds) if short else
                    _("Round {n}/{of}", n=view["round"], of=rounds), "bold"))
        first = view.get("first")
        if first is not None:
            who = cut(self.player_name(first), name, self.ascii)
            out += [(sep + _("first "), "dim"), (who, self.seat_style(first))]
        top = view.get("cave_top")
        explore = view.get("explore")

        def cave(key: str) -> str:
            return cut(self.plain(_(rules().cave[key].name)), room, self.ascii)

        if explore and explore.get("cave"):
            out += [(sep + _("exploring "), "dim"), (cave(explore["cave"]), "bold")]
            if top == explore["cave"] or not following:  # forming the party: the card is still on the pile
                top = None
            elif top:
                out.append((sep + _("next "), "dim"))
        else:
            out.append((sep + _("cave "), "dim"))
        if top:
            pile = view.get("cave_pile", 0)
            out += [(cave(top), "bold"), (_(" ({n})", n=pile) if short else _(" ({n} in pile)", n=pile), "dim")]
        elif not explore:
            out.append((_("pile empty"), "dim"))
        cider = view.get("cider_on_board")
        if cider is not None:
            if short:
                out.append((sep + (_("cider on board") if cider else _("cider taken")), "" if cider else "dim"))
            else:
                out.append((sep + (_("cider on the board") if cider else _("cider taken")), "" if cider else "dim"))
        return out

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
