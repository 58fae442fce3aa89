"""Text that came from a file or another player, made safe to show: one line, no control or formatting
character (escape sequences, bidi marks, line breaks). Screens still show it as text, never markup."""

from __future__ import annotations

import unicodedata

#: the categories replaced: controls (escape sequences start with one), format characters (bidi marks), line and
#: paragraph separators, surrogates, private use and unassigned code points
_HIDDEN = ("Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn")


def plain(text: str) -> str:
    """``text`` with every control or formatting character replaced by a space, runs of spaces made one,
    trimmed."""
    kept = [" " if unicodedata.category(ch) in _HIDDEN else ch for ch in text]
    return " ".join("".join(kept).split())


def is_plain(text: str) -> bool:
    """Whether ``text`` shows as it is (:func:`plain` leaves it unchanged)."""
    return plain(text) == text
