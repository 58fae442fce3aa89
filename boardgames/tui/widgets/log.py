"""The log panel: one line per move, naming the player who made it, the newest at the bottom.

It shows the latest :data:`TAIL` lines (``L`` opens the whole log), each wrapped
to the panel's width once and kept: a new move wraps only its own line, and a
turn change or an undo that changes a few lines rewraps only those, so no
redraw of the panel costs more as the game grows. The vertical scroll bar is
always there, so the width lines are wrapped at never changes when the log
outgrows the panel (a bar that appeared later hid the lines' last letters).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames.i18n import _
from boardgames.tui.asciimode import asciify

#: the most lines the panel holds; the whole log is one key away (``L``)
TAIL = 200
#: where a log line's sentences part
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class LogPanel(ScrollView, can_focus=False):
    """A scrolling log. ``set_lines`` wraps only the lines it has not wrapped before.

    With ``since``, a marker line says where the moves since the reader's last turn begin.
    """

    #: the newest line is cut to the whole sentences that fit the panel (the full log shows every line whole)
    FITS_NEWEST = True

    DEFAULT_CSS = """
    LogPanel { height: 1fr; min-height: 2; background: $surface; overflow-y: scroll; overflow-x: hidden;
               scrollbar-size-vertical: 1; }
    """

    def __init__(self, names: list[str] | None = None, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.names = sorted((asciify(n) if ascii else n for n in names or []), key=len, reverse=True)
        #: the lines on the panel (the latest :data:`TAIL` of the log)
        self.shown: list[str] = []
        #: index in :attr:`shown` of the first move since the reader's last turn (None: no marker)
        self.since: int | None = None
        self._rows: list[Strip] = []
        #: (row, width, style) -> the row as drawn, for the rows of :attr:`_rows`
        self._drawn: dict[tuple[int, int, Style], Strip] = {}
        self._frame_style: Style | None = None
        self._wrapped: dict[str, list[Strip]] = {}
        self._width = 0
        #: rows the newest line takes at the panel's width
        self.newest_rows = 0
        #: the panel's height the newest line was fitted to (0: not fitted)
        self._room = 0
        self._fitted: tuple[tuple[str, int, int] | None, list[Strip]] = (None, [])

    def styled(self, line: str) -> Text:
        """A log line as plain text (never markup), its leading player name in bold."""
        text = Text(asciify(line) if self.ascii else line)
        for name in self.names:
            if text.plain.startswith(name):
                text.stylize("bold", 0, len(name))
                break
        return text

    def marker(self) -> Text:
        text = _("Since your last turn:")
        return Text(asciify(text) if self.ascii else text, style="dim italic")

    def set_lines(self, lines: list[str], since: int | None = None) -> None:
        """Show the latest :data:`TAIL` of ``lines``; ``since`` indexes ``lines`` (the marker goes before it)."""
        cut = max(0, len(lines) - TAIL)
        tail = lines[cut:]
        since = None if since is None or since >= len(lines) else max(0, since - cut)
        if tail == self.shown and since == self.since:
            return
        self.shown, self.since = tail, since
        self._rebuild()
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    # -- drawing ------------------------------------------------------------------------
    def wrap_width(self) -> int:
        return max(10, self.scrollable_content_region.width)

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(width)
        lines = Segment.split_lines(console.render(text, options))
        return [Strip(line).adjust_cell_length(width) for line in lines] or [Strip.blank(width)]

    def rows_of(self, line: str) -> int:
        """How many rows ``line`` takes at the panel's width (an estimate before the panel is first drawn)."""
        if not self._width:
            return 1 + cell_len(line) // max(10, self.size.width or 80)
        return len(self.wrapped(line))

    def wrapped(self, line: str) -> list[Strip]:
        """The rows of ``line`` at the panel's width (wrapped once, then kept while the panel keeps its width)."""
        rows = self._wrapped.get(line)
        if rows is None:
            rows = self._wrapped[line] = self._wrap(self.styled(line), self._width)
        return rows

    def _rebuild(self) -> None:
        """Lay the rows of :attr:`shown` out (the caller scrolls)."""
        if not self.is_mounted or not self.scrollable_content_region.width:
            return  # drawn once the panel has a size (on_resize)
        width = self.wrap_width()
        if width != self._width or len(self._wrapped) > 3 * TAIL:
            keep = {} if width != self._width else {line: self._wrapped[line] for line in self.shown
                                                      if line in self._wrapped}
            self._wrapped, self._width = keep, width
        rows: list[Strip] = []
        last = len(self.shown) - 1
        room = self.scrollable_content_region.height if self.FITS_NEWEST else 0
        self._room = room
        for index, line in enumerate(self.shown):
            if index == self.since:
                rows.extend(self._wrap(self.marker(), width))
            rows.extend(self.fitted(line, room) if index == last and room else self.wrapped(line))
        self.newest_rows = len(self.wrapped(self.shown[-1])) if self.shown else 0
        self._rows = rows
        self._drawn.clear()
        # the panel's own size does not depend on its rows (height 1fr, the bar always there): no layout pass
        self.set_reactive(ScrollView.virtual_size, Size(width, len(rows)))
        self._scroll_update(self.virtual_size)
        self.refresh()

    def fitted(self, line: str, room: int) -> list[Strip]:
        """The rows of ``line`` when they fit in ``room`` rows; else its first whole sentences that fit with a
        last row saying the rest is in the whole log (the panel never ends the newest move mid-sentence, and
        the reader starts at its beginning)."""
        rows = self.wrapped(line)
        if len(rows) <= room:
            return rows
        key = (line, room, self._width)
        if self._fitted[0] == key:  # the same newest line, redrawn (a turn change, the title giving way)
            return self._fitted[1]
        sentences = SENTENCE_END.split(line)
        heads: list[list[Strip]] = []  # the rows of the first one, two, ... sentences, while they fit the panel
        for count in range(1, len(sentences)):
            head = self._wrap(self.styled(" ".join(sentences[:count])), self._width)
            if len(head) > room:
                break
            heads.append(head)
        more = _("... more of this move: L shows the whole log")
        more_row = self._wrap(Text(asciify(more) if self.ascii else more, style="dim italic"), self._width)[:1]
        with_more = [head for head in heads if len(head) < room]
        if with_more:
            shown = with_more[-1] + more_row
        elif heads:  # a panel of one row, or a first sentence that fills it: the sentence, without the note
            shown = heads[0]
        else:  # one sentence longer than the panel: its first rows (nothing shorter can be whole)
            shown = rows[: max(1, room - 1)] + more_row
        self._fitted = (key, shown)
        return shown

    def render_lines(self, crop: Region) -> list[Strip]:
        # the panel's style, asked once for all the rows of a frame (Textual works it out through every ancestor)
        self._frame_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._frame_style = None

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        style = self._frame_style or self.rich_style
        key = (row, width, style)
        drawn = self._drawn.get(key)
        if drawn is None:  # styling a row costs more than the frame's other work: once per row, width and style
            strip = self._rows[row] if row < len(self._rows) else Strip.blank(width)
            drawn = strip.crop_extend(0, width, style).apply_style(style)
            if len(self._drawn) > 4 * TAIL:
                self._drawn.clear()
            self._drawn[key] = drawn
        return drawn

    @property
    def text(self) -> str:
        """The rows drawn now (every row, not only the visible ones), for tests."""
        return "\n".join(strip.text.rstrip() for strip in self._rows)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the lines again at the new width (and draw them the first time the panel has a size)."""
        fits = self.scrollable_content_region.height if self.FITS_NEWEST else 0
        if self.wrap_width() != self._width or not self._rows or fits != self._room:
            self._rebuild()
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)


class FullLog(LogPanel, can_focus=True):
    """The whole log, scrollable, wrapped only around where the reader is.

    It lays out a window of at most :data:`WINDOW` lines of ``lines`` (a sequence
    that may build each line when asked) and moves the window when the reader
    scrolls past its ends, so opening or scrolling it costs the same at move 100
    and at move 2,500.
    """

    WINDOW = 300
    FITS_NEWEST = False

    #: its own scroll keys, so they move the window too (a scroll view's own would stop at its ends)
    BINDINGS = [
        Binding("home", "ends(False)", show=False),
        Binding("end", "ends(True)", show=False),
        Binding("up,k", "rows(-1)", show=False),
        Binding("down,j", "rows(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown,space", "page(1)", show=False),
    ]

    def __init__(self, names: list[str], lines: Sequence[str], *, ascii: bool = False,
                 id: str | None = None) -> None:
        super().__init__(names, ascii=ascii, id=id)
        self.lines = lines
        #: index in ``lines`` of the first line of the window
        self.first = max(0, len(lines) - self.WINDOW)
        self.shown = list(lines[self.first:])

    def on_resize(self, event: events.Resize) -> None:
        top = self.scroll_offset.y == 0 and self.first == 0 and self._rows
        self._rebuild()
        self.scroll_to(y=0 if top else self.max_scroll_y, animate=False, immediate=True)

    def _window(self, first: int) -> int:
        """Lay out the window starting at line ``first``; how many rows now come before the old first line."""
        first = max(0, min(first, len(self.lines) - 1))
        if first == self.first or not self.lines:
            return 0
        old = self.first
        before = sum(len(self.wrapped(self.lines[i])) for i in range(first, old)) if first < old else \
            -sum(len(self.wrapped(self.lines[i])) for i in range(old, first))
        self.first = first
        self.shown = list(self.lines[first:first + self.WINDOW])
        self._rebuild()
        return before

    def show_lines(self, lines: Sequence[str]) -> None:
        """Show ``lines`` instead (the log as it is now), at the newest; rows already wrapped are kept."""
        self.lines = lines
        first = max(0, len(lines) - self.WINDOW)
        shown = list(lines[first:])
        if (first, shown) != (self.first, self.shown) or not self._rows:
            self.first, self.shown = first, shown
            self._rebuild()
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    def ends(self, end: bool) -> None:
        """Home and End: the first or the latest lines."""
        self._window(max(0, len(self.lines) - self.WINDOW) if end else 0)
        self.scroll_to(y=self.max_scroll_y if end else 0, animate=False, immediate=True)

    def action_ends(self, end: bool) -> None:
        self.ends(end)

    def action_rows(self, rows: int) -> None:
        self.scroll_rows(rows)

    def action_page(self, pages: int) -> None:
        self.scroll_rows(pages * max(1, self.scrollable_content_region.height - 1))

    def scroll_rows(self, rows: int) -> None:
        """Scroll by ``rows``, moving the window on when that passes one of its ends."""
        y = self.scroll_offset.y + rows
        if y < 0 and self.first > 0:
            y += self._window(self.first - self.WINDOW // 2)
        elif y > self.max_scroll_y and self.first + len(self.shown) < len(self.lines):
            y += self._window(self.first + self.WINDOW // 2)
        self.scroll_to(y=max(0, min(y, self.max_scroll_y)), animate=False, immediate=True)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value != old_value and (new_value <= 0 < self.first or (
                new_value >= self.max_scroll_y and self.first + len(self.shown) < len(self.lines))):
            self.call_later(self.scroll_rows, -1 if new_value <= 0 else 1)  # the wheel reached an end
