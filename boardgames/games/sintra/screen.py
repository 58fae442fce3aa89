"""Sintra's board for the terminal shell: supply, palaces and an info line in one Rich Text.

Everything is drawn from ``view(seat)`` and the legal actions the host passes in;
the board never reads the state and submits only actions from the legal list.

Layout, top to bottom (4 players fit in 80x24):

- the factory displays on one line (``1 ♥♥●★``), the centre and the round on the next;
- one palace per player side by side: name, score and first-player marker;
  glazier (▼); strip numbers; the 5 rows of the 8 strips (hollow glyph = empty
  space of that colour, tile = placed glass, ✱ = joker space, ░ = removed strip);
  the two window rows; window values (◆ marks side A's ornaments); the
  broken-glass track;
- an info line about the thing under the cursor (for a strip: what fits, and its
  other side's pattern).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events

from boardgames.core.engine import Action, Game
from boardgames.games.sintra.data import SLOTS, STRIP_LEN, shared_rules
from boardgames.tui.board import Board
from boardgames.tui.canvas import Canvas, Hit, Palette, ellipsis, fit_name, shown, uses_ansi
from boardgames.tui.i18n import _

#: glass colour -> (style on a 16-colour/ANSI theme, style on a true-colour theme)
COLOUR_STYLES = Palette({
    "pink": ("bright_magenta", "#ff7ac6"),
    "orange": ("yellow", "#ff9d3b"),
    "yellow": ("bright_yellow", "#f5e663"),
    "green": ("green", "#5fd35f"),
    "blue": ("bright_blue", "#6fa0ff"),
    "joker": ("white", "#c0c0c0"),
})

#: the hollow twin of each glyph, for an empty pattern space (a filled one shows the solid glyph as a tile)
HOLLOW = {"♥": "♡", "●": "○", "★": "☆", "♣": "♧", "■": "□", "✱": "✳"}

TAKE_KEYS = "123456789"
#: the keys that jump to the centre: 0, c and C (a terminal may report shift+c)
CENTRE_KEYS = ("0", "c", "C", "shift+c")


class SintraBoard(Board):
    HELP_KEYS = [
        ("Take: left/right, h/l", "Move between the displays and the centre that hold glass."),
        ("Take: up/down, j/k", "Choose the colour in that display."),
        ("Take: 1-9, C or 0", "Jump to a display, or to the centre."),
        ("Take: P O Y G B", "Choose a colour by its letter."),
        ("Take: Enter or space", "Take all the glass of the chosen colour."),
        ("Take: r", "Reset your glazier to the leftmost strip (this is your whole turn; you are asked first)."),
        ("Take: Tab", "Look at the strips (left/right, up/down for other palaces); Tab again to come back."),
        ("Place: left/right, h/l, 1-8", "Choose one of your strips; legal strips are underlined."),
        ("Place: Enter or space", "Place the glass on that strip."),
        ("Place: b", "Break all the glass, when no strip in reach has room for it."),
        ("Keep: left/right, letters, digits", "Choose the colour that goes into the window."),
        ("Keep: Enter", "Put that piece into the window."),
        ("Mouse", "Click a colour in a display, a strip or a piece to select it; click again to confirm."),
    ]

    HELP_NOTES = """## Reading the board

- **Top line**: the factory displays, numbered; each glyph is one piece of glass.
  **Second line**: the centre with a count per colour (and **1st** while the
  first-player marker is still there), the round, its bonus colour, the
  colours of the later rounds, and the pieces in the bag and the tower.
- **Palaces**, one per player: **▶** marks the player to move, **1st** who holds
  the first-player marker, then the score. **▼** is the glazier, above one of
  the strips numbered 1 to 8.
- **Strips**: five rows, one per space. A hollow glyph (♡ ○ ☆ ♧ □) is an empty
  space asking for that colour, **✳** an empty joker space (any colour), a solid
  glyph on a coloured tile is glass already placed; **░** is a removed strip.
