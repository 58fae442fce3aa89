"""Shown instead of everything else while the terminal is below the minimum size."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from boardgames.i18n import _
from boardgames.tui.screens.base import MIN_HEIGHT, MIN_WIDTH

if TYPE_CHECKING:
    from textual import getters

    from boardgames.tui.app import BoardgamesApp


class TooSmallScreen(Screen[Any]):
    """Nothing to do here but resize (or quit with ctrl+q); the app pops it when the size is right."""

    if TYPE_CHECKING:
        app = getters.app(BoardgamesApp)

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: 100%; content-align: center middle; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        width, height = self.app.size
        text = Text(justify="center")
        text.append(
            _("The terminal is too small: need {need_w}x{need_h}, have {w}x{h}.",
              need_w=MIN_WIDTH, need_h=MIN_HEIGHT, w=width, h=height),
            style="bold",
        )
        text.append("\n")
        text.append(_("Make the window larger and the game comes back. Ctrl+Q quits."))
        for widget in self.query("#too-small"):  # none yet before compose
            if isinstance(widget, Static):
                widget.update(text)

    def on_resize(self) -> None:
        self.update_size()
        self.app.check_size()
