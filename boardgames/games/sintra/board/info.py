"""The line under Sintra's palaces: what the cursor is on, and the keep step's choice."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames.core.engine import Action
from boardgames.games.sintra.board.common import COLOUR_KEYS, SintraPart
from boardgames.i18n import N_, _
from boardgames.tui.canvas import Hit, ellipsis
from boardgames.tui.keys import DIGITS, ENTER, LEFT_RIGHT, NEXT_KEYS, PREV_KEYS, PartKey


class InfoPart(SintraPart):
    """The line under the palaces: the sentence of the part in use; in the keep step, the pieces to choose from."""

    FOLLOWS_BOARD = True
    HELP_TITLE = N_("Keep")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.keep_colour: str | None = None

    def takes_focus(self) -> bool:
        return self.phase == "keep"

    def update(self) -> None:
        keeps = self.board.keeps
        if self.interactive and self.phase == "keep":
            self.keep_colour = keeps[0] if keeps else None

    def draw_canvas(self) -> None:
        line = self.canvas.new_line()
        text = self.info_text(line)
        if text:
            line.append(self.words(text))
        width = max(self.draw_width, 40)
        if line.cell_len > width:
            line.truncate(width - 1)
            line.append(ellipsis(self.ascii))

    def info_text(self, line: Text) -> str:
        """The sentence under the board; may append styled parts to ``line`` itself and return ''."""
        view = self.view
        if view["phase"] == "over":
            return _("The game is over.")
        if not self.interactive:
            current = view["current"]
            return _("{name} to move.", name=self.player_name(current)) if current is not None else ""
        if self.phase == "keep":
            self._keep_hint(line)
            return ""
        active = self.board.active
        return active.sentence() if active is not None else ""

    def _keep_hint(self, line: Text) -> None:
        """The keep step's sentence with its clickable choices, the fullest form that fits the board."""
        slot = self.board.keep_slot()
        n = slot + 1 if slot is not None else "?"
        keeps = self.board.keeps
        pieces = "".join(self.glyph(col) for col in (self.view.get("keep") or []))
        choices = " ".join(f"{i + 1}{self.glyph(colour)}" for i, colour in enumerate(keeps))
        width = max(self.draw_width, 40)
        forms = [
            (_("Strip {n} is complete ({pieces}); keep for its window:", n=n, pieces=pieces),
             _("(the others go to the tower)")),
            (_("Strip {n} is complete; keep for its window:", n=n), _("(the others go to the tower)")),
            (_("Keep for window {n}:", n=n), _("(the others go to the tower)")),
            (_("Keep for window {n}:", n=n), ""),
        ]
        head, tail = next(((h, t) for h, t in forms if len(h) + len(choices) + len(t) + 2 <= width), forms[-1])
        head, tail = self.words(head), self.words(tail)
        line.append(head + " ")
        for i, colour in enumerate(keeps):
            style = self.style(colour, "piece")
            if colour == self.keep_colour:
                style = style + Style(reverse=True)
            self.canvas.add(line, f"{i + 1}{self.glyph(colour)}", style, Hit("keep", colour))
            line.append(" ")
        if tail:
            line.append(tail, "dim")

    def _keeps(self) -> list[str]:
        """The colours that may be kept (none outside the keep step)."""
        return self.board.keeps if self.phase == "keep" else []

    def step_colour(self, key: str, character: str | None) -> bool:
        keeps = self._keeps()
        if not keeps:
            return False
        step = -1 if key in ("left", "h", "up", "k") else 1
        index = keeps.index(self.keep_colour) if self.keep_colour in keeps else 0
        self.keep_colour = keeps[(index + step) % len(keeps)]
        return True

    def keep_digit(self, key: str, character: str | None) -> bool:
        keeps = self._keeps()
        if not 1 <= int(key) <= len(keeps):
            return False
        self.keep_colour = keeps[int(key) - 1]
        return True

    def keep_letter(self, key: str, character: str | None) -> bool:
        colour = self.board.colour_for_letter(character)
        if not self._keeps() or colour is None:
            return False
        if colour in self._keeps():
            self.keep_colour = colour
        else:
            self.board.notice(_("The completed strip holds no {colour} piece.", colour=self.name_of(colour)),
                              error=True)
        return True

    def point_at(self, action: Action) -> bool:
        """A hint's colour to keep: the cursor on it (Enter keeps it)."""
        if action.name != "keep" or action.args[0] not in self._keeps():
            return False
        self.keep_colour = action.args[0]
        return True

    def keep(self, key: str, character: str | None) -> bool:
        if not self._keeps() or self.keep_colour is None:
            return False
        self.board.submit(self.board.pick("keep", self.keep_colour))
        return True

    KEYS = (
        PartKey((*PREV_KEYS, *NEXT_KEYS), N_("colour"), "step_colour", label=LEFT_RIGHT,
                help=N_("Choose the colour that goes into the window."), help_keys=N_("left/right")),
        PartKey(DIGITS, do="keep_digit", help=N_("Choose the colour that goes into the window.")),
        PartKey(COLOUR_KEYS, do="keep_letter", help=N_("Choose the colour that goes into the window."),
                help_keys="P O Y G B"),
        PartKey(ENTER, N_("keep"), "keep", help=N_("Put that piece into the window.")),
    )

    def click(self, hit: Hit) -> bool:
        """A first click on a piece selects it, a second keeps it."""
        if hit.kind != "keep" or self.phase != "keep":
            return False
        if self.keep_colour == hit.a:
            self.board.submit(self.board.pick("keep", hit.a))
        else:
            self.keep_colour = hit.a
        return True
