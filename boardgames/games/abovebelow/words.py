"""The game's words in the reader's language: the goods by name."""

from __future__ import annotations

from boardgames.i18n import N_, _

#: a good's name alone (a label, a column), by its id
GOOD_NAMES = {"mushroom": N_("mushroom"), "fish": N_("fish"), "fruit": N_("fruit"), "rope": N_("rope"),
              "pot": N_("pot"), "paper": N_("paper"), "ore": N_("ore"), "amethyst": N_("amethyst"),
              "cider": N_("cider"), "potion": N_("potion")}


def good(name: str) -> str:
    """A good's (or cider's, a potion's) name in the reader's language; an unknown id stays as it is."""
    return _(GOOD_NAMES[name]) if name in GOOD_NAMES else name
