"""The calendar and the trend line: five building cards, their colour, cost, VP and the trend bonus."""

from __future__ import annotations

from rich.text import Text

from boardgames.core.engine import Action
from boardgames.games.lemuria.board.common import LemuriaPart, colour_letter, colour_of, cost_letters, cost_words, rules
from boardgames.i18n import N_, _, n_
from boardgames.tui.canvas import Hit, cut
from boardgames.tui.keys import DIGITS, ENTER, HOME_END, UP_DOWN, PartKey


class TrendPart(LemuriaPart):
    """The month line (``Month 3/12: 1 2 [3] 4* ...``, * a festival) and the trend line, one line a position:
    ``1 Barracks      M FWB  2VP +6`` (colour letter, cost letters, VP, trend bonus; ``-1`` on the lower trend,
    a resource cheaper). Up/down choose a position, Enter builds there (or answers a card's choice of it)."""

    HIT_KIND = "position"
    HELP_TITLE = N_("Trend")

    cursor = 0

    def title(self) -> str:
        return _("trend")

    def draw_canvas(self) -> None:
        self._calendar(self.canvas.new_line())
        head = self.canvas.new_line()
        head.append(_("Trend"), "bold")
        head.append(_("  colour, cost, VP, +bonus"), "dim")
        if self.width >= 64:
            head.append(_("; -1: lower trend, 1 resource off"), "dim")
        head.truncate(self.width)
        lower = set(rules().components.trend.lower)
        bonus = rules().components.trend.bonus
        for pos, card in enumerate(self.view["trend"], 1):
            line = self.canvas.new_line()
            mark = self.position_actions(pos)
            line.append(self.g("choosable") if mark else " ", "bold")
            line.append(f"{pos} ")
            if card is None:
                line.append(_("(empty)"), "dim")
            else:
                self._card(line, card, bonus[pos - 1], pos in lower)
            if self.is_active and self.interactive and pos - 1 == self.cursor:
                line.stylize("reverse")
            self.canvas.add_hit(len(self.canvas.lines) - 1, 0, line.cell_len, Hit("position", pos - 1))

    def _calendar(self, line: Text) -> None:
        view = self.view
        month, months, festivals = view["round"], view["months"], set(view["festivals"])
        line.append(_("Month {n}/{of}", n=month, of=months), "bold")
        line.append(" ")
        for m in range(1, months + 1):
            text = f"{m}" + ("*" if m in festivals else "")
            style = "reverse bold" if m == month else ("dim" if m < month else "")
            line.append(" ")
            line.append(text, style)
        if self.width >= 62:
            line.append(_("  (* festival)"), "dim")

    def _card(self, line: Text, card: str, bonus: int, lower: bool) -> None:
        building = rules().building[card]
        wide = self.width >= 64
        room = 22 if wide else 16
        line.append(cut(_(building.name), room, self.ascii).ljust(room), self.hue_style(building.colour))
        line.append(" ")
        colour = colour_of(building.colour)
        if wide and colour is not None:
            line.append(_(colour.name)[:4].ljust(4), self.hue_style(building.colour))
        else:
            line.append(colour_letter(building.colour), self.hue_style(building.colour))
        line.append(" ")
        cost = cost_letters(building)
        line.append(cost.ljust(6))
        line.append(_("{vp:>2}VP", vp=building.vp))
        line.append(f" +{bonus}", "bold" if bonus else "dim")
        line.append(" -1" if lower else "   ", "italic")
        if wide and self.tall:
            line.append(" " + cut(cost_words(building), max(0, self.width - line.cell_len - 1), self.ascii), "dim")

    def position_actions(self, pos: int) -> list[Action]:
        """The legal actions on trend position ``pos``: builds, reforms, and cards' choices of a position."""
        out = []
        for action in self.board.legal:
            args = action.args
            if action.name in ("build", "position") and args and args[0] == pos:
                out.append(action)
            elif action.name in ("reform", "place") and len(args) > 1 and args[1] == pos:
                out.append(action)
        return out

    def takes_focus(self) -> bool:
        return self.interactive

    def entered(self) -> None:
        marked = [p for p in range(1, 6) if self.position_actions(p)]
        if marked and not self.position_actions(self.cursor + 1):
            self.cursor = marked[0] - 1

    def count(self) -> int:
        return len(self.view["trend"])

    def use(self) -> None:
        """Build at the cursor: at once when there is one way, else the choice list shows the ways."""
        pos = self.cursor + 1
        actions = self.position_actions(pos)
        if len(actions) == 1:
            self.board.submit(actions[0])
        elif actions:
            self.board.choose_among(actions)
        else:
            self.board.submit(None, _("Nothing can be built at trend position {n} now: check your resources "
                                      "and what your turn still allows.", n=pos))

    def enter_hint(self) -> tuple[str, str] | None:
        actions = self.position_actions(self.cursor + 1)
        if not actions:
            return None
        return "Enter", _("build") if len(actions) == 1 else _("ways to build")

    KEYS = (
        PartKey(("up", "k", "down", "j"), N_("position"), "cursor_step", label=UP_DOWN,
                help=N_("Choose a position.")),
        PartKey(HOME_END, do="cursor_ends", help=N_("Choose a position.")),
        PartKey(DIGITS, do="cursor_jump", help=N_("Choose a position.")),
        PartKey(ENTER, do="cursor_use", hint="enter_hint",
                help=N_("Build it (with several ways to pay, the list of moves shows only those; Escape shows every "
                        "move again).")),
    )

    def sentence(self) -> str:
        pos = self.cursor + 1
        card = self.view["trend"][self.cursor]
        if card is None:
            return _("Trend position {n} is empty.", n=pos)
        b = rules().building[card]
        colour = colour_of(b.colour)
        bonus = rules().components.trend.bonus[self.cursor]
        text = _("Position {n}: {name}, {colour}, costs {cost}, {vp} VP, trend bonus {bonus}.", n=pos,
                 name=_(b.name), colour=_(colour.name) if colour else b.colour, cost=cost_words(b), vp=b.vp,
                 bonus=bonus)
        if pos in rules().components.trend.lower:
            text += " " + _("Lower trend: 1 resource less.")
        ways = len(self.position_actions(pos))
        if ways:
            text += " " + n_("{n} way to build now.", "{n} ways to build now.", ways)
        return text
