"""The base of every part of a board: a focusable widget with its own keys, drawing and hints.

A board (see ``boardgames.tui.board``) is composed of parts: Sintra's supply,
palaces and info line; Blue Moon City's city, hand and status line; the shared
card row, player table, choice panel, multi-select, dice row and track. A part
draws itself as lines of Rich Text, answers the keys that are its own while it
has the focus (the others bubble up to its board, then to the screen), lists the
keys that work now, and may say in a sentence what its cursor is on.

A part inside a board reads the board's current view and legal list
(``self.board``) and tells the board when a key changed it, so the board can
redraw what follows it (a status line) and the key bar in the same frame. Inside
a board the focus among the parts is the board's (:attr:`BoardPart.is_active`):
the board holds Textual's focus and hands each key to its active part, since
Textual repaints the whole screen and draws a second frame whenever its focus
moves (measured: Tab between two parts 30-40 ms instead of 3). A part on its
own (a dialog's choice panel) takes Textual's focus as any widget does and posts
:class:`BoardPart.HintsChanged`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from boardgames.tui.canvas import Canvas, Hit, Palette, shown, uses_ansi
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import DIGITS, ENTER, HOME_END, PREV_KEYS, PartKey, answer, help_lines, hints

if TYPE_CHECKING:
    from boardgames.tui.board import Board


class BoardPart(Widget, can_focus=True):
    """A focusable part of a board. Subclasses draw with :meth:`draw` (or :meth:`lines`), declare their keys in
    one table, :attr:`KEYS` (what answers them, the key bar's words, when they work, the help's sentence: see
    ``boardgames.tui.keys``), from which :meth:`key` answers them and :meth:`key_hints` lists the ones that work
    now, and answer clicks on their canvas's spans in :meth:`click`.

    Drawing is line by line: a frame turns only the lines that changed into strips
    (Textual's conversion of a whole Rich Text is most of the cost of a key press).
    """

    DEFAULT_CSS = """
    BoardPart { height: auto; }
    """

    #: redrawn whenever another part of the board changes (a status line saying what a cursor is on)
    FOLLOWS_BOARD: ClassVar[bool] = False
    #: the part's keys (see ``boardgames.tui.keys``), and what the help calls the part before them
    KEYS: ClassVar[tuple[PartKey, ...]] = ()
    HELP_TITLE: ClassVar[str] = ""
    #: while this part has the focus its board's own keys are off (a step with letters of its own: a party,
    #: the dice); see :meth:`holds_keys`
    HOLDS_KEYS: ClassVar[bool] = False

    class Chosen(Message):
        def __init__(self, part: BoardPart, value: Any) -> None:
            super().__init__()
            self.part = part
            self.value = value

        @property
        def control(self) -> BoardPart:
            return self.part

    class HintsChanged(Message):
        """The keys that work now have changed (posted by a part that is not in a board)."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        #: the clickable spans of the last drawing
        self.canvas = Canvas()
        self._board: Board | None = None
        self._strips: list[Strip] | None = None
        self._strip_cache: dict[tuple, list[Strip]] = {}
        self._strip_key: tuple | None = None
        self._drawn: tuple[tuple, list[Text]] | None = None
        self._measuring: int | None = None
        self._measured = 0
        #: whether the part had the focus before the click being answered (a second click confirms)
        self.was_active = False

    # -- the board it belongs to --------------------------------------------------
    @property
    def board(self) -> Board | None:
        """The board this part belongs to (its nearest ancestor that is a board), or None."""
        if self._board is None:
            node = self.parent
            while node is not None and not getattr(node, "IS_BOARD", False):
                node = node.parent
            self._board = node  # type: ignore[assignment]
        return self._board

    @property
    def view(self) -> Mapping[str, Any] | None:
        """The view its board shows now (None outside a board, or before the first view)."""
        board = self.board
        return board.view if board is not None else None

    @property
    def interactive(self) -> bool:
        """Whether a human decides at the keyboard now (always, for a part outside a board)."""
        board = self.board
        return board.interactive if board is not None else True

    def on_mount(self) -> None:
        if self.board is not None:
            self.can_focus = False  # the board keeps the focus and hands its keys to the active part

    @property
    def is_active(self) -> bool:
        """Whether this part has the focus: its board's active part, or Textual's focus on its own."""
        board = self.board
        return board.active is self if board is not None else self.has_focus

    def takes_keys(self) -> bool:
        """Whether keys and clicks are answered now: always on its own, only while a human decides in a board."""
        board = self.board
        return board is None or (board.view is not None and board.interactive)

    def title(self) -> str:
        """What the key bar calls this part after "Tab" ("Tab hand"); "" for none. Made when asked, so a
        translation applies."""
        return ""

    def takes_focus(self) -> bool:
        """Whether Tab visits this part now (a board asks its parts; a part may depend on the phase)."""
        return True

    def update(self) -> None:
        """The board has a new view and legal list: put the cursor back in range (called before a redraw)."""

    def entered(self) -> None:
        """The focus has just come to this part (Tab, a click or the board): place its cursor."""

    # -- drawing -----------------------------------------------------------------
    def draw(self) -> Text:
        """The part as one Rich Text (lines split on newlines)."""
        return Text()

    def lines(self) -> list[Text]:
        """The part's lines; parts that draw on a :class:`Canvas` return its lines."""
        return list(self.draw().split("\n", allow_blank=True))

    def drawn(self) -> list[Text]:
        """:meth:`lines`, drawn once per refresh and width: measuring the part for a layout and painting it
        share one drawing (a move used to draw every part twice, or more)."""
        key = self._drawing_key()
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, self.lines())
        return self._drawn[1]

    def _drawing_key(self) -> tuple[int, Size | None]:
        """What a drawing depends on besides the part's state: the width, and the terminal's size."""
        return (self.draw_width, self.app.size if self.is_attached else None)

    def render(self) -> Text:
        return Text("\n").join(self.drawn())

    def redraw(self) -> bool:
        """Draw the part anew and repaint it only when the drawing changed (a move changes a few parts of a
        board; repainting the others cost most of a move's frame). True when it changed."""
        old = self._drawn
        self._drawn = None
        new = self.drawn()
        if old is not None and old[0] == self._drawing_key() and len(old[1]) == len(new) and all(
                a == b and a.style == b.style for a, b in zip(old[1], new)):
            return False
        self._strips = None
        super().refresh()  # BoardPart.refresh would throw the new drawing away
        return True

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,  # noqa: ANN002 - Widget's signature
                recompose: bool = False) -> BoardPart:
        self._strips = None
        self._drawn = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001 - Textual's signature
        """Measure the part as it draws now (Textual's cached measure may come from the size before a resize)."""
        if not width:
            return 0
        if self._measuring is not None:  # reading ``self.size`` while drawing may lay the screen out again
            return self._measured
        self._measuring = width
        try:
            # Textual's own Widget passes its styles here too; get_height's annotation asks for a RulesMap
            self._measured = visualize(self, self.render(), markup=False).get_height(
                self.styles, width)  # type: ignore[arg-type]
        finally:
            self._measuring = None
        return self._measured

    @property
    def draw_width(self) -> int:
        """The width to draw for: the width being measured (a resize lays out before ``size`` changes),
        else the part's width."""
        return self._measuring if self._measuring is not None else self.size.width

    def render_line(self, y: int) -> Strip:
        """One line of the part; the strips of lines drawn before are reused."""
        width = self.size.width
        style = self.visual_style
        key = (width, style, self.app.size, self.text_selection)  # a taller terminal may draw differently
        if self._strips is None or key != self._strip_key:
            if key != self._strip_key or len(self._strip_cache) > 400:
                self._strip_cache = {}
                self._strip_key = key
            cache = self._strip_cache
            strips: list[Strip] = []
            for line in self.drawn():
                line_key = (line.plain, tuple(line.spans), line.style)
                found = cache.get(line_key)
                if found is None:
                    found = Visual.to_strips(self, visualize(self, line, markup=False), width, None, style)
                    cache[line_key] = found
                strips.extend(found)
            self._strips = strips
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(width, self.visual_style.rich_style)

    # -- keys, clicks and what the part says ----------------------------------------
    def key(self, key: str, character: str | None) -> bool:
        """Answer ``key`` from :attr:`KEYS`; True when the key was the part's."""
        return answer(self, key, character, self.holds_keys())

    def key_hints(self) -> list[tuple[str, str]]:
        """The keys that work now, from :attr:`KEYS`."""
        return hints(self, self.KEYS, self.ascii)

    def holds_keys(self) -> bool:
        """Whether only this part's keys work now (its ``modal`` rows with them): its board's keys are off."""
        return self.HOLDS_KEYS

    @classmethod
    def help_lines(cls) -> list[tuple[str, str]]:
        """The help's lines for this part's keys."""
        return help_lines(cls.KEYS, cls.HELP_TITLE)

    def sentence(self) -> str:
        """What the cursor is on, in words, for a board's status line ("" when there is nothing to say)."""
        return ""

    def click(self, hit: Hit) -> bool:
        """A click on a span drawn with ``hit``; True when it changed something."""
        return False

    def choose(self, value: Any) -> None:
        self.post_message(self.Chosen(self, value))

    def changed(self) -> None:
        """A key or a click changed this part: redraw it, and what follows it and the key bar."""
        self.refresh()
        board = self.board
        if board is not None:
            board.part_changed(self)
        else:
            self.post_message(self.HintsChanged())

    def on_key(self, event: events.Key) -> None:
        if self.takes_keys() and self.key(event.key, event.character):
            event.stop()
            event.prevent_default()
            self.changed()

    def on_click(self, event: events.Click) -> None:
        """A click on a span of the canvas: the part takes the focus (in a board, when it takes it now)."""
        offset = event.get_content_offset(self)
        if offset is None or not self.takes_keys():
            return
        hit = self.canvas.hit_at(offset.x, offset.y)
        if hit is None:
            return
        event.stop()
        board = self.board
        self.was_active = self.is_active
        if board is not None and not self.was_active and self.takes_focus():
            board.focus_part(self)
        if board is not None:
            board._submitted = False
        if self.click(hit) and not (board is not None and board._submitted):  # a move: the board redraws whole
            self.changed()

    def on_focus(self) -> None:
        self.refresh()  # the cursor shows only while the part has the focus

    def on_blur(self) -> None:
        self.refresh()


