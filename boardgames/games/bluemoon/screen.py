"""Blue Moon City's board for the terminal shell: the city, the obelisk and tracks, the hand, in one Rich Text.

Everything is drawn from ``view(seat)`` and the legal actions the host passes in;
the board never reads the state and only ever submits actions found in the
legal list (it filters that list, it never decides legality itself).

Layout (4 players and the expansion fit in 80x24):

- left, the 5x5 city: a tile is a name line, its boxes (``Aq5``: people and
  value, ``*4``: a Royal Palace box of any colour, ``[2]``: the marker of
  player 2) and a line of figures (seat digits) and dragons (``R G B``);
- right, a panel: the obelisk (costs, who holds each space, the next cost),
  one line a player (markers left, scales, offerings, hand size), the scale
  supply and the decks, then what this turn has done so far;
- under the city: the hand of the seat at the keyboard (with its crystals) and
  a status line about whatever the cursor is on (or the payment being built).

The cursor lives in one of four *zones*: the city (a tile), the hand (a card),
the boxes of the tile you stand on, or a list of peoples (the target of a Lux).
Tab moves between the zones that make sense in the current phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events

from boardgames.core.engine import Action, Game
from boardgames.tui.board import Board
from boardgames.tui.canvas import Canvas, Hit, Palette, fit_name, shown, uses_ansi, window
from boardgames.tui.i18n import _

#: people (card and box colour) -> (16-colour style, true-colour style); ``any`` is the Royal Palace's wild box
PEOPLE = Palette(
    {
        "vu": ("bright_black", "#8c8c8c"),  # black
        "te": ("red", "#e0504a"),
        "aq": ("bright_blue", "#5b8cff"),
        "ve": ("white", "#c8c8c8"),  # grey
        "kh": ("green", "#4cbb4c"),
        "mi": ("yellow", "#b5773a"),  # brown: the 16-colour yellow is a dark yellow-brown on most terminals
        "lu": ("bright_white", "#ffffff"),
        "pi": ("bright_yellow", "#f2d64b"),
        "any": ("bright_magenta", "#d68cff"),
    },
)
#: seats 0-3 -> their marker colour (always drawn with the seat's number)
SEATS = Palette({"0": ("cyan", "#33c7c7"), "1": ("magenta", "#d35fd3"), "2": ("bright_green", "#9be35f"),
                 "3": ("bright_red", "#ff6b6b")})
DRAGONS = Palette({"red": ("red", "#e0504a"), "green": ("green", "#4cbb4c"), "blue": ("blue", "#3b6cff")},
                  tile_text={"red": "bright_white", "blue": "bright_white"})
DRAGON_LETTER = {"red": "R", "green": "G", "blue": "B"}
BONUS_SHORT = {"crystal": "cr", "card": "ca", "scale": "sc"}

#: glyph -> its --ascii stand-in
ASCII = {"│": "|", "┤": "|", "▶": ">", "✓": "+", "…": ".", "─": "-", "┼": "+", "›": ">", "‹": "<", "·": "."}

COLS, ROWS = "abcde", 5
#: the fewest characters of a tile's name shown when figures and dragons share its line ("Main H.")
NAME_MIN = 7
MOVES = {"left": (-1, 0), "h": (-1, 0), "right": (1, 0), "l": (1, 0), "up": (0, -1), "k": (0, -1),
         "down": (0, 1), "j": (0, 1)}
PREV = ("left", "h", "up", "k")


@dataclass(frozen=True)
class Layout:
    tile: int  # characters across a tile
    lines: int  # lines down a tile
    rules: bool  # a rule between rows of tiles
    panel: int  # width of the panel right of the city

    @property
    def city_width(self) -> int:
        return 2 + 5 * (self.tile + 1)


def abbreviate(name: str, room: int) -> str:
    """``name`` in at most ``room`` characters: the full name, else 'Water T.', else 'Monast. T.', else cut."""
    if len(name) <= room:
        return name
    words = name.split()
    if len(words) > 1 and room >= 5:
        head, tail = " ".join(words[:-1]), " " + words[-1][0] + "."
        keep = room - len(tail)
        if keep >= len(head):
            return head + tail
        if keep >= 3:
            return head[: keep - 1] + "." + tail
    return name[: room - 1] + "." if room >= 3 else name[:room]


def bonus_text(bonuses: list[dict[str, Any]], sep: str = " ") -> str:
    """[{kind: scale, count: 2}] -> '2sc'."""
    return sep.join(f"{b['count']}{BONUS_SHORT.get(b['kind'], b['kind'][:2])}" for b in bonuses)


def bonus_words(bonuses: list[dict[str, Any]]) -> str:
    """[{kind: scale, count: 2}] -> '2 scales'."""
    words = {"crystal": (_("crystal"), _("crystals")), "card": (_("card"), _("cards")),
             "scale": (_("scale"), _("scales"))}
    parts = []
    for b in bonuses:
        one, many = words.get(b["kind"], (b["kind"], b["kind"]))
        parts.append(f"{b['count']} {one if b['count'] == 1 else many}")
    return ", ".join(parts) or _("nothing")


def fit(candidates: list[str], width: int) -> str:
    """The first sentence that fits ``width`` (they go from the fullest to the shortest), else the last."""
    return next((text for text in candidates if len(text) <= width), candidates[-1])


def and_list(items: list[str]) -> str:
    """['a'] -> 'a', ['a', 'b'] -> 'a and b', ['a', 'b', 'c'] -> 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def cell_id(col: int, row: int) -> str:
    return f"{COLS[col]}{row + 1}"


