"""The words for Sintra's glass colours, shared by the rules' sentences and the board.

A colour is named two ways: alone (``colour_name``: "yellow", the YAML name translated, a noun in Portuguese)
and counted (``glass``: "3 yellow", one plural sentence per colour so a language can agree the colour with the
count, "3 amarelas"). The board's counted form shows the piece's glyph too (``glass_glyph``: "3 ★ yellow").
"""

from __future__ import annotations

from boardgames.i18n import _, n_

__all__ = ["colour_name", "glass", "glass_glyph"]


def colour_name(name: str) -> str:
    """A colour's name (its YAML ``name``) in the reader's language, lower case: "yellow"."""
    return _(name).lower()


def glass(count: int, colour: str) -> str:
    """``count`` pieces of the colour whose id is ``colour``: "3 yellow"; an unknown id is written as it is."""
    if colour == "pink":
        return n_("{n} pink", "{n} pink", count)
    if colour == "orange":
        return n_("{n} orange", "{n} orange", count)
    if colour == "yellow":
        return n_("{n} yellow", "{n} yellow", count)
    if colour == "green":
        return n_("{n} green", "{n} green", count)
    if colour == "blue":
        return n_("{n} blue", "{n} blue", count)
    return f"{count} {colour}"


def glass_glyph(count: int, colour: str, glyph: str) -> str:
    """``count`` pieces of a colour with its glyph between: "3 ★ yellow"."""
    if colour == "pink":
        return n_("{n} {glyph} pink", "{n} {glyph} pink", count, glyph=glyph)
    if colour == "orange":
        return n_("{n} {glyph} orange", "{n} {glyph} orange", count, glyph=glyph)
    if colour == "yellow":
        return n_("{n} {glyph} yellow", "{n} {glyph} yellow", count, glyph=glyph)
    if colour == "green":
        return n_("{n} {glyph} green", "{n} {glyph} green", count, glyph=glyph)
    if colour == "blue":
        return n_("{n} {glyph} blue", "{n} {glyph} blue", count, glyph=glyph)
    return f"{count} {glyph} {colour}"
