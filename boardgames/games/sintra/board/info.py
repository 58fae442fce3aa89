"""The info line under Sintra's palaces, and the keep step."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames.tui.canvas import Hit, ellipsis
from boardgames.tui.i18n import _


class InfoLine:
    """The line under the palaces about what the cursor is on, and the keep step's choice."""

    def _render_info(self, width: int) -> None:
        line = self.canvas.new_line()
        text = self.info_text(line)
        if text:
            line.append(text)
        if line.cell_len > width:
            line.truncate(width - 1)
            line.append(ellipsis(self.ascii))

    def info_text(self, line: Text) -> str:
        """The sentence under the board; may append styled parts to ``line`` itself and return ''."""
        view = self.view
        if view["phase"] == "over":
            return _("The game is over.")
        if self.inspecting is not None:
            p, slot = self.inspecting
            return self.strip_info(p, slot, owner=True)
        if not self.interactive:
            current = view["current"]
            return _("{name} to move.", name=self.player_name(current)) if current is not None else ""
        if self.phase == "take":
            if self.source is None:
                return _("No glass can be taken: reset your glazier with r.")
            where = self.source
            contents = view["centre"] if where == "C" else view["factories"][where - 1]
            count = contents.get(self.colour, 0)
            glyph = self.glyph(self.colour)
            others = sum(contents.values()) - count
            if where == "C":
                if view["marker_in_centre"]:
                    return _("Centre: take {count} {glyph} {colour}, the first-player marker and 1 broken-glass step.",
                             count=count, glyph=glyph, colour=self.name_of(self.colour))
                return _("Centre: take {count} {glyph} {colour}.", count=count, glyph=glyph,
                         colour=self.name_of(self.colour))
            if others:
                return _("Display {n}: take {count} {glyph} {colour}; the other {others} go to the centre.",
                         n=where, count=count, glyph=glyph, colour=self.name_of(self.colour), others=others)
            return _("Display {n}: take {count} {glyph} {colour}.", n=where, count=count, glyph=glyph,
                     colour=self.name_of(self.colour))
        if self.phase == "place":
            held = view["held"]
            if not self.places and self.can_break:
                return _("No strip in reach has room for your {count} {glyph}: press b or Enter to break them.",
                         count=held["count"], glyph=self.glyph(held["colour"]))
            return self.strip_info(view["current"], self.strip - 1)
        if self.phase == "keep":
            self._keep_hint(line)
            return ""
        return ""

    def _keep_hint(self, line: Text) -> None:
        """The keep step's sentence with its clickable choices, the fullest form that fits the board."""
        slot = self._keep_slot()
        n = slot + 1 if slot is not None else "?"
        pieces = "".join(self.glyph(col) for col in (self.view.get("keep") or []))
        choices = " ".join(f"{i + 1}{self.glyph(colour)}" for i, colour in enumerate(self.keeps))
        width = max(self.size.width, 40)
        forms = [
            (_("Strip {n} is complete ({pieces}); keep for its window:", n=n, pieces=pieces),
             _("(the others go to the tower)")),
            (_("Strip {n} is complete; keep for its window:", n=n), _("(the others go to the tower)")),
            (_("Keep for window {n}:", n=n), _("(the others go to the tower)")),
            (_("Keep for window {n}:", n=n), ""),
        ]
        head, tail = next(((h, t) for h, t in forms if len(h) + len(choices) + len(t) + 2 <= width), forms[-1])
        line.append(head + " ")
        for i, colour in enumerate(self.keeps):
            style = self.style(colour, "piece")
            if colour == self.keep_colour:
                style = style + Style(reverse=True)
            self.canvas.add(line, f"{i + 1}{self.glyph(colour)}", style, Hit("keep", colour))
            line.append(" ")
        if tail:
            line.append(tail, "dim")

    def strip_info(self, p: int, slot: int, owner: bool = False) -> str:
        view = self.view
        pl = view["players"][p]
        strip = pl["strips"][slot]
        whose = _("{name}'s strip {n}", name=self.player_name(p), n=slot + 1) if owner else _("Strip {n}", n=slot + 1)
        value = view["window_values"][slot]
        if strip is None:
            return _("{whose} has been removed; its window is complete.", whose=whose)
        needs = "".join(self.glyph(col, empty=True) for col, got in zip(strip["pattern"], strip["filled"])
                        if got is None)
        other = "".join(self.glyph(col) for col in strip["other_side"])
        detail = _("needs {needs}, other side {other}, window worth {value}", needs=needs or "-", other=other,
                   value=value)
        if owner or self.phase != "place":
            return _("{whose}: {detail}.", whose=whose, detail=detail)
        held = view["held"]
        number = slot + 1
        if number in self.places:
            fit = held["fits"][slot]
            broken = held["count"] - fit
            if broken:
                return _("{whose}: {fit} fit, {broken} break; {detail}.", whose=whose, fit=fit, broken=broken,
                         detail=detail)
            if held["count"] == 1:
                return _("{whose}: your piece fits; {detail}.", whose=whose, detail=detail)
            return _("{whose}: all {count} fit; {detail}.", whose=whose, count=held["count"], detail=detail)
        if slot < pl["glazier"]:
            return _("{whose} is left of your glazier; {detail}.", whose=whose, detail=detail)
        return _("{whose} has no free space for {glyph}; {detail}.", whose=whose, glyph=self.glyph(held["colour"]),
                 detail=detail)

    def _key_keep(self, key: str, character: str | None) -> bool:
        if not self.keeps:
            return False
        if key in ("left", "h", "up", "k", "right", "l", "down", "j"):
            step = -1 if key in ("left", "h", "up", "k") else 1
            index = self.keeps.index(self.keep_colour) if self.keep_colour in self.keeps else 0
            self.keep_colour = self.keeps[(index + step) % len(self.keeps)]
            return True
        if key.isdigit() and 1 <= int(key) <= len(self.keeps):
            self.keep_colour = self.keeps[int(key) - 1]
            return True
        colour = self._colour_for_letter(character)
        if colour is not None:
            if colour in self.keeps:
                self.keep_colour = colour
            else:
                self.notice(_("The completed strip holds no {colour} piece.", colour=self.name_of(colour)), error=True)
            return True
        if key in ("enter", "space") and self.keep_colour is not None:
            self.submit(self.pick("keep", self.keep_colour))
            return True
        return False

    def keep_hints(self) -> list[tuple[str, str]]:
        """The keep step's keys."""
        return [(_("Left/Right") if self.ascii else "←→", _("colour")), ("Enter", _("keep"))]