def cell_pos(cell: str) -> tuple[int, int]:
    return COLS.index(cell[0]), int(cell[1:]) - 1


class BlueMoonBoard(Board):
    HELP_KEYS = [
        ("Tab", "Move the cursor between the city, your hand and the boxes of your tile."),
        ("City: arrows, h j k l", "Move the cursor over the tiles; the line under the board describes the tile."),
        ("City: Enter or space", "Walk to the tile under the cursor (tiles you can reach are marked ›)."),
        ("s", "Stop moving and go on to contributing or offering."),
        ("Hand: left/right", "Choose a card; the cursor stops on the cards you can use now (underlined)."),
        ("Hand: Enter", "Use the card: play its power while moving (a Venti, or a dragon card), add it to "
                        "a contribution, play a Pillar after an offering, or discard it at the end of the turn."),
        ("Hand: p", "Play the card's power even when Enter would add it: a Lux recolours, a Mimix pairs "
                    "with a second Mimix into a wild 3."),
        ("Boxes: left/right, 1-6", "Choose a box of the building you stand on; Enter starts paying it."),
        ("Choosing a target: arrows, Enter", "Pick the tile for a Venti 1, a dragon or the Main Hall; "
                                             "o takes a dragon off the board; Escape gives up."),
        ("Choosing a people: left/right, 1-8, Enter", "Pick the people a Lux recolours; Escape gives up."),
        ("o", "Make an offering on the courtyard."),
        ("x", "Use the extra action of an expansion tile."),
        ("e", "End your actions and go on to discarding and drawing."),
        ("c", "Cancel the contribution being built: its cards go back to your hand."),
        ("d", "Draw your cards and end the turn."),
        ("Mouse", "Click a tile, a card or a box to select it; click it again to use it."),
    ]

    HELP_NOTES = """## Reading the board

- **The city** is the 5x5 grid; columns a-e, rows 1-5 (`c3` is the courtyard).
  Each tile shows its name, then its boxes: a box is its people's code and value
  (`Aq5` needs Aqua cards worth 5; `*4` is a Royal Palace box that takes any one
  colour), and `[2]` is a box filled by player 2's marker. The last line shows
  the figures (the players' numbers) and the dragons (**R**ed, **G**reen,
  **B**lue). A rebuilt tile has **✓** (ascii `+`) after its name and shows the
  bonus that contributors to its neighbours get (`2sc` = 2 scales, `cr` crystals,
  `ca` cards). On a large terminal a fourth line shows the majority bonus
  (**maj**, for the most markers) and the construction bonus (**all**, for
  every contributor) of a building.
- **›** (ascii `>`) marks the tiles you can choose now; the tile under the
  cursor is shown in reverse.
- **The panel**: the obelisk spaces from the bottom with their costs (`7:2` is
  a space of cost 7 held by player 2; the underlined cost is the next
  offering), then one
  line a player: **mk** markers left, **sc** scales, **of** offerings, **hd**
  cards in hand; **▶** (ascii `>`) is the player to move. Then the scales left
  in the supply, the deck and discard pile, and what this turn has done so far.
- **Your hand** and your crystals are under the city; nobody else sees them
  (a curtain hides the screen between two human players).
- **Peoples**: `vu` Vulca (black, moves the red dragon), `te` Terrah (red, the
  green dragon), `aq` Aqua (blue, the blue dragon), `ve` Venti (grey, flies),
  `kh` Khind (green, a wild 1), `mi` Mimix (brown, two make a wild 3), `lu` Lux
  (white, recolours), `pi` Pillar (yellow, more offerings).
"""

    DEFAULT_CSS = """
    BlueMoonBoard { height: auto; padding: 0 0; }
    """

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        self.canvas = Canvas()
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
        lay = self.layout()
        self._render_city(lay)
        self._render_hand(lay)
        self._render_status(lay)
        return True

    def _render_city(self, lay: Layout) -> None:
        c, view = self.canvas, self.view
        sep = self.g("│")
        lines: list[Text] = []
        header = c.new_line()
        header.append("  ")
        for col in range(5):
            c.pad(header, 2 + col * (lay.tile + 1) + lay.tile // 2)
            header.append(COLS[col], "dim")
        lines.append(header)
        targets = self._marked_cells()
        for row in range(ROWS):
            if row and lay.rules:
                rule = c.new_line()
                rule.append("  " + (self.g("─") * lay.tile + self.g("┼")) * 4 + self.g("─") * lay.tile + self.g("┤"),
                            "dim")
                lines.append(rule)
            tiles = [self._tile(cell_id(col, row), view["cells"][row][col], lay, targets) for col in range(5)]
            for k in range(lay.lines):
                line = c.new_line()
                line.append(f"{row + 1} " if k == 0 else "  ", "dim")
                for col in range(5):
                    x = 2 + col * (lay.tile + 1)
                    c.pad(line, x)
                    room = lay.tile
                    for text, style, hit in tiles[col][k]:
                        if room <= 0:
                            break
                        c.add(line, text[:room], style, hit)
                        room -= len(text)
                    c.pad(line, x + lay.tile)
                    c.add(line, sep, "dim")
                lines.append(line)
        for line, extra in zip(lines, self._panel(lay, len(lines))):
            c.pad(line, lay.city_width + 1)
            line.append_text(extra)

    def _marked_cells(self) -> set[str]:
        """The cells to mark as choosable now: targets of a pending power, else the tiles a `go` reaches."""
        if not self.interactive:
            return set()
        if self.target is not None:
            return {t for t in self.targets() if t != "off"}
        if self.phase == "move":
            return set(self.go_cells())
        return set()

    def _tile(self, cid: str, cell: dict[str, Any] | None, lay: Layout,
              marked: set[str]) -> list[list[tuple[str, Style | str, Hit | None]]]:
        """The segments (text, style, hit) of each line of one tile, each line at most ``lay.tile`` wide."""
        out: list[list[tuple[str, Style | str, Hit | None]]] = [[] for _ in range(lay.lines)]
        hit = Hit("cell", cid)
        cursor = self.interactive and self.zone == "city" and self.cell == cid
        if cell is None:
            if cursor:
                out[0].append((self.g("·"), "reverse", hit))
            return out
        # boxes (or what stands in for them), as tokens
        tokens: list[tuple[str, Style | str, Hit | None]] = []
        pay = self.view.get("pay")
        mine = self.me is not None and self.me["position"] == cid
        if cell["kind"] == "courtyard":
            cost = self.view.get("next_cost")
            text = _("next {cost}", cost=cost) if cost is not None else _("full")
            tokens.append((text, "dim", hit))
        elif cell["rebuilt"]:
            bonus = fit([bonus_text(cell["neighbourhood"]), bonus_text(cell["neighbourhood"], "")], lay.tile)
            tokens.append((bonus, "green", hit))
        else:
            legal_boxes = self.box_actions() if mine and self.interactive else {}
            for n, box in enumerate(cell["boxes"], 1):
                if box["marker"] is not None:
                    tokens.append((f"[{box['marker'] + 1}]", self.seat_style(box["marker"]), hit))
                    continue
                style = self.people_style(box["colour"])
                if n in legal_boxes:
                    style = style + Style(underline=True)
                paying = pay is not None and pay["cell"] == cid and pay["box"] == n
                if paying or (mine and self.interactive and self.zone == "boxes" and self.box == n):
                    style = style + Style(reverse=True)
                tokens.append((self.box_label(box), style, Hit("box", n) if mine else hit))
        # figures and dragons
        marks: list[tuple[str, Style | str, Hit | None]] = []
        for seat in cell["figures"]:
            marks.append((str(seat + 1), self.seat_style(seat), hit))
        for dragon in cell["dragons"]:
            marks.append((DRAGON_LETTER.get(dragon, dragon[:1].upper()), self.dragon_style(dragon), hit))
        box_lines = self._wrap(tokens, lay.tile, lay.lines - 1)
        for k, segs in enumerate(box_lines):
            out[1 + k] = segs
        spaced = []
        for i, m in enumerate(marks):
            if i:
                spaced.append((" ", "", hit))
            spaced.append(m)
        if sum(len(t) for t, _s, _h in spaced) > lay.tile - 2:
            spaced = marks
        free = next((k for k in range(1, lay.lines) if not out[k]), None)
        if free is not None:
            out[free] = spaced
        if lay.lines >= 4 and cell["kind"] == "building" and not cell["rebuilt"] and not out[3]:
            majority, construction = bonus_text(cell["majority"], ""), bonus_text(cell["construction"], "")
            text = fit([_("maj {majority} all {construction}", majority=majority, construction=construction),
                        f"{majority} {self.g('·')} {construction}"], lay.tile)
            out[3] = [(text, "dim", hit)]
        # the name line: choosable mark, name, rebuilt mark, then any marks that found no other line
        name_style = Style(bold=True)
        prefix = ""
        if cid in marked:
            prefix = self.g("›")
            name_style = name_style + Style(underline=True)
        if cursor:
            name_style = name_style + Style(reverse=True)
        suffix = self.g("✓") if cell["rebuilt"] and cell["kind"] == "building" else ""
        room = max(1, lay.tile - len(prefix) - len(suffix))
        name_marks: list[tuple[str, Style | str, Hit | None]] = []
        if free is None and marks:
            room, name_marks = self._name_beside_marks(cell["name"], room, spaced, marks, hit)
        name = abbreviate(cell["name"], room)
        line = out[0]
        line.append((prefix, "bold", hit))
        line.append((name, name_style, hit))
        if suffix:
            line.append((suffix, "bold green", hit))
        if name_marks:
            used = sum(len(t) for t, _s, _h in line)
            line.append((" " * max(1, lay.tile - used - sum(len(t) for t, _s, _h in name_marks)), "", hit))
            line.extend(name_marks)
        return out

    @staticmethod
    def _name_beside_marks(name: str, room: int, spaced: list, packed: list,
                           hit: Hit) -> tuple[int, list[tuple[str, Style | str, Hit | None]]]:
        """Share the name line between the name and the figures and dragons that found no line of their own.

        The whole name with the marks spaced, else packed; else the name keeps
        at least :data:`NAME_MIN` characters (``Main H.``) and the marks that do
        not fit are summed up by a ``+`` (the line under the board lists them).
        Returns the room left for the name and the marks to draw after it.
        """
        for marks in (spaced, packed):
            if len(name) + 1 + sum(len(t) for t, _s, _h in marks) <= room:
                return len(name), marks
        keep = max(min(len(name), NAME_MIN), room - 1 - len(packed))
        left = room - keep - 1
        if left <= 0:
            return room, []
        if len(packed) > left:
            return keep, [*packed[: left - 1], ("+", "bold", hit)]
        return keep, packed

    @staticmethod
    def _wrap(tokens: list[tuple[str, Style | str, Hit | None]], width: int,
              max_lines: int) -> list[list[tuple[str, Style | str, Hit | None]]]:
        """Lay box tokens on lines: spaced on one line, else packed, else spaced over several lines."""
        if not tokens:
            return []
        total = sum(len(t) for t, _s, _h in tokens)
        for gap in (1, 0):
            if total + gap * (len(tokens) - 1) <= width:
                line: list = []
                for i, token in enumerate(tokens):
                    if i and gap:
                        line.append((" ", "", token[2]))
                    line.append(token)
                return [line]
        for gap in (1, 0):
            lines: list[list] = [[]]
            used = 0
            for token in tokens:
                need = len(token[0]) + (gap if lines[-1] else 0)
                if lines[-1] and used + need > width:
                    lines.append([])
                    used, need = 0, len(token[0])
                if lines[-1] and gap:
                    lines[-1].append((" ", "", token[2]))
                lines[-1].append(token)
                used += need
            if len(lines) <= max_lines:
                break
        return lines[:max_lines]

    def _panel(self, lay: Layout, rows: int) -> list[Text]:
        """The lines right of the city: obelisk, players, supply, this turn."""
        view, width = self.view, lay.panel
        out: list[Text] = []

        def line(text: str = "", style: Style | str = "") -> Text:
            t = Text(no_wrap=True, overflow="crop")
            if text:
                t.append(text[:width], style)
            out.append(t)
            return t

        line(_("Obelisk: {n} offerings win", n=view["offerings_to_win"]) if width >= 26
             else _("Obelisk: {n} to win", n=view["offerings_to_win"]), "bold")
        t = line()
        next_open = True
        for space in view["obelisk"]:
            held = space["seat"] is not None
            piece = f"{space['cost']}:{space['seat'] + 1}" if held else str(space["cost"])
            if t.cell_len + len(piece) + 1 > width:
                t = line()
            if t.cell_len:
                t.append(" ")
            if held:
                t.append(piece, self.seat_style(space["seat"]))
            elif next_open:
                t.append(piece, "bold underline")
                next_open = False
            else:
                t.append(piece, "dim")
        cost = view.get("next_cost")
        line(_("Next offering costs {cost}", cost=cost) if cost is not None else _("The obelisk is full."))
        # players
        # a player line: seat number, the mover's mark, name, then markers, scales, offerings and hand size
        name_width = max(4, width - 2 - 12)
        head = line(" " * 2 + _("player").ljust(name_width)[:name_width], "dim")
        for label in (_("mk"), _("sc"), _("of"), _("hd")):
            head.append(label.rjust(3), "dim")
        for p, pl in enumerate(view["players"]):
            t = line()
            current = view.get("current") == p
            t.append(str(p + 1), self.seat_style(p))
            t.append(self.g("▶") if current else " ", "bold")
            name = fit_name(self.player_name(p), name_width, self.ascii)
            t.append(name + " " * (name_width - cell_len(name)), "bold" if current else "")
            for value in (pl["markers"], pl["scales"], pl["offerings"], pl["hand_size"]):
                t.append(str(value).rjust(3))
        scales = view["scales"]
        line(_("Scales left: {supply} of {total}", supply=scales["supply"], total=scales["total"]))
        line(_("Deck {deck}, discards {discard}", deck=view["deck"], discard=view["discard"]))
        for text in self._turn_lines():
            line(text, "italic")
        while len(out) < rows:
            line()
        return out[:rows]

    def _turn_lines(self) -> list[str]:
        """What this turn has done so far, for the panel."""
        view = self.view
        turn = view.get("turn_state") or {}
        phase = view["phase"]
        if phase == "over" or view.get("current") is None:
            return [_("The game is over.")]
        if phase == "move":
            return [_("Steps left: {n}", n=turn.get("steps_left", 0))]
        done = []
        if turn.get("contributed"):
            done.append(_("Contributed this turn."))
        if turn.get("offered"):
            done.append(_("Offered this turn."))
        if turn.get("extra_used"):
            done.append(_("Extra action used."))
        if phase == "replenish" and turn.get("discarded"):
            done.append(_("Discarded {n} this turn.", n=turn["discarded"]))
        return done

    def _render_hand(self, lay: Layout) -> None:
        c = self.canvas
        line = c.new_line()
        me = self.me
        width = lay.city_width + 1 + lay.panel
        if me is None or me.get("hand") is None:
            current = self.view.get("current")
            if current is not None:
                pl = self.view["players"][current]
                line.append(_("{name}'s hand: {n} cards (hidden).", name=self.player_name(current),
                              n=pl["hand_size"]), "dim")
            return
        crystals = me.get("crystals")
        label = _("Crystals {crystals}, hand:", crystals=crystals) if crystals is not None else _("Hand:")
        line.append(label + " ", "bold")
        hand = self.hand
        if not hand:
            line.append(_("(no cards)"), "dim")
        pending = me.get("pending_cards") or 0
        tail = " " + _("+{n} after the turn", n=pending) if pending else ""
        room = width - line.cell_len - len(tail) - 2
        focused = self.interactive and self.zone == "hand"
        first, last = window([len(card) for card in hand], self.card, room)
        if first:
            line.append(self.g("‹"), "dim")
        for i in range(first, last):
            card = hand[i]
            if i > first:
                line.append(" ")
            style = self.people_style(card[:2])
            usable = self.interactive and bool(self.card_uses(card))
            if usable:
                style = style + Style(underline=True)
            elif self.interactive:
                style = style + Style(dim=True, bold=False)
            if focused and i == self.card:
                style = style + Style(reverse=True)
            if self.pair_first is not None and i == self.card_index_of(self.pair_first):
                style = style + Style(reverse=True, italic=True)
            c.add(line, card, style, Hit("card", i))
        if last < len(hand):
            line.append(self.g("›"), "dim")
        if tail:
            line.append(tail, "dim")

    def card_index_of(self, card: str) -> int | None:
        try:
            return self.hand.index(card)
        except ValueError:
            return None

    def _render_status(self, lay: Layout) -> None:
        line = self.canvas.new_line()
        width = lay.city_width + 1 + lay.panel
        self._status(line, width)
        if line.cell_len > width:
            line.truncate(width - 1)
            line.append(self.g("…"))

    def _status(self, line: Text, width: int) -> None:
        """The line under the hand: the payment, a choice being made, or what the cursor is on."""
        view = self.view
        if view["phase"] == "over":
            line.append(_("The game is over."))
            return
        if not self.interactive:
            current = view.get("current")
            if current is not None:
                line.append(_("{name} to move.", name=self.player_name(current)))
            return
        if self.zone == "people" and self.lux:
            self._status_people(line, width)
            return
        if view.get("pay"):
            self._status_pay(line, width)
            return
        if self.target is not None:
            line.append(self._target_sentence())
            return
        if self.pair_first is not None:
            line.append(_("Pair {card} with which Mimix? Choose it and press Enter; Escape gives up.",
                          card=self.pair_first))
            return
        if self.zone == "hand":
            line.append(self.card_sentence())
        elif self.zone == "boxes":
            line.append(self.box_sentence())
        else:
            line.append(self.cell_sentence(self.cell, width))

    def _status_pay(self, line: Text, width: int) -> None:
        """The contribution being built: its box, the cards so far and the running total."""
        pay = self.view["pay"]
        cell = self.cell_at(pay["cell"])
        label = self.box_label(cell["boxes"][pay["box"] - 1]) if cell else str(pay["value"])
        colour = pay["colour"]

        def card_text(entry: dict[str, Any]) -> str:
            card, counts = entry["card"], entry["as"]
            if counts == "wild":
                return _("{card} (wild)", card=card)
            if counts != card[:2]:
                return _("{card} (as {people})", card=card, people=counts)
            return card

        cards = " + ".join(card_text(c) for c in pay["cards"])
        values = dict(n=pay["box"], label=label, tile=cell["name"] if cell else "", cards=cards,
                      total=pay["total"], value=pay["value"])
        converts = [_("Lux: {n} {people} may count as {colour}.", n=n, people=people, colour=colour)
                    for people, n in (pay.get("converts") or {}).items() if n and colour]
        extra = (" " + " ".join(converts)) if converts else ""
        if cards:
            candidates = [_("Paying box {n} ({label}) of the {tile}: {cards} = {total} of {value}.", **values),
                          _("Box {n} ({label}): {cards} = {total} of {value}.", **values)]
        else:
            candidates = [_("Paying box {n} ({label}) of the {tile}: no cards yet, {value} to pay.", **values),
                          _("Box {n} ({label}): no cards yet, {value} to pay.", **values)]
        line.append(fit([*(text + extra for text in candidates), candidates[-1]], width))

    def _status_people(self, line: Text, width: int) -> None:
        """The peoples a Lux may recolour, to choose from."""
        pay = self.view.get("pay") or {}
        colour = self.people_name(pay["colour"]) if pay.get("colour") else _("the box colour")
        choices = self.lux_peoples()
        room = width - len(_("{lux}: whose cards count as {colour}?", lux=self.lux, colour=colour)) - 1
        named = sum(len(f"{i + 1} {self.people_name(p)} ") for i, p in enumerate(choices)) <= room
        line.append(_("{lux}: whose cards count as {colour}?", lux=self.lux, colour=colour) + " ")
        for i, people in enumerate(choices):
            style = self.people_style(people)
            if i == self.people_choice:
                style = style + Style(reverse=True)
            label = f"{i + 1} {self.people_name(people) if named else people}"
            self.canvas.add(line, label, style, Hit("people", i))
            line.append(" ")

    def _target_sentence(self) -> str:
        name, prefix = self.target
        if name == "extra":
            return _("Main Hall: choose the tile to go to and press Enter; Escape gives up.")
        card = prefix[0]
        if card.startswith("ve"):
            return _("{card}: choose the tile your figure flies to and press Enter; Escape gives up.", card=card)
        dragon = self._dragon_of(card)
        if "off" in self.targets():
            return _("{card}: choose where the {dragon} dragon goes and press Enter, or o to take it off "
                     "the board; Escape gives up.", card=card, dragon=dragon)
        return _("{card}: choose where the {dragon} dragon goes and press Enter; Escape gives up.", card=card,
                 dragon=dragon)

    def _dragon_of(self, card: str) -> str:
        for p in self.view.get("peoples", ()):
            if p["id"] == card[:2]:
                return p.get("dragon") or "?"
        return "?"

    def cell_sentence(self, cid: str, width: int = 80) -> str:
        """What the tile ``cid`` is and gives, in words when they fit ``width``, else shorter."""
        cell = self.cell_at(cid)
        if cell is None:
            return _("{cell}: no tile.", cell=cid)
        wheres = self._who_is_here(cell)
        if cell["kind"] == "courtyard":
            mains = [_("{cell} Courtyard: offerings are made here.", cell=cid), _("{cell} Courtyard.", cell=cid)]
        elif cell["rebuilt"]:
            mains = [_("{cell} {name}, rebuilt: contributors next door get {bonus}.", cell=cid, name=cell["name"],
                       bonus=bonus_words(cell["neighbourhood"])),
                     _("{cell} {name}, rebuilt: neighbours get {bonus}.", cell=cid, name=cell["name"],
                       bonus=bonus_text(cell["neighbourhood"]))]
        else:
            go = self.interactive and self.phase == "move" and cid in self.go_cells()
            walk = " " + _("Enter walks here.") if go else ""
            long, short = (dict(majority=f(cell["majority"]), construction=f(cell["construction"]),
                                neighbours=f(cell["neighbourhood"]), cell=cid, name=cell["name"], walk=walk)
                           for f in (bonus_words, bonus_text))
            mains = [
                _("{cell} {name}: majority {majority}; all contributors {construction}; neighbours {neighbours}."
                  "{walk}", **long),
                _("{cell} {name}: majority {majority}, all {construction}, neighbours {neighbours}.{walk}", **short),
                _("{cell} {name}: maj {majority}, all {construction}, nb {neighbours}.{walk}", **short),
            ]
            if go:  # the tile is marked › as reachable and the key bar says Enter goes: the words can shrink
                for walk in (" " + _("Enter: go."), ""):
                    mains.append(_("{cell} {name}: maj {majority}, all {construction}, nb {neighbours}.{walk}",
                                   **{**short, "walk": walk}))
        # the fullest pair that fits, trading a shorter description against a shorter list of who is here
        pairs = sorted(((m, w) for m in range(len(mains)) for w in range(len(wheres))), key=lambda mw: (sum(mw), mw[1]))
        return fit([mains[m] + wheres[w] for m, w in pairs], width)

    def _who_is_here(self, cell: dict[str, Any]) -> list[str]:
        """Who stands on ``cell``, as ' Here: ...' sentences from the fullest (names) to the shortest (marks)."""
        seats = list(cell["figures"])
        dragons = list(cell["dragons"])
        if not seats and not dragons:
            return [""]
        names = [self.player_name(s) for s in seats]
        dragon_words = [_("the {dragon} dragon", dragon=d) for d in dragons]
        groups = []
        if seats:
            numbers = and_list([str(s + 1) for s in seats])
            groups.append(_("player {n}", n=numbers) if len(seats) == 1 else _("players {n}", n=numbers))
        if dragons:
            groups.append(dragon_words[0] if len(dragons) == 1
                          else _("the {dragons} dragons", dragons=and_list(dragons)))
        marks = [str(s + 1) for s in seats] + [DRAGON_LETTER.get(d, d[:1].upper()) for d in dragons]
        return [" " + _("Here: {who}.", who=and_list(names + dragon_words)),
                " " + _("Here: {who}.", who=", ".join(groups)),
                " " + _("Here: {who}.", who=", ".join(marks))]

    def box_sentence(self) -> str:
        me = self.me
        cell = self.cell_at(me["position"]) if me else None
        if cell is None or not cell.get("boxes") or cell.get("rebuilt"):
            return _("No boxes to pay here.")
        if not 1 <= self.box <= len(cell["boxes"]):
            return ""
        box = cell["boxes"][self.box - 1]
        label = self.box_label(box)
        if box["marker"] is not None:
            return _("Box {n} is filled by {name}.", n=self.box, name=self.player_name(box["marker"]))
        if self.box in self.box_actions():
            return _("Box {n} ({label}): Enter starts paying it with cards of {colour}.", n=self.box, label=label,
                     colour=self.people_name(box["colour"]))
        return _("Box {n} ({label}) cannot be paid from your hand now.", n=self.box, label=label)

    def card_sentence(self) -> str:
        hand = self.hand
        if not hand:
            return _("Your hand is empty.")
        card = hand[min(self.card, len(hand) - 1)]
        people = self.people_name(card[:2])
        uses = self.card_uses(card)
        names = {a.name for a in uses}
        if "add" in names and any(a.name in ("play", "pair") for a in uses):
            return _("{card} ({people}): Enter adds it, p plays its power.", card=card, people=people)
        if "add" in names:
            return _("{card} ({people}): Enter adds it to the payment.", card=card, people=people)
        if "pair" in names:
            return _("{card} ({people}): Enter or p pairs it with another Mimix as a wild 3.", card=card,
                     people=people)
        if "play" in names:
            return self.power_sentence(card)
        if "discard" in names:
            return _("{card} ({people}): Enter discards it.", card=card, people=people)
        return _("{card} ({people}) cannot be used now.", card=card, people=people)

    def power_sentence(self, card: str) -> str:
        """What Enter does with a card whose power can be played now."""
        people, value = card[:2], card[2:]
        dragon = self._dragon_of(card)
        if dragon != "?":
            if value == "1":
                return _("{card}: Enter puts the {dragon} dragon on any tile, or off the board.", card=card,
                         dragon=dragon)
            return _("{card}: Enter moves the {dragon} dragon a few steps over the tiles.", card=card, dragon=dragon)
        sentences = {
            "ve1": _("{card}: Enter flies your figure to any tile."),
            "ve2": _("{card}: Enter gives you more steps this turn."),
            "lu": _("{card}: Enter makes cards of another people count as the box's colour."),
            "pi": _("{card}: Enter makes one more offering, for a few crystals more."),
        }
        text = sentences.get(card) or sentences.get(people) or _("{card}: Enter plays its power.")
        return text.format(card=card)

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
        arrows = _("arrows") if self.ascii else "←→↑↓"
        lr = _("Left/Right") if self.ascii else "←→"
        hints: list[tuple[str, str]] = []
        if self.zone == "people":
            return [(lr, _("people")), ("Enter", _("choose")), ("Esc", _("back"))]
        if self.target is not None:
            hints = [(arrows, _("tile")), ("Enter", _("choose"))]
            if "off" in self.targets():
                hints.append(("o", _("off board")))
            return hints + [("Esc", _("back"))]
        if self.pair_first is not None:
            return [(lr, _("card")), ("Enter", _("pair")), ("Esc", _("back"))]
        if self.zone == "city":
            hints.append((arrows, _("tile")))
            if self.phase == "move":
                hints.append(("Enter", _("go")))
        elif self.zone == "hand":
            hints.append((lr, _("card")))
            hand = self.hand
            card = hand[min(self.card, len(hand) - 1)] if hand else None
            uses = {a.name for a in self.card_uses(card)} if card else set()
            if uses:
                label = {"add": _("add"), "discard": _("discard"), "pair": _("pair")}.get(
                    next((n for n in ("add", "discard", "pair") if n in uses), ""), _("play"))
                hints.append(("Enter", label))
            if "add" in uses and uses & {"play", "pair"}:
                hints.append(("p", _("power")))
        elif self.zone == "boxes":
            hints += [(lr, _("box")), ("Enter", _("pay"))]
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
            self.post_message(self.HintsChanged())

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

    def _key_city(self, key: str) -> bool:
        if key in MOVES:
            dx, dy = MOVES[key]
            col, row = cell_pos(self.cell)
            self.cell = cell_id((col + dx) % 5, (row + dy) % ROWS)
            return True
        if key in ("enter", "space"):
            self._enter_cell(self.cell)
            return True
        return False

    def _enter_cell(self, cid: str) -> None:
        if self.phase != "move":
            self.notice(_("Walking is over for this turn."), error=True)
            return
        if self.cell_at(cid) is None:
            self.notice(_("{cell} is an empty corner of the city: there is no tile to walk to.", cell=cid),
                        error=True)
            return
        steps = (self.view.get("turn_state") or {}).get("steps_left", 0)
        if steps == 1:
            refusal = _("{cell} is not in reach: you have 1 step left.", cell=cid)
        else:
            refusal = _("{cell} is not in reach: you have {n} steps left.", cell=cid, n=steps)
        self.send(self.go_cells().get(cid), refusal)

    def _key_target(self, key: str) -> bool:
        if key in MOVES:
            return self._key_city(key)
        targets = self.targets()
        if key in ("enter", "space"):
            self.send(targets.get(self.cell), _("{cell} cannot be chosen.", cell=self.cell))
            return True
        if key == "o" and "off" in targets:
            self.send(targets["off"])
            return True
        return False

    def _key_hand(self, key: str) -> bool:
        hand = self.hand
        if not hand:
            return False
        if key in ("left", "h", "right", "l", "up", "k", "down", "j"):
            # the cursor steps over the cards that cannot be used now, unless none can
            usable = [i for i, c in enumerate(hand) if self.card_uses(c)] or list(range(len(hand)))
            step = -1 if key in PREV else 1
            later = [i for i in usable if (i - self.card) * step > 0]
            self.card = min(later, key=lambda i: abs(i - self.card)) if later else usable[0 if step > 0 else -1]
            return True
        card = hand[min(self.card, len(hand) - 1)]
        if key in ("enter", "space"):
            if self.pair_first is not None:
                self._pair(self.pair_first, card)
            else:
                self._use(card, power=False)
            return True
        if key == "p":
            self._use(card, power=True)
            return True
        return False

    def _use(self, card: str, power: bool) -> None:
        """Enter (or p) on a card of the hand: hand the engine the action it means, or ask for a target."""
        uses = self.card_uses(card)
        if not power:
            for name in ("add", "discard"):
                action = next((a for a in uses if a.name == name), None)
                if action is not None:
                    self.submit(action)
                    return
        plays = [a for a in uses if a.name == "play"]
        if plays:
            if len(plays) == 1 and len(plays[0].args) == 1:
                self.submit(plays[0])
            elif card.startswith("lu"):
                self.lux = card
                self.people_choice = 0
                self.zone = "people"
            else:
                here = self.me["position"] if self.me else self.cell
                dragon = self.view["dragons"].get(self._dragon_of(card)) if not card.startswith("ve") else None
                self._choose_target(("play", (card,)), dragon or here)
            return
        pairs = [a for a in uses if a.name == "pair"]
        if pairs:
            partners = {a.args[1] if a.args[0] == card else a.args[0] for a in pairs}
            if len(partners) == 1:
                self._pair(card, partners.pop())
            else:
                self.pair_first = card
            return
        self.notice(self.card_sentence(), error=True)

    def _choose_target(self, target: tuple[str, tuple], start: str) -> None:
        """Wait for a tile (or ``off``) for ``target``, the cursor on ``start`` (a dragon, or your figure)."""
        self._zone_before = self.zone
        self.target = target
        self.zone = "city"
        self.cell = start

    def _pair(self, first: str, second: str) -> None:
        pair = sorted((first, second))
        action = next((a for a in self.actions("pair") if sorted(a.args) == pair), None)
        self.pair_first = None
        self.send(action, _("{a} and {b} cannot be paired.", a=first, b=second))

    def _key_boxes(self, key: str) -> bool:
        me = self.me
        cell = self.cell_at(me["position"]) if me else None
        count = len(cell["boxes"]) if cell else 0
        if not count:
            return False
        if key in ("left", "h", "right", "l", "up", "k", "down", "j"):
            step = -1 if key in PREV else 1
            self.box = (self.box - 1 + step) % count + 1
            return True
        if key in ("enter", "space"):
            self.send(self.box_actions().get(self.box), self.box_sentence())
            return True
        return False

    def _key_people(self, key: str) -> bool:
        choices = self.lux_peoples()
        if key == "escape" or not choices:
            self.lux = None
            self.zone = "hand"
            return True
        if key in ("left", "h", "right", "l", "up", "k", "down", "j"):
            step = -1 if key in PREV else 1
            self.people_choice = (self.people_choice + step) % len(choices)
            return True
        if key.isdigit() and 1 <= int(key) <= len(choices):
            self.people_choice = int(key) - 1  # a digit selects; Enter confirms (as everywhere else)
            return True
        if key in ("enter", "space"):
            self.send(self.legal_action("play", self.lux, choices[self.people_choice]))
            return True
        return False

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
        self.post_message(self.HintsChanged())


def make_board(game: Game, *, ascii: bool = False) -> BlueMoonBoard:
    """The factory the shell looks up (see boardgames.tui.board.board_for)."""
    return BlueMoonBoard(game, ascii=ascii)
