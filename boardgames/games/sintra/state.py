"""Azul: Stained Glass of Sintra - the state: the table's data, the helpers several kinds of decision share,
the view, JSON, invariants and the result. No Textual here.

What each decision offers and does lives in the kind modules above this one (``drafting``, ``placing``, with
``roundend`` for the end of a turn and of a round); ``rules.py`` hands their kinds to :class:`SintraState`.
"""

from __future__ import annotations

from typing import Any

from boardgames.core.decisions import DecidingState, Decision, Decisions
from boardgames.core.engine import IllegalAction, Result
from boardgames.core.rng import Rng
from boardgames.core.slots import from_slots
from boardgames.games.sintra.data import JOKER, SLOTS, STRIP_LEN, PalaceSide, Rules
from boardgames.games.sintra.views import HeldView, PlayerView, SintraView, StripView
from boardgames.games.sintra.words import glass
from boardgames.i18n import _, n_

EMPTY = -1
NCOL = 5
#: the kinds of decision (see drafting.py and placing.py), and the phase once the game is over
TAKE, PLACE, KEEP, OVER = "take", "place", "keep", "over"


class Palace:
    """One player's palace board, strips, glazier and tracks."""

    __slots__ = ("strip_ids", "sides", "filled", "windows", "glazier", "score",
                 "track", "reset_losses", "window_points", "bonus_points", "final")

    def __init__(self) -> None:
        self.strip_ids: list[int | None] = [None] * SLOTS  # None once the strip is removed
        self.sides: list[int] = [0] * SLOTS
        self.filled: list[list[int]] = [[EMPTY] * STRIP_LEN for _ in range(SLOTS)]
        self.windows: list[list[int]] = [[EMPTY, EMPTY] for _ in range(SLOTS)]
        self.glazier = 0
        self.score = 0
        self.track = 0  # index on the broken-glass track
        self.reset_losses = 0  # points lost by reaching the last track space
        self.window_points = 0
        self.bonus_points = 0  # colour bonus of completed strips
        self.final: dict[str, int] | None = None  # end-of-game categories

    def copy(self) -> Palace:
        p = Palace.__new__(Palace)
        p.strip_ids = self.strip_ids[:]
        p.sides = self.sides[:]
        p.filled = [row[:] for row in self.filled]
        p.windows = [w[:] for w in self.windows]
        p.glazier = self.glazier
        p.score = self.score
        p.track = self.track
        p.reset_losses = self.reset_losses
        p.window_points = self.window_points
        p.bonus_points = self.bonus_points
        p.final = None if self.final is None else dict(self.final)
        return p

    def leftmost(self) -> int | None:
        for slot, sid in enumerate(self.strip_ids):
            if sid is not None:
                return slot
        return None

    def pieces_on_strips(self) -> int:
        return sum(1 for row in self.filled for c in row if c != EMPTY)

    def to_json(self) -> dict[str, Any]:
        snapshot = self.copy()  # later moves must not change a dict already handed out
        return {name: getattr(snapshot, name) for name in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Palace:
        return from_slots(cls, data).copy()


class SintraState(DecidingState):
    def __init__(self, rules: Rules, names: list[str], side: str, rng: Rng) -> None:
        super().__init__(names, rng)
        self.rules = rules
        self.side = side
        self.round = 1
        self.factories: list[list[int]] = []
        self.centre = [0] * NCOL
        self.marker_in_centre = True
        self.first_player = 0
        self.bag = [0] * NCOL
        self.tower = [0] * NCOL
        self.indicator: list[int] = []  # colours still on the round indicator, top (current) first
        self.players: list[Palace] = []
        self.decisions = Decisions([Decision(TAKE, 0)])
        self.held = (EMPTY, 0)  # colour and count taken, waiting to be placed
        self.keep_slot = EMPTY  # slot whose completed pieces wait for the keep choice
        self.keep_pieces: list[int] = []

    # -- setup ----------------------------------------------------------------
    @classmethod
    def setup(cls, rules: Rules, names: list[str], seed: int, *, side: str) -> SintraState:
        state = cls(rules, names, side, Rng(seed))
        comp = rules.components
        rng = state.rng
        state.factories = [[0] * NCOL for _factory in range(comp.factories[len(names)])]
        for _name in names:
            palace = Palace()
            order = list(range(SLOTS))
            rng.shuffle(order)
            for slot, sid in enumerate(order):
                side_up = rng.below(2)
                if JOKER in rules.strips[sid][side_up]:
                    side_up = 1 - side_up  # the joker side starts face down
                palace.strip_ids[slot] = sid
                palace.sides[slot] = side_up
            state.players.append(palace)
        # one piece of each colour on II-VI in random order, the rest in the bag, then one on I
        later = list(range(NCOL))
        rng.shuffle(later)
        state.bag = [comp.pieces_per_colour - 1] * NCOL
        state.indicator = [state.draw()] + later
        state.fill_factories()
        state.first_player = 0
        return state

    def draw(self) -> int:
        """One random piece from the bag, refilled from the tower when empty; EMPTY if none."""
        total = sum(self.bag)
        if total == 0:
            self.bag, self.tower = self.tower, [0] * NCOL
            total = sum(self.bag)
            if total == 0:
                return EMPTY
        pick = self.rng.below(total)
        for colour, count in enumerate(self.bag):
            if pick < count:
                self.bag[colour] -= 1
                return colour
            pick -= count
        raise AssertionError("bag count mismatch")

    def fill_factories(self) -> None:
        for factory in self.factories:
            for _piece in range(self.rules.components.factory_size):
                colour = self.draw()
                if colour == EMPTY:
                    return
                factory[colour] += 1

    # -- the decision stack ---------------------------------------------------
    def set_current(self, seat: int | None) -> None:
        """Hand the pending decision to ``seat`` (None: nothing pending); for building positions."""
        top = self.decisions.top
        if seat is None:
            self.decisions.reset()
        else:
            self.decisions.replace(Decision(TAKE if top is None else top.kind, seat))

    def set_phase(self, kind: str) -> None:
        """Make the current seat's pending decision one of ``kind``; for building positions."""
        seat = self.current
        if seat is None:
            raise ValueError("The game is over: no seat is deciding.")
        self.decisions.replace(Decision(kind, seat))

    def next_decision(self, kind: str, seat: int) -> None:
        """The decision just answered is followed by ``kind`` for ``seat``."""
        self.decisions.replace(Decision(kind, seat))

    # -- contract -------------------------------------------------------------
    def clone(self) -> SintraState:
        s = SintraState.__new__(SintraState)
        s.rules = self.rules
        s.names = self.names
        s.side = self.side
        s.rng = self.rng.copy()
        s.turn = self.turn
        s.round = self.round
        s.factories = [f[:] for f in self.factories]
        s.centre = self.centre[:]
        s.marker_in_centre = self.marker_in_centre
        s.first_player = self.first_player
        s.bag = self.bag[:]
        s.tower = self.tower[:]
        s.indicator = self.indicator[:]
        s.players = [p.copy() for p in self.players]
        s.decisions = self.decisions.copy()
        s.held = self.held
        s.keep_slot = self.keep_slot
        s.keep_pieces = self.keep_pieces[:]
        return s

    _FIELDS = ("names", "side", "turn", "round", "factories", "centre", "marker_in_centre",
               "first_player", "bag", "tower", "indicator", "keep_slot", "keep_pieces")

    def to_json(self) -> dict[str, Any]:
        # a snapshot: later moves must not change a dict already handed out
        snapshot = self.clone()
        data = {name: getattr(snapshot, name) for name in self._FIELDS}
        data["names"] = list(self.names)
        data["held"] = list(self.held)
        data["rng"] = self.rng.to_json()
        data["players"] = [p.to_json() for p in self.players]
        data["decisions"] = self.decisions.to_json()
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> SintraState:
        state = cls(rules, data["names"], data["side"], Rng.from_json(data["rng"]))
        for name in cls._FIELDS:
            setattr(state, name, data[name])
        state.held = tuple(data["held"])
        state.players = [Palace.from_json(p) for p in data["players"]]
        state.decisions = Decisions.from_json(data["decisions"])
        return state.clone()

    # -- helpers the kinds share ----------------------------------------------
    def colour_id(self, colour: int) -> str:
        return self.rules.colours[colour].id

    def colour_index(self, name: str) -> int:
        for i, col in enumerate(self.rules.colours):
            if col.id == name:
                return i
        raise IllegalAction(_("There is no glass colour called '{name}'.", name=name))

    def source(self, arg: object) -> list[int]:
        """The display numbered ``arg`` (from 1), or the centre for "C"."""
        if arg == "C":
            return self.centre
        if isinstance(arg, int) and 1 <= arg <= len(self.factories):
            return self.factories[arg - 1]
        raise IllegalAction(_("There is no display '{display}'; choose 1 to {last} or C.", display=arg,
                              last=len(self.factories)))

    def fitting_spaces(self, player: int, slot: int, colour: int) -> int:
        palace = self.players[player]
        sid = palace.strip_ids[slot]
        if sid is None:
            return 0
        pattern = self.rules.strips[sid][palace.sides[slot]]
        row = palace.filled[slot]
        return sum(1 for k in range(STRIP_LEN) if row[k] == EMPTY and pattern[k] in (colour, JOKER))

    def placement(self, player: int, slot: int, colour: int, count: int) -> list[int]:
        """The spaces of a strip that ``count`` pieces of ``colour`` would fill, in order.

        Matching spaces first, then jokers: a joker space stays open for any colour.
        """
        palace = self.players[player]
        sid = palace.strip_ids[slot]
        if sid is None:
            return []
        pattern = self.rules.strips[sid][palace.sides[slot]]
        row = palace.filled[slot]
        spaces = [k for wanted in (colour, JOKER) for k in range(STRIP_LEN)
                  if row[k] == EMPTY and pattern[k] == wanted]
        return spaces[:count]

    def placeable_slots(self, player: int, colour: int) -> list[int]:
        """Strips in the glazier's reach with at least one empty space that fits ``colour``."""
        palace = self.players[player]
        return [s for s in range(palace.glazier, SLOTS) if self.fitting_spaces(player, s, colour) > 0]

    def can_reset(self, player: int) -> bool:
        palace = self.players[player]
        leftmost = palace.leftmost()
        # only ever a move back: above an empty slot left of every strip there is nowhere back to go
        return leftmost is not None and leftmost < palace.glazier

    def step_down(self, player: int, steps: int) -> None:
        """Move down the broken-glass track; its last space costs 18 points and starts the track afresh."""
        palace = self.players[player]
        track = self.rules.components.broken_track
        for _step in range(steps):
            palace.track += 1
            if palace.track == len(track) - 1:
                loss = -track[-1]
                palace.score -= loss
                palace.reset_losses += loss
                palace.track = 0

    def lost_to_broken_glass(self, player: int) -> int:
        palace = self.players[player]
        return palace.reset_losses - self.rules.components.broken_track[palace.track]

    # -- the end ----------------------------------------------------------------
    def result(self) -> Result:
        if self.current is not None:
            raise ValueError("The game is not over yet.")
        side = self.rules.palace[self.side]
        bonus_label = _("Ornaments") if side.end_bonus == "ornaments" else _("Windows x colour")
        breakdown = []
        for palace in self.players:
            final = palace.final or {}
            breakdown.append({
                _("Windows"): palace.window_points,
                _("Colour bonus"): palace.bonus_points,
                _("Track resets (-18)"): -palace.reset_losses,
                _("Leftover pieces"): final.get("leftover", 0),
                _("Broken-glass track"): final.get("track", 0),
                bonus_label: final.get("end_bonus", 0),
            })
        scores = [p.score for p in self.players]
        lost = [self.lost_to_broken_glass(i) for i in range(len(self.players))]
        ranks, tiebreak = [], ""
        for i in range(len(scores)):
            better = sum(1 for j in range(len(scores)) if (scores[j], -lost[j]) > (scores[i], -lost[i]))
            ranks.append(better + 1)
            if any(scores[j] == scores[i] and lost[j] != lost[i] for j in range(len(scores)) if j != i):
                tiebreak = _("Tied scores were split by the fewest points lost to broken glass.")
        if not tiebreak and len(set(zip(scores, lost))) < len(scores):
            tiebreak = _("Players tied on points and on glass lost share their place.")
        return Result(scores=scores, breakdown=breakdown, ranks=ranks, tiebreak=tiebreak, notes=self._bonus_notes())

    def _bonus_notes(self) -> list[str]:
        """Side B: how each palace's end bonus was counted."""
        side = self.rules.palace[self.side]
        notes: list[str] = []
        if side.end_bonus == "colour_windows":
            for i, palace in enumerate(self.players):
                bonus, colour = end_bonus(side, palace.windows)
                if colour != EMPTY:
                    notes.append(n_(
                        "{name}: {n} complete window x {glass} = {bonus}.",
                        "{name}: {n} complete windows x {glass} = {bonus}.", complete_windows(palace.windows),
                        name=self.names[i], glass=glass(colour_count(palace.windows, colour), self.colour_id(colour)),
                        bonus=bonus))
        return notes

    def scramble_hidden(self, rng: Rng) -> bool:
        """Nothing of Sintra is hidden from everyone but the order of future draws.

        The bag and the tower hold counts per colour, and every piece that enters or
        leaves them is seen on the table, so anyone who watched can work out both. The
        order pieces come out of the bag is drawn with the generator at draw time, and
        the conformance check stirs the generator itself.
        """
        return False

    # -- the view ---------------------------------------------------------------
    def view(self, seat: int | None) -> SintraView:
        """Sintra has no private information: every seat sees the whole table, but not the bag's order."""
        cid = self.colour_id
        side = self.rules.palace[self.side]
        current, phase = self.current, self.phase
        return {
            "game": "sintra",
            "seat": seat,
            "side": self.side,
            "window_values": list(side.window_values),
            "round": self.round,
            "rounds": self.rules.components.rounds,
            "round_colour": cid(self.indicator[0]) if self.indicator else None,
            "indicator": [cid(c) for c in self.indicator],
            "factories": [{cid(c): n for c, n in enumerate(f) if n} for f in self.factories],
            "centre": {cid(c): n for c, n in enumerate(self.centre) if n},
            "marker_in_centre": self.marker_in_centre,
            "first_player": self.first_player,
            "bag": sum(self.bag),
            "tower": sum(self.tower),
            "broken_track": list(self.rules.components.broken_track),
            "current": current,
            "phase": phase if current is not None else "over",
            "held": self._held_view(current) if phase == PLACE and current is not None else None,
            "keep": [cid(c) for c in self.keep_pieces] if phase == KEEP else None,
            "keep_strip": self.keep_slot + 1 if phase == KEEP else None,
            "players": [self._player_view(i, side) for i in range(len(self.players))],
            "prompt": self.prompt(),
        }

    def _player_view(self, i: int, side: PalaceSide) -> PlayerView:
        cid = self.colour_id
        palace = self.players[i]
        bonus, colour = end_bonus(side, palace.windows)
        return {
            "name": self.names[i],
            "score": palace.score,
            "glazier": palace.glazier,
            "track": palace.track,
            "track_value": self.rules.components.broken_track[palace.track],
            "lost_to_broken_glass": self.lost_to_broken_glass(i),
            "strips": [self._strip_view(palace, slot) for slot in range(SLOTS)],
            "windows": [[None if c == EMPTY else cid(c) for c in w] for w in palace.windows],
            "can_reset": self.can_reset(i),
            "end_bonus": bonus,
            "end_bonus_colour": None if colour == EMPTY else cid(colour),
        }

    def _strip_view(self, palace: Palace, slot: int) -> StripView | None:
        sid = palace.strip_ids[slot]
        if sid is None:
            return None
        face, back = self.rules.strips[sid][palace.sides[slot]], self.rules.strips[sid][1 - palace.sides[slot]]
        return {
            "pattern": [self._space_id(c) for c in face],
            "other_side": [self._space_id(c) for c in back],
            "filled": [None if c == EMPTY else self.colour_id(c) for c in palace.filled[slot]],
        }

    def _held_view(self, seat: int) -> HeldView:
        """The glass waiting to be placed, and the spaces of each strip it would fill."""
        colour, count = self.held
        spaces = [self.placement(seat, slot, colour, count) for slot in range(SLOTS)]
        return {"colour": self.colour_id(colour), "count": count, "fits": [len(k) for k in spaces],
                "spaces": spaces}

    def _space_id(self, code: int) -> str:
        return self.rules.components.joker.id if code == JOKER else self.colour_id(code)

    def check_invariants(self) -> None:
        comp = self.rules.components
        total = [0] * NCOL
        for c in range(NCOL):
            total[c] += self.bag[c] + self.tower[c] + self.centre[c]
            for f in self.factories:
                total[c] += f[c]
        for c in self.indicator:
            total[c] += 1
        for palace in self.players:
            for row in palace.filled:
                for c in row:
                    if c != EMPTY:
                        total[c] += 1
            for w in palace.windows:
                for c in w:
                    if c != EMPTY:
                        total[c] += 1
            assert 0 <= palace.track < len(comp.broken_track) - 1, "track out of range"
        if self.phase == PLACE:
            total[self.held[0]] += self.held[1]
        if self.phase == KEEP:
            for c in self.keep_pieces:
                total[c] += 1
        assert total == [comp.pieces_per_colour] * NCOL, f"glass not conserved: {total}"


# -- the end-of-game bonus of a palace side, read from its windows ------------------
def complete_windows(windows: list[list[int]]) -> int:
    return sum(1 for w in windows if w[1] != EMPTY)


def colour_count(windows: list[list[int]], colour: int) -> int:
    return sum(1 for w in windows for c in w if c == colour)


def end_bonus(side: PalaceSide, windows: list[list[int]]) -> tuple[int, int]:
    """The end-of-game bonus of a palace side, and the colour chosen (side B) or EMPTY."""
    if side.end_bonus == "ornaments":
        total = 0
        for left, right in side.ornaments:
            filled = sum(1 for w in (left - 1, right - 1) for c in windows[w] if c != EMPTY)
            total += side.ornament_points.get(filled, 0)
        return total, EMPTY
    complete = complete_windows(windows)
    best_colour, best = EMPTY, 0
    for colour in range(NCOL):
        count = colour_count(windows, colour)
        if count > best:
            best_colour, best = colour, count
    return complete * best, best_colour