class CanvasPart(BoardPart):
    """A part drawn on a fresh :class:`Canvas` by :meth:`draw_canvas` once its board has a view."""

    def lines(self) -> list[Text]:
        self.canvas = Canvas()
        board = self.board
        if board is not None and board.view is None:
            return []
        self.draw_canvas()
        return self.canvas.lines

    def draw_canvas(self) -> None:
        raise NotImplementedError


#: seats 0-3 -> their colour (always drawn with the seat's number, 1-4)
SEATS = Palette({"0": ("cyan", "#33c7c7"), "1": ("magenta", "#d35fd3"), "2": ("bright_green", "#9be35f"),
                 "3": ("bright_red", "#ff6b6b")})


class GamePart(CanvasPart):
    """A canvas part of a game's board with a cursor on one of its things (a player, a card, a position).

    It draws with glyphs, seat colours and player names, at least 20 columns wide. Enter, or a second click on a
    span of ``HIT_KIND``, uses the thing at the cursor (:meth:`use`).
    """

    #: the kind of span a click points at, for a part whose ``cursor`` a click moves and a second click uses
    HIT_KIND: ClassVar[str | None] = None
    cursor = 0

    if TYPE_CHECKING:  # a game's part lives in its board, and draws and answers keys once the board has a view
        @property
        def board(self) -> Board: ...

        @property
        def view(self) -> Mapping[str, Any]: ...

    def use(self) -> None:
        """Enter on the cursor (a part with ``HIT_KIND`` says what it does)."""

    def click(self, hit: Hit) -> bool:
        """A click on a span of ``HIT_KIND`` puts the cursor there; a second click on it uses it."""
        if self.HIT_KIND is None or hit.kind != self.HIT_KIND:
            return False
        if self.was_active and self.cursor == hit.a:
            self.use()
        self.cursor = hit.a
        return True

    #: the digit of the first thing (a digit jumps to a thing)
    FIRST_DIGIT: ClassVar[int] = 1
    #: the keys of a cursor on a list of things (:meth:`count` of them): up/down (j/k) step round them, Home and
    #: End go to the first and the last, a digit jumps to one, Enter or space uses the one at the cursor
    CURSOR_KEYS: ClassVar[tuple[PartKey, ...]] = (
        PartKey(("up", "k", "down", "j"), do="cursor_step"),
        PartKey(HOME_END, do="cursor_ends"),
        PartKey(("0", *DIGITS), do="cursor_jump"),
        PartKey(ENTER, do="cursor_use"),
    )

    def count(self) -> int:
        """How many things the cursor goes round."""
        return 0

    def cursor_step(self, key: str, character: str | None) -> bool:
        count = self.count()
        if not count:
            return False
        self.cursor = (self.cursor + (-1 if key in PREV_KEYS else 1)) % count
        return True

    def cursor_ends(self, key: str, character: str | None) -> bool:
        count = self.count()
        if not count:
            return False
        self.cursor = 0 if key == "home" else count - 1
        return True

    def cursor_jump(self, key: str, character: str | None) -> bool:
        first = self.FIRST_DIGIT
        if not first <= int(key) < first + self.count():
            return False
        self.cursor = int(key) - first
        return True

    def cursor_use(self, key: str, character: str | None) -> bool:
        self.use()
        return True

    def use_any(self, key: str, character: str | None) -> bool:
        """Enter on things that may be none: use the one at the cursor when there are any (:meth:`count`), else
        let the key go on."""
        if not self.count():
            return False
        self.use()
        return True

    def g(self, name: str) -> str:
        return glyph(name, self.ascii)

    def seat_style(self, seat: int) -> Style:
        return SEATS.style(str(seat % 4), "piece", uses_ansi(self))

    def player_name(self, seat: int) -> str:
        """Player ``seat``'s name as typed, made safe to draw (plain text, one line; ASCII in ASCII mode)."""
        return shown(self.view["players"][seat]["name"], self.ascii)

    @property
    def width(self) -> int:
        return max(20, self.draw_width or 40)


__all__ = ["BoardPart", "CanvasPart", "GamePart", "SEATS"]