- **Windows**: the two rows under the strips are the top and bottom frame of
  each window (**·** empty). Under them the window values; on side A **◆**
  marks the ornaments between windows 1-2, 3-4, 5-6 and 7-8.
- **Broken**: the value of your broken-glass marker and how far it has gone
  down the track (the last space costs 18 points and starts again at the top).
- **Bonus** (when there is room): what the palace side's end-of-game bonus
  would give right now; on side B it also shows the colour that counts.
- **The line under the palaces** explains what the cursor is on: what a take
  does, how many pieces fit a strip and how many break, and the pattern on the
  strip's other side.
- With `--ascii` every colour shows its letter (P O Y G B, * for a joker): an
  upper-case letter is placed glass, a lower-case one an empty space; `v` is the
  glazier, `-` a removed strip, `+` an ornament.
"""

    DEFAULT_CSS = """
    SintraBoard { height: auto; padding: 0 0; }
    """

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        rules = shared_rules()
        self.colours = {c.id: c for c in (*rules.colours, rules.components.joker)}
        self.colour_ids = [c.id for c in rules.colours]
        self.canvas = Canvas()
        # cursor
        self.source: int | str | None = None  # 1..N or "C"
        self.colour: str | None = None
        self.strip = 1  # 1..8, in the place phase
        self.keep_colour: str | None = None
        self.inspecting: tuple[int, int] | None = None  # (player, slot) while looking at strips
        # legal moves, split by kind
        self.takes: list[tuple[int | str, str]] = []
        self.places: list[int] = []
        self.can_reset = False
        self.can_break = False
        self.keeps: list[str] = []

    # -- styles ---------------------------------------------------------------
    def style(self, colour: str, kind: str) -> Style:
        """kind: piece (glass in a display), tile (placed glass), empty (pattern space)."""
        return COLOUR_STYLES.style(colour, kind, uses_ansi(self))

    def glyph(self, colour: str, empty: bool = False) -> str:
        col = self.colours[colour]
        if self.ascii:
            return col.letter.lower() if empty and col.letter.isalpha() else col.letter
        return HOLLOW.get(col.glyph, col.glyph) if empty else col.glyph

    def player_name(self, p: int) -> str:
        """Player ``p``'s name as typed, made safe to draw (plain text, one line; ASCII in ASCII mode)."""
        return shown(self.view["players"][p]["name"], self.ascii)

    def name_of(self, colour: str) -> str:
        return self.colours[colour].name.lower()

    # -- state from the host ----------------------------------------------------
    def show(self, view: dict[str, Any], legal: list[Action], seat: int | None, interactive: bool) -> None:
        self.takes = [(a.args[0], a.args[1]) for a in legal if a.name == "take" and len(a.args) == 2]
        self.places = [a.args[0] for a in legal if a.name == "place" and a.args]
        self.can_reset = any(a.name == "reset" for a in legal)
        self.can_break = any(a.name == "break" for a in legal)
        self.keeps = [a.args[0] for a in legal if a.name == "keep" and a.args]
        phase = view.get("phase")
        if interactive and phase == "take":
            if (self.source, self.colour) not in self.takes:
                same_source = [t for t in self.takes if t[0] == self.source]
                first = same_source[0] if same_source else (self.takes[0] if self.takes else (None, None))
                self.source, self.colour = first
        if interactive and phase == "place" and view.get("current") is not None:
            glazier = view["players"][view["current"]]["glazier"] + 1
            self.strip = glazier if glazier in self.places else (self.places[0] if self.places else glazier)
        if interactive and phase == "keep":
            self.keep_colour = self.keeps[0] if self.keeps else None
        if phase != "take":
            self.inspecting = None
        super().show(view, legal, seat, interactive)

    @property
    def phase(self) -> str:
        return (self.view or {}).get("phase", "over")

    @property
    def me(self) -> int | None:
        return (self.view or {}).get("current")

    # -- rendering -------------------------------------------------------------
    def render(self) -> Text:
        return self.canvas.text() if self.draw() else Text("")

    def board_lines(self) -> list[Text]:
        self.draw()
        return self.canvas.lines

    def draw(self) -> bool:
        """Draw the board on a new canvas; False when there is nothing to draw yet."""
        self.canvas = Canvas()
        if self.view is None:
            return False
        width = max(self.size.width, 40)
        roomy = self.app.size.height >= 28 if self.is_mounted else False
        self._render_supply(width)
        self.canvas.new_line()
        self._render_palaces(width, roomy)
        self._render_info(width)
        return True

    def sources(self) -> list[int | str]:
        return [*range(1, len(self.view["factories"]) + 1), "C"]

    def _take_cursor(self) -> bool:
        return self.interactive and self.phase == "take" and self.inspecting is None

    def _render_supply(self, width: int) -> None:
        view, c = self.view, self.canvas
        line = c.new_line()
        cursor = self._take_cursor()
        factories = view["factories"]
        cell = max(8, min(12, width // max(1, len(factories))))
        for i, contents in enumerate(factories, 1):
            c.pad(line, (i - 1) * cell)
            chosen = cursor and self.source == i
            c.add(line, str(i), "bold reverse" if chosen else "bold", Hit("source", i))
            c.add(line, " ")
            if not contents:
                c.add(line, "----" if self.ascii else "····", "dim")
                continue
            for colour in self.colour_ids:
                count = contents.get(colour, 0)
                if not count:
                    continue
                style = self.style(colour, "piece")
                if chosen and self.colour == colour:
                    style = style + Style(reverse=True)
                c.add(line, self.glyph(colour) * count, style, Hit("take", i, colour))
        # the centre, then the round
        line = c.new_line()
        chosen = cursor and self.source == "C"
        c.add(line, _("Centre"), "bold reverse" if chosen else "bold", Hit("source", "C"))
        if view["marker_in_centre"]:
            c.add(line, " " + _("1st"), "bold underline")
        if not view["centre"]:
            c.add(line, " " + _("(empty)"), "dim")
        for colour in self.colour_ids:
            count = view["centre"].get(colour, 0)
            if not count:
                continue
            c.add(line, " ")
            style = self.style(colour, "piece")
            if chosen and self.colour == colour:
                style = style + Style(reverse=True)
            c.add(line, f"{self.glyph(colour)}{count}", style, Hit("take", "C", colour))
        round_colour = view["round_colour"]
        bonus = self.glyph(round_colour) if round_colour else ""
        colour = self.name_of(round_colour) if round_colour else ""
        later = "".join(self.glyph(col) for col in view["indicator"][1:])
        mark = "\0"  # stands for the bonus glyph until it is drawn in its colour
        values = dict(n=view["round"], total=view["rounds"], glyph=mark, colour=colour, later=later, bag=view["bag"],
                      tower=view["tower"])
        sep = ", " if self.ascii else " · "
        if not round_colour:  # the game is over: no round bonus to show
            options = [
                _("All {total} rounds played{sep}bag {bag}{sep}tower {tower}", sep=sep, **values),
                _("All {total} rounds played", **values),
            ]
        elif later:
            options = [
                _("Round {n} of {total}, bonus {glyph} {colour}, later {later}{sep}bag {bag}{sep}tower {tower}",
                  sep=sep, **values),
                _("Round {n} of {total}, bonus {glyph} {colour}{sep}bag {bag}{sep}tower {tower}", sep=sep,
                  **values),
            ]
        else:
            options = [_("Round {n} of {total}, bonus {glyph} {colour}{sep}bag {bag}{sep}tower {tower}", sep=sep,
                         **values)]
        if round_colour:
            options += [_("Round {n}/{total} bonus {glyph}{sep}bag {bag}{sep}tower {tower}", sep=sep, **values),
                        _("Round {n}/{total} bonus {glyph}", **values)]
        for right in options:
            if line.cell_len + 2 + len(right) <= width:
                break
        c.pad(line, width - len(right))
        head, _mark, tail = right.partition(mark)
        line.append(head)
        if _mark:
            line.append(bonus, self.style(round_colour, "piece") if round_colour else "")
        line.append(tail)

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
        mark = (">" if self.ascii else "▶") if current else " "
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
        put(1, pl["glazier"], "v" if self.ascii else "▼", "bold")
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
                    put(3 + k, slot, "-" if self.ascii else "░", "dim", hit)
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
                put(row, slot, "-" if self.ascii else "─", "dim")
            row += 1
        # windows: top and bottom frame spaces
        for half in (0, 1):
            for slot in range(SLOTS):
                piece = pl["windows"][slot][half]
                if piece is None:
                    put(row, slot, "." if self.ascii else "·", "dim", Hit("strip", p, slot))
                else:
                    put(row, slot, self.glyph(piece), self.style(piece, "tile"), Hit("strip", p, slot))
            row += 1
        # window values, with side A's ornaments between the pairs
        for slot, value in enumerate(view["window_values"]):
            put(row, slot, str(value), "dim")
            if ornaments and slot % 2 == 0:
                lines[row].append("+" if self.ascii else "◆", "dim")
        row += 1
        # broken-glass track
        track = view["broken_track"]
        steps = len(track) - 1
        pos = pl["track"]
        bar = ("#" * pos + "-" * (steps - 1 - pos)) if self.ascii else ("▮" * pos + "▯" * (steps - 1 - pos))
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

    # -- keys ------------------------------------------------------------------
    def key_hints(self) -> list[tuple[str, str]]:
        if self.view is None or not self.interactive:
            return []
        lr = _("Left/Right") if self.ascii else "←→"
        ud = _("Up/Down") if self.ascii else "↑↓"
        if self.inspecting is not None:
            return [(lr, _("strip")), (ud, _("palace")), ("Tab", _("back"))]
        if self.phase == "take":
            hints = [(lr, _("source")), (ud, _("colour")), ("Enter", _("take"))]
            if self.can_reset:
                hints.append(("r", _("reset")))
            return hints
        if self.phase == "place":
            if not self.places and self.can_break:
                return [("b", _("break"))]
            hints = [(lr, _("strip")), ("Enter", _("place"))]
            if self.can_break:
                hints.append(("b", _("break")))
            return hints
        if self.phase == "keep":
            return [(lr, _("colour")), ("Enter", _("keep"))]
        return []

    def on_key(self, event: events.Key) -> None:
        if self.view is None or not self.interactive:
            return
        if self.inspecting is not None:
            handled = self._key_inspect(event.key)
        elif self.phase == "take":
            handled = self._key_take(event.key, event.character)
        elif self.phase == "place":
            handled = self._key_place(event.key)
        elif self.phase == "keep":
            handled = self._key_keep(event.key, event.character)
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()
            self.refresh()

    def _colour_for_letter(self, character: str | None) -> str | None:
        if not character or len(character) != 1:
            return None
        for colour in self.colour_ids:
            if self.colours[colour].letter.lower() == character.lower():
                return colour
        return None

    def _key_take(self, key: str, character: str | None) -> bool:
        sources = [s for s in self.sources() if any(t[0] == s for t in self.takes)]
        if key in ("left", "h", "right", "l") and sources:
            step = -1 if key in ("left", "h") else 1
            index = sources.index(self.source) if self.source in sources else -step
            self._select_source(sources[(index + step) % len(sources)])
            return True
        if key in ("up", "k", "down", "j") and self.source is not None:
            colours = [t[1] for t in self.takes if t[0] == self.source]
            step = -1 if key in ("up", "k") else 1
            index = colours.index(self.colour) if self.colour in colours else 0
            self.colour = colours[(index + step) % len(colours)]
            return True
        if key in TAKE_KEYS or key in CENTRE_KEYS:
            target: int | str = "C" if key in CENTRE_KEYS else int(key)
            if target != "C" and target > len(self.view["factories"]):
                self.notice(_("There is no display {n}; the displays are 1 to {last}.", n=target,
                              last=len(self.view["factories"])), error=True)
            elif target not in sources:
                where = _("The centre") if target == "C" else _("Display {n}", n=target)
                self.notice(_("{where} is empty.", where=where), error=True)
            else:
                self._select_source(target)
            return True
        colour = self._colour_for_letter(character)
        if colour is not None:
            if (self.source, colour) in self.takes:
                self.colour = colour
            else:
                where = _("the centre") if self.source == "C" else _("display {n}", n=self.source)
                self.notice(_("There is no {colour} glass on {where}.", colour=self.name_of(colour), where=where),
                            error=True)
            return True
        if key in ("enter", "space"):
            if self.source is not None and self.colour is not None:
                self.submit(self.pick("take", self.source, self.colour))
            elif self.can_reset:
                self.notice(_("No glass can be taken; press r to reset your glazier."), error=True)
            return True
        if key == "r":
            self._ask_reset()
            return True
        if key == "tab":
            me = self.me if self.me is not None else 0
            self.inspecting = (me, self.view["players"][me]["glazier"])
            self.post_message(self.HintsChanged())
            return True
        return False

    def _ask_reset(self) -> None:
        """``r``: resetting the glazier is the whole turn and cannot be undone, so ask first."""
        if not self.can_reset:
            self.submit(None, _("You cannot reset your glazier now: it has no strip to its left to move back "
                                "to. Take glass instead."))
            return
        from boardgames.tui.screens.confirm import ConfirmScreen

        def answered(reset: bool | None) -> None:
            if reset and self.can_reset and self.interactive:
                self.submit(self.pick("reset"))

        question = _("Reset your glazier to the leftmost strip? That is your whole turn: you take no glass, "
                     "and it cannot be undone.")
        self.app.push_screen(ConfirmScreen(question), answered)

    def _select_source(self, source: int | str) -> None:
        colours = [t[1] for t in self.takes if t[0] == source]
        self.source = source
        if self.colour not in colours:
            self.colour = colours[0] if colours else None

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
            self.post_message(self.HintsChanged())
            return True
        else:
            return False
        self.inspecting = (p, slot)
        return True

    # -- mouse -----------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.view is None:
            return
        hit = self.canvas.hit_at(offset.x, offset.y)
        if hit is None:
            return
        event.stop()
        if hit.kind == "strip":
            self._click_strip(hit.a, hit.b)
        elif hit.kind == "take" and self._take_cursor():
            if (self.source, self.colour) == (hit.a, hit.b):
                self.submit(self.pick("take", hit.a, hit.b))
            elif (hit.a, hit.b) in self.takes:
                self.source, self.colour = hit.a, hit.b
        elif hit.kind == "source" and self._take_cursor():
            if any(t[0] == hit.a for t in self.takes):
                self._select_source(hit.a)
        elif hit.kind == "keep" and self.interactive and self.phase == "keep":
            if self.keep_colour == hit.a:
                self.submit(self.pick("keep", hit.a))
            else:
                self.keep_colour = hit.a
        self.refresh()

    def _click_strip(self, p: int, slot: int) -> None:
        if self.interactive and self.phase == "place" and p == self.me:
            if self.strip == slot + 1:
                self._place(slot + 1)
            else:
                self.strip = slot + 1
            return
        self.inspecting = None if self.inspecting == (p, slot) else (p, slot)
        self.post_message(self.HintsChanged())


def make_board(game: Game, *, ascii: bool = False) -> SintraBoard:
    """The factory the shell looks up (see boardgames.tui.board.board_for)."""
    return SintraBoard(game, ascii=ascii)
