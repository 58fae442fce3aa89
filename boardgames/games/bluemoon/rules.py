"""Blue Moon City - state, actions and scoring. No Textual here.

A turn is split into small decisions so each list of legal actions stays short, each
the top of the state's decision stack (``core/decisions.py``): ``move`` is replaced by
``act``; paying a box is a ``pay`` decision pushed over ``act`` and popped when the box
is filled or the payment cancelled; ``end`` replaces ``act`` with ``replenish``, and
``draw`` replaces that with the next player's ``move``. The stack is empty once the game
is over. Cells are named ``a1`` (top left) to ``e5``; cards are a people code and a
value (``aq2``); see ``PHASES`` below and the help page for the notation.

- ``move``: ``go <cell>`` (a tile within the steps left), ``play ve1 <cell>``,
  ``play ve2``, ``play vu1|te1|aq1 <cell|off>``, ``play vu2|te2|aq2 <cell>``, ``stop``.
- ``act``: ``box <n>`` starts paying box n (1 = leftmost) of the building here,
  ``offer`` on the courtyard, ``play pi1|pi2`` right after an offering,
  ``extra`` / ``extra <cell>`` for an expansion tile, ``end``.
- ``pay``: ``add <card>``, ``pair <mimix> <mimix>``, ``play lu1|lu2 <people>``,
  ``cancel``. The contribution completes by itself once its total reaches the box.
- ``replenish``: ``discard <card>`` (up to 2), then ``draw``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardgames.core import cards as deck_ops
from boardgames.core.decisions import DecidingState, Decision, Decisions, Kind
from boardgames.core.engine import Action, IllegalAction, Result
from boardgames.core.rng import Rng
from boardgames.games.bluemoon.data import ANY, DRAGONS, Bonus, Rules
from boardgames.games.bluemoon.log import action_line, draw_line, label
from boardgames.games.bluemoon.payment import most_payable
from boardgames.games.bluemoon.pieces import (  # noqa: F401 - the names tests and the screen import from here
    ACT,
    CANCEL,
    CENTRE,
    CORNERS,
    COURTYARD,
    DRAW,
    END,
    GRID,
    KHIND,
    MIMIX,
    MOVE,
    NO_TILE,
    NOBODY,
    OFF,
    OFFER,
    OVER,
    PAIRABLE,
    PAY,
    PHASES,
    REPLENISH,
    START_CELLS,
    STOP,
    WILD,
    Payment,
    Player,
    is_card,
    people_of,
    value_of,
)
from boardgames.games.bluemoon.view import seat_view


class BlueMoonState(DecidingState):
    def __init__(self, rules: Rules, names: list[str], expansion: bool, alternative: bool, rng: Rng) -> None:
        self.rules = rules
        self.names = list(names)
        self.expansion = expansion
        self.alternative = alternative
        self.rng = rng
        self.turn = 0
        n = len(names)
        comp = rules.components
        self.grid: list[int] = [NO_TILE] * GRID.size
        self.markers: list[list[int]] = [[NOBODY] * len(b.boxes) for b in rules.buildings]
        self.rebuilt: list[bool] = [False] * len(rules.buildings)
        self.dragons: list[int] = [OFF] * len(DRAGONS)
        self.players = [Player() for _ in range(n)]
        self.deck: dict[str, int] = {}
        self.discard: dict[str, int] = {}
        self.obelisk_costs: tuple[int, ...] = comp.obelisk[n]
        self.obelisk: list[int] = []  # seats, from the bottom space up
        self.scale_total = comp.scales[n]
        self.to_win = comp.offerings_to_win[n]
        self.decisions = Decisions([Decision(MOVE, 0)])
        self.steps = comp.movement
        self.contributed = False  # dragon scales only for the turn's first contribution
        self.offered = False
        self.pillar_ready = False  # a courtyard offering was just made: a Pillar may add one
        self.extra_used = False
        self.jumped = False  # moved by the Main Hall: nothing more on this tile
        self.discarded = 0
        self.pay: Payment | None = None
        self.outcome = ""  # "", "offerings", "played_out", "draw"

    # -- setup ------------------------------------------------------------------
    @classmethod
    def setup(cls, rules: Rules, names: list[str], expansion: bool, alternative: bool, seed: int) -> BlueMoonState:
        state = cls(rules, names, expansion, alternative, Rng(seed))
        rng = state.rng
        in_play = [i for i, b in enumerate(rules.buildings) if expansion or not b.expansion]
        cells = [c for c in range(GRID.size) if c != CENTRE and (expansion or c not in CORNERS)]
        state.grid[CENTRE] = COURTYARD
        if alternative:
            rng.shuffle(in_play)
            for cell, b in zip(cells, in_play):
                state.grid[cell] = b
        else:
            starts = [b for b in in_play if rules.buildings[b].start]
            others = [b for b in in_play if not rules.buildings[b].start]
            rng.shuffle(starts)
            rng.shuffle(others)
            for cell, b in zip(START_CELLS, starts):
                state.grid[cell] = b
            for cell, b in zip([c for c in cells if c not in START_CELLS], others):
                state.grid[cell] = b
        state.deck = dict(rules.deck)
        for player in state.players:
            for card in deck_ops.draw(state.deck, state.discard, rules.components.hand_size, rng):
                deck_ops.add(player.hand, card)
        state.decisions.reset(Decision(MOVE, rng.below(len(names))))  # a random first player
        return state

    # -- copying ----------------------------------------------------------------
    _SCALARS = ("expansion", "alternative", "turn", "obelisk_costs", "scale_total", "to_win",
                "steps", "contributed", "offered", "pillar_ready", "extra_used", "jumped", "discarded", "outcome")

    def clone(self) -> BlueMoonState:
        s = BlueMoonState.__new__(BlueMoonState)
        s.rules = self.rules
        s.names = self.names
        s.rng = self.rng.copy()
        for name in self._SCALARS:
            setattr(s, name, getattr(self, name))
        s.grid = self.grid
        if "_tiles" in self.__dict__:
            s._tiles, s._tile_names, s._distances = self._tiles, self._tile_names, self._distances
        s.markers = [row[:] for row in self.markers]
        s.rebuilt = self.rebuilt[:]
        s.dragons = self.dragons[:]
        s.players = [p.copy() for p in self.players]
        s.deck = dict(self.deck)
        s.discard = dict(self.discard)
        s.obelisk = self.obelisk[:]
        s.pay = None if self.pay is None else self.pay.copy()
        s.decisions = self.decisions.copy()
        return s

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self._SCALARS}
        data["obelisk_costs"] = list(self.obelisk_costs)
        data.update({
            "names": list(self.names),
            "rng": self.rng.to_json(),
            "grid": list(self.grid),
            "markers": [row[:] for row in self.markers],
            "rebuilt": self.rebuilt[:],
            "dragons": self.dragons[:],
            "players": [p.to_json() for p in self.players],
            "deck": dict(self.deck),
            "discard": dict(self.discard),
            "obelisk": self.obelisk[:],
            "pay": None if self.pay is None else self.pay.to_json(),
            "decisions": self.decisions.to_json(),
        })
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> BlueMoonState:
        s = cls(rules, data["names"], data["expansion"], data["alternative"], Rng.from_json(data["rng"]))
        for name in cls._SCALARS:
            setattr(s, name, data[name])
        s.obelisk_costs = tuple(data["obelisk_costs"])
        s.grid = list(data["grid"])
        s.markers = [list(row) for row in data["markers"]]
        s.rebuilt = list(data["rebuilt"])
        s.dragons = list(data["dragons"])
        s.players = [Player.from_json(p) for p in data["players"]]
        s.deck = dict(data["deck"])
        s.discard = dict(data["discard"])
        s.obelisk = list(data["obelisk"])
        s.pay = None if data["pay"] is None else Payment.from_json(data["pay"])
        s.decisions = Decisions.from_json(data["decisions"])
        return s

    # -- the decision stack -------------------------------------------------------
    @property
    def current(self) -> int | None:
        """The seat deciding now (None once the game is over)."""
        return self.decisions.seat

    @current.setter
    def current(self, seat: int | None) -> None:
        """Give the pending decisions to ``seat`` (None: nothing pending); for building positions."""
        if seat is None:
            self.decisions.reset()
        elif not self.decisions:
            self.decisions.reset(Decision(MOVE, seat))
        else:
            self.decisions.reset(*(Decision(d.kind, seat, d.args) for d in self.decisions))

    @property
    def phase(self) -> str:
        """The kind of the pending decision (move, act, pay, replenish), or "over"."""
        top = self.decisions.top
        return OVER if top is None else top.kind

    @phase.setter
    def phase(self, kind: str) -> None:
        """Make the current seat decide ``kind`` afresh (paying sits over acting); for building positions."""
        seat = self.current
        if kind == PAY:
            self.decisions.reset(Decision(ACT, seat), Decision(PAY, seat))
        else:
            self.decisions.reset(Decision(kind, seat))

    # -- queries ----------------------------------------------------------------

    def cell_of(self, building_id: str) -> int:
        """The cell of a building given by id (for tests and the screen)."""
        for cell, b in enumerate(self.grid):
            if b >= 0 and self.rules.buildings[b].id == building_id:
                return cell
        raise KeyError(building_id)

    def tiles(self) -> list[bool]:
        """Which cells hold a tile; the city never changes shape, so this is worked out once."""
        mask = self.__dict__.get("_tiles")
        if mask is None or len(mask) != len(self.grid):
            mask = self._tiles = [b != NO_TILE for b in self.grid]
            self._tile_names = [GRID.name(c) for c in range(GRID.size) if mask[c]]
            self._distances = {}
        return mask

    def reach_from(self, cell: int, limit: int) -> list[tuple[int, int]]:
        """(cell, steps) for every tile 1 to ``limit`` orthogonal steps from ``cell``, in cell order."""
        tiles = self.tiles()
        key = (cell, limit)
        found = self._distances.get(key)
        if found is None:
            found = self._distances[key] = sorted(
                (c, d) for c, d in GRID.distances(cell, tiles, limit).items() if d > 0)
        return found

    def tile_names(self) -> list[str]:
        self.tiles()
        return self._tile_names

    def markers_left(self, seat: int) -> int:
        placed = sum(row.count(seat) for row in self.markers)  # rebuilt rows are cleared
        return self.rules.components.markers - placed - self.players[seat].offerings

    def next_cost(self) -> int | None:
        filled = len(self.obelisk)
        return self.obelisk_costs[filled] if filled < len(self.obelisk_costs) else None

    def scale_supply(self) -> int:
        return max(0, self.scale_total - sum(p.scales for p in self.players))

    def all_rebuilt(self) -> bool:
        return all(self.rebuilt[b] for b in self.grid if b >= 0)

    def can_offer(self, seat: int, surcharge: int = 0) -> bool:
        cost = self.next_cost()
        return (cost is not None and self.markers_left(seat) > 0
                and self.players[seat].crystals >= cost + surcharge)

    def open_boxes(self, b: int) -> list[int]:
        return [] if self.rebuilt[b] else [k for k, seat in enumerate(self.markers[b]) if seat == NOBODY]

    def reach(self, hand: dict[str, int], colour: str) -> int:
        """The most ``hand`` can pay into one box of ``colour`` (or ``any``) with legal card plays.

        Exact (see payment.py): a box is offered exactly when its payment can be completed.
        """
        comp = self.rules.components
        return most_payable(hand, colour, comp.recolour, comp.pair_value, self.rules.people)

    # -- legal actions ------------------------------------------------------------
    def _legal_move(self, _decision: Decision) -> list[Action]:
        me = self.players[self.current]
        hand = me.hand
        actions = [_act("go", GRID.name(c)) for c, _ in self.reach_from(me.pos, self.steps)]
        if hand.get("ve1"):
            here = GRID.name(me.pos)
            actions += [a for a in self._target_actions("ve1") if a.args[1] != here]
        if hand.get("ve2"):
            actions.append(_act("play", "ve2"))
        for d, colour in enumerate(DRAGONS):
            people = self.rules.dragon_people[colour]
            where = self.dragons[d]
            if hand.get(f"{people}1"):
                if where == OFF:
                    actions += self._target_actions(f"{people}1")
                else:
                    here = GRID.name(where)
                    actions += [a for a in self._target_actions(f"{people}1") if a.args[1] != here]
                    actions.append(_act("play", f"{people}1", "off"))
            if hand.get(f"{people}2") and where != OFF:
                actions += [_act("play", f"{people}2", GRID.name(c))
                            for c, _ in self.reach_from(where, self.rules.components.dragon_steps)]
        actions.append(STOP)
        return actions

    def _target_actions(self, card: str) -> list[Action]:
        """``play <card> <tile>`` for every tile, built once per city."""
        return list(_targets(card, tuple(self.tile_names())))

    def _legal_act(self, _decision: Decision) -> list[Action]:
        seat = self.current
        me = self.players[seat]
        actions = []
        b = self.grid[me.pos]
        if not self.jumped:
            if b >= 0 and self.markers_left(seat) > 0:
                for k in self.open_boxes(b):
                    box = self.rules.buildings[b].boxes[k]
                    if self.reach(me.hand, box.colour) >= box.value:
                        actions.append(Action("box", (k + 1,)))
            if b == COURTYARD and not self.offered and self.can_offer(seat):
                actions.append(OFFER)
            if self.pillar_ready:
                surcharge = self.rules.components.offering_surcharge
                for v in (1, 2):
                    if me.hand.get(f"pi{v}") and self.can_offer(seat, surcharge[v]):
                        actions.append(Action("play", (f"pi{v}",)))
            if b >= 0 and not self.extra_used:
                actions += self._legal_extra(b)
        actions.append(END)
        return actions

    def _legal_extra(self, b: int) -> list[Action]:
        building = self.rules.buildings[b]
        me = self.players[self.current]
        if building.extra == "jump":
            return [Action("extra", (GRID.name(c),)) for c in range(GRID.size)
                    if self.grid[c] != NO_TILE and c != me.pos]
        if building.extra == "draw" and (self.deck or self.discard):
            return [Action("extra")]
        if building.extra == "offer" and self.can_offer(self.current):
            return [Action("extra")]
        return []

    def _legal_pay(self, _decision: Decision) -> list[Action]:
        hand = self.players[self.current].hand
        actions = [Action("add", (card,)) for card in sorted(hand) if self._counts_as(card) is not None]
        mimix = sorted(c for c in hand if people_of(c) == MIMIX and value_of(c) in PAIRABLE)
        for i, a in enumerate(mimix):
            for b in mimix[i:]:
                if a != b or hand[a] >= 2:
                    actions.append(Action("pair", (a, b)))
        target = self.pay.colour
        if target is not None:
            held = {people_of(c) for c in hand}
            recolour = self.rules.components.recolour
            for v in sorted(recolour):
                lux = f"lu{v}"
                if not hand.get(lux):
                    continue
                for people in sorted(held - {target, KHIND}):
                    spare = sum(n for c, n in hand.items() if people_of(c) == people) - (people == "lu")
                    if spare > 0:
                        actions.append(Action("play", (lux, people)))
        actions.append(CANCEL)
        return actions

    def _counts_as(self, card: str) -> str | None:
        """What ``card`` would count as if added to the payment now, or None if it cannot join."""
        people = people_of(card)
        pay = self.pay
        if people == KHIND:
            return WILD
        if pay.colour is None:  # an ``any`` box whose colour the first card chooses
            return people
        if people == pay.colour:
            return people
        if pay.converts.get(people, 0) > 0:
            return pay.colour
        return None

    def _legal_replenish(self, _decision: Decision) -> list[Action]:
        hand = self.players[self.current].hand
        actions = []
        if self.discarded < self.rules.components.max_discard:
            actions = [Action("discard", (card,)) for card in sorted(hand)]
        actions.append(DRAW)
        return actions

    # -- applying ---------------------------------------------------------------
    def _answer(self, decision: Decision, action: Action) -> None:
        """Apply ``action`` to the pending decision with its handler ``_do_<kind>_<action name>``."""
        handler = _HANDLERS.get((decision.kind, action.name))
        if handler is None:
            raise IllegalAction(self._wrong_phase_message(action))
        if action.args and action.name in ("stop", "end", "offer", "cancel", "draw"):
            raise IllegalAction(f"'{action.name}' takes nothing after it.")
        line = None if action.name == "draw" or not self.keeps_log else action_line(self, action)
        if line is not None:  # the draw logs its own line
            self.emit(line)  # the handler's events follow it; a refusal drops both
        # every handler checks all it needs before it changes anything, so a refusal leaves no trace
        handler(self, *action.args)

    def _wrong_phase_message(self, action: Action) -> str:
        known = {"go", "play", "stop", "box", "offer", "extra", "end", "add", "pair", "cancel", "discard", "draw"}
        if action.name not in known:
            return f"'{action.name}' is not a Blue Moon City move."
        return {
            MOVE: "You are moving now: go to a tile, play a power, or stop.",
            ACT: "Contribute here, make an offering on the courtyard, or end your actions.",
            PAY: "Finish this contribution with more cards, or cancel it.",
            REPLENISH: "Discard up to 2 cards, then draw.",
        }[self.phase]

    def _cell(self, text: Any, what: str) -> int:
        cell = GRID.parse(text)
        if cell is None or self.grid[cell] == NO_TILE:
            raise IllegalAction(f"{what} must be a tile of the city, such as c3.")
        if text != GRID.name(cell):  # only the listed spelling, so the log and the save show it
            raise IllegalAction(f"Write that tile as {GRID.name(cell)}.")
        return cell

    def _take_card(self, card: Any) -> str:
        if not is_card(card) or not self.players[self.current].hand.get(card):
            raise IllegalAction(f"You have no card {card} in your hand.")
        deck_ops.remove(self.players[self.current].hand, card)
        return card

    # movement
    def _do_move_go(self, *args: Any) -> None:
        if len(args) != 1:
            raise IllegalAction("Say where to go, such as: go c2.")
        me = self.players[self.current]
        cell = self._cell(args[0], "The place to go")
        dist = dict(self.reach_from(me.pos, self.steps)).get(cell)
        if dist is None:
            if self.steps == 1:
                raise IllegalAction(f"{GRID.name(cell)} is not within the 1 step you have left.")
            raise IllegalAction(f"{GRID.name(cell)} is not within your {self.steps} steps left.")
        me.pos = cell
        self.steps -= dist

    def _do_move_play(self, *args: Any) -> None:
        if not args:
            raise IllegalAction("Say which card to play, such as: play ve2.")
        card = args[0]
        if not is_card(card) or people_of(card) not in self.rules.people:
            raise IllegalAction(f"{card} is not a card.")
        people = self.rules.people[people_of(card)]
        value = value_of(card)
        me = self.players[self.current]
        if people.power == "fly" and value == 1:
            self._one_target(args, "play ve1 b2")
            cell = self._cell(args[1], "The place to fly to")
            if cell == me.pos:
                raise IllegalAction("You are already there.")
            self._take_card(card)
            me.pos = cell
        elif people.power == "fly" and value == 2:
            if len(args) != 1:
                raise IllegalAction("A Venti 2 needs no target.")
            self._take_card(card)
            self.steps += self.rules.components.fly_steps
        elif people.power == "dragon" and value in (1, 2):
            self._one_target(args, f"play {card} c2")
            d = DRAGONS.index(people.dragon)
            where = self.dragons[d]
            if value == 1:
                target = OFF if args[1] == "off" else self._cell(args[1], "The dragon's place")
                if target == where:
                    raise IllegalAction(f"The {people.dragon} dragon is already there.")
            else:
                if where == OFF:
                    raise IllegalAction(
                        f"The {people.dragon} dragon is not in the city yet; a value 1 card brings it in.")
                target = self._cell(args[1], "The dragon's place")
                dist = dict(self.reach_from(where, self.rules.components.dragon_steps)).get(target)
                if not dist:
                    raise IllegalAction(f"The {people.dragon} dragon can move only 1 to "
                                        f"{self.rules.components.dragon_steps} steps.")
            self._take_card(card)
            self.dragons[d] = target
        else:
            raise IllegalAction(f"{card} has no power to play while moving.")
        deck_ops.add(self.discard, card)

    @staticmethod
    def _one_target(args: tuple, example: str) -> None:
        if len(args) != 2:
            raise IllegalAction(f"This card needs one target, such as: {example}.")

    def _do_move_stop(self, *args: Any) -> None:
        self.decisions.replace(Decision(ACT, self.current))

    # contributions, offerings, extra actions
    def _do_act_box(self, *args: Any) -> None:
        me = self.players[self.current]
        b = self.grid[me.pos]
        if b < 0:
            raise IllegalAction("There is no building here to contribute to.")
        if self.jumped:
            raise IllegalAction("You came here with the Main Hall: no contributions here this turn.")
        if len(args) != 1 or not isinstance(args[0], int) or not 1 <= args[0] <= len(self.markers[b]):
            raise IllegalAction(f"Choose a box from 1 to {len(self.markers[b])}.")
        k = args[0] - 1
        if k not in self.open_boxes(b):
            raise IllegalAction("That box is already filled.")
        if self.markers_left(self.current) == 0:
            raise IllegalAction("You have no marker left, so you cannot contribute.")
        box = self.rules.buildings[b].boxes[k]
        if self.reach(me.hand, box.colour) < box.value:
            raise IllegalAction("Your hand cannot pay that box.")
        self.pay = Payment(b, k, None if box.colour == ANY else box.colour)
        self.decisions.push(Decision(PAY, self.current))

    def _do_act_offer(self, *args: Any) -> None:
        if self.grid[self.players[self.current].pos] != COURTYARD:
            raise IllegalAction("Offerings are made on the courtyard.")
        if self.jumped:
            raise IllegalAction("You came here with the Main Hall: no offering here this turn.")
        if self.offered:
            raise IllegalAction("You have already made your offering this turn; a Pillar card allows one more.")
        self._offer(0)
        self.pillar_ready = True

    def _do_act_play(self, *args: Any) -> None:
        card = args[0] if args else None
        if card not in ("pi1", "pi2") or len(args) != 1:
            raise IllegalAction("Only a Pillar card can be played now, right after an offering.")
        if not self.pillar_ready:
            raise IllegalAction("A Pillar card adds an offering only right after one on the courtyard.")
        surcharge = self.rules.components.offering_surcharge[value_of(card)]
        if not self.players[self.current].hand.get(card):
            raise IllegalAction(f"You have no card {card} in your hand.")
        if not self.can_offer(self.current, surcharge):
            if surcharge == 1:
                raise IllegalAction("An extra offering costs 1 more crystal than the space and needs a marker.")
            raise IllegalAction(f"An extra offering costs {surcharge} more crystals than the space and needs a marker.")
        self._take_card(card)
        self._offer(surcharge)
        deck_ops.add(self.discard, card)

    def _offer(self, surcharge: int) -> None:
        seat = self.current
        cost = self.next_cost()
        if cost is None:
            raise IllegalAction("The obelisk is full.")
        if self.markers_left(seat) == 0:
            raise IllegalAction("You have no marker left for the obelisk.")
        if self.players[seat].crystals < cost + surcharge:
            raise IllegalAction(f"This offering costs {cost + surcharge} crystals.")
        self.players[seat].crystals -= cost + surcharge
        self.players[seat].offerings += 1
        self.obelisk.append(seat)
        self.offered = True
        self.emit(f"{self.names[seat]} makes offering {self.players[seat].offerings} "
                           f"of {self.to_win} for {cost + surcharge} crystals.")
        if self.players[seat].offerings >= self.to_win:
            self._finish("offerings")
        self._check_stalemate()

    def _do_act_extra(self, *args: Any) -> None:
        me = self.players[self.current]
        b = self.grid[me.pos]
        building = self.rules.buildings[b] if b >= 0 else None
        if building is None or building.extra in (None, "none"):
            raise IllegalAction("This tile has no extra action.")
        if self.extra_used or self.jumped:
            raise IllegalAction("You have used an extra action this turn.")
        if building.extra != "jump" and args:
            raise IllegalAction("This tile's extra action takes no target: just extra.")
        if building.extra == "jump":
            if len(args) != 1:
                raise IllegalAction("Say where the Main Hall takes you, such as: extra b2.")
            cell = self._cell(args[0], "The place to go")
            if cell == me.pos:
                raise IllegalAction("You are already there.")
            me.pos = cell
            self.jumped = True
            self.pillar_ready = False
        elif building.extra == "draw":
            drawn = deck_ops.draw(self.deck, self.discard, building.extra_cards, self.rng)
            if not drawn:
                raise IllegalAction("There are no cards left to draw.")
            for card in drawn:
                deck_ops.add(me.hand, card)
        else:
            self._offer(0)
            self.pillar_ready = False
        self.extra_used = True

    def _do_act_end(self, *args: Any) -> None:
        self.decisions.replace(Decision(REPLENISH, self.current))
        self.pillar_ready = False

    # paying a box
    def _do_pay_add(self, *args: Any) -> None:
        card = args[0] if len(args) == 1 else None
        if not is_card(card):
            raise IllegalAction("Say which card to add, such as: add aq2.")
        counts = self._counts_as(card)
        if counts is None:
            raise IllegalAction(f"{card} does not match this box; only a Lux played now could recolour it.")
        self._take_card(card)
        if counts not in (WILD, people_of(card)):  # recoloured by a Lux
            self.pay.converts[people_of(card)] -= 1
        if counts != WILD and self.pay.colour is None:
            self.pay.colour = counts
        self.pay.cards.append((card, counts))
        self.pay.total += value_of(card)
        self._maybe_complete()

    def _do_pay_pair(self, *args: Any) -> None:
        if len(args) != 2 or not all(is_card(a) and people_of(a) == MIMIX and value_of(a) in PAIRABLE for a in args):
            raise IllegalAction("A pair is two Mimix cards of value 1 or 2, such as: pair mi1 mi2.")
        hand = self.players[self.current].hand
        if not deck_ops.has(hand, args):
            raise IllegalAction("You do not hold both of those Mimix cards.")
        for card in args:
            self._take_card(card)
            self.pay.cards.append((card, WILD))
        self.pay.total += self.rules.components.pair_value
        self._maybe_complete()

    def _do_pay_play(self, *args: Any) -> None:
        if len(args) != 2 or args[0] not in ("lu1", "lu2"):
            raise IllegalAction("Only a Lux can be played while paying, such as: play lu1 te.")
        lux, people = args
        target = self.pay.colour
        if target is None:
            raise IllegalAction("Choose the palace box's colour with a first card before recolouring.")
        if people not in self.rules.people or people in (target, KHIND):
            raise IllegalAction(f"A Lux recolours another people's cards into {self.rules.people[target].name}.")
        hand = self.players[self.current].hand
        if not hand.get(lux):
            raise IllegalAction(f"You have no card {lux} in your hand.")
        if sum(n for c, n in hand.items() if people_of(c) == people) - (lux[:2] == people) <= 0:
            raise IllegalAction(f"You hold no {self.rules.people[people].name} card to recolour.")
        self._take_card(lux)
        self.pay.powers.append(lux)
        self.pay.converts[people] = self.pay.converts.get(people, 0) + self.rules.components.recolour[value_of(lux)]

    def _do_pay_cancel(self, *args: Any) -> None:
        hand = self.players[self.current].hand
        for card in self.pay.all_cards():
            deck_ops.add(hand, card)
        self.pay = None
        self.decisions.pop()

    def _maybe_complete(self) -> None:
        pay = self.pay
        building = self.rules.buildings[pay.building]
        box = building.boxes[pay.box]
        if pay.total < box.value:
            return
        seat = self.current
        for card in pay.all_cards():
            deck_ops.add(self.discard, card)
        self.markers[pay.building][pay.box] = seat
        self.emit(f"{self.names[seat]} fills box {pay.box + 1} of the {building.name}.")
        self.pay = None
        self.decisions.pop()
        if not self.contributed:
            self.contributed = True
            here = self.players[seat].pos
            dragons = sum(1 for where in self.dragons if where == here)
            if dragons:
                if dragons == 1:
                    self.emit(f"The dragon here gives {self.names[seat]} a golden scale.")
                else:
                    self.emit(f"The {dragons} dragons here give {self.names[seat]} a golden scale each.")
                self._give(seat, Bonus(scale=dragons))
        if not self.open_boxes(pay.building):
            self._complete(pay.building)
        self._check_stalemate()

    def _complete(self, b: int) -> None:
        building = self.rules.buildings[b]
        row = self.markers[b]
        order = [(self.current + i) % len(self.players) for i in range(len(self.players))]
        contributors = [s for s in order if s in row]
        most = max(row.count(s) for s in contributors)
        leader = min((s for s in contributors if row.count(s) == most), key=row.index)
        self.emit(f"The {building.name} is rebuilt; {self.names[leader]} has the majority.")
        self._give(leader, building.majority)
        for s in contributors:
            self._give(s, building.construction)
        here = self.grid.index(b)
        for cell in GRID.neighbours(here):
            nb = self.grid[cell]
            if nb >= 0 and self.rebuilt[nb]:
                for s in contributors:
                    self._give(s, self.rules.buildings[nb].neighbourhood)
        self.markers[b] = [NOBODY] * len(row)
        self.rebuilt[b] = True

    def _give(self, seat: int, bonus: Bonus) -> None:
        """Hand out one bonus; the golden scales score the moment the supply runs out."""
        player = self.players[seat]
        player.crystals += bonus.crystal
        if bonus.card:
            drawn = deck_ops.draw(self.deck, self.discard, bonus.card, self.rng)
            into = player.pending if seat == self.current else player.hand
            for card in drawn:
                deck_ops.add(into, card)
        if bonus.scale:
            before = self.scale_supply()
            player.scales += bonus.scale
            if before > 0 and self.scale_supply() == 0:
                self._score_scales()

    def _score_scales(self) -> None:
        scoring = self.rules.components.scale_scoring
        counts = [p.scales for p in self.players]
        top = max(counts)
        leaders = [s for s, c in enumerate(counts) if c == top]
        for s, player in enumerate(self.players):
            if s in leaders:
                player.crystals += scoring.most if len(leaders) == 1 else scoring.tied
            elif player.scales >= scoring.others_min:
                player.crystals += scoring.others
            else:
                continue
            player.scales = 0
        self.emit("The last golden scale is taken: scales are scored.")

    # replenish
    def _do_replenish_discard(self, *args: Any) -> None:
        if self.discarded >= self.rules.components.max_discard:
            most = self.rules.components.max_discard
            if most == 1:
                raise IllegalAction("You may discard only 1 card; now draw.")
            raise IllegalAction(f"You may discard at most {most} cards; now draw.")
        if len(args) != 1:
            raise IllegalAction("Say which card to discard, such as: discard te1.")
        card = self._take_card(args[0])
        deck_ops.add(self.discard, card)
        self.discarded += 1

    def _do_replenish_draw(self, *args: Any) -> None:
        seat = self.current
        me = self.players[seat]
        count = self.discarded + self.rules.components.draw_more
        drawn = deck_ops.draw(self.deck, self.discard, count, self.rng)
        for card in drawn:
            deck_ops.add(me.hand, card)
        if self.keeps_log:
            self.emit(*draw_line(self, drawn))
        for card, n in me.pending.items():
            deck_ops.add(me.hand, card, n)
        me.pending = {}
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        if self.all_rebuilt() and not any(self.can_offer(s) for s in range(len(self.players))):
            self._finish("played_out")
            return
        self.decisions.replace(Decision(MOVE, (self.current + 1) % len(self.players)))
        self.steps = self.rules.components.movement
        self.contributed = self.offered = self.pillar_ready = self.extra_used = self.jumped = False
        self.discarded = 0

    def _finish(self, outcome: str) -> None:
        self.outcome = outcome
        self.decisions.reset()
        self.pay = None

    def _check_stalemate(self) -> None:
        if self.current is not None and all(self.markers_left(s) == 0 for s in range(len(self.players))):
            self.emit("No player has a marker left: the game is a draw.")
            self._finish("draw")

    # -- words ------------------------------------------------------------------
    # what the current player decides now; a prompt never mentions their hand or crystals
    def _prompt_move(self, decision: Decision) -> str:
        return f"{self.names[decision.seat]}: move or play a power, then stop (steps left: {self.steps})."

    def _prompt_act(self, decision: Decision) -> str:
        name = self.names[decision.seat]
        if self.jumped:
            return f"{name}: the Main Hall brought you here; end your actions."
        return f"{name}: contribute to a box here, make an offering on the courtyard, or end."

    def _prompt_pay(self, decision: Decision) -> str:
        box = self.rules.buildings[self.pay.building].boxes[self.pay.box]
        return f"{self.names[decision.seat]}: add cards to box {self.pay.box + 1} ({self.pay.total} of {box.value})."

    def _prompt_replenish(self, decision: Decision) -> str:
        name = self.names[decision.seat]
        left = self.rules.components.max_discard - self.discarded
        if left == 0:
            return f"{name}: draw to end your turn."
        return f"{name}: you may discard (up to {left} more), then draw."

    def _label(self, _decision: Decision, action: Action) -> str:
        return label(self, action)

    # -- results ------------------------------------------------------------------
    def result(self) -> Result:
        n = len(self.players)
        offerings = [p.offerings for p in self.players]
        crystals = [p.crystals for p in self.players]
        breakdown = [{"Offerings": o} for o in offerings]
        notes = [f"{self.names[s]}: crystals left {crystals[s]}, golden scales {self.players[s].scales}."
                 for s in range(n)]
        if self.outcome == "draw":
            return Result(unit="offerings", scores=offerings, breakdown=breakdown, ranks=[1] * n,
                          tiebreak="", notes=["No player had a marker left: the game is a draw.", *notes])
        keys = list(zip(offerings, crystals))
        ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        tiebreak = ""
        if len(set(offerings)) < n and any(
                offerings[i] == offerings[j] and crystals[i] != crystals[j] for i in range(n) for j in range(n)):
            tiebreak = "Players with as many offerings were ranked by crystals left."
        if len(set(keys)) < n and ranks.count(1) > 1:
            tiebreak = "Players tied on offerings and crystals share the victory."
        if self.outcome == "offerings":
            winner = max(range(n), key=lambda s: offerings[s])
            ranks = [1 if s == winner else max(2, r) for s, r in enumerate(ranks)]
            notes.insert(0, f"{self.names[winner]} made offering {self.to_win} and wins at once.")
            tiebreak = ""
        elif self.outcome == "played_out":
            notes.insert(0, "Every building was rebuilt and no one could make another offering.")
        return Result(unit="offerings", scores=offerings, breakdown=breakdown, ranks=ranks, tiebreak=tiebreak,
                      notes=notes)

    # -- views ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self, seat)

    # -- checks -----------------------------------------------------------------
    def check_invariants(self) -> None:
        counted: dict[str, int] = {}
        piles = [self.deck, self.discard, *(p.hand for p in self.players), *(p.pending for p in self.players)]
        for pile in piles:
            for card, n in pile.items():
                assert n > 0, f"a pile lists {card} {n} times"
                deck_ops.add(counted, card, n)
        if self.pay is not None:
            for card in self.pay.all_cards():
                deck_ops.add(counted, card)
        assert counted == dict(self.rules.deck), "people cards not conserved"
        for s in range(len(self.players)):
            assert self.markers_left(s) >= 0, "more than 10 markers placed"
            assert self.players[s].crystals >= 0, "negative crystals"
        assert len(self.obelisk) <= len(self.obelisk_costs), "obelisk overfilled"
        assert [self.obelisk.count(s) for s in range(len(self.players))] == [p.offerings for p in self.players]
        assert self.phase == PAY or self.pay is None

    def scramble_private(self, seat: int, rng: Rng) -> bool:
        """Swap one card of the seat's hand with one from the deck and change its crystals."""
        player = self.players[seat]
        if player.hand and self.deck:
            mine = deck_ops.draw_one(player.hand, rng)
            theirs = deck_ops.draw_one(self.deck, rng)
            deck_ops.add(player.hand, theirs)
            deck_ops.add(self.deck, mine)
        player.crystals += 1 + rng.below(5)
        return True

    def scramble_hidden(self, rng: Rng) -> bool:
        """Swap a card earned this turn, not yet seen by anyone, with a different one from the deck.

        Cards a player earns on their own turn are drawn at once but join the hand only
        after the turn; until then nobody, not even the owner, knows them. The deck holds
        no order (cards are drawn with the generator at draw time) and the discards were
        named when discarded, so these pending cards are all that is hidden from everyone.
        """
        for player in self.players:
            if not player.pending:
                continue
            mine = deck_ops.draw_one(player.pending, rng)
            others = [code for code in sorted(self.deck) if code != mine]
            if not others:
                deck_ops.add(player.pending, mine)
                continue
            theirs = others[rng.below(len(others))]
            deck_ops.remove(self.deck, theirs)
            deck_ops.add(player.pending, theirs)
            deck_ops.add(self.deck, mine)
            return True
        return False


#: the handler of each (decision kind, action name): the methods ``_do_<kind>_<name>``
_HANDLERS = {(kind, name[len(kind) + 5:]): method for kind in PHASES for name, method in vars(BlueMoonState).items()
             if name.startswith(f"_do_{kind}_")}

BlueMoonState.KINDS = {
    kind: Kind(getattr(BlueMoonState, f"_legal_{kind}"), BlueMoonState._answer,
               getattr(BlueMoonState, f"_prompt_{kind}"), BlueMoonState._label)
    for kind in PHASES
}


@lru_cache(maxsize=4096)
def _act(name: str, *args: Any) -> Action:
    """A shared Action object: legal lists are rebuilt often and actions never change."""
    return Action(name, args)


@lru_cache(maxsize=256)
def _targets(card: str, names: tuple[str, ...]) -> tuple[Action, ...]:
    """Cached, so a tuple: callers copy it into their own list."""
    return tuple(_act("play", card, name) for name in names)
