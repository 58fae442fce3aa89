"""Ratings as players read them: one decimal, in the reader's language, never "-0.0"."""

from __future__ import annotations

from boardgames.i18n import number


def figure(value: float) -> str:
    """A rating or an average: 12.3 (12,3 in Portuguese)."""
    return number(round(value, 1) + 0.0, 1)  # + 0.0 turns -0.0 into 0.0


def signed(value: float) -> str:
    """A change of rating with its sign: +1.5, -0.3; 0.0 when it did not move."""
    shown = round(value, 1)
    if shown == 0:
        return figure(0.0)
    return ("+" if shown > 0 else "-") + figure(abs(shown))
