"""Above and Below's board: symbols, colours, the printed tables it names things by, and the base of its parts.

The parts draw only the board's view (``view(seat)``) and its legal list with their labels; the printed tables
(``shared_rules()``) give names, skills, costs and card symbols, the same for every game. Every colour is also
a letter or a glyph: goods by two letters (``mu`` mushroom), seats by their number, villager skills by a glyph
with an ASCII letter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.style import Style

from boardgames.games.abovebelow.data import shared_rules
from boardgames.tui.canvas import Palette, cut, shown, uses_ansi
from boardgames.tui.widgets.part import GamePart

if TYPE_CHECKING:
    from boardgames.games.abovebelow.board.board import AboveBelowBoard

#: goods tiers -> style (each good is also drawn with its two letters)
TIERS = Palette({"common": ("green", "#6fbf4a"), "uncommon": ("yellow", "#e0c040"),
                 "rare": ("bright_magenta", "#c77dff")})
GOOD_LETTERS = {"fruit": "fr", "fish": "fi", "mushroom": "mu", "pot": "po", "rope": "ro", "paper": "pa",
                "ore": "or", "amethyst": "am", "cider": "ci", "potion": "pt"}
#: meaning -> (glyph, ASCII letter): a villager's skills, a card's symbols
SYMBOLS = {
    "hammer": ("⚒", "H"), "quill": ("✎", "Q"), "plus": ("+", "+"), "cave_cat": ("ᶜ", "c"), "own_bed": ("⌂", "b"),
    "bad_reputation": ("☹", "!"), "bed": ("⌂", "b"), "lantern": ("✦", "*"), "coin": ("$", "$"),
    "injured": ("✚", "x"), "reroll": ("↻", "r"),
}
#: names drawn shorter in a villager's chip (the log and the status line say them whole)
SHORT_NAMES = {"Mechanical Man": "Mech Man"}
#: the order goods are listed in (the rulebook's: common, uncommon, rare)
GOODS = ("mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst")


def rules():  # noqa: ANN201 - the printed tables (boardgames.games.abovebelow.data.Rules)
    return shared_rules()


def symbol(name: str, ascii: bool = False) -> str:
    return SYMBOLS[name][1 if ascii else 0]


def tier(good: str) -> str:
    for name, goods in rules().components.tiers.items():
        if good in goods:
            return name
    return "common"


def good_letters(good: str) -> str:
    return GOOD_LETTERS.get(good, good[:2])


def villager_skills(villager_id: str, ascii: bool = False) -> str:
    """A villager's skills as glyphs: ``⚒`` hammer, ``⚒+`` hammer that builds 1 cheaper, ``✎`` quill, ``ᶜ`` cave
    cat, ``⌂`` own bed, ``☹`` bad reputation (ASCII: H, H+, Q, c, b, !)."""
    v = rules().villager[villager_id]
    out = ""
    for skill in v.skills:
        if skill in ("hammer", "quill"):
            out += symbol(skill, ascii)
        elif skill in ("hammer_plus", "quill_plus"):
            out += symbol(skill.split("_")[0], ascii) + "+"
        elif skill in ("cave_cat", "own_bed", "bad_reputation"):
            out += symbol(skill, ascii)
    return out


def explore_faces(villager_id: str) -> str:
    """``3`` (3+ gives a lantern) or ``1/4`` (1+ one lantern, 4+ two)."""
    return "/".join(str(face) for face in rules().villager[villager_id].explore)


def villager_chip(villager_id: str, ascii: bool = False, names: bool = True, room: int = 0) -> str:
    """``Nell⚒3``, ``Pip:1/4``: name (if asked; cut to ``room`` cells if given), skills, explore faces."""
    v = rules().villager[villager_id]
    skills = villager_skills(villager_id, ascii)
    name = shown(SHORT_NAMES.get(v.name, v.name), ascii) if names else ""
    if room:
        name = cut(name, room, ascii)
    return f"{name}{skills or ':'}{explore_faces(villager_id)}"


def villager_words(villager_id: str) -> str:
    """A villager in words: 'Nell (hammer; explores 3+ for a lantern)'."""
    v = rules().villager[villager_id]
    skills = [s.replace("_plus", " (1 coin off)").replace("_", " ") for s in v.skills]
    if len(v.explore) == 1:
        faces = f"explores {v.explore[0]}+ for a lantern"
    else:
        faces = f"explores {v.explore[0]}+ for one lantern, {v.explore[1]}+ for two"
    return f"{v.name} ({'; '.join([*skills, faces])})"


def card_symbols(card_id: str, ascii: bool = False) -> str:
    """A card's symbols, short: ``mu`` restocks mushroom, ``ro2`` stocks 2 rope, ``⌂2`` beds, ``↻`` a reroll,
    ``3vp``, ``+1$`` income, ``$b`` a coin per build, ``$e`` a coin per won explore, ``pt`` potions..."""
    e = rules().building[card_id].effects
    out = []
    if e.goods_restock:
        out.append(good_letters(e.goods_restock))
    if e.goods_stock:
        out.append(good_letters(e.goods_stock) + "2")
    if e.beds:
        out.append(symbol("bed", ascii) + (str(e.beds) if e.beds > 1 else ""))
    if e.reroll:
        out.append(symbol("reroll", ascii) * e.reroll)
    if e.vp:
        out.append(f"{e.vp}vp")
    if e.income:
        out.append(f"+{e.income}$")
    if e.income_per_goods:
        out.append("+$/" + "".join(good_letters(g) for g in e.income_per_goods))
    if e.coin_on_build:
        out.append("$b")
    if e.coin_on_explore:
        out.append("$e")
    if e.train_to_ready:
        out.append("tr")
    if e.cider_as_coin:
        out.append("ci=$")
    if e.potion_as_coin:
        out.append("pt=$")
    if e.potion_on_buy:
        out.append(f"pt{e.potion_on_buy}")
    if e.potion_income:
        out.append(f"+pt{e.potion_income}")
    if e.gain_reputation:
        out.append("rep+")
    if e.vp_per:
        out.append("vp/" + ",".join(good_letters(t) if t in GOOD_LETTERS else "5$" if t == "coin5" else t[:3]
                                    for t in e.vp_per.things))
    if e.vp_per_empty_cave:
        out.append("vp/cave")
    return " ".join(out)


def card_words(card_id: str) -> str:
    """A card in words, for the status line: 'Ropewalk (house, 4 coins): stocks 2 rope'."""
    b = rules().building[card_id]
    e = b.effects
    words = []
    if e.goods_restock:
        words.append(f"restocks 1 {e.goods_restock}")
    if e.goods_stock:
        words.append(f"stocks 2 {e.goods_stock}")
    if e.beds:
        words.append(f"{e.beds} bed{'s' if e.beds > 1 else ''}")
    if e.reroll:
        words.append(f"{e.reroll} reroll")
    if e.vp:
        words.append(f"{e.vp} VP")
    if e.income:
        words.append(f"+{e.income} income")
    if e.income_per_goods:
        words.append("+1 coin per " + " and ".join(e.income_per_goods) + " on the track")
    if e.coin_on_build:
        words.append(f"+{e.coin_on_build} coin per build")
    if e.coin_on_explore:
        words.append(f"+{e.coin_on_explore} coin per won explore")
    if e.train_to_ready:
        words.append("trained villagers arrive ready")
    if e.cider_as_coin:
        words.append("cider pays as a coin")
    if e.potion_as_coin:
        words.append("potions pay as coins")
    if e.potion_on_buy:
        words.append(f"{e.potion_on_buy} potion(s) when bought")
    if e.potion_income:
        words.append(f"{e.potion_income} potion(s) income")
    if e.gain_reputation:
        words.append("+1 reputation when bought")
    if e.vp_per:
        things = ("5 coins" if t == "coin5" else t for t in e.vp_per.things)
        words.append(f"{e.vp_per.points} VP per " + ", ".join(things))
    if e.vp_per_empty_cave:
        words.append(f"{e.vp_per_empty_cave} VP per empty cave")
    cost = f", {b.cost} coins" if b.cost else ""
    return f"{b.name} ({b.kind}{cost})" + (": " + ", ".join(words) if words else "")


class AbovePart(GamePart):
    """A part of Above and Below's board: reads the board's view, legal list and drawing helpers."""

    board: AboveBelowBoard

    def sym(self, name: str) -> str:
        return symbol(name, self.ascii)

    def plain(self, text: str) -> str:
        return shown(text, self.ascii)

    def good_style(self, good: str) -> Style:
        if good in ("cider", "potion"):
            return Style(bold=True)
        return TIERS.style(tier(good), "piece", uses_ansi(self))

    def me(self) -> int | None:
        """The seat whose village is drawn large: the seat at the keyboard, else the one to move."""
        seat = self.view.get("seat")
        if seat is None:
            seat = self.view.get("current")
        return seat if seat is not None else 0

    @property
    def tall(self) -> bool:
        return self.board.tall

    def actions(self, name: str, *first: Any) -> list:
        """The legal actions called ``name`` whose arguments start with ``first``."""
        return [a for a in self.board.legal if a.name == name and tuple(a.args[:len(first)]) == first]
