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
from boardgames.games.abovebelow.words import good as good_word
from boardgames.i18n import N_, _, the
from boardgames.tui.canvas import Hit, cut
from boardgames.tui.keys import ENTER, HOME_END, LEFT_RIGHT, PartKey


def track_income(track: list) -> int:
    """The income the progress track gives: the rightmost stack's space, 4 with an empty track."""
    progress = rules().components.progress
    return progress.spaces[len(track) - 1][1] if track else progress.empty_income


def track_vp(track: list) -> int:
    spaces = rules().components.progress.spaces
    return sum(spaces[i][0] * count for i, (_good, count) in enumerate(track))


class VillagePart(AbovePart):
    """``Ana 7$ rep+1 ci1 pt0``, then the ready, exhausted (``tired``) and injured (``hurt``) villagers as chips
    (``Nell⚒3``: name, skills, explore faces; a chip is never cut: it goes to the next line), the buildings with
    the goods on them (``Spore Cellar[mu1]``), the caves won (``caves open: Echo Pit``, the sites for an
    outpost, always shown), the goods in the supply, the progress track (``mu2|fi1 =6$``: stacks left to right and
    the income) and the item for sale. Beside the decision panel at 80x24 it keeps to :meth:`rows` lines: the
    names shorten (buildings first) before anything needed is left out. When a harvest asks for a good,
    left/right choose a card with goods and Enter takes one."""

    HIT_KIND = "card"
    HELP_TITLE = N_("Village")
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

    def rows(self) -> int:
        """The lines the village may take: beside the decision panel on a short terminal the log needs the rest
        (fewer with more players in the table above), more on a tall one."""
        return 16 if self.tall else 10 - len(self.view["players"])

    def draw_canvas(self) -> None:
        seat = self.me()
        assert seat is not None, "a village is drawn for a seat"
        p = self.player()
        width = self.width
        head = self.canvas.new_line()
        head.append(self.g("current") if self.view.get("current") == seat else " ", "bold")
        head.append(f"{seat + 1} ", self.seat_style(seat))
        figures = (f"  {p['coins']}$  " + _("rep {r:+d}", r=p["reputation"]) + "  " + good_letters("cider")
                   + str(p["cider"]) + " " + good_letters("potion") + str(p["potions"]))
        income = "  " + _("income {n}", n=p.get("income", track_income(p["track"])))
        points = "  " + _("{n} pts", n=p.get("points", 0))
        room = width - head.cell_len - len(figures)  # a long name is cut before a figure leaves the line
        head.append(cut(self.player_name(seat), max(6, room - len(income) - len(points)), self.ascii), "bold")
        head.append(figures)
        head.append(income, "dim")
        head.append(points, "dim")
        head.truncate(width)
        caves = self._caves(p, width)
        room = self.rows() - 3 - len(caves)  # the head, a line of cards, the goods
        villagers = self._villagers(p, width)
        if len(villagers) > room:  # crowded: shorter names (the skills and faces stay whole)
            villagers = self._villagers(p, width, 5)
        for tokens in villagers:
            self._line(tokens)
        self._cards(p, width, max(1, room + 1 - len(villagers)))
        for tokens in caves:
            self._line(tokens)
        self._goods(p, width)

    def _line(self, tokens: list[tuple[str, str, Hit | None]]) -> None:
        line = self.canvas.new_line()
        for text, style, hit in tokens:
            self.canvas.add(line, text, style, hit)

    @staticmethod
    def flow(items: list[tuple[str, list[tuple[str, str, Hit | None]]]], width: int) -> list[list]:
        """``items`` over lines of ``width`` cells, each item a lead (drawn only after another item on its line:
        " ", " | ") and tokens (text, style, hit) drawn together. An item that does not fit goes whole to the next
        line, indented one cell; one wider than a line is cut."""
        lines: list[list] = []
        used = 0
        for lead, tokens in items:
            size = sum(len(text) for text, _style, _hit in tokens)
            if not lines or used + len(lead) + size > width:
                lines.append([(" ", "", None)] if lines else [])
                used = len(lines[-1])
            else:
                lines[-1].append((lead, "dim" if lead.strip() else "", None))
                used += len(lead)
            for text, style, hit in tokens:
                text = cut(text, max(0, width - used))
                lines[-1].append((text, style, hit))
                used += len(text)
        return lines

    def _villagers(self, p: dict[str, Any], width: int, room: int = 0) -> list[list]:
        """The villagers by state, chip by chip (names cut to ``room`` cells if given); a chip that does not fit
        goes to the next line, never cut."""
        groups = [(_("ready"), p["ready"], "bold"), (_("tired"), p["exhausted"], ""), (_("hurt"), p["injured"], "dim")]
        lines: list[list] = []
        items: list[tuple[str, list]] = []
        column = max(len(label) for label, _ids, _style in groups) + 1  # a line a state on a tall terminal
        for label, ids, style in groups:
            chips = [villager_chip(v, self.ascii, room=room) for v in ids] or ["-"]
            if self.tall:
                items = []
            items.append((" | ", [(label.ljust(column) if self.tall else label + " ", "dim", None),
                                  (chips[0], style, None)]))
            items += [(" ", [(chip, style, None)]) for chip in chips[1:]]
            if self.tall:
                lines += self.flow(items, width)
        if not self.tall:
            lines = self.flow(items, width)
        return lines

    def _caves(self, p: dict[str, Any], width: int) -> list[list]:
        """The cave cards won: the open ones (the sites for an outpost) always show, whole names when they fit;
        the caves with an outpost give way first (shorter names, then left out: their outposts are among the
        buildings)."""
        empty = [cave for cave, outpost in p["caves"] if not outpost]
        built = [(cave, outpost) for cave, outpost in p["caves"] if outpost]
        if not empty and not built:
            return []

        def name(table: dict, key: str, room: int) -> str:
            return cut(self.plain(_(table[key].name)), room, self.ascii)

        def items(open_room: int, cave_room: int, outpost_room: int) -> list[tuple[str, list]]:
            out: list[tuple[str, list]] = []
            for k, cave in enumerate(empty):
                text = name(rules().cave, cave, open_room) + ("," if k < len(empty) - 1 else "")
                out.append((" ", [(_("caves open:") + " ", "dim", None)] * (k == 0) + [(text, "bold", None)]))
            if cave_room:
                for k, (cave, outpost) in enumerate(built):
                    text = f"{name(rules().cave, cave, cave_room)}[{name(rules().building, outpost, outpost_room)}]"
                    word = (_("outposts:") if empty else _("caves with outposts:")) + " "
                    out.append(("; " if k == 0 else ", ", [(word, "dim", None)] * (k == 0) + [(text, "", None)]))
            return out

        tries = [(20, 20, 20), (20, 14, 10), (20, 9, 6)]
        if empty:
            tries += [(20, 0, 0), (12, 0, 0), (9, 0, 0)]
        for open_room, cave_room, outpost_room in tries:
            lines = self.flow(items(open_room, cave_room, outpost_room), width)
            if len(lines) == 1:
                return lines
        return lines

    def _cards(self, p: dict[str, Any], width: int, room: int) -> None:
        """The buildings with their goods (or beds) in ``room`` lines: shorter names until they fit, then the
        last ones counted (``+2``)."""
        cards = self.cards()
        for size in ((22,) if self.tall else (11, 8, 6)):
            items: list[tuple[str, list[tuple[str, str, Hit | None]]]] = []
            for i, card in enumerate(cards):
                b = rules().building[card]
                chip = cut(self.plain(_(b.name)), size, self.ascii)
                on = p["card_goods"].get(card) or {}
                if on:
                    chip += "[" + "".join(f"{good_letters(g)}{n}" for g, n in on.items()) + "]"
                elif b.effects.beds and not self.tall:
                    chip += f"[{self.sym('bed')}{b.effects.beds}]"
                if self.tall:
                    chip += " " + card_symbols(card, self.ascii)
                style = "bold" if self.actions("take", card) else ""
                if self.is_active and self.interactive and i == self.cursor:
                    style += " reverse"
                items.append((" ", [(chip, style.strip(), Hit("card", i))]))
            lines = self.flow(items, width)
            if len(lines) <= room:
                break
        kept = len(items)
        while len(lines) > room and kept:
            kept -= 1
            lines = self.flow([*items[:kept], (" ", [(f"+{len(items) - kept}", "dim", None)])], width)
        for tokens in lines or [[]]:
            self._line(tokens)

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

    def _usable(self) -> list[int]:
        """The cards with a good to harvest now (all of them when none has)."""
        cards = self.cards()
        return [i for i, card in enumerate(cards) if self.actions("take", card)] or list(range(len(cards)))

    def step(self, key: str, character: str | None) -> bool:
        """Arrows only: h and l are the turn's letters (harvest, labor)."""
        if not self.cards():
            return False
        step = -1 if key in ("left", "up") else 1
        usable = self._usable()
        here = usable.index(self.cursor) if self.cursor in usable else -1 if step > 0 else 0
        self.cursor = usable[(here + step) % len(usable)]
        return True

    def ends(self, key: str, character: str | None) -> bool:
        if not self.cards():
            return False
        self.cursor = self._usable()[0 if key == "home" else -1]
        return True

    def count(self) -> int:
        return len(self.cards())

    def use(self) -> None:
        card = self.cards()[self.cursor]
        actions = self.actions("take", card)
        self.board.submit(actions[0] if len(actions) == 1 else None,
                          _("Nothing to harvest from {card} now.", card=the(rules().building[card].name)))

    KEYS = (
        PartKey(("left", "right", "up", "down"), N_("card"), "step", label=LEFT_RIGHT,
                help=N_("Choose a card of yours to harvest a good from.")),
        PartKey(HOME_END, do="ends", help=N_("Choose a card of yours to harvest a good from.")),
        PartKey(ENTER, N_("harvest"), "use_any", help=N_("Harvest a good from it.")),
    )

    def sentence(self) -> str:
        cards = self.cards()
        p = self.player()
        if self.is_active and cards:
            card = cards[min(self.cursor, len(cards) - 1)]
            on = p["card_goods"].get(card) or {}
            there = ", ".join(_("{n} {good}", good=good_word(g), n=n) for g, n in on.items())
            return card_words(card) + (_("; on it: {goods}", goods=there) if there else "")
        villagers = [villager_words(v) for v in p["ready"]]
        return _("Ready: {list}.", list=", ".join(villagers)) if villagers else _("No villager is ready.")

