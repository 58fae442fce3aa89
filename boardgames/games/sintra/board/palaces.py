"""The palaces of Sintra's board: strips, windows, broken-glass track; placing glass, looking at strips."""

from __future__ import annotations

from typing import Protocol

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from boardgames.core.engine import Action
from boardgames.games.sintra.board.common import SintraPart
from boardgames.games.sintra.data import SLOTS, STRIP_LEN
from boardgames.games.sintra.views import PlayerView
from boardgames.i18n import N_, _, n_
from boardgames.tui.canvas import Hit, fit_name
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import ENTER, LEFT_RIGHT, UP_DOWN, PartKey


class PalacesPart(SintraPart):
    """The palaces side by side, the place phase's keys and, while glass is being taken, looking at the strips
    (Tab from the supply; left/right a strip, up/down a palace)."""

    DEFAULT_CSS = """
    PalacesPart { margin-top: 1; }
    """
    HELP_TITLE = N_("Strips")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.strip = 1  # 1..8, the strip the glass goes to
        self.looking: tuple[int, int] = (0, 0)  # (player, slot) looked at while glass is being taken

    def takes_focus(self) -> bool:
        return self.phase in ("take", "place")

    @property
    def inspecting(self) -> tuple[int, int] | None:
        """The strip being looked at: only while glass is being taken and the focus is here."""
        if self.view is not None and self.phase == "take" and self.interactive and self.board.active is self:
            return self.looking
        return None

    def update(self) -> None:
        """Place the cursor on the glazier's strip when it is legal, else on the first legal strip."""
        view, places = self.view, self.board.places
        if self.interactive and self.phase == "place" and view.get("current") is not None:
            glazier = view["players"][view["current"]]["glazier"] + 1
            self.strip = glazier if glazier in places else (places[0] if places else glazier)

    def entered(self) -> None:
        """Looking at the strips starts on your glazier's strip."""
        if self.phase == "take" and self.view is not None:
            me = self.me if self.me is not None else 0
            self.looking = (me, self.view["players"][me]["glazier"])

    def draw_canvas(self) -> None:
        view, c = self.view, self.canvas
        width = max(self.draw_width, 40)
        roomy = self.app.size.height >= 28
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
        self, p: int, pl: PlayerView, lines: list[Text], first: int, x0: int, x: int, pw: int, cw: int,
        roomy: bool, ornaments: bool,
    ) -> None:
        view, c = self.view, self.canvas
        current = view["current"] == p

        def put(row: int, slot: int, text: str, style: Style | str = "", hit: Hit | None = None) -> None:
            line = lines[row]
            c.pad(line, x + slot * cw + (1 if cw == 3 else 0))
            start = line.cell_len
            line.append(text, style)
            if hit is not None:
                c.add_hit(first + row, start - (1 if cw == 3 else 0), start + cw - 1, hit)

        self._render_name_line(lines[0], p, pl, x0, pw, current)
        # glazier
        put(1, pl["glazier"], glyph("marker_down", self.ascii), "bold")
        self._render_strips(put, p, pl, self.interactive and self.phase == "place" and current)
        row = 8
        if roomy:
            for slot in range(SLOTS):
                put(row, slot, glyph("rule_h", self.ascii), "dim")
            row += 1
        row = self._render_windows(put, lines, row, p, pl, ornaments)
        self._render_track(lines[row], pl, x, pw)

    def _render_name_line(self, line: Text, p: int, pl: PlayerView, x0: int, pw: int, current: bool) -> None:
        """The current marker, the name, the first-player marker and the score."""
        view = self.view
        self.canvas.pad(line, x0)
        mark = glyph("current", self.ascii) if current else " "
        first_mark = self.words(_("1st")) + " " if view["first_player"] == p and not view["marker_in_centre"] else ""
        right = first_mark + self.words(_("{score} pts", score=pl["score"]))
        name = self.player_name(p)
        if pw - 3 - len(right) < cell_len(name):  # the name comes first: drop "pts" before cutting it
            right = first_mark + str(pl["score"])
        name = fit_name(name, max(2, pw - 3 - len(right)), self.ascii)
        line.append(mark, "bold")
        line.append(name, "bold reverse" if current else "bold")
        self.canvas.pad(line, x0 + pw - 1 - len(right))
        if first_mark:
            line.append(first_mark.strip(), "bold underline")
            line.append(" ")
        line.append(right[len(first_mark):], "bold")

    def _render_strips(self, put: _Put, p: int, pl: PlayerView, placing: bool) -> None:
        """The strip numbers (a cursor while placing or looking), then the strips, one row per space."""
        inspecting = self.inspecting
        inspect_slot = inspecting[1] if inspecting and inspecting[0] == p else None
        for slot in range(SLOTS):
            number = slot + 1
            style = ""
            if placing:
                style = "bold underline" if number in self.board.places else "dim"
                if number == self.strip:
                    style = "bold reverse"
            elif inspect_slot == slot:
                style = "bold reverse"
            put(2, slot, str(number), style, Hit("strip", p, slot))
        held = self.view["held"] if placing else None
        kept = self._kept_pieces(p)
        for k in range(STRIP_LEN):
            for slot, strip in enumerate(pl["strips"]):
                hit = Hit("strip", p, slot)
                if strip is None:
                    put(3 + k, slot, glyph("removed", self.ascii), "dim", hit)
                    continue
                piece = kept[k] if kept and slot == self.board.keep_slot() else strip["filled"][k]
                if piece is not None:
                    put(3 + k, slot, self.glyph(piece), self.style(piece, "tile"), hit)
                    continue
                need = strip["pattern"][k]
                space = self.style(need, "empty")
                if held and slot + 1 == self.strip and self.strip in self.board.places and k in held["spaces"][slot]:
                    space = space + Style(bold=True, underline=True)
                put(3 + k, slot, self.glyph(need, empty=True), space, hit)

    def _render_windows(self, put: _Put, lines: list[Text], row: int, p: int, pl: PlayerView, ornaments: bool) -> int:
        """The windows' two frame spaces from ``row`` on, then their values (side A's ornaments between the
        pairs); the row after them."""
        for half in (0, 1):
            for slot in range(SLOTS):
                piece = pl["windows"][slot][half]
                if piece is None:
                    put(row, slot, glyph("empty", self.ascii), "dim", Hit("strip", p, slot))
                else:
                    put(row, slot, self.glyph(piece), self.style(piece, "tile"), Hit("strip", p, slot))
            row += 1
        for slot, value in enumerate(self.view["window_values"]):
            put(row, slot, str(value), "dim")
            if ornaments and slot % 2 == 0:
                lines[row].append(glyph("ornament", self.ascii), "dim")
        return row + 1

    def _render_track(self, line: Text, pl: PlayerView, x: int, pw: int) -> None:
        """The broken-glass track, and the end bonus the palace would score now when it fits."""
        track = self.view["broken_track"]
        steps = len(track) - 1
        pos = pl["track"]
        bar = glyph("step_done", self.ascii) * pos + glyph("step_left", self.ascii) * (steps - 1 - pos)
        self.canvas.pad(line, x)
        label = _("Broken {value:>3} {bar}", value=pl["track_value"], bar=bar)
        colour = pl["end_bonus_colour"]
        if colour:
            bonus = _(" Bonus {points} {colour}", points=pl["end_bonus"], colour=self.glyph(colour))
        else:
            bonus = _(" Bonus {points}", points=pl["end_bonus"])
        label, bonus = self.words(label), self.words(bonus)
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

    # -- keys ----------------------------------------------------------------------
    def looking_along(self) -> bool:
        """Whether the strips are being looked at (Tab from the supply while glass is taken)."""
        return self.phase == "take"

    def placing(self) -> bool:
        """Whether a strip is chosen for the glass (unless all of it must break)."""
        return self.phase == "place" and not (not self.board.places and self.board.can_break)

    def strips_move(self) -> bool:
        return self.looking_along() or self.placing()

    def breaks(self) -> bool:
        return self.phase == "place" and self.board.can_break

    def point_at(self, action: Action) -> bool:
        """A hint's placing: the cursor on its strip (Enter places the glass there)."""
        if action.name != "place" or action.args[0] not in self.board.places:
            return False
        self.strip = action.args[0]
        return True

    def strip_key(self, key: str, character: str | None) -> bool:
        """Left/right: the strip looked at, or the one the glass goes to."""
        step = -1 if key in ("left", "h") else 1
        if self.phase == "take":
            p, slot = self.looking
            self.looking = (p, (slot + step) % SLOTS)
            return True
        if self.phase != "place":
            return False
        self.strip = (self.strip - 1 + step) % SLOTS + 1
        return True

    def palace_key(self, key: str, character: str | None) -> bool:
        if self.phase != "take":
            return False
        p, slot = self.looking
        self.looking = ((p + (-1 if key in ("up", "k") else 1)) % len(self.view["players"]), slot)
        return True

    def strip_digit(self, key: str, character: str | None) -> bool:
        if self.phase == "take":
            self.looking = (self.looking[0], int(key) - 1)
            return True
        if self.phase != "place":
            return False
        self.strip = int(key)
        return True

    def look_back(self, key: str, character: str | None) -> bool:
        """Back to taking glass (Tab does it too)."""
        if self.phase != "take":
            return False
        self.board.focus_part(self.board.supply)
        return True

    def place_key(self, key: str, character: str | None) -> bool:
        if self.phase != "place":
            return False
        board = self.board
        if not board.places and board.can_break:
            board.submit(board.pick("break"))
        else:
            self._place(self.strip)
        return True

    def break_key(self, key: str, character: str | None) -> bool:
        if self.phase != "place":
            return False
        self.board.submit(self.board.pick("break"), _("A strip in reach still has room for this glass, so it must "
                                                      "be placed there."))
        return True

    def _place(self, number: int) -> None:
        """Place the glass on strip ``number`` if the legal list has it; else say why not (the strip's sentence)."""
        me = self.me
        why = self.strip_info(me, number - 1) if me is not None else ""
        self.board.submit(self.board.pick("place", number), why)

    KEYS = (
        PartKey(("left", "h", "right", "l"), N_("strip"), "strip_key", when="strips_move", label=LEFT_RIGHT,
                help=N_("Choose one of your strips (legal strips are underlined); while glass is taken, look along "
                     "the strips.")),
        PartKey(("up", "k", "down", "j"), N_("palace"), "palace_key", when="looking_along", label=UP_DOWN,
                help=N_("While glass is taken: look at another player's palace.")),
        PartKey(tuple("12345678"), do="strip_digit",
                help=N_("Choose one of your strips (legal strips are underlined); while glass is taken, look along "
                     "the strips.")),
        PartKey(("tab", "shift+tab", "escape", "enter"), N_("back"), "look_back", when="looking_along", label="Tab",
                help=N_("Back to taking glass, after looking at the strips.")),
        PartKey(ENTER, N_("place"), "place_key", when="placing", help=N_("Place the glass on that strip.")),
        PartKey(("b",), N_("break"), "break_key", when="breaks",
                help=N_("Break all the glass, when no strip in reach has room for it (Enter does too).")),
    )

    def click(self, hit: Hit) -> bool:
        """A strip of your palace while placing: a first click selects it, a second places the glass there.
        While taking glass: look at the strip clicked; a second click on it goes back to the supply."""
        if hit.kind != "strip":
            return False
        p, slot = hit.a, hit.b
        if self.phase == "place" and p == self.me:
            if self.strip == slot + 1:
                self._place(slot + 1)
            else:
                self.strip = slot + 1
            return True
        if self.phase == "take":
            if self.inspecting == (p, slot):
                self.board.focus_part(self.board.supply)
            else:
                self.looking = (p, slot)
            return True
        return False

    def sentence(self) -> str:
        """The strip under the cursor: what fits and breaks, or (looking) what it needs and its other side."""
        if self.inspecting is not None:
            p, slot = self.inspecting
            return self.strip_info(p, slot, owner=True)
        if self.phase != "place":
            return ""
        held = self.view["held"]
        if not self.board.places and self.board.can_break:
            return n_("No strip in reach has room for your {n} {glyph}: press b or Enter to break it.",
                      "No strip in reach has room for your {n} {glyph}: press b or Enter to break them.",
                      held["count"], glyph=self.glyph(held["colour"]))
        return self.strip_info(self.view["current"], self.strip - 1)

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
        if number in self.board.places:
            fit = held["fits"][slot]
            broken = held["count"] - fit
            if broken:
                return n_("{whose}: {fit} fit, {n} break; {detail}.", "{whose}: {fit} fit, {n} break; {detail}.",
                          broken, whose=whose, fit=fit, detail=detail)
            if held["count"] == 1:
                return _("{whose}: your piece fits; {detail}.", whose=whose, detail=detail)
            return _("{whose}: all {count} fit; {detail}.", whose=whose, count=held["count"], detail=detail)
        if slot < pl["glazier"]:
            return _("{whose} is left of your glazier; {detail}.", whose=whose, detail=detail)
        return _("{whose} has no free space for {glyph}; {detail}.", whose=whose, glyph=self.glyph(held["colour"]),
                 detail=detail)


class _Put(Protocol):
    """Draws ``text`` in a strip's column of one of a palace's rows, clickable where ``hit`` says."""

    def __call__(self, row: int, slot: int, text: str, style: Style | str = "", hit: Hit | None = None) -> None: ...
