"""The city: tiles, the cursor over them, choosing a tile for a power, and what a tile's line says."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from boardgames.core.engine import Action
from boardgames.games.bluemoon.board.common import (
    COLS,
    DRAGON_LETTER,
    MOVES,
    NAME_MIN,
    ROWS,
    BlueMoonPart,
    Layout,
    abbreviate,
    bonus_text,
    bonus_words,
    cell_id,
    cell_pos,
    fit,
)
from boardgames.games.bluemoon.log import dragon_colour
from boardgames.i18n import N_, _, and_list
from boardgames.tui.canvas import Hit
from boardgames.tui.keys import ARROWS, ENTER, PartKey
from boardgames.tui.widgets.part import BoardPart


class CityPart(BlueMoonPart):
    """The 5x5 tiles: the cursor walks over them; Enter walks there, or picks the tile a power waits for."""

    DEFAULT_CSS = """
    CityPart { width: auto; }
    """
    HELP_TITLE = N_("City")

    def title(self) -> str:
        return _("city")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.cell = "c3"
        #: a power or extra action waiting for its target: (action name, the arguments before the target)
        self.target: tuple[str, tuple] | None = None
        #: the part to go back to when a target choice is given up
        self._before: BoardPart | None = None

    def get_content_width(self, container, viewport) -> int:  # noqa: ANN001 - Textual's signature
        """The city's width, and one column between it and the panel."""
        return Layout.for_size(container.width, self.app.size.height).city_width + 1

    def update(self) -> None:
        me, board = self.me, self.board
        if self.interactive and me is not None and (board.fresh or board.moved):
            self.cell = me["position"]

    def choose_target(self, target: tuple[str, tuple], start: str) -> None:
        """Wait for a tile (or ``off``) for ``target``, the cursor on ``start`` (a dragon, or your figure)."""
        board = self.board
        self._before = board.active
        self.target = target
        self.cell = start
        board.focus_part(self)

    def targets(self) -> dict[str, Action]:
        """While choosing a target: target (cell or ``off``) -> the action that sends it."""
        if self.target is None:
            return {}
        name, prefix = self.target
        return {a.args[len(prefix)]: a for a in self.board.actions(name, *prefix) if len(a.args) == len(prefix) + 1}

    def draw_canvas(self) -> None:
        c, view = self.canvas, self.view
        lay = self.board.city_layout()
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

    def _marked_cells(self) -> set[str]:
        """The cells to mark as choosable now: targets of a pending power, else the tiles a `go` reaches."""
        if not self.interactive:
            return set()
        if self.target is not None:
            return {t for t in self.targets() if t != "off"}
        if self.phase == "move":
            return set(self.board.go_cells())
        return set()

    def _tile(self, cid: str, cell: dict[str, Any] | None, lay: Layout,
              marked: set[str]) -> list[list[tuple[str, Style | str, Hit | None]]]:
        """The segments (text, style, hit) of each line of one tile, each line at most ``lay.tile`` wide."""
        out: list[list[tuple[str, Style | str, Hit | None]]] = [[] for _ in range(lay.lines)]
        hit = Hit("cell", cid)
        cursor = self.interactive and self.is_active and self.cell == cid
        if cell is None:
            if cursor:
                out[0].append((self.g("·"), "reverse", hit))
            return out
        tokens = self._box_tokens(cid, cell, lay, hit)
        # figures and dragons
        marks: list[tuple[str, Style | str, Hit | None]] = []
        for seat in cell["figures"]:
            marks.append((str(seat + 1), self.seat_style(seat), hit))
        for dragon in cell["dragons"]:
            marks.append((DRAGON_LETTER.get(dragon, dragon[:1].upper()), self.board.dragon_style(dragon), hit))
        box_lines = self._wrap(tokens, lay.tile, lay.lines - 1)
        for k, segs in enumerate(box_lines):
            out[1 + k] = segs
        spaced: list[tuple[str, Style | str, Hit | None]] = []
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
            room, name_marks = self._name_beside_marks(self.tile_name(cell), room, spaced, marks, hit)
        name = abbreviate(self.tile_name(cell), room)
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

    def _box_tokens(self, cid: str, cell: dict[str, Any], lay: Layout,
                    hit: Hit) -> list[tuple[str, Style | str, Hit | None]]:
        """A tile's boxes (or what stands in for them) as tokens, to be wrapped into its lines."""
        tokens: list[tuple[str, Style | str, Hit | None]] = []
        view = self.view
        assert view is not None, "a tile is drawn from a view"
        pay = view.get("pay")
        mine = self.me is not None and self.me["position"] == cid
        if cell["kind"] == "courtyard":
            cost = view.get("next_cost")
            text = _("next {cost}", cost=cost) if cost is not None else _("full")
            tokens.append((text, "dim", hit))
        elif cell["rebuilt"]:
            bonus = fit([bonus_text(cell["neighbourhood"]), bonus_text(cell["neighbourhood"], "")], lay.tile)
            tokens.append((bonus, "green", hit))
        else:
            board = self.board
            legal_boxes = board.box_actions() if mine and self.interactive else {}
            box_cursor = mine and self.interactive and board.boxes.is_active
            for n, box in enumerate(cell["boxes"], 1):
                if box["marker"] is not None:
                    tokens.append((f"[{box['marker'] + 1}]", self.seat_style(box["marker"]), hit))
                    continue
                style = self.people_style(box["colour"])
                if n in legal_boxes:
                    style = style + Style(underline=True)
                paying = pay is not None and pay["cell"] == cid and pay["box"] == n
                if paying or (box_cursor and board.boxes.box == n):
                    style = style + Style(reverse=True)
                tokens.append((board.box_label(box), style, Hit("box", n) if mine else hit))
        return tokens

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

    # -- keys and clicks ----------------------------------------------------------------
    def holds_keys(self) -> bool:
        """While a tile is chosen for a power, only the city's keys work."""
        return self.target is not None

    def walking(self) -> bool:
        return self.target is None and self.phase == "move"

    def can_take_off(self) -> bool:
        return "off" in self.targets()

    def move_cursor(self, key: str, character: str | None) -> bool:
        dx, dy = MOVES[key]
        col, row = cell_pos(self.cell)
        self.cell = cell_id((col + dx) % 5, (row + dy) % ROWS)
        return True

    def point_at(self, action: Action) -> bool:
        """A hint's step: the cursor on the tile it walks to (Enter walks there)."""
        if action.name != "go" or self.target is not None or action.args[0] not in self.board.go_cells():
            return False
        self.cell = action.args[0]
        return True

    def walk(self, key: str, character: str | None) -> bool:
        if self.target is not None:
            return False
        self._enter_cell(self.cell)
        return True

    def choose_here(self, key: str, character: str | None) -> bool:
        self.board.send(self.targets().get(self.cell), _("{cell} cannot be chosen.", cell=self.cell))
        return True

    def take_off(self, key: str, character: str | None) -> bool:
        targets = self.targets()
        if "off" not in targets:
            return False
        self.board.send(targets["off"])
        return True

    def give_up(self, key: str, character: str | None) -> bool:
        self.target = None
        before, self._before = self._before, None
        self.board.focus_part(before if before is not None and before.takes_focus() else self)
        return True

    KEYS = (
        PartKey(tuple(MOVES), N_("tile"), "move_cursor", label=ARROWS,
                help=N_("Move the cursor over the tiles; the line under the board describes the tile.")),
        PartKey(ENTER, N_("choose"), "choose_here", modal=True, when="holds_keys",
                help=N_("While a tile is chosen for a Venti 1, a dragon or the Main Hall: choose the one under the "
                     "cursor.")),
        PartKey(ENTER, N_("go"), "walk", when="walking",
                help=N_("Walk to the tile under the cursor (tiles you can reach are marked ›).")),
        PartKey(("o",), N_("off board"), "take_off", modal=True, when="can_take_off",
                help=N_("While a dragon's tile is chosen: take the dragon off the board.")),
        PartKey(("escape",), N_("back"), "give_up", modal=True, when="holds_keys", help=N_("Give up choosing a tile.")),
    )

    def click(self, hit: Hit) -> bool:
        """A click on a tile puts the cursor there; a second click on it is Enter. A box of the building you
        stand on belongs to the boxes (while acting)."""
        board = self.board
        if hit.kind == "box" and board.boxes.takes_focus():
            boxes = board.boxes
            boxes.was_active = boxes.is_active
            board.focus_part(boxes)
            boxes.click(hit)
            boxes.refresh()
            return True
        cell = hit.a if hit.kind == "cell" else (self.me["position"] if self.me else self.cell)
        again = self.was_active and self.cell == cell and hit.kind == "cell"
        self.cell = cell
        if again:
            self.key("enter", None)
        return True

    def _enter_cell(self, cid: str) -> None:
        if self.phase != "move":
            self.board.notice(_("Walking is over for this turn."), error=True)
            return
        if self.board.cell_at(cid) is None:
            self.board.notice(_("{cell} is an empty corner of the city: there is no tile to walk to.", cell=cid),
                        error=True)
            return
        steps = (self.view.get("turn_state") or {}).get("steps_left", 0)
        if steps == 1:
            refusal = _("{cell} is not in reach: you have 1 step left.", cell=cid)
        else:
            refusal = _("{cell} is not in reach: you have {n} steps left.", cell=cid, n=steps)
        self.board.send(self.board.go_cells().get(cid), refusal)

    def cell_sentence(self, cid: str, width: int = 80) -> str:
        """What the tile ``cid`` is and gives, in words when they fit ``width``, else shorter."""
        cell = self.board.cell_at(cid)
        if cell is None:
            return _("{cell}: no tile.", cell=cid)
        wheres = self._who_is_here(cell)
        if cell["kind"] == "courtyard":
            mains = [_("{cell} Courtyard: offerings are made here.", cell=cid), _("{cell} Courtyard.", cell=cid)]
        elif cell["rebuilt"]:
            mains = [_("{cell} {name}, rebuilt: contributors next door get {bonus}.", cell=cid,
                       name=self.tile_name(cell), bonus=bonus_words(cell["neighbourhood"])),
                     _("{cell} {name}, rebuilt: neighbours get {bonus}.", cell=cid, name=self.tile_name(cell),
                       bonus=bonus_text(cell["neighbourhood"]))]
        else:
            go = self.interactive and self.phase == "move" and cid in self.board.go_cells()
            walk = " " + _("Enter walks here.") if go else ""
            long, short = (dict(majority=f(cell["majority"]), construction=f(cell["construction"]),
                                neighbours=f(cell["neighbourhood"]), cell=cid, name=self.tile_name(cell), walk=walk)
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
        dragon_words = [_("the {dragon} dragon", dragon=dragon_colour(d)) for d in dragons]
        groups = []
        if seats:
            numbers = and_list([str(s + 1) for s in seats])
            groups.append(_("player {n}", n=numbers) if len(seats) == 1 else _("players {n}", n=numbers))
        if dragons:
            groups.append(dragon_words[0] if len(dragons) == 1
                          else _("the {dragons} dragons", dragons=and_list([dragon_colour(d) for d in dragons])))
        marks = [str(s + 1) for s in seats] + [DRAGON_LETTER.get(d, d[:1].upper()) for d in dragons]
        return [" " + _("Here: {who}.", who=and_list(names + dragon_words)),
                " " + _("Here: {who}.", who=", ".join(groups)),
                " " + _("Here: {who}.", who=", ".join(marks))]

    def sentence(self) -> str:
        if self.target is not None:
            return self._target_sentence()
        lay = self.board.city_layout()
        return self.cell_sentence(self.cell, lay.city_width + 1 + lay.panel)

    def _target_sentence(self) -> str:
        assert self.target is not None, "asked only while a target is chosen"
        name, prefix = self.target
        if name == "extra":
            return _("Main Hall: choose the tile to go to and press Enter; Escape gives up.")
        card = prefix[0]
        if card.startswith("ve"):
            return _("{card}: choose the tile your figure flies to and press Enter; Escape gives up.", card=card)
        dragon = dragon_colour(self.board.dragon_of(card))
        if "off" in self.targets():
            return _("{card}: choose where the {dragon} dragon goes and press Enter, or o to take it off "
                     "the board; Escape gives up.", card=card, dragon=dragon)
        return _("{card}: choose where the {dragon} dragon goes and press Enter; Escape gives up.", card=card,
                 dragon=dragon)
