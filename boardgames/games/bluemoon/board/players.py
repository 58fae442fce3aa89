"""The panel right of the city: obelisk, player table, supply and this turn."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames.games.bluemoon.board.common import BlueMoonPart
from boardgames.i18n import _, n_
from boardgames.tui.widgets.players import PlayerRow, player_lines


class PanelPart(BlueMoonPart):
    """The panel right of the city: the obelisk, the player table, the supply and this turn. It takes no keys
    and draws no more lines than the city beside it."""

    DEFAULT_CSS = """
    PanelPart { width: 1fr; }
    """

    def takes_focus(self) -> bool:
        return False

    def lines(self) -> list[Text]:
        board = self.board
        if board is None or board.view is None:
            return []
        lay = board.city_layout()
        return self.panel_lines(max(lay.panel, 10), lay.city_lines)

    def panel_lines(self, width: int, rows: int) -> list[Text]:
        """The lines right of the city: obelisk, players, supply, this turn."""
        view = self.view
        out: list[Text] = []

        def line(text: str = "", style: Style | str = "") -> Text:
            t = Text(no_wrap=True, overflow="crop")
            if text:
                t.append(text[:width], style)
            out.append(t)
            return t

        line(n_("Obelisk: {n} offering wins", "Obelisk: {n} offerings win", view["offerings_to_win"]) if width >= 26
             else _("Obelisk: {n} to win", n=view["offerings_to_win"]), "bold")
        t = line()
        next_open = True
        for space in view["obelisk"]:
            held = space["seat"] is not None
            piece = f"{space['cost']}:{space['seat'] + 1}" if held else str(space["cost"])
            if t.cell_len + len(piece) + 1 > width:
                t = line()
            if t.cell_len:
                t.append(" ")
            if held:
                t.append(piece, self.seat_style(space["seat"]))
            elif next_open:
                t.append(piece, "bold underline")
                next_open = False
            else:
                t.append(piece, "dim")
        cost = view.get("next_cost")
        line(_("Next offering costs {cost}", cost=cost) if cost is not None else _("The obelisk is full."))
        # players
        # a player line: seat number, the mover's mark, name, then markers, scales, offerings and hand size
        table = [PlayerRow(pl["name"], (pl["markers"], pl["scales"], pl["offerings"], pl["hand_size"]),
                           view.get("current") == p, self.seat_style(p)) for p, pl in enumerate(view["players"])]
        out.extend(player_lines(table, (_("mk"), _("sc"), _("of"), _("hd")), width, self.ascii))
        scales = view["scales"]
        line(_("Scales left: {supply} of {total}", supply=scales["supply"], total=scales["total"]))
        line(_("Deck {deck}, discards {discard}", deck=view["deck"], discard=view["discard"]))
        for text in self._turn_lines():
            line(text, "italic")
        while len(out) < rows:
            line()
        return out[:rows]

    def _turn_lines(self) -> list[str]:
        """What this turn has done so far, for the panel."""
        view = self.view
        turn = view.get("turn_state") or {}
        phase = view["phase"]
        if phase == "over" or view.get("current") is None:
            return [_("The game is over.")]
        if phase == "move":
            return [_("Steps left: {n}", n=turn.get("steps_left", 0))]
        done = []
        if turn.get("contributed"):
            done.append(_("Contributed this turn."))
        if turn.get("offered"):
            done.append(_("Offered this turn."))
        if turn.get("extra_used"):
            done.append(_("Extra action used."))
        if phase == "replenish" and turn.get("discarded"):
            done.append(n_("Discarded {n} this turn.", "Discarded {n} this turn.", turn["discarded"]))
        return done
