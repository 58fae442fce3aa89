"""Ratings as players read them: one decimal, in the reader's language, never "-0.0"."""

from __future__ import annotations

from boardgames.i18n import number


def figure(value: float) -> str:
    """A rating or an average: 12.3 (12,3 in Portuguese)."""
    return number(round(value, 1) + 0.0, 1)  # + 0.0 turns -0.0 into 0.0


def change(before: float, after: float) -> str:
    """A change of rating with its sign, as the two figures shown differ: +1.5, -0.3; 0.0 when they are equal."""
    shown = round(round(after, 1) - round(before, 1), 1)
    if shown == 0:
        return figure(0.0)
    return ("+" if shown > 0 else "-") + figure(abs(shown))
