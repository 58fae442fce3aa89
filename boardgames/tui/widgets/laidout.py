"""A Rich renderable laid out once a width, for the Statics that show big tables (the Statistics screen).

Textual asks a Static's visual for its height, then for its lines, and a Rich table is laid out for each: a table
of ten two-line rows is then measured and rendered twice each time it is shown. This visual keeps its lines for the
width it was last laid out at, so each change is laid out once.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from textual.app import App
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual


class LaidOut(Visual):
    """``renderable`` as ``app`` draws it, laid out once a width (printable with Rich as the renderable)."""

    def __init__(self, renderable: RenderableType, app: App[object]) -> None:
        self.renderable = renderable
        self.app = app
        self._lines: tuple[int, list[Strip]] | None = None
        #: how many times it was laid out, for tests
        self.layouts = 0

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.renderable

    def lines(self, width: int) -> list[Strip]:
        if self._lines is None or self._lines[0] != width:
            options = self.app.console_options.update_width(width).update(highlight=False)
            rendered = self.app.console.render_lines(self.renderable, options, pad=False)
            self._lines = (width, [Strip(line) for line in rendered])
            self.layouts += 1
        return self._lines[1]

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        strips = [strip.apply_style(style.rich_style) for strip in self.lines(width)]
        return strips if height is None else strips[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines(width))
