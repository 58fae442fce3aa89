"""A one-line footer with the keys that work now; clicking a key presses it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from boardgames.i18n import _
from boardgames.tui.asciimode import asciify


class KeyBar(Widget):
    """Shows (key, label) pairs on one line.

    ``keep`` hints (help, menu, save...) always stay, at the end of the line. When the whole list does not fit,
    the keys that act (letters, Enter, Escape) win over the keys that only move around (arrows, Tab, the log,
    :func:`spare`): those go first; then the last acting keys lose their words and show as the bare key, so
    every move's key stays on the line. Once anything is left out, the help hint reads ``? keys`` (help lists
    the keys that work now with their words).
    """

    DEFAULT_CSS = """
    KeyBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.optional: list[tuple[str, str]] = []
        self.keep: list[tuple[str, str]] = []
        #: (start column, end column, key to press) for clicks
        self._spans: list[tuple[int, int, str]] = []

    def set_hints(self, hints: list[tuple[str, str]], keep: list[tuple[str, str]] | None = None) -> None:
        keep = list(keep or [])
        if hints != self.optional or keep != self.keep:
            self.optional = list(hints)
            self.keep = keep
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
        room = width - sum(self.width_of(h) for h in keep)
        acting = [h for h in self.optional if not spare(h[0])]
        bare = [self.width_of((key, "")) for key, _label in acting]
        room -= sum(bare)
        worded = 0  # the first acting keys keep their words while they fit
        while worded < len(acting) and self.width_of(acting[worded]) - bare[worded] <= room:
            room -= self.width_of(acting[worded]) - bare[worded]
            worded += 1
        chosen = {h: h if i < worded else (h[0], "") for i, h in enumerate(acting)}
        if worded == len(acting):  # room left: the moving keys, in order, while they fit
            for hint in self.optional:
                if spare(hint[0]) and self.width_of(hint) <= room:
                    chosen[hint] = hint
                    room -= self.width_of(hint)
        out = [chosen[h] for h in self.optional if h in chosen]
        while out and sum(self.width_of(h) for h in out) > width - sum(self.width_of(h) for h in keep):
            out.pop()  # a line too narrow even for the bare keys
        return out + keep

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
