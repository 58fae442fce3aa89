"""Sintra's board: colour styles, glyphs and keys shared by its zones."""

from __future__ import annotations

from boardgames.tui.canvas import Palette

#: glass colour -> (style on a 16-colour/ANSI theme, style on a true-colour theme)
COLOUR_STYLES = Palette({
    "pink": ("bright_magenta", "#ff7ac6"),
    "orange": ("yellow", "#ff9d3b"),
    "yellow": ("bright_yellow", "#f5e663"),
    "green": ("green", "#5fd35f"),
    "blue": ("bright_blue", "#6fa0ff"),
    "joker": ("white", "#c0c0c0"),
})

TAKE_KEYS = "123456789"
#: the keys that jump to the centre: 0, c and C (a terminal may report shift+c)
CENTRE_KEYS = ("0", "c", "C", "shift+c")
