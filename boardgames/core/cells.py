"""How many terminal cells a text takes, measured as Rich measures it, so the core needs no UI library.

Widths come from this Python's Unicode database: East Asian wide and full-width characters take two cells,
combining marks, format characters and control codes none, everything else one. A zero width joiner hides
the character after it, as Rich counts an emoji sequence. Characters newer than this Python's Unicode
version, and an emoji made wide by a variation selector, may measure differently from Rich; the tables'
texts measure the same (tests/core/test_cells.py compares every one).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

ZERO_WIDTH_JOINER = "\u200d"
#: not format characters in Unicode's sense but drawn in no cell: line and paragraph separators, Hangul fillers
_EMPTY = frozenset("\u2028\u2029\u3164\uffa0")
#: format characters that do take a cell: the soft hyphen and the prepended concatenation marks
_VISIBLE_FORMAT = frozenset("\u00ad\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2"
                            "\U000110bd\U000110cd")


@lru_cache(maxsize=4096)
def char_width(character: str) -> int:
    """Cells one character takes: 0, 1 or 2."""
    code = ord(character)
    if 0x20 <= code < 0x7F:
        return 1
    if code < 0x20 or 0x7F <= code < 0xA0:
        return 0
    if character in _EMPTY or 0x1160 <= code <= 0x11FF or 0xD7B0 <= code <= 0xD7FF or 0x1F3FB <= code <= 0x1F3FF:
        return 0  # Hangul vowels and finals join their syllable's cell; skin tones join their emoji's
    category = unicodedata.category(character)
    if category == "Cn":
        return 1  # unassigned in this Python's Unicode
    if category in ("Mn", "Me", "Mc"):
        return 0
    if category == "Cf":
        return 1 if character in _VISIBLE_FORMAT else 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def cell_width(text: str) -> int:
    """Cells ``text`` takes on a terminal."""
    if text.isascii() and text.isprintable():
        return len(text)
    total, joined = 0, False
    for character in text:
        if joined:  # the character a joiner joins draws in the cells already counted
            joined = False
        elif character == ZERO_WIDTH_JOINER:
            joined = True
        else:
            total += char_width(character)
    return total
