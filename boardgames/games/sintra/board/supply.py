"""The supply of Sintra's board: displays, centre, round line; taking glass."""

from __future__ import annotations

from rich.style import Style

from boardgames.core.engine import Action
from boardgames.games.sintra.board.common import CENTRE_KEYS, COLOUR_KEYS, TAKE_KEYS, SintraPart
from boardgames.games.sintra.words import glass_glyph
from boardgames.i18n import N_, _, n_, p_
from boardgames.tui.canvas import Hit
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import ENTER, LEFT_RIGHT, UP_DOWN, PartKey


class SupplyPart(SintraPart):
    """The supply: the factory displays and the centre, and the take phase's keys."""

    HELP_TITLE = N_("Take")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.source: int | str | None = None  # 1..N or "C"
        self.colour: str | None = None

    def takes_focus(self) -> bool:
        return self.phase == "take"

    def update(self) -> None:
        """A new view: keep the cursor on a take that is still legal, else the first of its display, else the first."""
        takes = self.board.takes
        if self.interactive and self.phase == "take" and (self.source, self.colour) not in takes:
            same_source = [t for t in takes if t[0] == self.source]
            first = same_source[0] if same_source else (takes[0] if takes else (None, None))
            self.source, self.colour = first

    def sources(self) -> list[int | str]:
        return [*range(1, len(self.view["factories"]) + 1), "C"]

    def _take_cursor(self) -> bool:
        return self.interactive and self.phase == "take" and self.board.active is self

    def draw_canvas(self) -> None:
        view, c = self.view, self.canvas
        width = max(self.draw_width, 40)
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
                c.add(line, glyph("empty_row", self.ascii), "dim")
                continue
            for colour in self.board.colour_ids:
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
        c.add(line, self.words(_("Centre")), "bold reverse" if chosen else "bold", Hit("source", "C"))
        if view["marker_in_centre"]:
            c.add(line, " " + self.words(_("1st")), "bold underline")
        if not view["centre"]:
            c.add(line, " " + self.words(p_("the centre of the table", "(empty)")), "dim")
        for colour in self.board.colour_ids:
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
        sep = glyph("separator", self.ascii)
        if not round_colour:  # the game is over: no round bonus to show
            options = [
                _("All {total} rounds played{sep}bag {bag}{sep}tower {tower}", sep=sep, **values),
                _("All {total} rounds played", **values),
            ]
        elif later:  # shorter and shorter, the later rounds' colours kept in every one
            options = [
                _("Round {n} of {total}, bonus {glyph} {colour}, later {later}{sep}bag {bag}{sep}tower {tower}",
                  sep=sep, **values),
                _("Round {n} of {total}, bonus {glyph}, later {later}{sep}bag {bag}{sep}tower {tower}", sep=sep,
                  **values),
                _("Round {n}/{total} bonus {glyph}, later {later}{sep}bag {bag}{sep}tower {tower}", sep=sep,
                  **values),
                _("Round {n}/{total} bonus {glyph}, later {later}", **values),
            ]
        else:
            options = [_("Round {n} of {total}, bonus {glyph} {colour}{sep}bag {bag}{sep}tower {tower}", sep=sep,
                         **values),
                       _("Round {n}/{total} bonus {glyph}{sep}bag {bag}{sep}tower {tower}", sep=sep, **values),
                       _("Round {n}/{total} bonus {glyph}", **values)]
        options = [self.words(option) for option in options]
        for right in options:
            if line.cell_len + 2 + len(right) <= width:
                break
        c.pad(line, width - len(right))
        head, _mark, tail = right.partition(mark)
        line.append(head)
        if _mark:
            line.append(bonus, self.style(round_colour, "piece") if round_colour else "")
        line.append(tail)

    def _sources(self) -> list[int | str]:
        """The sources that hold glass to take."""
        takes = self.board.takes
        return [s for s in self.sources() if any(t[0] == s for t in takes)]

    def step_source(self, key: str, character: str | None) -> bool:
        sources = self._sources()
        if not sources:
            return False
        step = -1 if key in ("left", "h") else 1
        index = sources.index(self.source) if self.source in sources else -step
        self._select_source(sources[(index + step) % len(sources)])
        return True

    def point_at(self, action: Action) -> bool:
        """A hint's take: the cursor on its display and colour (Enter takes it)."""
        if action.name != "take" or tuple(action.args) not in self.board.takes:
            return False
        self.source, self.colour = action.args[0], action.args[1]
        return True

    def step_colour(self, key: str, character: str | None) -> bool:
        if self.source is None:
            return False
        colours = [t[1] for t in self.board.takes if t[0] == self.source]
        step = -1 if key in ("up", "k") else 1
        index = colours.index(self.colour) if self.colour in colours else 0
        self.colour = colours[(index + step) % len(colours)]
        return True

    def jump(self, key: str, character: str | None) -> bool:
        """A display's digit, or the centre's key."""
        target: int | str = "C" if key in CENTRE_KEYS else int(key)
        if isinstance(target, int) and target > len(self.view["factories"]):
            self.board.notice(_("There is no display {n}; the displays are 1 to {last}.", n=target,
                                last=len(self.view["factories"])), error=True)
        elif target not in self._sources():
            empty = _("The centre is empty.") if target == "C" else _("Display {n} is empty.", n=target)
            self.board.notice(empty, error=True)
        else:
            self._select_source(target)
        return True

    def pick_colour(self, key: str, character: str | None) -> bool:
        colour = self.board.colour_for_letter(character)
        if colour is None:
            return False
        if (self.source, colour) in self.board.takes:
            self.colour = colour
        else:
            if self.source == "C":
                missing = _("There is no {colour} glass on the centre.", colour=self.name_of(colour))
            else:
                missing = _("There is no {colour} glass on display {display}.", colour=self.name_of(colour),
                            display=self.source)
            self.board.notice(missing, error=True)
        return True

    def take(self, key: str, character: str | None) -> bool:
        if self.source is not None and self.colour is not None:
            self.board.submit(self.board.pick("take", self.source, self.colour))
        elif self.board.can_reset:
            self.board.notice(_("No glass can be taken; press r to reset your glazier."), error=True)
        return True

    def reset(self, key: str, character: str | None) -> bool:
        self._ask_reset()
        return True

    def can_reset(self) -> bool:
        return self.board.can_reset

    def click(self, hit: Hit) -> bool:
        """A first click on a colour selects it, a second takes it; a click on a display's number selects it."""
        if hit.kind == "take":
            if (self.source, self.colour) == (hit.a, hit.b):
                self.board.submit(self.board.pick("take", hit.a, hit.b))
            elif (hit.a, hit.b) in self.board.takes:
                self.source, self.colour = hit.a, hit.b
            return True
        if hit.kind == "source" and any(t[0] == hit.a for t in self.board.takes):
            self._select_source(hit.a)
            return True
        return False

    def _ask_reset(self) -> None:
        """``r``: resetting the glazier is the whole turn and cannot be undone, so ask first."""
        board = self.board
        if not board.can_reset:
            board.submit(None, _("You cannot reset your glazier now: it has no strip to its left to move back "
                                "to. Take glass instead."))
            return
        from boardgames.tui.screens.confirm import ConfirmScreen

        def answered(reset: bool | None) -> None:
            if reset and board.can_reset and board.interactive:
                board.submit(board.pick("reset"))

        question = _("Reset your glazier to the leftmost strip? That is your whole turn: you take no glass, "
                     "and it cannot be undone.")
        self.app.push_screen(ConfirmScreen(question), answered)

    def _select_source(self, source: int | str) -> None:
        colours = [t[1] for t in self.board.takes if t[0] == source]
        self.source = source
        if self.colour not in colours:
            self.colour = colours[0] if colours else None

    KEYS = (
        PartKey(("left", "h", "right", "l"), N_("source"), "step_source", label=LEFT_RIGHT,
                help=N_("Move between the displays and the centre that hold glass.")),
        PartKey(("up", "k", "down", "j"), N_("colour"), "step_colour", label=UP_DOWN,
                help=N_("Choose the colour in that display.")),
        PartKey((*TAKE_KEYS, *CENTRE_KEYS), do="jump", help=N_("Jump to a display, or to the centre."),
                help_keys="1-9, C, 0"),
        PartKey(COLOUR_KEYS, do="pick_colour", help=N_("Choose a colour by its letter."), help_keys="P O Y G B"),
        PartKey(ENTER, N_("take"), "take", help=N_("Take all the glass of the chosen colour.")),
        PartKey(("r",), N_("reset"), "reset", when="can_reset",
                help=N_("Reset your glazier to the leftmost strip (this is your whole turn; you are asked first).")),
    )

    def sentence(self) -> str:
        """What taking the glass under the cursor does."""
        view = self.view
        where, colour = self.source, self.colour
        if where is None or colour is None:
            return _("No glass can be taken: reset your glazier with r.")
        contents = view["factories"][where - 1] if isinstance(where, int) else view["centre"]
        count = contents.get(colour, 0)
        glyph = self.glyph(colour)
        others = sum(contents.values()) - count
        pieces = glass_glyph(count, colour, glyph)
        if where == "C":
            if view["marker_in_centre"]:
                return _("Centre: take {glass}, the first-player marker and 1 broken-glass step.", glass=pieces)
            return _("Centre: take {glass}.", glass=pieces)
        if others:
            return n_("Display {display}: take {glass}; the other {n} go to the centre.",
                      "Display {display}: take {glass}; the other {n} go to the centre.", others, display=where,
                      glass=pieces)
        return _("Display {display}: take {glass}.", display=where, glass=pieces)
