"""The players table: one line a player (resources, VP, markers, hand, buildings, turn order, Impact card)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames.games.lemuria.board.common import LemuriaPart, colour_letter, letter, resource_ids, rules
from boardgames.i18n import N_, _
from boardgames.tui.canvas import Hit, wrap_pieces
from boardgames.tui.keys import UP_DOWN, PartKey
from boardgames.tui.widgets.players import PlayerRow, draw_player_table


class PlayersPart(LemuriaPart):
    """The shared player table: F C W G B S the resources, VP, mk markers left, hd cards in hand, bd buildings,
    ho citizens housed, # place in this month's turn order, I the Impact card used, v m the vegetable and
    mineral matter left to plant (narrow columns, so all of it fits at 80x24). On a tall terminal each
    player's buildings follow their line. Up/down choose a player; the status line lists their buildings."""

    DEFAULT_CSS = """
    PlayersPart { height: auto; }
    """
    HELP_TITLE = N_("Players")

    cursor = 0

    def title(self) -> str:
        return _("players")

    def headers(self) -> list[str]:
        return [letter(r) for r in resource_ids()] + [_("VP"), _("mk"), _("hd"), _("bd"), _("ho"), "#", "I", "v", "m"]

    def values(self, seat: int, p: dict[str, Any]) -> tuple[int | str, ...]:
        order = self.view["order"]
        housed = sum(1 for _b, citizen in p["buildings"] if citizen is not None)
        values: list[int | str] = [p["resources"][r] for r in resource_ids()]
        values += [p["vp"], p["markers"], p["hand_size"], len(p["buildings"]), housed,
                   order.index(seat) + 1 if seat in order else "-", p["impact"] if p["impact"] is not None else "-",
                   p["matter"]["vegetable"], p["matter"]["mineral"]]
        return tuple(values)

    def draw_canvas(self) -> None:
        view = self.view
        rows = [PlayerRow(p["name"], self.values(i, p), view["current"] == i, self.seat_style(i))
                for i, p in enumerate(view["players"])]
        draw_player_table(self, rows, self.headers(), 2, self.buildings_lines if self.tall else None)

    def buildings_lines(self, seat: int) -> list[Text]:
        """The player's buildings with their citizens, ``Barracks[M](Sentry)``, every one whole."""
        p = self.view["players"][seat]
        if not p["buildings"]:
            line = Text("   ", no_wrap=True, overflow="crop")
            line.append(_("no buildings"), "dim")
            return [line]
        pieces = []
        for card, citizen in p["buildings"]:
            building = rules().building[card]
            piece = Text(f"{_(building.name)}[{colour_letter(building.colour)}]", self.hue_style(building.colour))
            piece.append(f"({_(rules().citizen[citizen].name)})" if citizen else "()", "" if citizen else "dim")
            pieces.append(piece)
        return wrap_pieces(pieces, self.width, 3)

    def takes_focus(self) -> bool:
        return self.interactive

    def entered(self) -> None:
        seat = self.view.get("seat")
        self.cursor = seat if seat is not None else self.cursor

    def step(self, key: str, character: str | None) -> bool:
        self.cursor = (self.cursor + (-1 if key in ("up", "k") else 1)) % len(self.view["players"])
        return True

    def click(self, hit: Hit) -> bool:
        if hit.kind == "player":
            self.cursor = hit.a
            return True
        return False

    KEYS = (
        PartKey(("up", "k", "down", "j"), N_("player"), "step", label=UP_DOWN,
                help=N_("Choose a player; the line under the board lists their buildings and citizens.")),
    )

    def sentence(self) -> str:
        p = self.view["players"][self.cursor]
        owned = []
        for card, citizen in p["buildings"]:
            name = _(rules().building[card].name)
            owned.append(_("{building} ({citizen})", building=name, citizen=_(rules().citizen[citizen].name))
                         if citizen else _("{building} (empty)", building=name))
        said = {"name": self.player_name(self.cursor), "vp": p["vp"], "v": p["matter"]["vegetable"],
                "m": p["matter"]["mineral"]}
        if owned:
            text = _("{name}: {vp} VP, matter {v}v {m}m; buildings: {list}.", list=", ".join(owned), **said)
        else:
            text = _("{name}: {vp} VP, matter {v}v {m}m; no buildings yet.", **said)
        if p["impact"] is not None:
            text += " " + _("Impact card {n} used.", n=p["impact"])
        return text
