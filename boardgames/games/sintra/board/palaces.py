"""The palaces of Sintra's board: strips, windows, broken-glass track; placing glass, looking at strips."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from boardgames.games.sintra.data import SLOTS, STRIP_LEN
from boardgames.tui.canvas import Hit, fit_name
from boardgames.tui.glyphs import glyph
from boardgames.tui.i18n import _


class PalacesZone:
    """The palaces side by side, the place phase's keys and looking at the strips."""

    def _render_palaces(self, width: int, roomy: bool) -> None:
        view, c = self.view, self.canvas
        players = view["players"]
        count = len(players)
        column = width // count
        cw = 3 if column >= SLOTS * 3 + 3 else 2
        pw = min(column, SLOTS * cw + 8)  # the palace header may use a little more than its grid
        left = 1
        rows = 13 if roomy else 12
        first = len(c.lines)
        lines = [c.new_line() for _ in range(rows)]
        ornaments = view["side"] == "A"
        for p, pl in enumerate(players):
            x0 = p * column
            self._render_palace(p, pl, lines, first, x0, x0 + left, pw, cw, roomy, ornaments)

    def _render_palace(
        self, p: int, pl: dict, lines: list[Text], first: int, x0: int, x: int, pw: int, cw: int, roomy: bool,
        ornaments: bool,
    ) -> None:
        view, c = self.view, self.canvas
        current = view["current"] == p
        placing = self.interactive and self.phase == "place" and current
        inspect_slot = self.inspecting[1] if self.inspecting and self.inspecting[0] == p else None

        def put(row: int, slot: int, text: str, style: Style | str = "", hit: Hit | None = None) -> None:
            line = lines[row]
            c.pad(line, x + slot * cw + (1 if cw == 3 else 0))
            start = line.cell_len
            line.append(text, style)
            if hit is not None:
                c.add_hit(first + row, start - (1 if cw == 3 else 0), start + cw - 1, hit)

        # name line: current marker, name, first-player marker, score
        line = lines[0]
        c.pad(line, x0)
        mark = glyph("current", self.ascii) if current else " "
        first_mark = _("1st") + " " if view["first_player"] == p and not view["marker_in_centre"] else ""
        right = first_mark + _("{score} pts", score=pl["score"])
        name = self.player_name(p)
        if pw - 3 - len(right) < cell_len(name):  # the name comes first: drop "pts" before cutting it
            right = first_mark + str(pl["score"])
        name = fit_name(name, max(2, pw - 3 - len(right)), self.ascii)
        line.append(mark, "bold")
        line.append(name, "bold reverse" if current else "bold")
        c.pad(line, x0 + pw - 1 - len(right))
        if first_mark:
            line.append(first_mark.strip(), "bold underline")
            line.append(" ")
        line.append(right[len(first_mark):], "bold")
        # glazier
        put(1, pl["glazier"], glyph("marker_down", self.ascii), "bold")
        # strip numbers
        for slot in range(SLOTS):
            number = slot + 1
            style = ""
            if placing:
                style = "bold underline" if number in self.places else "dim"
                if number == self.strip:
                    style = "bold reverse"
            elif inspect_slot == slot:
                style = "bold reverse"
            put(2, slot, str(number), style, Hit("strip", p, slot))
        # the strips, one row per space
        held = view["held"] if placing else None
        kept = self._kept_pieces(p)
        for k in range(STRIP_LEN):
            for slot, strip in enumerate(pl["strips"]):
                hit = Hit("strip", p, slot)
                if strip is None:
                    put(3 + k, slot, glyph("removed", self.ascii), "dim", hit)
                    continue
                piece = kept[k] if kept and slot == self._keep_slot() else strip["filled"][k]
                if piece is not None:
                    put(3 + k, slot, self.glyph(piece), self.style(piece, "tile"), hit)
                    continue
                need = strip["pattern"][k]
                style = self.style(need, "empty")
                if held and slot + 1 == self.strip and self.strip in self.places and k in held["spaces"][slot]:
                    style = style + Style(bold=True, underline=True)
                put(3 + k, slot, self.glyph(need, empty=True), style, hit)
        row = 8
        if roomy:
            for slot in range(SLOTS):
                put(row, slot, glyph("rule_h", self.ascii), "dim")
            row += 1
        # windows: top and bottom frame spaces
        for half in (0, 1):
            for slot in range(SLOTS):
                piece = pl["windows"][slot][half]
                if piece is None:
                    put(row, slot, glyph("empty", self.ascii), "dim", Hit("strip", p, slot))
                else:
                    put(row, slot, self.glyph(piece), self.style(piece, "tile"), Hit("strip", p, slot))
            row += 1
        # window values, with side A's ornaments between the pairs
        for slot, value in enumerate(view["window_values"]):
            put(row, slot, str(value), "dim")
            if ornaments and slot % 2 == 0:
                lines[row].append(glyph("ornament", self.ascii), "dim")
        row += 1
        # broken-glass track
        track = view["broken_track"]
        steps = len(track) - 1
        pos = pl["track"]
        bar = glyph("step_done", self.ascii) * pos + glyph("step_left", self.ascii) * (steps - 1 - pos)
        line = lines[row]
        c.pad(line, x)
        label = _("Broken {value:>3} {bar}", value=pl["track_value"], bar=bar)
        if pl["end_bonus_colour"]:
            bonus = _(" Bonus {points} {colour}", points=pl["end_bonus"], colour=self.glyph(pl["end_bonus_colour"]))
        else:
            bonus = _(" Bonus {points}", points=pl["end_bonus"])
        if len(label) + len(bonus) <= pw - 2:
            label += bonus
        line.append(label[: pw - 2], "")

    def _kept_pieces(self, p: int) -> list[str] | None:
        """While player ``p`` chooses the piece to keep: the pieces of the strip just completed, in its order.

        The rules have already emptied the strip; the board draws it as it was until the choice is made.
        """
        if self.view.get("phase") != "keep" or self.view.get("current") != p:
            return None
        return list(self.view.get("keep") or []) or None

    def _keep_slot(self) -> int | None:
        """The slot whose strip was just completed."""
        strip = self.view.get("keep_strip")
        return None if strip is None else strip - 1

    def _key_place(self, key: str) -> bool:
        if key in ("left", "h", "right", "l"):
            step = -1 if key in ("left", "h") else 1
            self.strip = (self.strip - 1 + step) % SLOTS + 1
            return True
        if key in "12345678" and len(key) == 1:
            self.strip = int(key)
            return True
        if key in ("enter", "space"):
            if not self.places and self.can_break:
                self.submit(self.pick("break"))
            else:
                self._place(self.strip)
            return True
        if key == "b":
            self.submit(self.pick("break"), _("A strip in reach still has room for this glass, so it must be "
                                              "placed there."))
            return True
        return False

    def _place(self, number: int) -> None:
        """Place the glass on strip ``number`` if the legal list has it; else say why not (the strip's sentence)."""
        self.submit(self.pick("place", number), self.strip_info(self.me, number - 1))

    def _key_inspect(self, key: str) -> bool:
        p, slot = self.inspecting
        count = len(self.view["players"])
        if key in ("left", "h", "right", "l"):
            slot = (slot + (-1 if key in ("left", "h") else 1)) % SLOTS
        elif key in ("up", "k", "down", "j"):
            p = (p + (-1 if key in ("up", "k") else 1)) % count
        elif key.isdigit() and 1 <= int(key) <= SLOTS:
            slot = int(key) - 1
        elif key in ("tab", "escape", "enter"):
            self.inspecting = None
            self.hints_changed()
            return True
        else:
            return False
        self.inspecting = (p, slot)
        return True

    def _click_strip(self, p: int, slot: int) -> None:
        if self.interactive and self.phase == "place" and p == self.me:
            if self.strip == slot + 1:
                self._place(slot + 1)
            else:
                self.strip = slot + 1
            return
        self.inspecting = None if self.inspecting == (p, slot) else (p, slot)
        self.hints_changed()

    def place_hints(self) -> list[tuple[str, str]]:
        """The place phase's keys (only b when nothing fits)."""
        if not self.places and self.can_break:
            return [("b", _("break"))]
        hints = [(_("Left/Right") if self.ascii else "←→", _("strip")), ("Enter", _("place"))]
        if self.can_break:
            hints.append(("b", _("break")))
        return hints

    def inspect_hints(self) -> list[tuple[str, str]]:
        """The keys while looking at the strips."""
        return [(_("Left/Right") if self.ascii else "←→", _("strip")), (_("Up/Down") if self.ascii else "↑↓",
                                                                          _("palace")), ("Tab", _("back"))]
