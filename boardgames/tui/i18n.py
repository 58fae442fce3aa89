"""One hook for translating user-facing text later.

Every sentence the shell shows goes through ``_`` as a whole sentence with named
placeholders, never glued from fragments, so a translator sees complete text.
"""

from __future__ import annotations


def _(message: str, /, **values: object) -> str:
    """Return ``message`` (translated, one day) with its ``{placeholders}`` filled."""
    return message.format(**values) if values else message


def ordinal(rank: int) -> str:
    """1 -> "1st", 2 -> "2nd" ... (English; a translation would replace this)."""
    if 10 <= rank % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"
