"""Sintra's board widget: the zones put together, the cursor state, keys by phase, clicks."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual import events

from boardgames.core.engine import Action, Game
from boardgames.games.sintra.board.common import COLOUR_STYLES
from boardgames.games.sintra.board.help import HELP_KEYS, HELP_NOTES
from boardgames.games.sintra.board.info import InfoLine
from boardgames.games.sintra.board.palaces import PalacesZone
from boardgames.games.sintra.board.supply import SupplyZone
from boardgames.games.sintra.data import shared_rules
from boardgames.tui.board import CanvasBoard
from boardgames.tui.canvas import shown, uses_ansi
from boardgames.tui.glyphs import hollow


class SintraBoard(SupplyZone, PalacesZone, InfoLine, CanvasBoard):
    HELP_KEYS = HELP_KEYS
    HELP_NOTES = HELP_NOTES

    DEFAULT_CSS = """
    SintraBoard { height: auto; padding: 0 0; }
    """

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        rules = shared_rules()
        self.colours = {c.id: c for c in (*rules.colours, rules.components.joker)}
        self.colour_ids = [c.id for c in rules.colours]
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
        return hollow(col.glyph) if empty else col.glyph

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
    def draw_canvas(self) -> None:
        width = max(self.size.width, 40)
        roomy = self.app.size.height >= 28 if self.is_mounted else False
        self._render_supply(width)
        self.canvas.new_line()
        self._render_palaces(width, roomy)
        self._render_info(width)

    # -- keys ------------------------------------------------------------------
    def key_hints(self) -> list[tuple[str, str]]:
        if self.view is None or not self.interactive:
            return []
        if self.inspecting is not None:
            return self.inspect_hints()
        hints = {"take": self.take_hints, "place": self.place_hints, "keep": self.keep_hints}.get(self.phase)
        return hints() if hints else []

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

