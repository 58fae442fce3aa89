"""A track or counter row: a label, a bar of steps gone and to go, and the value (a score track, a timer)."""

from __future__ import annotations

from rich.text import Text

from boardgames.tui.glyphs import glyph
from boardgames.tui.widgets.part import BoardPart


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


class TrackRow(BoardPart, can_focus=False):
    """A track drawn by :func:`track_text`; it takes no keys (it shows, it is not chosen from)."""

    DEFAULT_CSS = """
    TrackRow { height: 1; }
    """

    def __init__(self, label: str, steps: int, value: int = 0, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.label = label
        self.steps = steps
        self.value = value

    def set_value(self, value: int) -> None:
        if value != self.value:
            self.value = value
            self.refresh()

    def draw(self) -> Text:
        return track_text(self.label, self.value, self.steps, self.ascii)
