"""A one-line footer with the keys that work now; clicking a key presses it."""

from __future__ import annotations

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
    their words).
    """

    DEFAULT_CSS = """
    KeyBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.optional: list[tuple[str, str]] = []
        self.keep: list[tuple[str, str]] = []
        #: how many of :attr:`optional` are the screen's own keys (at its end), whose words go before the board's
        self.screen_keys = 0
        #: (start column, end column, key to press) for clicks
        self._spans: list[tuple[int, int, str]] = []

    def set_hints(self, hints: list[tuple[str, str]], keep: list[tuple[str, str]] | None = None,
                  screen: list[tuple[str, str]] | None = None) -> None:
        optional = list(hints) + list(screen or [])
        keep = list(keep or [])
        if optional != self.optional or keep != self.keep or len(screen or []) != self.screen_keys:
            self.optional = optional
            self.keep = keep
            self.screen_keys = len(screen or [])
            self.refresh()

    @property
    def hints(self) -> list[tuple[str, str]]:
        """Every hint given, shown or not: the optional ones, then the kept ones."""
        return self.optional + self.keep

    @staticmethod
    def width_of(hint: tuple[str, str]) -> int:
        key, label = hint
        return len(key) + 3 + (len(label) if label else 0)

    def shown(self, width: int) -> list[tuple[str, str]]:
        """The hints drawn in ``width`` columns, in their order; a label "" draws the bare key."""
        every = self.optional + self.keep
        if sum(self.width_of(h) for h in every) <= width:
            return every
        keep = [(key, _("keys")) if key == "?" else (key, label) for key, label in self.keep]
        board = len(self.optional) - self.screen_keys
        line = [h for i, h in enumerate(self.optional) if i < board and not spare(h[0])]
        on_board = len(line)
        line += [h for h in self.optional[board:] if not spare(h[0])] + keep
        room = width - sum(self.width_of((key, "")) for key, _label in line)
        worded: set[int] = set()

        def words(indexes: list[int]) -> bool:
            """Give ``indexes`` their words in order until one does not fit; whether they all did."""
            nonlocal room
            for i in indexes:
                if len(line[i][1]) > room:
                    return False
                worded.add(i)
                room -= len(line[i][1])
            return True

        helps = [i for i, (key, _label) in enumerate(line) if key == "?"]
        board_worded = words(list(range(on_board)))
        words(helps)  # "? keys" says where the missing words are
        if board_worded:
            words([i for i in range(on_board, len(line)) if i not in helps])
        chosen = [h if i in worded else (h[0], "") for i, h in enumerate(line)]
        if len(worded) == len(line):  # room left: the moving keys, in order, while they fit
            acting = iter(chosen)
            chosen = []
            for hint in self.optional:
                if not spare(hint[0]):
                    chosen.append(next(acting))
                elif self.width_of(hint) <= room:
                    chosen.append(hint)
                    room -= self.width_of(hint)
            chosen += list(acting)
        optional, kept = chosen[:len(chosen) - len(keep)], chosen[len(chosen) - len(keep):]
        while optional and room < 0:  # a line too narrow even for the bare keys
            room += self.width_of(optional.pop())
        return optional + kept

    def render(self) -> Text:
        width = self.size.width or 80
        text = Text(no_wrap=True, overflow="crop")
        self._spans = []
        plain = asciify if getattr(self.app, "ascii", False) else str
        for key, label in self.shown(width):
            start = text.cell_len
            text.append(" ")
            text.append(f" {plain(key)} ", style="bold reverse")
            text.append(plain(label))
            self._spans.append((start, text.cell_len, key))
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
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
