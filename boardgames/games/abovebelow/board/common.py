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
from boardgames.games.abovebelow.words import good as good_word
from boardgames.i18n import N_, _, and_list, n_, p_
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
SHORT_NAMES = {"Mechanical Man": N_("Mech Man")}
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


#: the two letters in the reader's language (each language picks its own, from its words for the goods)
_LETTERS_SHOWN = {
    "fr": lambda: p_("good letters", "fr"), "fi": lambda: p_("good letters", "fi"),
    "mu": lambda: p_("good letters", "mu"), "po": lambda: p_("good letters", "po"),
    "ro": lambda: p_("good letters", "ro"), "pa": lambda: p_("good letters", "pa"),
    "or": lambda: p_("good letters", "or"), "am": lambda: p_("good letters", "am"),
    "ci": lambda: p_("good letters", "ci"), "pt": lambda: p_("good letters", "pt"),
}


def good_letters(good: str) -> str:
    letters = GOOD_LETTERS.get(good, good[:2])
    shown_as = _LETTERS_SHOWN.get(letters)
    return shown_as() if shown_as else letters


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
    name = shown(_(SHORT_NAMES.get(v.name, v.name)), ascii) if names else ""
    if room:
        name = cut(name, room, ascii)
    return f"{name}{skills or ':'}{explore_faces(villager_id)}"


#: a villager's skills in words
SKILL_WORDS = {"hammer": N_("hammer"), "quill": N_("quill"), "hammer_plus": N_("hammer (1 coin off)"),
               "quill_plus": N_("quill (1 coin off)"), "bad_reputation": N_("bad reputation"),
               "cave_cat": N_("cave cat"), "own_bed": N_("own bed"), "no_cider_potion": N_("no cider potion")}


def villager_words(villager_id: str) -> str:
    """A villager in words: 'Nell (hammer; explores 3+ for a lantern)'."""
    v = rules().villager[villager_id]
    skills = [_(SKILL_WORDS[s]) if s in SKILL_WORDS else s.replace("_", " ") for s in v.skills]
    if len(v.explore) == 1:
        faces = _("explores {n}+ for a lantern", n=v.explore[0])
    else:
        faces = _("explores {one}+ for one lantern, {two}+ for two", one=v.explore[0], two=v.explore[1])
    return _("{villager} ({details})", villager=_(v.name), details="; ".join([*skills, faces]))


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
        out.append(p_("card symbol", "{n}vp", n=e.vp))
    if e.income:
        out.append(f"+{e.income}$")
    if e.income_per_goods:
        out.append("+$/" + "".join(good_letters(g) for g in e.income_per_goods))
    if e.coin_on_build:
        out.append(p_("card symbol", "$b"))
    if e.coin_on_explore:
        out.append(p_("card symbol", "$e"))
    if e.train_to_ready:
        out.append(p_("card symbol", "tr"))
    if e.cider_as_coin:
        out.append(good_letters("cider") + "=$")
    if e.potion_as_coin:
        out.append(good_letters("potion") + "=$")
    if e.potion_on_buy:
        out.append(good_letters("potion") + str(e.potion_on_buy))
    if e.potion_income:
        out.append("+" + good_letters("potion") + str(e.potion_income))
    if e.gain_reputation:
        out.append(p_("card symbol", "rep+"))
    if e.vp_per:
        things = ",".join(good_letters(t) if t in GOOD_LETTERS else "5$" if t == "coin5"
                          else _(THING_WORDS[t])[:3] if t in THING_WORDS else t[:3] for t in e.vp_per.things)
        out.append(p_("card symbol", "vp/{things}", things=things))
    if e.vp_per_empty_cave:
        out.append(p_("card symbol", "vp/cave"))
    return " ".join(out)


def card_words(card_id: str) -> str:
    """A card in words, for the status line: 'Ropewalk (house, 4 coins): stocks 2 rope'."""
    b = rules().building[card_id]
    e = b.effects
    words = []
    if e.goods_restock:
        words.append(_("restocks 1 {good}", good=good_word(e.goods_restock)))
    if e.goods_stock:
        words.append(_("stocks 2 {good}", good=good_word(e.goods_stock)))
    if e.beds:
        words.append(n_("{n} bed", "{n} beds", e.beds))
    if e.reroll:
        words.append(_("{n} reroll", n=e.reroll))
    if e.vp:
        words.append(_("{n} VP", n=e.vp))
    if e.income:
        words.append(_("+{n} income", n=e.income))
    if e.income_per_goods:
        words.append(_("+1 coin per {goods} on the track",
                       goods=and_list([good_word(g) for g in e.income_per_goods])))
    if e.coin_on_build:
        words.append(_("+{n} coin per build", n=e.coin_on_build))
    if e.coin_on_explore:
        words.append(_("+{n} coin per won explore", n=e.coin_on_explore))
    if e.train_to_ready:
        words.append(_("trained villagers arrive ready"))
    if e.cider_as_coin:
        words.append(_("cider pays as a coin"))
    if e.potion_as_coin:
        words.append(_("potions pay as coins"))
    if e.potion_on_buy:
        words.append(_("{n} potion(s) when bought", n=e.potion_on_buy))
    if e.potion_income:
        words.append(_("{n} potion(s) income", n=e.potion_income))
    if e.gain_reputation:
        words.append(_("+1 reputation when bought"))
    if e.vp_per:
        things = (_("5 coins") if t == "coin5" else _(THING_WORDS[t]) if t in THING_WORDS else good_word(t)
                  for t in e.vp_per.things)
        words.append(_("{n} VP per {things}", n=e.vp_per.points, things=", ".join(things)))
    if e.vp_per_empty_cave:
        words.append(_("{n} VP per empty cave", n=e.vp_per_empty_cave))
    kind = _(KIND_WORDS[b.kind]) if b.kind in KIND_WORDS else b.kind
    head = (_("{card} ({kind}, {cost} coins)", card=_(b.name), kind=kind, cost=b.cost) if b.cost else
            _("{card} ({kind})", card=_(b.name), kind=kind))
    return head + (": " + ", ".join(words) if words else "")


#: a building's kind in words
KIND_WORDS = {"starting": N_("starting"), "house": N_("house"), "outpost": N_("outpost"), "star": N_("star"),
              "key": N_("key")}
#: what a key house counts, in words (goods by their names)
THING_WORDS = {"house": N_("house"), "villager": N_("villager"), "outpost": N_("outpost")}


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
