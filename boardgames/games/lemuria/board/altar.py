"""The star altar: one line a section (its spaces, the kind of matter in it, what it yields now)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from boardgames.core.engine import Action
from boardgames.games.lemuria import words
from boardgames.games.lemuria.board.common import KIND_LETTER, MATTER, LemuriaPart, letter, rules
from boardgames.i18n import N_, _, n_
from boardgames.tui.canvas import Hit
from boardgames.tui.keys import DIGITS, ENTER, HOME_END, UP_DOWN, PartKey


class AltarPart(LemuriaPart):
    """A header and nine lines: ``0 12#. v 3/4 Food/Gold``: the section's number, its spaces (a seat's number
    for its matter, ``#`` a filler, ``.`` empty), the kind of matter in it (v, m or -), spaces used of its size,
    and what vegetable / mineral matter yields there now. Up/down choose a section; Enter plants in it or
    harvests it; v and m plant that kind there."""

    HIT_KIND = "section"
    HELP_TITLE = N_("Altar")

    DEFAULT_CSS = """
    AltarPart { width: 29; }
    """

    cursor = 0

    def title(self) -> str:
        return _("altar")

    def sections(self) -> list[dict[str, Any]]:
        return self.view["altar"]["sections"]

    def draw_canvas(self) -> None:
        view = self.view
        head = self.canvas.new_line()
        head.append(_("Altar"), "bold")
        head.append(_(" turned {n}", n=view["altar"]["turns"]) + "  ", "dim")
        head.append(_("veg/min"), "dim")
        yields = view["yields"]
        names = self.width >= 29
        for i, section in enumerate(self.sections()):
            line = self.canvas.new_line()
            self._section(line, i, section, yields[i], names)
            if self.is_active and i == self.cursor and self.interactive:
                line.stylize("reverse")
            self.canvas.add_hit(i + 1, 0, line.cell_len, Hit("section", i))

    def _section(self, line: Text, i: int, section: dict[str, Any], yields: list[str], names: bool) -> None:
        mine = self.section_actions(i)
        line.append(self.g("choosable") if mine else " ", "bold")
        line.append(f"{i} ")
        used = 0
        for seat_key, count in sorted(section["matter"].items()):
            seat = int(seat_key)
            line.append(str(seat + 1) * count, self.seat_style(seat))
            used += count
        line.append("#" * section["fillers"], "dim")
        used += section["fillers"]
        line.append(self.g("empty") * (section["size"] - used), "dim")
        line.append(" " * (4 - section["size"]) + " ")
        kind = section["kind"]
        line.append(KIND_LETTER[kind], self.kind_style(kind))
        line.append(f" {used}/{section['size']} ", "bold" if used == section["size"] else "")
        for k, (matter, resource) in enumerate(zip(MATTER, yields)):
            if k:
                line.append("/")
            word = _(rules().resource[resource].name) if names else letter(resource)
            bright = kind in (None, matter)
            line.append(word, self.kind_style(matter) + Style(bold=bright, dim=not bright))

    def section_actions(self, i: int) -> list[Action]:
        """The legal actions on section ``i`` (plant there, harvest it, or a card's choice of a section)."""
        out = []
        for action in self.board.legal:
            if action.name in ("put", "take", "section") and action.args and action.args[0] == i:
                out.append(action)
        return out

    def takes_focus(self) -> bool:
        return self.interactive

    def entered(self) -> None:
        marked = [i for i in range(len(self.sections())) if self.section_actions(i)]
        if marked and not self.section_actions(self.cursor):
            self.cursor = marked[0]

    FIRST_DIGIT = 0

    def count(self) -> int:
        return len(self.sections())

    def several_here(self) -> bool:
        return len(self.section_actions(self.cursor)) > 1

    def plant_kind(self, key: str, character: str | None) -> bool:
        kind = "vegetable" if key == "v" else "mineral"
        self.board.submit(self.board.pick("put", self.cursor, kind),
                          _("No {kind} matter can be planted in section {n} now.", kind=words.kind(kind),
                            n=self.cursor))
        return True

    def use(self) -> None:
        actions = self.section_actions(self.cursor)
        if len(actions) == 1:
            self.board.submit(actions[0])
        elif actions:  # vegetable or mineral: the list of moves shows just those (v or m picks one here)
            self.board.choose_among(actions)
        else:
            self.board.submit(None, _("Nothing can be done with section {n} now.", n=self.cursor))

    def enter_hint(self) -> tuple[str, str] | None:
        """Enter's word: what it does to the section (the line under the board gives the move's whole label)."""
        actions = self.section_actions(self.cursor)
        if len(actions) != 1:
            return None
        return "Enter", {"put": _("plant"), "take": _("harvest")}.get(actions[0].name, _("choose"))

    KEYS = (
        PartKey(("up", "k", "down", "j"), N_("section"), "cursor_step", label=UP_DOWN,
                help=N_("Choose a section.")),
        PartKey(HOME_END, do="cursor_ends", help=N_("Choose a section.")),
        PartKey(("0", *DIGITS), do="cursor_jump", help=N_("Choose a section."), help_keys="0-8"),
        PartKey(ENTER, do="cursor_use", hint="enter_hint", help=N_("Plant in the section, or harvest it.")),
        PartKey(("v", "m"), N_("plant"), "plant_kind", when="several_here", label="v/m",
                help=N_("Plant vegetable or mineral matter in the section.")),
    )

    def sentence(self) -> str:
        i = self.cursor
        section = self.sections()[i]
        yields = self.view["yields"][i]
        owners = ", ".join(f"{self.player_name(int(s))} {n}" for s, n in sorted(section["matter"].items()))
        used = sum(section["matter"].values()) + section["fillers"]
        said = {"n": i, "used": used, "size": section["size"], "kind": words.kind(section["kind"])}
        if section["kind"] is None:
            text = _("Section {n}: {used} of {size} spaces, no player matter", **said)
        else:
            text = _("Section {n}: {used} of {size} spaces, {kind} matter", **said)
        if owners:
            text += f" ({owners})"
        if section["fillers"]:
            text += n_(", {n} filler", ", {n} fillers", section["fillers"])
        text += _("; yields {veg} for vegetable, {min} for mineral.", veg=words.resource(yields[0]),
                  min=words.resource(yields[1]))
        actions = self.section_actions(i)
        if len(actions) == 1:  # the move Enter plays, first: the key bar gives only its word
            text = _("Enter: {label}.", label=self.board.label(self.board.legal.index(actions[0]))) + " " + text
        return text
