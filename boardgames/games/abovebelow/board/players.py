"""The players at a glance: coins, reputation, cider, potions, villagers by state, buildings, goods, the
progress track's income and the item for sale; up/down choose a player, Enter buys what they sell."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames.games.abovebelow.board.common import AbovePart, good_letters, rules
from boardgames.games.abovebelow.board.village import track_income
from boardgames.games.abovebelow.words import good as good_word
from boardgames.i18n import N_, _, p_
from boardgames.tui.canvas import wrap_pieces
from boardgames.tui.keys import DIGITS, ENTER, HOME_END, UP_DOWN, PartKey
from boardgames.tui.widgets.players import PlayerRow, draw_player_table


class PlayersPart(AbovePart):
    """``1▶Ana  3 7 +1 1 0 3/0/1 2 4 6 ro``: VP so far (without the reputation ranking), $ coins, rp
    reputation, ci cider, pt potions, villagers ready/exhausted/injured, bd buildings, gd goods in the supply, in
    the income, sale the item for sale (``-`` none), ``(P)`` after a player who passed. On a tall terminal each
    line is followed by the player's buildings and track."""

    HIT_KIND = "player"
    HELP_TITLE = N_("Players")
    cursor = 0

    def title(self) -> str:
        return _("players")

    def headers(self) -> list[str]:
        return [p_("players column", "VP"), "$", p_("players column", "rp"), p_("players column", "ci"),
                p_("players column", "pt"), p_("players column", "r/e/i"), p_("players column", "bd"),
                p_("players column", "gd"), p_("players column", "in"), _("sale")]

    def values(self, seat: int, p: dict[str, Any]) -> tuple[int | str, ...]:
        villagers = f"{len(p['ready'])}/{len(p['exhausted'])}/{len(p['injured'])}"
        sale = good_letters(p["for_sale"]) if p.get("for_sale") else "-"
        return (p.get("points", 0), p["coins"], f"{p['reputation']:+d}", p["cider"], p["potions"], villagers,
                len(p["buildings"]), sum(p["goods"].values()), p.get("income", track_income(p["track"])), sale)

    def passed(self, seat: int) -> bool:
        passed = self.view.get("passed") or []
        return seat < len(passed) and bool(passed[seat])

    def draw_canvas(self) -> None:
        players, current = self.view["players"], self.view.get("current")
        rows = [PlayerRow(p["name"] + (" " + p_("passed", "(P)") if self.passed(i) else ""), self.values(i, p),
                          current == i,
                          self.seat_style(i)) for i, p in enumerate(players)]
        draw_player_table(self, rows, self.headers(), 3, self.details if self.tall else None)

    def details(self, seat: int) -> list[Text]:
        """The player's buildings and progress track, under their line on a tall terminal, every name whole."""
        p = self.view["players"][seat]
        names = [self.plain(_(rules().building[card].name)) for card in p["buildings"]]
        pieces = [Text(name + ("," if k < len(names) - 1 else ""), "dim") for k, name in enumerate(names)]
        if p["track"]:
            track = Text(" " + _("track") + " ", "dim")
            for k, (good, count) in enumerate(p["track"]):
                track.append(("|" if k else "") + f"{good_letters(good)}{count}", self.good_style(good))
            pieces.append(track)
        return wrap_pieces(pieces, self.width, 3)

    def takes_focus(self) -> bool:
        return self.interactive

    def entered(self) -> None:
        sellers = [i for i in range(len(self.view["players"])) if self.actions("buy", i)]
        if sellers and self.cursor not in sellers:
            self.cursor = sellers[0]

    def count(self) -> int:
        return len(self.view["players"])

    def use(self) -> None:
        self.board.buy_from(self.cursor)

    def sells(self) -> bool:
        return bool(self.actions("buy", self.cursor))

    KEYS = (
        PartKey(("up", "k", "down", "j"), N_("player"), "cursor_step", label=UP_DOWN, help=N_("Choose a player.")),
        PartKey(HOME_END, do="cursor_ends", help=N_("Choose a player.")),
        PartKey(DIGITS, do="cursor_jump", help=N_("Choose a player.")),
        PartKey(ENTER, N_("buy"), "cursor_use", when="sells", help=N_("Buy the item that player sells.")),
    )

    def sentence(self) -> str:
        p = self.view["players"][self.cursor]
        names = ", ".join(_(rules().building[card].name) for card in p["buildings"])
        sale = _("; sells {item}", item=good_word(p["for_sale"])) if p.get("for_sale") else ""
        return _("{name}: {coins} coins, reputation {rep}{sale}; buildings: {names}.", name=self.player_name(
            self.cursor), coins=p["coins"], rep=p["reputation"], sale=sale, names=names)
