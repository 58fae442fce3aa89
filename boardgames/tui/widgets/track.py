"""A track or counter row: a label, a bar of steps gone and to go, and the value (a score track, a timer)."""

from __future__ import annotations

from rich.text import Text

from boardgames.tui.glyphs import glyph


def track_text(label: str, value: int, steps: int, ascii: bool = False, shown: int | str | None = None) -> Text:
    """``label  ▮▮▮▯▯ value``: ``value`` of ``steps`` steps gone (clamped); ``shown`` replaces the number drawn."""
    done = max(0, min(value, steps))
    out = Text(no_wrap=True, overflow="crop")
    if label:
        out.append(label + " ", "bold")
    out.append(glyph("step_done", ascii) * done)
    out.append(glyph("step_left", ascii) * (steps - done), "dim")
    out.append(f" {value if shown is None else shown}")
    return out
