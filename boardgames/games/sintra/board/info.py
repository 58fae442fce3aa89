"""The line under Sintra's palaces: what the cursor is on, and the keep step's choice."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames.games.sintra.board.common import SintraPart
from boardgames.tui.canvas import Hit, ellipsis
from boardgames.tui.i18n import _


class InfoPart(SintraPart):
    """The line under the palaces: the sentence of the part in use; in the keep step, the pieces to choose from."""

    FOLLOWS_BOARD = True

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
            line.append(text)
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
        line.append(head + " ")
        for i, colour in enumerate(keeps):
            style = self.style(colour, "piece")
            if colour == self.keep_colour:
                style = style + Style(reverse=True)
            self.canvas.add(line, f"{i + 1}{self.glyph(colour)}", style, Hit("keep", colour))
            line.append(" ")
        if tail:
            line.append(tail, "dim")

    def key(self, key: str, character: str | None) -> bool:
        keeps = self.board.keeps
        if self.phase != "keep" or not keeps:
            return False
        if key in ("left", "h", "up", "k", "right", "l", "down", "j"):
            step = -1 if key in ("left", "h", "up", "k") else 1
            index = keeps.index(self.keep_colour) if self.keep_colour in keeps else 0
            self.keep_colour = keeps[(index + step) % len(keeps)]
            return True
        if key.isdigit() and 1 <= int(key) <= len(keeps):
            self.keep_colour = keeps[int(key) - 1]
            return True
        colour = self.board.colour_for_letter(character)
        if colour is not None:
            if colour in keeps:
                self.keep_colour = colour
            else:
                self.board.notice(_("The completed strip holds no {colour} piece.", colour=self.name_of(colour)),
                                  error=True)
            return True
        if key in ("enter", "space") and self.keep_colour is not None:
            self.board.submit(self.board.pick("keep", self.keep_colour))
            return True
        return False

    def click(self, hit: Hit) -> bool:
        """A first click on a piece selects it, a second keeps it."""
        if hit.kind != "keep" or self.phase != "keep":
            return False
        if self.keep_colour == hit.a:
            self.board.submit(self.board.pick("keep", hit.a))
        else:
            self.keep_colour = hit.a
        return True

    def key_hints(self) -> list[tuple[str, str]]:
        """The keep step's keys."""
        return [(_("Left/Right") if self.ascii else "←→", _("colour")), ("Enter", _("keep"))]
