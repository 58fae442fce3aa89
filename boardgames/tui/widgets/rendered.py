"""A scrollable view of Rich renderables, each rendered once per width and kept.

Help and the full log use it: Textual widgets per block (or a Static laid out
again for every size it tries) cost far more than drawing the text once.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.segment import Segment
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

#: (id of the renderable, width) -> its lines; the renderables are cached by their makers
_LINES: dict[tuple[int, int], list[Strip]] = {}


class Rendered(ScrollView, can_focus=True):
    """Shows its renderables one under the other (a blank line between two), wrapped to the widget's width;
    scrolls with the usual keys and the wheel. Each renderable's lines are kept by width, so showing new ones
    (:meth:`show`) lays out only those that changed."""

    DEFAULT_CSS = """
    Rendered { height: 1fr; overflow-y: scroll; overflow-x: hidden; }
    """

    def __init__(self, *renderables: RenderableType, id: str | None = None) -> None:
        super().__init__(id=id)
        self.renderables = renderables
        self.lines: list[Strip] = []

    def _lines_for(self, width: int) -> list[Strip]:
        out: list[Strip] = []
        for number, renderable in enumerate(self.renderables):
            key = (id(renderable), width)
            lines = _LINES.get(key)
            if lines is None:
                console = self.app.console
                rendered = console.render_lines(renderable, console.options.update(width=width, height=None),
                                                pad=False)
                lines = [Strip(Segment.simplify(line)) for line in rendered]
                if len(_LINES) > 32:
                    _LINES.clear()
                _LINES[key] = lines
            if number:
                out.append(Strip.blank(0))
            out.extend(lines)
        return out

    def on_mount(self) -> None:
        """Lay the text out at the width it will most likely get, so the first frame already shows it."""
        styles = self.styles
        self._set_width(self.app.size.width - styles.gutter.width - styles.scrollbar_size_vertical)

    def on_resize(self, event: events.Resize) -> None:
        self._set_width(self.scrollable_content_region.width)

    def show(self, *renderables: RenderableType) -> None:
        """Show ``renderables`` instead, from the top."""
        self.renderables = renderables
        self._set_width(self.scrollable_content_region.width or self.virtual_size.width, again=True)
        self.scroll_home(animate=False, immediate=True)
        self.refresh()

    def _set_width(self, width: int, again: bool = False) -> None:
        if width > 0 and (again or (width, len(self.lines)) != tuple(self.virtual_size)):
            self.lines = self._lines_for(width)
            self.virtual_size = Size(width, len(self.lines))

    @property
    def text(self) -> str:
        """Every line as plain text (for tests)."""
        return "\n".join(strip.text for strip in self.lines)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        if index >= len(self.lines):
            return Strip.blank(self.size.width, self.rich_style)
        return self.lines[index].extend_cell_length(self.size.width, self.rich_style).crop(0, self.size.width)
