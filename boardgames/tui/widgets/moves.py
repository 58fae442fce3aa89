"""The decision in hand as a list: the legal moves by their labels, numbered, in a window that scrolls with the
cursor (Lemuria's and Above and Below's list of moves)."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text

from boardgames.core.engine import Action
from boardgames.i18n import N_, _
from boardgames.tui.asciimode import asciify
from boardgames.tui.canvas import Hit, cut
from boardgames.tui.keys import DIGITS, DOWN_J, ENTER, HOME_END, UP_DOWN, UP_K, PartKey
from boardgames.tui.widgets.part import GamePart
from boardgames.tui.widgets.reader import wrap

UP, DOWN = UP_K, DOWN_J
MOVE_HELP = N_("Move through the moves of the decision; the line under the board shows the whole label.")
#: the rows of a list of moves' table (a board's list may show or word them differently)
STEP_ROW = PartKey((*UP, *DOWN), N_("move"), "step", when="has_moves", label=UP_DOWN, help=MOVE_HELP)
PAGE_ROW = PartKey(("pageup", "pagedown"), do="page", help=MOVE_HELP)
ENDS_ROW = PartKey(HOME_END, do="ends", help=MOVE_HELP)
DIGITS_ROW = PartKey(DIGITS, do="jump", help=MOVE_HELP)
PLAY_ROW = PartKey(ENTER, N_("play"), "play", when="has_moves", help=N_("Play the move under the cursor."))


class MoveList(GamePart):
    """Every legal move of the decision by its label, ``12 Build Barracks``, in :meth:`rows` lines; up/down (j/k),
    Page Up/Down, Home/End and 1-9 move the cursor, Enter (or a second click) plays the move under it. After
    :meth:`focus_on` only some moves are listed, under a heading, until one is played or Escape.

    A board's part subclasses it with :meth:`rows` (and, if it likes, :meth:`heading` and :attr:`GAP`).
    """

    HIT_KIND = "move"
    HELP_TITLE = N_("Moves")
    #: columns a label leaves free at its right (the scroll marker stands in the last one)
    GAP: ClassVar[int] = 2

    first = 0
    #: indices into the legal list shown now (None: all of them), and what they are
    only: list[int] | None = None
    only_title = ""

    def rows(self) -> int:
        """Lines of the part: the list scrolls within them."""
        raise NotImplementedError

    def heading(self) -> list[str]:
        """Lines drawn in bold above the list (the list takes the lines left)."""
        return []

    def only_heading(self) -> str:
        """The line above the moves :meth:`focus_on` listed."""
        return cut(_("{title} (Esc: all)", title=self.only_title), self.width, self.ascii)

    def title(self) -> str:
        return _("moves")

    def shown(self) -> list[int]:
        count = len(self.board.legal)
        return [i for i in self.only if i < count] if self.only is not None else list(range(count))

    def draw_canvas(self) -> None:
        rows = self.rows()
        width = self.width
        for text in self.heading():
            self.canvas.new_line().append(text, "bold")
        if not self.interactive:
            view = self.view
            line = self.canvas.new_line()
            if view.get("current") is None:
                line.append(_("The game is over."), "bold")
            else:
                line.append(_("Waiting for {name}.", name=self.player_name(view["current"])), "dim")
        else:
            items = self.shown()
            room = rows - len(self.canvas.lines) - (1 if self.only is not None else 0)
            if self.only is not None:
                self.canvas.new_line().append(self.only_heading(), "bold")
            if room > 0:
                self._draw_items(items, room, width)
        while len(self.canvas.lines) < rows:
            self.canvas.new_line()

    def _draw_items(self, items: list[int], room: int, width: int) -> None:
        """The window of moves in ``room`` lines around the cursor, with a marker where the list goes on."""
        texts = {k: self._item_lines(k, items[k], width - self.GAP, room) for k in range(len(items))} \
            if self.wraps() else {}
        heights = [len(texts[k]) if texts else 1 for k in range(len(items))]
        self.first = self._window_start(heights, room)
        used, k, marked = 0, self.first, None
        while k < len(items) and used + heights[k] <= room:
            style = "reverse" if k == self.cursor and self.is_active else ""
            for row, text in enumerate(texts.get(k) or self._item_lines(k, items[k], width - self.GAP, room)):
                line = self.canvas.new_line()
                self.canvas.add(line, text, style, Hit("move", k))
                if row == 0 and k == self.first and self.first > 0:
                    self._marker(line, width, "marker_up")
                    marked = line
            used += heights[k]
            k += 1
        if k < len(items) and used and self.canvas.lines[-1] is not marked:
            self._marker(self.canvas.lines[-1], width, "marker_down")

    def wraps(self) -> bool:
        """Whether a long label goes on over more lines (a board with rows to spare), else it is cut (the line
        under the board says it whole)."""
        return False

    def _item_lines(self, k: int, action_index: int, room: int, rows: int) -> list[str]:
        label = self.board.label(action_index)
        label = asciify(label) if self.ascii else label
        number = f"{k + 1:>2} "
        if not self.wraps() or cell_len(number + label) <= room:
            return [cut(number + label, room, self.ascii)]
        lines = wrap(label, room, indent=" " * len(number), first=number)
        if len(lines) > rows:  # more than the whole list holds: its last line shown ends in an ellipsis
            lines = lines[:rows - 1] + [cut(lines[rows - 1] + " " + lines[rows], room, self.ascii)]
        return [cut(line, room, self.ascii) for line in lines]

    def _window_start(self, heights: list[int], room: int) -> int:
        """The first item shown: the window keeps the cursor in view and moves as little as it can."""
        first = min(self.first, self.cursor)
        while first < self.cursor and sum(heights[first:self.cursor + 1]) > room:
            first += 1
        while first > 0 and sum(heights[first - 1:]) <= room:  # room below the last: show earlier ones
            first -= 1
        return first

    def _marker(self, line: Text, width: int, name: str) -> None:
        line.pad_right(width - 1 - line.cell_len)
        line.append(self.g(name), "dim")

    def update(self) -> None:
        self.only = None
        self.cursor = self.start()
        self.first = 0

    def start(self) -> int:
        """Where the cursor starts: on the first move the host listed in the board's ``start_moves`` (free moves
        undo could take back, see tui/startentry.py), so a stray Enter never pays, draws, reveals or ends the
        turn; the first move when there is none."""
        moves = getattr(self.board, "start_moves", None)
        if moves is None or moves.legal != self.board.legal:  # worked out for another decision
            return 0
        found = moves.first(list(self.shown()))
        return 0 if found is None else found

    def takes_focus(self) -> bool:
        return self.interactive and bool(self.board.legal)

    def focus_on(self, actions: list[Action], title: str = "") -> None:
        """List only ``actions`` under ``title``, the cursor on the first."""
        self.only = [self.board.legal.index(a) for a in actions if a in self.board.legal]
        self.only_title = title
        self.cursor = self.start()
        self.first = 0

    def point_at(self, action: Action) -> bool:
        """Every move listed again, the cursor on ``action`` (a hint's move): Enter plays it."""
        if action not in self.board.legal:
            return False
        self.only = None
        self.cursor = self.board.legal.index(action)
        return True

    def has_moves(self) -> bool:
        return bool(self.shown())

    def narrowed(self) -> bool:
        """Whether :meth:`focus_on` listed only some moves."""
        return self.only is not None and self.has_moves()

    def step(self, key: str, character: str | None) -> bool:
        count = len(self.shown())
        if not count:
            return False
        self.cursor = (self.cursor + (-1 if key in UP else 1)) % count
        return True

    def page(self, key: str, character: str | None) -> bool:
        count, page = len(self.shown()), max(1, self.rows() - 1)
        if not count:
            return False
        self.cursor = max(0, min(count - 1, self.cursor + (page if key == "pagedown" else -page)))
        return True

    def ends(self, key: str, character: str | None) -> bool:
        count = len(self.shown())
        if not count:
            return False
        self.cursor = 0 if key == "home" else count - 1
        return True

    def jump(self, key: str, character: str | None) -> bool:
        if not 1 <= int(key) <= min(9, len(self.shown())):
            return False
        self.cursor = int(key) - 1
        return True

    def play(self, key: str, character: str | None) -> bool:
        if not self.shown():
            return False
        self.use()
        return True

    def show_all(self, key: str, character: str | None) -> bool:
        if not self.narrowed():
            return False
        self.only = None
        self.cursor = 0
        return True

    def use(self) -> None:
        self.board.submit(self.board.legal[self.shown()[self.cursor]])

    KEYS = (STEP_ROW, PAGE_ROW, ENDS_ROW, DIGITS_ROW, PLAY_ROW,
            PartKey(("escape",), N_("all moves"), "show_all", when="narrowed",
                    help=N_("List every move again, after a key or a card listed only its own.")))

    def sentence(self) -> str:
        items = self.shown()
        if not items or not self.interactive:
            return ""
        cursor = min(self.cursor, len(items) - 1)
        return _("{n} of {of}: {label}", n=cursor + 1, of=len(items), label=self.board.label(items[cursor]))
