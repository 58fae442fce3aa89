"""A multi-select whose ticks are moves: for an engine that builds a group one decision at a time.

An engine that forms a party, a hand to discard or a team by ``add x`` / ``drop x`` and then ``go`` keeps
the ticks in its state; this picker draws them from the view and turns each key into one of those moves:
space (or x) ticks or unticks the item under the cursor, Enter confirms, Escape gives up (when the game
allows it). Every key posts ``Chosen(action)``, the very action the game listed; a key with no action (too
few ticked, an item that cannot join) sets a notice instead and posts nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from boardgames.i18n import N_, _, n_
from boardgames.tui.asciimode import asciify
from boardgames.tui.glyphs import glyph
from boardgames.tui.keys import PartKey
from boardgames.tui.widgets.multiselect import MultiSelect, chosen_text


@dataclass(frozen=True)
class PickItem:
    """One item: its label, whether it is ticked now, the move that ticks it and the one that unticks it
    (None when there is none now), and a note drawn after the label (dim)."""

    label: str
    ticked: bool = False
    tick: Any = None
    untick: Any = None
    note: str = ""


class ActionPicker(MultiSelect):
    """Items a line with a box, the ticks as the game has them; up/down move, space ticks or unticks,
    Enter confirms, Escape gives up."""

    DEFAULT_CSS = """
    ActionPicker { height: auto; }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__([], ascii=ascii, id=id)
        self.picks: list[PickItem] = []
        self.confirm: Any = None
        self.cancel: Any = None
        self.heading = ""

    def set_items(self, picks: Sequence[PickItem], confirm: Any = None, cancel: Any = None, least: int = 0,
                  heading: str = "") -> None:
        """The items as the game has them now, the confirming move (None: not yet possible), the move that gives
        up, and the least to tick (said when Enter comes too early)."""
        self.picks = list(picks)
        self.items = [(pick.label, pick) for pick in self.picks]
        self.ticked = {i for i, pick in enumerate(self.picks) if pick.ticked}
        self.confirm, self.cancel, self.least, self.heading = confirm, cancel, least, heading
        self.most = len(self.picks)
        self.cursor = min(self.cursor, max(0, len(self.picks) - 1))
        self.refresh(layout=self.board is None)  # a board lays itself out when a part's height changes

    def draw(self) -> Text:
        plain = asciify if self.ascii else str
        out = Text()
        if self.heading:
            out.append(plain(self.heading) + "\n", "bold")
        for i, pick in enumerate(self.picks):
            box = glyph("selected" if pick.ticked else "unselected", self.ascii)
            usable = (pick.untick if pick.ticked else pick.tick) is not None
            style = "reverse" if i == self.cursor and self.is_active else ("" if usable else "dim")
            out.append(f"{box} {plain(pick.label)}", style)
            if pick.note:
                out.append(" " + plain(pick.note), "dim")
            out.append("\n")
        out.append(chosen_text(len(self.ticked), self.least), "dim")
        if self.notice:
            out.append("  " + self.notice, "red")
        return out

    def has_cancel(self) -> bool:
        return self.cancel is not None

    def give_up(self, key: str, character: str | None) -> bool:
        if self.cancel is None:
            return False
        self.choose(self.cancel)
        return True

    def toggle(self, key: str, character: str | None) -> bool:
        if not self.picks:
            return False
        pick = self.picks[self.cursor]
        action = pick.untick if pick.ticked else pick.tick
        if action is None:
            self.notice = _("{label} cannot be chosen now.", label=pick.label) if not pick.ticked else \
                _("{label} cannot be taken out now.", label=pick.label)
            return True
        self.notice = ""
        self.choose(action)
        return True

    def accept(self, key: str, character: str | None) -> bool:
        if not self.picks:
            return False
        if self.confirm is None:
            self.notice = n_("Choose at least {n}.", "Choose at least {n}.", max(1, self.least))
            return True
        self.notice = ""
        self.choose(self.confirm)
        return True

    KEYS = (
        *MultiSelect.KEYS,
        PartKey(("escape",), N_("back"), "give_up", when="has_cancel", help=N_("Give up.")),
    )

    def sentence(self) -> str:
        if not self.picks:
            return ""
        pick = self.picks[self.cursor]
        text = pick.label + (f" ({pick.note})" if pick.note else "")
        return text + ": " + (_("chosen; space takes it out") if pick.ticked else _("space chooses it"))
