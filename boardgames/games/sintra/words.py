"""The words for Sintra's glass colours, shared by the rules' sentences and the board.

A colour is named two ways: alone (``colour_name``: "yellow", the YAML name translated, a noun in Portuguese)
and counted (``glass``: "3 yellow", one plural sentence per colour so a language can agree the colour with the
count, "3 amarelas"). The board's counted form shows the piece's glyph too (``glass_glyph``: "3 ★ yellow").
"""

from __future__ import annotations

from boardgames.i18n import Nn_, _, n_

__all__ = ["colour_name", "glass", "glass_glyph"]


def colour_name(name: str) -> str:
    """A colour's name (its YAML ``name``) in the reader's language, lower case: "yellow"."""
    return _(name).lower()


#: a count of each colour, and the same with the piece's glyph between ("3 ★ yellow")
GLASS = {"pink": Nn_("{n} pink", "{n} pink"), "orange": Nn_("{n} orange", "{n} orange"),
         "yellow": Nn_("{n} yellow", "{n} yellow"), "green": Nn_("{n} green", "{n} green"),
         "blue": Nn_("{n} blue", "{n} blue")}
GLASS_GLYPH = {"pink": Nn_("{n} {glyph} pink", "{n} {glyph} pink"),
               "orange": Nn_("{n} {glyph} orange", "{n} {glyph} orange"),
               "yellow": Nn_("{n} {glyph} yellow", "{n} {glyph} yellow"),
               "green": Nn_("{n} {glyph} green", "{n} {glyph} green"),
               "blue": Nn_("{n} {glyph} blue", "{n} {glyph} blue")}


def glass(count: int, colour: str) -> str:
    """``count`` pieces of the colour whose id is ``colour``: "3 yellow"; an unknown id is written as it is."""
    forms = GLASS.get(colour)
    return n_(*forms, count) if forms else f"{count} {colour}"


def glass_glyph(count: int, colour: str, glyph: str) -> str:
    """``count`` pieces of a colour with its glyph between: "3 ★ yellow"."""
    forms = GLASS_GLYPH.get(colour)
    return n_(*forms, count, glyph=glyph) if forms else f"{count} {glyph} {colour}"
