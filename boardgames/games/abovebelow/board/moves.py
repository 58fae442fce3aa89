"""The decision in hand as a list: the legal moves by their labels, numbered, in a window that scrolls."""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.games.abovebelow.board.common import AbovePart
from boardgames.tui.asciimode import asciify
from boardgames.tui.canvas import Hit, cut
from boardgames.tui.i18n import _
from boardgames.tui.widgets.reader import wrap

UP, DOWN = ("up", "k"), ("down", "j")


class MovesPart(AbovePart):
    """Every legal move of the decision by its label; up/down (j/k), Page Up/Down, Home/End and 1-9 move the
    cursor, Enter plays the move under it. A key that has several moves (buy: which player, which price; an
    outpost: which cave) lists only those until one is played or Escape."""

    DEFAULT_CSS = """
    MovesPart { width: 1fr; }
    """

    cursor = 0
    first = 0
    #: indices into the legal list shown now (None: all of them), and what they are
    only: list[int] | None = None
    only_title = ""

    def title(self) -> str:
        return _("moves")

    def shown(self) -> list[int]:
        count = len(self.board.legal)
        return [i for i in self.only if i < count] if self.only is not None else list(range(count))

    def draw_canvas(self) -> None:
        rows = self.board.panel_rows()
        width = self.width
        if self.board.result:
            for text in wrap(self.plain(self.board.result), width)[:2]:
                self.canvas.new_line().append(text, "bold")
            rows -= len(self.canvas.lines)
        if not self.interactive:
            view = self.view
            line = self.canvas.new_line()
            if view.get("current") is None:
                line.append(_("The game is over."), "bold")
            else:
                line.append(_("Waiting for {name}.", name=self.player_name(view["current"])), "dim")
        else:
            items = self.shown()
            room = rows - (1 if self.only is not None else 0)
            if self.only is not None:
                self.canvas.new_line().append(cut(self.only_title + _(" (Esc: all)"), width, self.ascii), "bold")
            self.first = max(0, min(max(self.first, self.cursor - room + 1), self.cursor, max(0, len(items) - room)))
            for k in range(self.first, min(len(items), self.first + room)):
                line = self.canvas.new_line()
                label = self.board.label(items[k])
                text = f"{k + 1:>2} " + (asciify(label) if self.ascii else label)
                style = "reverse" if k == self.cursor and self.is_active else ""
                self.canvas.add(line, cut(text, width - 2, self.ascii), style, Hit("move", k))
                more = (k == self.first and self.first > 0) or (k == self.first + room - 1 and k < len(items) - 1)
                if more:
                    line.pad_right(width - 1 - line.cell_len)
                    line.append(self.g("marker_down") if k > self.first else self.g("marker_up"), "dim")
        while len(self.canvas.lines) < self.board.panel_rows():
            self.canvas.new_line()

    def update(self) -> None:
        self.only = None
        self.cursor = 0
        self.first = 0

    def takes_focus(self) -> bool:
        return self.interactive and bool(self.board.legal)

    def focus_on(self, actions: list[Action], title: str) -> None:
        """List only ``actions``, the cursor on the first."""
        self.only = [self.board.legal.index(a) for a in actions if a in self.board.legal]
        self.only_title = title
        self.cursor = 0
        self.first = 0

    def key(self, key: str, character: str | None) -> bool:
        items = self.shown()
        if not items:
            return False
        count, page = len(items), max(1, self.board.panel_rows() - 1)
        if key in UP or key in DOWN:
            self.cursor = (self.cursor + (-1 if key in UP else 1)) % count
        elif key in ("pageup", "pagedown"):
            self.cursor = max(0, min(count - 1, self.cursor + (page if key == "pagedown" else -page)))
        elif key in ("home", "end"):
            self.cursor = 0 if key == "home" else count - 1
        elif key.isdigit() and 1 <= int(key) <= min(9, count):
            self.cursor = int(key) - 1
        elif key in ("enter", "space"):
            self.board.submit(self.board.legal[items[self.cursor]])
        elif key == "escape" and self.only is not None:
            self.only = None
            self.cursor = 0
        else:
            return False
        return True

    def click(self, hit: Hit) -> bool:
        if hit.kind != "move":
            return False
        if self.was_active and self.cursor == hit.a:
            self.board.submit(self.board.legal[self.shown()[hit.a]])
        self.cursor = hit.a
        return True

    def key_hints(self) -> list[tuple[str, str]]:
        if not self.shown():
            return []
        hints = [(_("Up/Down") if self.ascii else "↑↓", _("move")), ("Enter", _("play"))]
        if self.only is not None:
            hints.append(("Esc", _("all moves")))
        return hints

    def sentence(self) -> str:
        items = self.shown()
        if not items or not self.interactive:
            return ""
        cursor = min(self.cursor, len(items) - 1)
        return _("{n} of {of}: {label}", n=cursor + 1, of=len(items), label=self.board.label(items[cursor]))
