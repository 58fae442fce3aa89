"""A scrollable view of Rich renderables, each rendered once per width and kept.

Help and the full log use it: Textual widgets per block (or a Static laid out
again for every size it tries) cost far more than drawing the text once. On a
screen made ahead (tui/kept.py) the text is laid out in a worker thread: the
rules summary is the longest part of opening help the first time.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from rich.console import Console, RenderableType
from rich.segment import Segment
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.worker import Worker, WorkerState

#: (id of the renderable, width) -> its lines; the renderables are cached by their makers
_LINES: dict[tuple[int, int], list[Strip]] = {}


def lines_of(renderables: Sequence[RenderableType], width: int, console: Console) -> list[Strip]:
    """The lines of ``renderables`` one under the other (a blank line between two) at ``width``, each kept by
    width (safe in a worker thread: each is made from its renderable alone)."""
    out: list[Strip] = []
    for number, renderable in enumerate(renderables):
        key = (id(renderable), width)
        lines = _LINES.get(key)
        if lines is None:
            rendered = console.render_lines(renderable, console.options.update(width=width, height=None), pad=False)
            lines = [Strip(Segment.simplify(line)) for line in rendered]
            if len(_LINES) > 32:
                _LINES.clear()
            _LINES[key] = lines
        if number:
            out.append(Strip.blank(0))
        out.extend(lines)
    return out


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
        #: the lines being laid out in a worker thread, and at what width (a screen made ahead)
        self._ahead: Worker[list[Strip]] | None = None
        self._ahead_width = 0

    def _lines_for(self, width: int) -> list[Strip]:
        return lines_of(self.renderables, width, self.app.console)

    def on_mount(self) -> None:
        """Lay the text out at the width it will most likely get, so the first frame already shows it (in a
        worker thread when the screen is made ahead, off screen)."""
        styles = self.styles
        width = self.app.size.width - styles.gutter.width - styles.scrollbar_size_vertical
        if getattr(self.screen, "made_ahead", False) and self.screen not in self.app.screen_stack:
            self._ahead = self.run_worker(partial(lines_of, self.renderables, width, self.app.console), thread=True,
                                          exit_on_error=False)
            self._ahead_width = width
        else:
            self._set_width(width)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._ahead or event.state != WorkerState.SUCCESS:
            return
        self._ahead = None
        if not self.lines and event.worker.result is not None:  # (not laid out meanwhile: shown already)
            self.lines = event.worker.result
            self.virtual_size = Size(self._ahead_width, len(self.lines))
            from boardgames.tui.kept import lay_out_off_screen

            lay_out_off_screen(self.screen)

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
