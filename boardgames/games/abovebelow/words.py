"""The game's words in the reader's language: the goods by name, and counts of coins, goods, cider and potions."""

from __future__ import annotations

from boardgames.i18n import N_, Nn_, _, n_

#: a good's name alone (a label, a column), by its id
GOOD_NAMES = {"mushroom": N_("mushroom"), "fish": N_("fish"), "fruit": N_("fruit"), "rope": N_("rope"),
              "pot": N_("pot"), "paper": N_("paper"), "ore": N_("ore"), "amethyst": N_("amethyst"),
              "cider": N_("cider"), "potion": N_("potion")}


def good(name: str) -> str:
    """A good's (or cider's, a potion's) name in the reader's language; an unknown id stays as it is."""
    return _(GOOD_NAMES[name]) if name in GOOD_NAMES else name


#: a count of coins, of a good, of cider or of potions, by its id
AMOUNTS = {"coin": Nn_("{n} coin", "{n} coins"), "mushroom": Nn_("{n} mushroom", "{n} mushrooms"),
           "fish": Nn_("{n} fish", "{n} fish"), "fruit": Nn_("{n} fruit", "{n} fruit"),
           "rope": Nn_("{n} rope", "{n} ropes"), "pot": Nn_("{n} pot", "{n} pots"),
           "paper": Nn_("{n} paper", "{n} papers"), "ore": Nn_("{n} ore", "{n} ore"),
           "amethyst": Nn_("{n} amethyst", "{n} amethysts"), "cider": Nn_("{n} cider", "{n} ciders"),
           "potion": Nn_("{n} potion", "{n} potions")}


def amount(n: int, what: str) -> str:
    """``3 coins``, ``1 ore``: a count of coins or of a good, in the reader's language (the plural as it says)."""
    forms = AMOUNTS.get(what)
    return n_(*forms, n) if forms else f"{n} {good(what)}"
