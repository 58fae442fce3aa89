"""The footer with the keys that work now (one line, two when the game's keys need them); clicking a key presses
it."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widget import Widget

from boardgames.i18n import _
from boardgames.tui.asciimode import asciify


class KeyBar(Widget):
    """Shows (key, label) pairs on one line: a board's keys, then the screen's own (``screen``: the log, a
    hint, chat), then the ``keep`` hints (help, menu, save...), which always stay, at the end of the line.

    When the whole list does not fit, the keys that act (letters, Enter, Escape) win over the keys that only
    move around (arrows, Tab, the log, :func:`spare`): those go first. Then words go from the end of the line,
    and every acting key stays: the board's keys, the game's own, keep their words from the first while they
    fit, then the help hint, then, if every board key kept its word, the screen's and the kept ones from the
    first. Once anything is left out, the help hint reads ``? keys`` (help lists the keys that work now with
    their words). A bar allowed two lines (a game's) takes the second only when one line of the other keys bare
    beside the board's words is too short for every board key to keep its word (Above and Below's turn of
    ten letters at 80 columns); the same rules then share out the two.
    """

    DEFAULT_CSS = """
    KeyBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None, most_lines: int = 1) -> None:
        super().__init__(id=id)
        #: the most lines the bar takes (a game's screen: two), a second only when one leaves a board key bare
        self.most_lines = most_lines
        self.optional: list[tuple[str, str]] = []
        self.keep: list[tuple[str, str]] = []
        #: how many of :attr:`optional` are the screen's own keys (at its end), whose words go before the board's
        self.screen_keys = 0
        #: (line, start column, end column, key to press) for clicks
        self._spans: list[tuple[int, int, int, str]] = []

    def set_hints(self, hints: list[tuple[str, str]], keep: list[tuple[str, str]] | None = None,
                  screen: list[tuple[str, str]] | None = None) -> None:
        optional = list(hints) + list(screen or [])
        keep = list(keep or [])
        if optional != self.optional or keep != self.keep or len(screen or []) != self.screen_keys:
            self.optional = optional
            self.keep = keep
            self.screen_keys = len(screen or [])
            self._fit_height()
            self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_height()

    def _width(self) -> int:
        return self.size.width or (self.app.size.width if self.is_attached else 0) or 80

    def _fit_height(self) -> None:
        """One line, or two when the board's keys need them for their words (laid out anew only on a change)."""
        height = len(self.rows(self._width()))
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height

    @property
    def hints(self) -> list[tuple[str, str]]:
        """Every hint given, shown or not: the optional ones, then the kept ones."""
        return self.optional + self.keep

    @staticmethod
    def width_of(hint: tuple[str, str]) -> int:
        key, label = hint
        return len(key) + 3 + (len(label) if label else 0)

    @classmethod
    def wrapped(cls, hints: list[tuple[str, str]], width: int) -> list[list[tuple[str, str]]]:
        """``hints`` in order over as many lines of ``width`` as they take (a hint never split)."""
        rows: list[list[tuple[str, str]]] = [[]]
        used = 0
        for hint in hints:
            if rows[-1] and used + cls.width_of(hint) > width:
                rows.append([])
                used = 0
            rows[-1].append(hint)
            used += cls.width_of(hint)
        return rows

    @classmethod
    def fits(cls, hints: list[tuple[str, str]], width: int, lines: int) -> bool:
        rows = cls.wrapped(hints, width)
        return len(rows) <= lines and all(sum(cls.width_of(h) for h in row) <= width for row in rows)

    def board_keys(self) -> list[tuple[str, str]]:
        """The board's keys that act (the game's own letters, Enter, Escape): the first to keep their words."""
        return [h for h in self.optional[:len(self.optional) - self.screen_keys] if not spare(h[0])]

    def shown(self, width: int) -> list[tuple[str, str]]:
        """The hints drawn in ``width`` columns, in their order, over every line; a label "" draws the bare key."""
        return [hint for row in self.rows(width) for hint in row]

    def rows(self, width: int) -> list[list[tuple[str, str]]]:
        """The lines of hints drawn in ``width`` columns: one, or more (up to :attr:`most_lines`) when one line
        leaves a board key without its word."""
        every = self.optional + self.keep
        if self.fits(every, width, 1):
            return [every]
        board = self.board_keys()
        laid = self._laid(width, 1)
        for lines in range(2, self.most_lines + 1):
            worded = {hint for row in laid for hint in row if hint[1]}
            if all(hint in worded for hint in board):
                break
            laid = self._laid(width, lines)
        return laid

    def _laid(self, width: int, lines: int) -> list[list[tuple[str, str]]]:
        """The hints over ``lines`` lines of ``width`` by the class's rules (moving keys first to go, then words
        from the end, the board's last)."""
        every = self.optional + self.keep
        if self.fits(every, width, lines):
            return self.wrapped(every, width)
        keep = [(key, _("keys")) if key == "?" else (key, label) for key, label in self.keep]
        board = len(self.optional) - self.screen_keys
        line = [h for i, h in enumerate(self.optional) if i < board and not spare(h[0])]
        on_board = len(line)
        line += [h for h in self.optional[board:] if not spare(h[0])] + keep
        worded: set[int] = set()

        def drawn() -> list[tuple[str, str]]:
            return [h if i in worded else (h[0], "") for i, h in enumerate(line)]

        def words(indexes: list[int]) -> bool:
            """Give ``indexes`` their words in order until one does not fit; whether they all did."""
            for i in indexes:
                worded.add(i)
                if not self.fits(drawn(), width, lines):
                    worded.discard(i)
                    return False
            return True

        helps = [i for i, (key, _label) in enumerate(line) if key == "?"]
        board_worded = words(list(range(on_board)))
        words(helps)  # "? keys" says where the missing words are
        if board_worded:
            words([i for i in range(on_board, len(line)) if i not in helps])
        chosen = drawn()
        if len(worded) == len(line):  # room left: the moving keys at their places, in order, while they fit
            placed: list[tuple[str, str]] = []
            rest = list(chosen)
            for hint in self.optional:
                if not spare(hint[0]):
                    placed.append(rest.pop(0))
                elif self.fits([*placed, hint, *rest], width, lines):
                    placed.append(hint)
            chosen = placed + rest
        optional, kept = chosen[:len(chosen) - len(keep)], chosen[len(chosen) - len(keep):]
        while optional and not self.fits(optional + kept, width, lines):  # too narrow even for the bare keys
            optional.pop()
        return self.wrapped(optional + kept, width)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        self._spans = []
        plain = asciify if getattr(self.app, "ascii", False) else str
        for number, row in enumerate(self.rows(self._width())):
            if number:
                text.append("\n")
            column = 0
            for key, label in row:
                shown = f" {plain(key)} "
                text.append(" ")
                text.append(shown, style="bold reverse")
                text.append(plain(label))
                end = column + 1 + cell_len(shown) + cell_len(plain(label))
                self._spans.append((number, column, end, key))
                column = end
        return text

    def on_click(self, event: events.Click) -> None:
        for row, start, end, key in self._spans:
            if row == event.y and start <= event.x < end:
                press = PRESS.get(key, translated_press().get(key, key.lower()))
                if press:
                    self.app.simulate_key(press)
                return


#: the key names to simulate for the labels used in hints
PRESS = {
    "Enter": "enter",
    "Esc": "escape",
    "?": "question_mark",
    "^s": "ctrl+s",
    "S": "S",
    "L": "L",
    "←→": "",
    "↑↓": "",
    "←→↑↓": "",
    "up/down": "",
    "Left/Right": "",
}


def translated_press() -> dict[str, str]:
    """The key names to simulate for the labels whose words change with the language (``Espaço`` is space)."""
    return {_("Space"): "space", _("Left/Right"): "", _("Up/Down"): "", _("up/down"): "", _("arrows"): ""}


#: keys that only move around (a cursor, the focus, the log): the first to leave a line that is too short
SPARE = ("←→", "↑↓", "←→↑↓", "up/down", "Up/Down", "Left/Right", "arrows", "Tab", "L", "PgUp/PgDn j/k", "Home/End")


def spare(key: str) -> bool:
    """Whether ``key`` only moves around (as written in English or in the language shown; ``1-9`` moves a
    cursor to a number)."""
    return key in SPARE or key in {_(name) for name in SPARE} or (len(key) == 3 and key[1] == "-" and
                                                                  key[0].isdigit())
