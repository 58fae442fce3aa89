"""The village of the player at the keyboard: villagers by state, buildings with their goods, goods and track."""

from __future__ import annotations

from typing import Any

from boardgames.core.engine import Action
from boardgames.games.abovebelow.board.common import (
    GOODS,
    AbovePart,
    card_symbols,
    card_words,
    good_letters,
    rules,
    villager_chip,
    villager_words,
)
from boardgames.tui.canvas import Hit, cut
from boardgames.tui.i18n import _


def track_income(track: list) -> int:
    """The income the progress track gives: the rightmost stack's space, 4 with an empty track."""
    progress = rules().components.progress
    return progress.spaces[len(track) - 1][1] if track else progress.empty_income


def track_vp(track: list) -> int:
    spaces = rules().components.progress.spaces
    return sum(spaces[i][0] * count for i, (_good, count) in enumerate(track))


class VillagePart(AbovePart):
    """``Ana 7$ rep+1 ci1 pt0``, then the ready, exhausted (``tired``) and injured (``hurt``) villagers as chips
    (``Ana⚒3``: name, skills, explore faces), the buildings with the goods on them (``Spore Cellar[mu1]``), the
    goods in the supply, the progress track (``mu2|fi1 =6$``: stacks left to right and the income) and the item
    for sale. When a harvest asks for a good, left/right choose a card with goods and Enter takes one."""

    HIT_KIND = "card"
    cursor = 0

    def title(self) -> str:
        return _("village")

    def player(self) -> dict[str, Any]:
        return self.view["players"][self.me()]

    def takes(self) -> list[Action]:
        return self.actions("take")

    def cards(self) -> list[str]:
        return list(self.player()["buildings"])

    def takes_focus(self) -> bool:
        return self.interactive and bool(self.takes())

    def entered(self) -> None:
        cards = self.cards()
        usable = [i for i, card in enumerate(cards) if self.actions("take", card)]
        if usable and self.cursor not in usable:
            self.cursor = usable[0]

    def draw_canvas(self) -> None:
        seat = self.me()
        p = self.player()
        width = self.width
        head = self.canvas.new_line()
        head.append(self.g("current") if self.view.get("current") == seat else " ", "bold")
        head.append(f"{seat + 1} ", self.seat_style(seat))
        head.append(self.player_name(seat), "bold")
        head.append(f"  {p['coins']}$  " + _("rep {r:+d}", r=p["reputation"]) + f"  ci{p['cider']} pt{p['potions']}")
        head.append("  " + _("income {n}", n=p.get("income", track_income(p["track"]))), "dim")
        head.append("  " + _("{n} pts", n=p.get("points", 0)), "dim")
        head.truncate(width)
        self._villagers(p, width)
        self._cards(p, width)
        self._goods(p, width)

    def _villagers(self, p: dict[str, Any], width: int) -> None:
        groups = [(_("ready"), p["ready"], "bold"), (_("tired"), p["exhausted"], ""), (_("hurt"), p["injured"], "dim")]
        if self.tall:
            for label, ids, style in groups:
                line = self.canvas.new_line()
                line.append(f"{label:<6}", "dim")
                line.append(cut(" ".join(villager_chip(v, self.ascii) for v in ids) or "-", width - 6, self.ascii),
                            style)
            return
        line = self.canvas.new_line()
        for k, (label, ids, style) in enumerate(groups):
            chips = " ".join(villager_chip(v, self.ascii) for v in ids) or "-"
            if k and line.cell_len + len(label) + len(chips) + 4 > width:
                line = self.canvas.new_line()
            elif k:
                line.append(" | ", "dim")
            line.append(label + " ", "dim")
            line.append(chips, style)
        for line in self.canvas.lines[1:]:
            line.truncate(width)

    def _cards(self, p: dict[str, Any], width: int) -> None:
        cards = self.cards()
        outposts = {outpost: cave for cave, outpost in p["caves"] if outpost}
        empty = [cave for cave, outpost in p["caves"] if not outpost]
        line = self.canvas.new_line()
        room = 22 if self.tall else 11
        for i, card in enumerate(cards):
            b = rules().building[card]
            chip = cut(self.plain(b.name), room, self.ascii)
            on = p["card_goods"].get(card) or {}
            if on:
                chip += "[" + "".join(f"{good_letters(g)}{n}" for g, n in on.items()) + "]"
            elif b.effects.beds and not self.tall:
                chip += f"[{self.sym('bed')}{b.effects.beds}]"
            if card in outposts:
                chip = cut(self.plain(rules().cave[outposts[card]].name), 8, self.ascii) + ":" + chip
            if self.tall:
                chip += " " + card_symbols(card, self.ascii)
            if line.cell_len and line.cell_len + len(chip) + 1 > width:
                line = self.canvas.new_line()
                line.append(" ")
            elif line.cell_len:
                line.append(" ")
            style = "bold" if self.actions("take", card) else ""
            if self.is_active and self.interactive and i == self.cursor:
                style += " reverse"
            self.canvas.add(line, chip, style.strip(), Hit("card", i))
        if empty:
            names = ", ".join(cut(self.plain(rules().cave[cave].name), 14, self.ascii) for cave in empty)
            line.append(" " + _("cave {names}", names=names), "dim")
        line.truncate(width)

    def _goods(self, p: dict[str, Any], width: int) -> None:
        line = self.canvas.new_line()
        line.append(_("goods "), "dim")
        goods = [(g, p["goods"].get(g, 0)) for g in GOODS if p["goods"].get(g, 0)]
        for k, (good, count) in enumerate(goods):
            line.append((" " if k else "") + f"{good_letters(good)}{count}", self.good_style(good))
        if not goods:
            line.append("-", "dim")
        line.append(_("  track "), "dim")
        for k, (good, count) in enumerate(p["track"]):
            line.append(("|" if k else "") + f"{good_letters(good)}{count}", self.good_style(good))
        if not p["track"]:
            line.append("-", "dim")
        line.append(f" ={track_income(p['track'])}$", "bold")
        if p.get("for_sale"):
            line.append(_("  sale "), "dim")
            line.append(good_letters(p["for_sale"]), self.good_style(p["for_sale"]))
        line.truncate(width)

    def key(self, key: str, character: str | None) -> bool:
        cards = self.cards()
        if not cards:
            return False
        if key in ("left", "right", "up", "down", "h", "l"):
            step = -1 if key in ("left", "up", "h") else 1
            usable = [i for i, card in enumerate(cards) if self.actions("take", card)] or list(range(len(cards)))
            here = usable.index(self.cursor) if self.cursor in usable else -1 if step > 0 else 0
            self.cursor = usable[(here + step) % len(usable)]
            return True
        if key in ("enter", "space"):
            self.use()
            return True
        return False

    def use(self) -> None:
        card = self.cards()[self.cursor]
        actions = self.actions("take", card)
        if len(actions) == 1:
            self.board.submit(actions[0])
        else:
            self.board.submit(None, _("Nothing to harvest from {card} now.", card=rules().building[card].name))

    def key_hints(self) -> list[tuple[str, str]]:
        return [(_("Left/Right") if self.ascii else "←→", _("card")), ("Enter", _("harvest"))]

    def sentence(self) -> str:
        cards = self.cards()
        p = self.player()
        if self.is_active and cards:
            card = cards[min(self.cursor, len(cards) - 1)]
            on = p["card_goods"].get(card) or {}
            there = ", ".join(f"{n} {g}" for g, n in on.items())
            return card_words(card) + (_("; on it: {goods}", goods=there) if there else "")
        villagers = [villager_words(v) for v in p["ready"]]
        return _("Ready: {list}.", list=", ".join(villagers)) if villagers else _("No villager is ready.")

