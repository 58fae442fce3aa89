"""One glyph table for every board, each glyph with its ``--ascii`` fallback.

Boards ask for a glyph by what it means (:func:`glyph`), never by the
character, so a new game reuses the marks players already know and ASCII mode
needs no code of its own. :data:`TEXT_STAND_INS` is the character map for text
the shell did not write itself (help, rules, notes; see ``asciimode.asciify``).
"""

from __future__ import annotations

#: meaning -> (glyph, ASCII fallback)
GLYPHS: dict[str, tuple[str, str]] = {
    # marks on a board
    "current": ("▶", ">"),  # the player to move
    "choosable": ("›", ">"),  # a place that may be chosen now
    "more_left": ("‹", "<"),  # a row goes on to the left
    "more_right": ("›", ">"),  # a row goes on to the right
    "cut": ("…", "."),  # a text cut short
    "done": ("✓", "+"),  # finished (a rebuilt building)
    "empty": ("·", "."),  # an empty space
    "empty_row": ("····", "----"),  # an empty display or row
    "marker_down": ("▼", "v"),  # a marker above a column (a glazier); more below
    "marker_up": ("▲", "^"),  # more above (a text scrolled down)
    "removed": ("░", "-"),  # a space taken out of the game
    "ornament": ("◆", "+"),
    "step_done": ("▮", "#"),  # a track: steps gone
    "step_left": ("▯", "-"),  # a track: steps to go
    "separator": (" · ", ", "),  # between parts of one line
    "selected": ("[x]", "[x]"),
    "unselected": ("[ ]", "[ ]"),
    # frames
    "rule_v": ("│", "|"),
    "rule_h": ("─", "-"),
    "rule_cross": ("┼", "+"),
    "rule_end": ("┤", "|"),
    # dice faces 1-6
    **{f"die{n}": (face, str(n)) for n, face in enumerate("⚀⚁⚂⚃⚄⚅", 1)},
}

#: a solid piece glyph -> its hollow twin (an empty space asking for that piece)
HOLLOW = {"♥": "♡", "●": "○", "★": "☆", "♣": "♧", "■": "□", "✱": "✳"}

#: character -> ASCII stand-in, for text written elsewhere; anything else outside ASCII becomes "?"
TEXT_STAND_INS = {
    "·": ".", "…": "...", "—": "-", "–": "-", "‹": "<", "›": ">", "«": "<<", "»": ">>",
    "←": "<", "→": ">", "↑": "^", "↓": "v", "▶": ">", "▼": "v", "▲": "^", "◀": "<",
    "✓": "v", "✗": "x", "×": "x", "─": "-", "━": "-", "│": "|", "┃": "|", "┼": "+", "┤": "+", "├": "+",
    "┌": "+", "┐": "+", "└": "+", "┘": "+", "░": "#", "▮": "#", "▯": ".", "◆": "+", "✱": "*", "✳": "*",
    "♥": "P", "♡": "p", "●": "O", "○": "o", "★": "Y", "☆": "y", "♣": "G", "♧": "g", "■": "B", "□": "b",
    "‘": "'", "’": "'", "“": '"', "”": '"', "\u00a0": " ",
    **{face: str(n) for n, face in enumerate("⚀⚁⚂⚃⚄⚅", 1)},
}


def glyph(name: str, ascii: bool = False) -> str:
    """The glyph that means ``name``, or its ASCII fallback."""
    return GLYPHS[name][1 if ascii else 0]


def hollow(solid: str) -> str:
    """The hollow twin of a piece glyph (itself when it has none)."""
    return HOLLOW.get(solid, solid)


def fallbacks(*names: str) -> dict[str, str]:
    """glyph -> ASCII fallback for ``names``: for a board that maps the characters it drew."""
    return {GLYPHS[name][0]: GLYPHS[name][1] for name in names}
