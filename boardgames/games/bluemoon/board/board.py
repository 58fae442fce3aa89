"""Blue Moon City's board: the city and the panel beside it, the hand, the boxes and the status line put
together, what they share, and the single-letter keys that belong to no part."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.app import ComposeResult
from textual.containers import Horizontal

from boardgames.core.engine import Action, Game
from boardgames.games.bluemoon.board.boxes import BoxesPart
from boardgames.games.bluemoon.board.city import CityPart
from boardgames.games.bluemoon.board.common import ASCII, DRAGONS, PEOPLE, Layout, cell_pos
from boardgames.games.bluemoon.board.hand import HandPart
from boardgames.games.bluemoon.board.help import HELP_MOUSE, HELP_NOTES, HELP_TAB
from boardgames.games.bluemoon.board.players import PanelPart
from boardgames.games.bluemoon.board.status import StatusPart
from boardgames.i18n import N_, _
from boardgames.tui.board import Board
from boardgames.tui.canvas import shown, uses_ansi
from boardgames.tui.keys import DIGITS, PartKey
from boardgames.tui.widgets.part import SEATS, BoardPart


class BlueMoonBoard(Board):
    """Tab goes boxes, hand, city while acting (city, hand otherwise); a new decision starts on the part it
    needs. While a tile is chosen for a power (the city) or a Lux's people (the hand), Tab stays put."""

    PARTS = (CityPart, PanelPart, HandPart, BoxesPart, StatusPart)
    city: CityPart
    panel: PanelPart
    hand_part: HandPart
    boxes: BoxesPart
    status: StatusPart
    HELP_TAB = HELP_TAB
    HELP_MOUSE = HELP_MOUSE
    HELP_NOTES = HELP_NOTES  # translated where shown (tui/screens/help.py)

    DEFAULT_CSS = """
    BlueMoonBoard > Horizontal { height: auto; }
    """

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        #: whether the last :meth:`show` started a new decision, and moved the figure
        self.fresh = True
        self.moved = False
        self._position: str | None = None

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield self.city
            yield self.panel
        yield self.hand_part
        yield self.boxes
        yield self.status

    # -- small helpers the parts share --------------------------------------------
    def g(self, glyph: str) -> str:
        return ASCII.get(glyph, glyph) if self.ascii else glyph

    def people_style(self, people: str) -> Style:
        return PEOPLE.style(people, "piece", uses_ansi(self))

    def seat_style(self, seat: int) -> Style:
        return SEATS.style(str(seat % 4), "tile", uses_ansi(self))

    def dragon_style(self, dragon: str) -> Style:
        return DRAGONS.style(dragon, "tile", uses_ansi(self))

    @property
    def phase(self) -> str:
        return (self.view or {}).get("phase", "over")

    @property
    def me(self) -> dict[str, Any] | None:
        """The player entry of the seat at the keyboard."""
        seat = (self.view or {}).get("seat")
        return None if seat is None else self.shown["players"][seat]

    @property
    def hand(self) -> list[str]:
        me = self.me
        return list(me.get("hand") or []) if me else []

    def player_name(self, p: int) -> str:
        """Player ``p``'s name as typed, made safe to draw (plain text, one line; ASCII in ASCII mode)."""
        return shown(self.shown["players"][p]["name"], self.ascii)

    def people_name(self, people: str) -> str:
        for p in (self.view or {}).get("peoples", ()):
            if p["id"] == people:
                return _(p["name"])
        return _("any colour") if people == "any" else people

    def dragon_of(self, card: str) -> str:
        """The dragon colour of the people of ``card`` ('?' for a people without one)."""
        for p in (self.view or {}).get("peoples", ()):
            if p["id"] == card[:2]:
                return p.get("dragon") or "?"
        return "?"

    def cell_at(self, cell: str) -> dict[str, Any] | None:
        col, row = cell_pos(cell)
        return self.shown["cells"][row][col]

    def here(self) -> dict[str, Any] | None:
        """The tile the figure of the seat at the keyboard stands on."""
        me = self.me
        return self.cell_at(me["position"]) if me else None

    def box_label(self, box: dict[str, Any]) -> str:
        if box["marker"] is not None:
            return f"[{box['marker'] + 1}]"
        colour = box["colour"]
        return f"*{box['value']}" if colour == "any" else f"{colour.capitalize()}{box['value']}"

    def city_layout(self) -> Layout:
        width = self.size.width or (self.app.size.width if self.is_mounted else 80)
        return Layout.for_size(width, self.screen_height)

    # -- the legal list, filtered ------------------------------------------------
    def actions(self, name: str, *prefix: Any) -> list[Action]:
        n = len(prefix)
        return [a for a in self.legal if a.name == name and a.args[:n] == prefix]

    def go_cells(self) -> dict[str, Action]:
        return {a.args[0]: a for a in self.actions("go") if a.args}

    def box_actions(self) -> dict[int, Action]:
        return {a.args[0]: a for a in self.actions("box") if a.args}

    def card_uses(self, card: str) -> list[Action]:
        """The legal actions that use ``card`` from the hand (add, discard, play, pair)."""
        uses = [a for a in self.legal if a.name in ("add", "discard", "play") and a.args and a.args[0] == card]
        uses += [a for a in self.actions("pair") if card in a.args]
        return uses

    def send(self, action: Action | None, why_not: str = "") -> None:
        """Submit ``action`` if the engine listed it; otherwise say why nothing happened."""
        if action is not None and action in self.legal:
            self.submit(action)
        elif why_not:
            self.submit(None, why_not)

    # -- state from the host -----------------------------------------------------
    def update(self) -> None:
        view, legal, seat = self.shown, self.legal, self.seat
        phase = view.get("phase")
        # a new decision puts the cursor where it is most useful; a Pillar that may follow an offering is one
        pillar = phase == "act" and any(a.name == "play" for a in legal)
        self.fresh = self.decision_shown((seat, view.get("current"), phase, self.interactive, pillar))
        me = view["players"][seat] if seat is not None else None
        self.moved = me is not None and me["position"] != self._position
        self._position = me["position"] if me is not None else None
        if self.hand_part.lux is not None:
            self._active = None  # a Lux's people half chosen: start again on :meth:`default_part`
        self.city.target = None
        self.hand_part.lux = None
        self.hand_part.pair_first = None
        self.boxes.display = self.boxes.takes_focus()

    # -- the parts in use ----------------------------------------------------------
    def focus_order(self) -> list[BoardPart]:
        if self.city.target is not None:
            return [self.city]  # Tab never leaves a choice half made
        if self.hand_part.lux is not None:
            return [self.hand_part]
        if self.phase == "act":
            parts: list[BoardPart] = [self.boxes, self.hand_part, self.city]
        else:
            parts = [self.city, self.hand_part]
        return [part for part in parts if part.takes_focus()]

    def default_part(self) -> BoardPart | None:
        phase = self.phase
        if phase in ("pay", "replenish"):
            return self.hand_part
        if phase == "act":
            if self.box_actions():
                return self.boxes
            if self.actions("play"):
                return self.hand_part
        return self.city

    def paying_first(self) -> str:
        """While a contribution is being paid, why nothing else can happen yet ('' otherwise)."""
        if self.phase == "pay":
            return _("Finish paying the box first, or press c to cancel the contribution.")
        return ""

    def offers(self, action: str) -> bool:
        return bool(self.actions(action))

    def press(self, row: PartKey, key: str) -> bool:
        """A letter: its action, or why not (while a box is being paid, that comes first for end and draw)."""
        first = self.paying_first() if row.action in ("end", "draw") else ""
        self.send(self.pick(row.action), first or _(row.why))
        return True

    def extra_works(self) -> bool:
        return bool(self.actions("extra"))

    def extra_key(self, key: str, character: str | None) -> bool:
        """x: the extra action of an expansion tile, or the tile it goes to first (the Main Hall's)."""
        if self.pick("extra") is not None:
            self.send(self.pick("extra"))
        elif self.actions("extra"):
            self.city.choose_target(("extra", ()), self.me["position"] if self.me else self.city.cell)
        else:
            self.notice(_("No extra action is possible here now."), error=True)
        return True

    def box_digit(self, key: str, character: str | None) -> bool:
        """A box's digit, from anywhere on the board while acting."""
        if self.phase != "act":
            return False
        self.boxes.select(int(key))
        return True

    #: the single-letter keys of the turn, and a box's digit
    KEYS = (
        PartKey(("s",), N_("stop"), action="stop", why=N_("You are not moving now."),
                help=N_("Stop moving and go on to contributing or offering.")),
        PartKey(("o",), N_("offer"), action="offer", why=N_("No offering is possible now: only on the courtyard, "
                "once a turn, without a contribution, with crystals enough."),
                help=N_("Make an offering on the courtyard.")),
        PartKey(("x",), N_("extra"), "extra_key", when="extra_works",
                help=N_("Use the extra action of an expansion tile.")),
        PartKey(("e",), N_("end"), action="end", why=N_("Ending the actions is only possible after moving."),
                help=N_("End your actions and go on to discarding and drawing.")),
        PartKey(("c",), N_("cancel"), action="cancel", why=N_("No contribution is being paid."),
                help=N_("Cancel the contribution being built: its cards go back to your hand.")),
        PartKey(("d",), N_("draw"), action="draw", why=N_("Drawing comes at the end of the turn."),
                help=N_("Draw your cards and end the turn.")),
        PartKey(DIGITS, do="box_digit",
                help=N_("Choose a box of the building you stand on, from anywhere on the board."),
                help_keys=N_("Boxes: 1-9")),
    )
