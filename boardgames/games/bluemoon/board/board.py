"""Blue Moon City's board widget: the zones put together, the cursor state, Tab between zones, clicks."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual import events

from boardgames.core.engine import Action, Game
from boardgames.games.bluemoon.board.boxes import BoxesZone
from boardgames.games.bluemoon.board.city import CityZone
from boardgames.games.bluemoon.board.common import (
    ASCII,
    DRAGONS,
    PEOPLE,
    SEATS,
    Layout,
    cell_pos,
)
from boardgames.games.bluemoon.board.hand import HandZone
from boardgames.games.bluemoon.board.help import HELP_KEYS, HELP_NOTES
from boardgames.games.bluemoon.board.players import PlayersPanel
from boardgames.games.bluemoon.board.status import StatusLine
from boardgames.tui.board import CanvasBoard
from boardgames.tui.canvas import shown, uses_ansi
from boardgames.tui.i18n import _


class BlueMoonBoard(CityZone, HandZone, BoxesZone, PlayersPanel, StatusLine, CanvasBoard):
    HELP_KEYS = HELP_KEYS

    HELP_NOTES = HELP_NOTES

    DEFAULT_CSS = """
    BlueMoonBoard { height: auto; padding: 0 0; }
    """

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        self.zone = "city"  # city | hand | boxes | people
        self.cell = "c3"
        self.card = 0  # index into the hand
        self.box = 1
        self.people_choice = 0
        #: a power or extra action waiting for its target: (action name, the arguments before the target)
        self.target: tuple[str, tuple] | None = None
        #: the Lux whose people is being chosen
        self.lux: str | None = None
        #: the first Mimix of a pair being chosen
        self.pair_first: str | None = None
        self._decision: tuple | None = None
        self._position: str | None = None
        #: the zone to go back to when a target choice is given up
        self._zone_before = "city"

    # -- small helpers ----------------------------------------------------------
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
        return None if seat is None else self.view["players"][seat]

    @property
    def hand(self) -> list[str]:
        me = self.me
        return list(me.get("hand") or []) if me else []

    def player_name(self, p: int) -> str:
        """Player ``p``'s name as typed, made safe to draw (plain text, one line; ASCII in ASCII mode)."""
        return shown(self.view["players"][p]["name"], self.ascii)

    def people_name(self, people: str) -> str:
        for p in (self.view or {}).get("peoples", ()):
            if p["id"] == people:
                return p["name"]
        return _("any colour") if people == "any" else people

    def cell_at(self, cell: str) -> dict[str, Any] | None:
        col, row = cell_pos(cell)
        return self.view["cells"][row][col]

    def box_label(self, box: dict[str, Any]) -> str:
        if box["marker"] is not None:
            return f"[{box['marker'] + 1}]"
        colour = box["colour"]
        return f"*{box['value']}" if colour == "any" else f"{colour.capitalize()}{box['value']}"

    # -- the legal list, filtered ------------------------------------------------
    def actions(self, name: str, *prefix: Any) -> list[Action]:
        n = len(prefix)
        return [a for a in self.legal if a.name == name and a.args[:n] == prefix]

    def legal_action(self, name: str, *args: Any) -> Action | None:
        return self.pick(name, *args)

    def targets(self) -> dict[str, Action]:
        """While choosing a target: target (cell or ``off``) -> the action that sends it."""
        if self.target is None:
            return {}
        name, prefix = self.target
        return {a.args[len(prefix)]: a for a in self.actions(name, *prefix) if len(a.args) == len(prefix) + 1}

    def go_cells(self) -> dict[str, Action]:
        return {a.args[0]: a for a in self.actions("go") if a.args}

    def box_actions(self) -> dict[int, Action]:
        return {a.args[0]: a for a in self.actions("box") if a.args}

    def card_uses(self, card: str) -> list[Action]:
        """The legal actions that use ``card`` from the hand (add, discard, play, pair)."""
        uses = [a for a in self.legal if a.name in ("add", "discard", "play") and a.args and a.args[0] == card]
        uses += [a for a in self.actions("pair") if card in a.args]
        return uses

    def lux_peoples(self) -> list[str]:
        return [a.args[1] for a in self.actions("play", self.lux) if len(a.args) == 2] if self.lux else []

    def send(self, action: Action | None, why_not: str = "") -> None:
        """Submit ``action`` if the engine listed it; otherwise say why nothing happened."""
        if action is not None and action in self.legal:
            self.submit(action)
        elif why_not:
            self.submit(None, why_not)

    # -- state from the host -----------------------------------------------------
    def show(self, view: dict[str, Any], legal: list[Action], seat: int | None, interactive: bool) -> None:
        phase = view.get("phase")
        # a new decision puts the cursor where it is most useful; a Pillar that may follow an offering is one
        pillar = phase == "act" and any(a.name == "play" for a in legal)
        decision = (seat, view.get("current"), phase, interactive, pillar)
        fresh = decision != self._decision
        self._decision = decision
        self.target = None
        self.lux = None
        self.pair_first = None
        self.view, self.legal = view, list(legal)
        me = view["players"][seat] if seat is not None else None
        moved = me is not None and me["position"] != self._position
        self._position = me["position"] if me is not None else None
        if interactive and me is not None:
            if fresh or self.zone == "people":
                self.zone = self._default_zone(phase)
            if fresh or moved:
                self.cell = me["position"]
            if phase == "act" and (fresh or self.box not in self.box_actions()):
                boxes = sorted(self.box_actions())
                self.box = boxes[0] if boxes else 1
            self.card = self._first_usable_card(me)
        super().show(view, legal, seat, interactive)

    def _default_zone(self, phase: str) -> str:
        if phase in ("pay", "replenish"):
            return "hand"
        if phase == "act":
            if self.box_actions():
                return "boxes"
            if any(a.name == "play" for a in self.legal):
                return "hand"
        return "city"

    def _first_usable_card(self, me: dict[str, Any]) -> int:
        """The card under the cursor if it can be used now, else the next one that can (wrapping round)."""
        hand = list(me.get("hand") or [])
        if not hand:
            return 0
        current = min(self.card, len(hand) - 1)
        order = list(range(current, len(hand))) + list(range(current))
        return next((i for i in order if self.card_uses(hand[i])), current)

    # -- layout ------------------------------------------------------------------
    def layout(self) -> Layout:
        width = max(self.size.width, 80)
        height = (self.app.size.height if self.is_mounted else 24) - 3  # the prompt bar and the key bar
        tile = max(10, min(16, (width - 2 - 5 - 1 - 22) // 5))
        lines, rules = 3, False
        if height >= 27:
            rules = True
        if height >= 33:
            lines = 4
        return Layout(tile, lines, rules, width - (2 + 5 * (tile + 1)) - 1)

    # -- rendering ---------------------------------------------------------------
    def draw_canvas(self) -> None:
        lay = self.layout()
        self._render_city(lay)
        self._render_hand(lay)
        self._render_status(lay)

    # -- keys --------------------------------------------------------------------
    def zones(self) -> list[str]:
        """The zones Tab visits in this phase."""
        if self.phase == "act":
            me = self.me
            cell = self.cell_at(me["position"]) if me else None
            boxes = ["boxes"] if cell and cell.get("boxes") and not cell.get("rebuilt") else []
            return boxes + ["hand", "city"]
        return ["city", "hand"]

    def key_hints(self) -> list[tuple[str, str]]:
        if self.view is None or not self.interactive:
            return []
        if self.zone == "people":
            return self.people_hints()
        if self.target is not None:
            return self.target_hints()
        if self.pair_first is not None:
            return self.pair_hints()
        hints = {"city": self.city_hints, "hand": self.hand_hints, "boxes": self.boxes_hints}[self.zone]()
        zones = self.zones()
        if len(zones) > 1:
            after = zones[(zones.index(self.zone) + 1) % len(zones)] if self.zone in zones else zones[0]
            hints.append(("Tab", {"city": _("city"), "hand": _("hand"), "boxes": _("boxes")}[after]))
        for key, name, label in (("s", "stop", _("stop")), ("o", "offer", _("offer")), ("x", "extra", _("extra")),
                                 ("e", "end", _("end")), ("c", "cancel", _("cancel")), ("d", "draw", _("draw"))):
            if self.actions(name):
                hints.append((key, label))
        return hints

    def on_key(self, event: events.Key) -> None:
        if self.view is None or not self.interactive:
            return
        if self._key(event.key, event.character):
            event.stop()
            event.prevent_default()
            self.refresh()
            self.hints_changed()

    def _key(self, key: str, character: str | None) -> bool:
        if self.zone == "people":
            return self._key_people(key) or key in ("tab", "shift+tab")
        if key in ("tab", "shift+tab") and self.target is not None:
            return True  # Tab never moves the focus away from the board
        if key == "escape" and (self.target is not None or self.pair_first is not None):
            if self.target is not None:
                self.zone = self._zone_before
            self.target = None
            self.pair_first = None
            return True
        if self.target is not None:
            return self._key_target(key)
        if key == "tab" or key == "shift+tab":
            zones = self.zones()
            index = zones.index(self.zone) if self.zone in zones else -1
            self.zone = zones[(index + (1 if key == "tab" else -1)) % len(zones)]
            if self.zone == "hand" and self.me is not None:
                self.card = self._first_usable_card(self.me)
            return True
        if self._key_letter(key):
            return True
        if self.zone == "city":
            return self._key_city(key)
        if self.zone == "hand":
            return self._key_hand(key)
        if self.zone == "boxes":
            return self._key_boxes(key)
        return False

    def _key_letter(self, key: str) -> bool:
        """The single-letter actions: s stop, o offer, x extra, e end, c cancel, d draw."""
        if key == "s":
            self.send(self.legal_action("stop"), _("You are not moving now."))
        elif key == "o":
            self.send(self.legal_action("offer"), _("No offering is possible now: only on the courtyard, once a "
                                                     "turn, without a contribution, with crystals enough."))
        elif key == "x":
            jumps = self.actions("extra")
            if self.legal_action("extra") is not None:
                self.send(self.legal_action("extra"))
            elif jumps:
                self._choose_target(("extra", ()), self.me["position"] if self.me else self.cell)
            else:
                self.notice(_("No extra action is possible here now."), error=True)
        elif key == "e":
            self.send(self.legal_action("end"), _("Ending the actions is only possible after moving."))
        elif key == "c":
            self.send(self.legal_action("cancel"), _("No contribution is being paid."))
        elif key == "d":
            self.send(self.legal_action("draw"), _("Drawing comes at the end of the turn."))
        elif key.isdigit() and self.phase == "act" and key != "0":
            me = self.me
            cell = self.cell_at(me["position"]) if me else None
            count = len(cell["boxes"]) if cell and cell.get("boxes") and not cell.get("rebuilt") else 0
            if int(key) > count:
                self.notice(_("There are no boxes to pay here.") if not count else
                            _("The {name} has boxes 1 to {last}.", name=cell["name"], last=count), error=True)
            else:
                self.box = int(key)
                self.zone = "boxes"
        else:
            return False
        return True

    # -- mouse -------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.view is None or not self.interactive:
            return
        hit = self.canvas.hit_at(offset.x, offset.y)
        if hit is None:
            return
        event.stop()
        if hit.kind == "cell":
            again = self.zone == "city" and self.cell == hit.a
            self.zone, self.cell = "city", hit.a
            if again:
                self._key("enter", None)
        elif hit.kind == "card":
            again = self.zone == "hand" and self.card == hit.a
            self.card = hit.a
            if self.zone != "people":
                self.zone = "hand"
            if again:
                self._key("enter", None)
        elif hit.kind == "box" and self.phase != "act":
            self.zone, self.cell = "city", self.me["position"]
        elif hit.kind == "box":
            again = self.zone == "boxes" and self.box == hit.a
            self.zone, self.box = "boxes", hit.a
            if again:
                self._key("enter", None)
        elif hit.kind == "people" and self.zone == "people":
            again = self.people_choice == hit.a
            self.people_choice = hit.a
            if again:
                self._key("enter", None)
        self.refresh()
        self.hints_changed()
