"""Azul: Stained Glass of Sintra - state, actions and scoring. No Textual here.

A turn is split into small decisions so every list of legal actions is short, each
the top of the state's decision stack (``core/decisions.py``):
``take <display|C> <colour>`` or ``reset``; then ``place <strip 1-8>`` or ``break``;
then, when a strip was completed with pieces of several colours, ``keep <colour>``.
Each answered decision is replaced by the next; the stack is empty once the game is over.
"""

from __future__ import annotations

from typing import Any

from boardgames.core.decisions import DecidingState, Decision, Decisions, Kind, by_name
from boardgames.core.engine import Action, IllegalAction, Result
from boardgames.core.rng import Rng
from boardgames.games.sintra.data import JOKER, SLOTS, STRIP_LEN, Rules

EMPTY = -1
NCOL = 5
TAKE, PLACE, KEEP, OVER = "take", "place", "keep", "over"

RESET = Action("reset")
BREAK = Action("break")


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
        p = cls()
        for name in cls.__slots__:
            setattr(p, name, data[name])
        return p.copy()


class SintraState(DecidingState):
    def __init__(self, rules: Rules, names: list[str], side: str, rng: Rng) -> None:
        self.rules = rules
        self.names = list(names)
        self.side = side
        self.rng = rng
        self.turn = 0
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
    def setup(cls, rules: Rules, names: list[str], side: str, seed: int) -> SintraState:
        state = cls(rules, names, side, Rng(seed))
        comp = rules.components
        rng = state.rng
        state.factories = [[0] * NCOL for _ in range(comp.factories[len(names)])]
        for _ in names:
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
        state.indicator = [state._draw()] + later
        state._fill_factories()
        state.first_player = 0
        return state

    def _draw(self) -> int:
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

    def _fill_factories(self) -> None:
        for factory in self.factories:
            for _ in range(self.rules.components.factory_size):
                colour = self._draw()
                if colour == EMPTY:
                    return
                factory[colour] += 1

    # -- the decision stack ---------------------------------------------------
    @property
    def current(self) -> int | None:
        """The seat deciding now (None once the game is over)."""
        return self.decisions.seat

    @current.setter
    def current(self, seat: int | None) -> None:
        """Hand the pending decision to ``seat`` (None: nothing pending); for building positions."""
        top = self.decisions.top
        if seat is None:
            self.decisions.reset()
        else:
            self.decisions.replace(Decision(TAKE if top is None else top.kind, seat))

    @property
    def phase(self) -> str:
        """The kind of the pending decision (take, place, keep), or "over"."""
        top = self.decisions.top
        return OVER if top is None else top.kind

    @phase.setter
    def phase(self, kind: str) -> None:
        """Make the current seat's pending decision one of ``kind``; for building positions."""
        self.decisions.replace(Decision(kind, self.current))

    def _next(self, kind: str, seat: int) -> None:
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

    # -- helpers --------------------------------------------------------------
    def colour_id(self, colour: int) -> str:
        return self.rules.colours[colour].id

    def colour_index(self, name: str) -> int:
        for i, col in enumerate(self.rules.colours):
            if col.id == name:
                return i
        raise IllegalAction(f"There is no glass colour called '{name}'.")

    def _source(self, arg: Any) -> list[int]:
        if arg == "C":
            return self.centre
        if isinstance(arg, int) and 1 <= arg <= len(self.factories):
            return self.factories[arg - 1]
        raise IllegalAction(f"There is no display '{arg}'; choose 1 to {len(self.factories)} or C.")

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

    # -- legal actions --------------------------------------------------------
    def _legal_take(self, decision: Decision) -> list[Action]:
        actions = []
        for i, factory in enumerate(self.factories, 1):
            for colour, count in enumerate(factory):
                if count:
                    actions.append(Action("take", (i, self.colour_id(colour))))
        for colour, count in enumerate(self.centre):
            if count:
                actions.append(Action("take", ("C", self.colour_id(colour))))
        if self.can_reset(decision.seat):
            actions.append(RESET)
        return actions

    def _legal_place(self, decision: Decision) -> list[Action]:
        slots = self.placeable_slots(decision.seat, self.held[0])
        return [Action("place", (s + 1,)) for s in slots] if slots else [BREAK]

    def _legal_keep(self, decision: Decision) -> list[Action]:
        colours = sorted(set(self.keep_pieces))
        return [Action("keep", (self.colour_id(c),)) for c in colours]

    # -- applying -------------------------------------------------------------

    def _take(self, *args: Any) -> None:
        if len(args) != 2:
            raise IllegalAction("Say where to take from and which colour, for example 'take 3 orange'.")
        source = self._source(args[0])
        colour = self.colour_index(str(args[1]))
        count = source[colour]
        if count == 0:
            where = "the centre" if args[0] == "C" else f"display {args[0]}"
            raise IllegalAction(f"There is no {self.rules.colours[colour].name.lower()} glass on {where}.")
        player = self.current
        source[colour] = 0
        if source is not self.centre:
            for c in range(NCOL):
                self.centre[c] += source[c]
                source[c] = 0
        elif self.marker_in_centre:
            self.marker_in_centre = False
            self.first_player = player
            self._step_down(player, 1)
        self.held = (colour, count)
        self._next(PLACE, player)

    def _reset(self, *args: Any) -> None:
        if args:
            raise IllegalAction("Write just 'reset', with nothing after it.")
        player = self.current
        palace = self.players[player]
        if not self.can_reset(player):
            if palace.glazier == palace.leftmost():
                raise IllegalAction("Your glazier is already above your leftmost strip; take glass instead.")
            raise IllegalAction("Your glazier has no strip to its left to move back to; take glass instead.")
        palace.glazier = palace.leftmost()
        self._end_turn()

    def _place(self, *args: Any) -> None:
        if len(args) != 1 or not isinstance(args[0], int) or not 1 <= args[0] <= SLOTS:
            raise IllegalAction(f"Choose a strip from 1 to {SLOTS}.")
        slot = args[0] - 1
        player = self.current
        palace = self.players[player]
        colour, count = self.held
        if palace.strip_ids[slot] is None:
            raise IllegalAction(f"Strip {slot + 1} has been removed; its window is complete.")
        if slot < palace.glazier:
            raise IllegalAction(f"Strip {slot + 1} is left of your glazier; place on it or to its right.")
        if self.fitting_spaces(player, slot, colour) == 0:
            if self.placeable_slots(player, colour):
                raise IllegalAction(
                    f"Strip {slot + 1} has no empty space for this glass, and another strip in reach has one."
                )
            raise IllegalAction("No strip in reach has room for this glass; it must break.")
        palace.glazier = slot
        row = palace.filled[slot]
        spaces = self.placement(player, slot, colour, count)
        for k in spaces:
            row[k] = colour
        self.held = (EMPTY, 0)
        if count > len(spaces):
            self._break_pieces(player, colour, count - len(spaces))
        if EMPTY in row:
            self._end_turn()
            return
        self._complete(player, slot)

    def _break_all(self, *args: Any) -> None:
        if args:
            raise IllegalAction("Write just 'break', with nothing after it.")
        colour, count = self.held
        if self.placeable_slots(self.current, colour):
            raise IllegalAction("A strip in reach still has room for this glass, so it must be placed there.")
        self.held = (EMPTY, 0)
        self._break_pieces(self.current, colour, count)
        self._end_turn()

    def _break_pieces(self, player: int, colour: int, count: int) -> None:
        self.tower[colour] += count
        self._step_down(player, count)

    def _step_down(self, player: int, steps: int) -> None:
        palace = self.players[player]
        track = self.rules.components.broken_track
        for _ in range(steps):
            palace.track += 1
            if palace.track == len(track) - 1:
                loss = -track[-1]
                palace.score -= loss
                palace.reset_losses += loss
                palace.track = 0

    def _complete(self, player: int, slot: int) -> None:
        palace = self.players[player]
        pieces = palace.filled[slot]
        bonus = pieces.count(self.indicator[0])
        palace.score += bonus
        palace.bonus_points += bonus
        self.keep_slot = slot
        self.keep_pieces = pieces[:]
        palace.filled[slot] = [EMPTY] * STRIP_LEN
        if len(set(pieces)) == 1:
            self._finish_completion(pieces[0])
        else:
            self._next(KEEP, player)

    def _keep(self, *args: Any) -> None:
        if len(args) != 1:
            raise IllegalAction("Say which colour to keep, for example 'keep yellow'.")
        colour = self.colour_index(str(args[0]))
        if colour not in self.keep_pieces:
            raise IllegalAction("The completed strip holds no piece of that colour.")
        self._finish_completion(colour)

    def _finish_completion(self, kept: int) -> None:
        player, slot = self.current, self.keep_slot
        palace = self.players[player]
        rest = self.keep_pieces[:]
        rest.remove(kept)
        for colour in rest:
            self.tower[colour] += 1
        window = palace.windows[slot]
        if window[0] == EMPTY:
            window[0] = kept
            palace.sides[slot] = 1 - palace.sides[slot]
        else:
            window[1] = kept
            palace.strip_ids[slot] = None
        values = self.rules.palace[self.side].window_values
        points = values[slot] + sum(
            values[w] for w in range(slot + 1, SLOTS) if palace.windows[w][0] != EMPTY
        )
        palace.score += points
        palace.window_points += points
        self.keep_slot = EMPTY
        self.keep_pieces = []
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        if any(any(f) for f in self.factories) or any(self.centre):
            self._next(TAKE, (self.current + 1) % len(self.players))
            return
        self._end_round()

    def _end_round(self) -> None:
        while True:
            self.tower[self.indicator.pop(0)] += 1
            if not self.indicator:
                self._final_scoring()
                return
            self.round += 1
            self._fill_factories()
            self.marker_in_centre = True
            self._next(TAKE, self.first_player)
            if any(any(f) for f in self.factories):
                return
            # no glass left anywhere: the round cannot be played and ends at once

    def _final_scoring(self) -> None:
        comp = self.rules.components
        side = self.rules.palace[self.side]
        for palace in self.players:
            leftover = palace.pieces_on_strips() // comp.leftover_divisor
            track_value = comp.broken_track[palace.track]
            bonus, _ = end_bonus(side, palace.windows)
            palace.final = {"leftover": leftover, "track": track_value, "end_bonus": bonus}
            palace.score += leftover + track_value + bonus
        self.decisions.reset()

    # -- reading --------------------------------------------------------------
    def _prompt_take(self, decision: Decision) -> str:
        name = self.names[decision.seat]
        if self.can_reset(decision.seat):
            return f"{name}: take all the glass of one colour from a display or the centre, or reset your glazier."
        return f"{name}: take all the glass of one colour from a display or the centre."

    def _prompt_place(self, decision: Decision) -> str:
        name = self.names[decision.seat]
        colour = self.rules.colours[self.held[0]].name.lower()
        if self.placeable_slots(decision.seat, self.held[0]):
            return f"{name}: choose the strip for your {self.held[1]} {colour} glass."
        return f"{name}: no strip in reach has room for your {colour} glass; it breaks."

    def _prompt_keep(self, decision: Decision) -> str:
        return f"{self.names[decision.seat]}: choose which piece of the completed strip goes into the window."

    def _label(self, decision: Decision, action: Action) -> str:
        """The move as a phrase for the player choosing it ("Take 3 orange from display 1")."""
        phrase = self._move_phrase(action, third_person=False)
        return str(action) if phrase is None else phrase[0].upper() + phrase[1:]

    def apply(self, action: Action) -> None:
        """Answer the pending decision and, when the state keeps a log, log the move with what it scored.

        The line is worded from the table before the move (what was taken, where it
        goes) and its consequences (points, the -18 reset, the round's end) from a few
        numbers compared before and after, so the log never re-implements a rule.
        """
        seat = self.current
        if seat is None or not self.keeps_log:
            super().apply(action)  # or refused: the game is over
            return
        phrase = self._move_phrase(action, third_person=True)
        palace = self.players[seat]
        before = (palace.bonus_points, palace.window_points, palace.reset_losses)
        window = self.keep_slot + 1 if self.phase == KEEP else (action.args or (None,))[0]
        round_before = self.round
        super().apply(action)
        name = self.names[seat]
        lines = [str(action) if phrase is None else f"{name} {phrase}."]
        if palace.bonus_points > before[0]:
            lines.append(f"{name} scores a colour bonus of {palace.bonus_points - before[0]}.")
        if palace.window_points > before[1]:
            lines.append(f"{name} glazes window {window} and scores {palace.window_points - before[1]}.")
        if palace.reset_losses > before[2]:
            lines.append(f"{name} reaches the end of the broken-glass track and loses 18.")
        if self.round != round_before:
            lines.append(f"Round {self.round} begins; {self.names[self.first_player]} starts.")
        elif self.current is None:
            lines.append("The sixth round is over: final scoring.")
        for line in lines:
            self.emit(line)

    def _move_phrase(self, action: Action, third_person: bool) -> str | None:
        """What the move does, its verbs in the third person (the log) or not (a label); None if unreadable."""
        s = "s" if third_person else ""
        try:
            if action.name == "take" and len(action.args) == 2:
                colour = self.colour_index(str(action.args[1]))
                count = self._source(action.args[0])[colour]
                colour_name = self.rules.colours[colour].name.lower()
                if action.args[0] != "C":
                    return f"take{s} {count} {colour_name} from display {action.args[0]}"
                if self.marker_in_centre:
                    return f"take{s} {count} {colour_name} from the centre, and the first-player marker"
                return f"take{s} {count} {colour_name} from the centre"
            if action.name == "place" and len(action.args) == 1 and isinstance(action.args[0], int):
                colour, count = self.held
                placed = min(count, self.fitting_spaces(self.current, action.args[0] - 1, colour))
                colour_name = self.rules.colours[colour].name.lower()
                if placed < count:
                    return f"place{s} {placed} {colour_name} on strip {action.args[0]} and break{s} {count - placed}"
                return f"place{s} {placed} {colour_name} on strip {action.args[0]}"
        except (IllegalAction, IndexError):
            return None
        if action.name == "break":
            if self.held[1] == 1:
                return f"break{s} the one piece taken"
            return f"break{s} all {self.held[1]} pieces taken"
        if action.name == "reset":
            return f"move{s} the glazier back to the leftmost strip"
        if action.name == "keep" and action.args:
            return f"keep{s} the {action.args[0]} piece for the window"
        return None

    def lost_to_broken_glass(self, player: int) -> int:
        palace = self.players[player]
        return palace.reset_losses - self.rules.components.broken_track[palace.track]

    def result(self) -> Result:
        if self.current is not None:
            raise ValueError("The game is not over yet.")
        breakdown = []
        for palace in self.players:
            final = palace.final or {}
            bonus_label = "Ornaments" if self.rules.palace[self.side].end_bonus == "ornaments" else "Windows x colour"
            breakdown.append({
                "Windows": palace.window_points,
                "Colour bonus": palace.bonus_points,
                "Track resets (-18)": -palace.reset_losses,
                "Leftover pieces": final.get("leftover", 0),
                "Broken-glass track": final.get("track", 0),
                bonus_label: final.get("end_bonus", 0),
            })
        scores = [p.score for p in self.players]
        lost = [self.lost_to_broken_glass(i) for i in range(len(self.players))]
        ranks, tiebreak = [], ""
        for i in range(len(scores)):
            better = sum(1 for j in range(len(scores)) if (scores[j], -lost[j]) > (scores[i], -lost[i]))
            ranks.append(better + 1)
            if any(scores[j] == scores[i] and lost[j] != lost[i] for j in range(len(scores)) if j != i):
                tiebreak = "Tied scores were split by the fewest points lost to broken glass."
        if not tiebreak and len(set(zip(scores, lost))) < len(scores):
            tiebreak = "Players tied on points and on glass lost share their place."
        notes = []
        if self.rules.palace[self.side].end_bonus == "colour_windows":
            for i, palace in enumerate(self.players):
                bonus, colour = end_bonus(self.rules.palace[self.side], palace.windows)
                if colour != EMPTY:
                    notes.append(
                        f"{self.names[i]}: {complete_windows(palace.windows)} complete windows x "
                        f"{colour_count(palace.windows, colour)} {self.colour_id(colour)} = {bonus}."
                    )
        return Result(scores=scores, breakdown=breakdown, ranks=ranks, tiebreak=tiebreak, notes=notes)

    def scramble_hidden(self, rng: Rng) -> bool:
        """Nothing of Sintra is hidden from everyone but the order of future draws.

        The bag and the tower hold counts per colour, and every piece that enters or
        leaves them is seen on the table, so anyone who watched can work out both. The
        order pieces come out of the bag is drawn with the generator at draw time, and
        the conformance check stirs the generator itself.
        """
        return False

    def view(self, seat: int | None) -> dict[str, Any]:
        """Sintra has no private information: every seat sees the whole table, but not the bag's order."""
        cid = self.colour_id
        side = self.rules.palace[self.side]
        players = []
        bonus_now = [end_bonus(side, palace.windows) for palace in self.players]
        for i, palace in enumerate(self.players):
            strips = []
            for slot in range(SLOTS):
                sid = palace.strip_ids[slot]
                if sid is None:
                    strips.append(None)
                    continue
                face, back = (self.rules.strips[sid][palace.sides[slot]],
                              self.rules.strips[sid][1 - palace.sides[slot]])
                strips.append({
                    "pattern": [self._space_id(c) for c in face],
                    "other_side": [self._space_id(c) for c in back],
                    "filled": [None if c == EMPTY else cid(c) for c in palace.filled[slot]],
                })
            players.append({
                "name": self.names[i],
                "score": palace.score,
                "glazier": palace.glazier,
                "track": palace.track,
                "track_value": self.rules.components.broken_track[palace.track],
                "lost_to_broken_glass": self.lost_to_broken_glass(i),
                "strips": strips,
                "windows": [[None if c == EMPTY else cid(c) for c in w] for w in palace.windows],
                "can_reset": self.can_reset(i),
                # what the side's end-of-game bonus would give now, and side B's best colour
                "end_bonus": bonus_now[i][0],
                "end_bonus_colour": None if bonus_now[i][1] == EMPTY else cid(bonus_now[i][1]),
            })
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
            "current": self.current,
            "phase": self.phase if self.current is not None else "over",
            "held": self._held_view() if self.phase == PLACE else None,
            "keep": [cid(c) for c in self.keep_pieces] if self.phase == KEEP else None,
            "keep_strip": self.keep_slot + 1 if self.phase == KEEP else None,
            "players": players,
            "prompt": self.prompt(),
        }

    def _held_view(self) -> dict[str, Any]:
        """The glass waiting to be placed, and the spaces of each strip it would fill."""
        colour, count = self.held
        spaces = [self.placement(self.current, slot, colour, count) for slot in range(SLOTS)]
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


SintraState.KINDS = {
    TAKE: Kind(SintraState._legal_take,
               by_name({"take": SintraState._take, "reset": SintraState._reset},
                       "Now take glass from a display or the centre, or reset the glazier."),
               SintraState._prompt_take, SintraState._label),
    PLACE: Kind(SintraState._legal_place,
                by_name({"place": SintraState._place, "break": SintraState._break_all},
                        "Now place the glass you took on a strip (or break it if nothing fits)."),
                SintraState._prompt_place, SintraState._label),
    KEEP: Kind(SintraState._legal_keep,
               by_name({"keep": SintraState._keep},
                       "Now choose which piece of the completed strip goes into the window."),
               SintraState._prompt_keep, SintraState._label),
}


def complete_windows(windows: list[list[int]]) -> int:
    return sum(1 for w in windows if w[1] != EMPTY)


def colour_count(windows: list[list[int]], colour: int) -> int:
    return sum(1 for w in windows for c in w if c == colour)


def end_bonus(side, windows: list[list[int]]) -> tuple[int, int]:
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
