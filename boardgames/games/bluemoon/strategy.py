"""How the greedy bot judges a Blue Moon City position.

``evaluate(state, seat)`` counts everything in crystals:

- offerings (each worth more than the most an offering can cost, so the bot
  always makes one when it can), crystals, golden scales;
- the markers standing on unfinished buildings, each worth the building's
  construction and neighbourhood bonuses and its share of the majority bonus,
  discounted by how many boxes are still open;
- the cards in hand, by value, by how much the city still asks for their colour
  and by their power; cards earned this turn and cards still to be drawn are
  counted at the mean value of a drawn card (the bot never looks at them);
- on the seat's own turn, what the rest of the turn can still bring: the best
  contributions the hand can pay on a tile within the steps left (or on the
  tile it stands on), an offering on the courtyard, an expansion tile's extra
  action, or, while paying a box, the cheapest way to finish it;
- half of what the hand could do next turn from where the figure stands.

The greedy bot looks one decision ahead with it (``GREEDY_DEPTH``): the
evaluation already looks through the rest of the turn, and a decision's list can
hold a hundred moves. ``candidates`` leaves out dragon moves that cannot help
this turn.

An ``Evaluator`` holds the answers worked out so far (bounded caches); each greedy
bot gets its own from ``BlueMoon.greedy_evaluator``, so nothing is shared
between bots or games. ``evaluate`` and ``candidates`` at module level use a
fresh one each call.
"""

from __future__ import annotations

import itertools

from boardgames.core.bots import Memo
from boardgames.core.engine import Action, State
from boardgames.games.bluemoon.data import ANY, DRAGONS, Bonus, Building, Rules
from boardgames.games.bluemoon.rules import (
    ACT,
    COURTYARD,
    GRID,
    KHIND,
    MIMIX,
    MOVE,
    NOBODY,
    OFF,
    PAIRABLE,
    PAY,
    BlueMoonState,
)

#: the Game's hooks for the generic greedy bot (see boardgames/core/bots.py)
GREEDY_DEPTH = 1
GREEDY_SAMPLES = 4
#: the search bot (core/search.py): the lead in this judge's units worth about 73% against one rival, fitted
#: to the winners of greedy games (benchmarks/win_chance_calibration.py), so a hint's chance is about right
SEARCH_SCALE = 10.0
#: the search judges the greedy bot's first few moves only, each at the end of its turn: a tree inside a turn
#: of many small decisions compares the judge's promise for the rest of a turn one step later, when it is
#: kept by a different amount on every path (measured 2026-11-26: 4 of 30 games at 10 iterations with the
#: tree, 21 of 30 flat; README "Bots, hints and the review")
SEARCH_FLAT = True

WIN = 1000.0
OFFERING = 18.0  # one offering, on top of the crystals paid for it (the dearest costs 12 + 2)
WINNING_OFFERING = 200.0  # what the potential adds when an offering would end the game
SCALE = 1.0
CARD_POINT = 0.3  # one point of card value of a colour the city still asks for
HAND_FULL = 5.0  # a hand worth more than this (in crystals) is worth less for each further card:
HAND_MORE = 0.3  # every card past it counts this share of its worth, so the bot spends instead of hoarding
NEXT_TURN = 0.5
FEW_MARKERS = 3  # below this many markers left, each missing one costs MARKER_SHORT
MARKER_SHORT = 1.5
NO_MARKER = 8.0  # and this much more for having none
#: how likely a building with this many open boxes gets finished while it matters
PROGRESS = 1.3  # a building's bonuses count as (share of its box values filled) ** PROGRESS until it is rebuilt
POWER = {"ve1": 0.6, "ve2": 0.3, "lu1": 0.4, "lu2": 0.2, "pi1": 0.3, "pi2": 0.3}
DRAGON_CARD = {1: 0.4, 2: 0.2}  # dragon peoples: bring the dragon in / move it (only if it is in)
INFEASIBLE = -10.0  # a payment the hand cannot finish: cancel it
GOING_ON = 0.01  # a payment that can be finished beats taking the cards back
MOVE_LOOKS = 2  # while moving, the best tiles whose next turn is looked at too
GLANCE_COST = 0.35  # what one point of a box is thought to cost in cards when looking at next turn

#: a hand as sorted (card, count) items, a key of the caches
HandKey = tuple[tuple[str, int], ...]
#: a building and its boxes' markers as a plan leaves them, or None
Changed = tuple[int, tuple[int, ...]] | None
#: what a tile gives: gain, the hand left, markers left, the building changed
Outcome = tuple[float, HandKey, int, Changed]
#: how a turn leaves things: the figure's cell, hand left, markers left, the building changed
Plan = tuple[int, HandKey, int, Changed]
#: cards that may pay together: their value, their worth in hand, the cards
Item = tuple[int, float, tuple[str, ...]]
#: the city's open boxes: (people, summed values) of each colour and the summed values of the wild boxes
DemandKey = tuple[tuple[tuple[str, int], ...], int]

CACHE_LIMIT = 20_000  # entries of each cache of an Evaluator; the city changes, so old entries are soon dead weight


class Evaluator:
    """One bot's judgement of Blue Moon City positions, with the answers it has worked out so far.

    Every cache is a ``Memo`` of at most ``limit`` entries (the oldest go first).
    A cached answer depends only on its key, so what is cached never changes a value.
    """

    def __init__(self, limit: int | None = None) -> None:
        limit = CACHE_LIMIT if limit is None else limit
        self.tiles: Memo = Memo(limit)  # what a tile offers: Outcome
        self.payments: Memo = Memo(limit)  # the cheapest cards paying a box
        self.glances: Memo = Memo(limit)  # next turn on a tile
        self.contexts: Memo = Memo(limit)  # an evaluation's surroundings -> a small number
        self.values: Memo = Memo(min(limit, 4096))  # card values for a state of the city
        self.reaches: Memo = Memo(limit)  # how much a hand can pay per colour
        self.numbers = itertools.count()  # never reused, so an answer can never be read under another context

    def caches(self) -> tuple[Memo, ...]:
        return self.tiles, self.payments, self.glances, self.contexts, self.values, self.reaches

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, BlueMoonState)
        if state.current is None:
            return _final(state, seat)
        return _Judge(state, seat, self).value()

    def candidates(self, state: State, actions: list[Action]) -> list[Action]:
        assert isinstance(state, BlueMoonState)
        return _candidates(state, actions, self)

    def reach(self, hand_key: HandKey, recolour: tuple[int, int]) -> dict[str, int]:
        key = (hand_key, recolour)
        found: dict[str, int] | None = self.reaches.get(key)
        if found is None:
            found = self.reaches.put(key, _reach(hand_key, recolour))
        return found

    def context(self, context: tuple[object, ...]) -> int:
        found: int | None = self.contexts.get(context)
        if found is None:
            found = self.contexts.put(context, next(self.numbers))
        return found


def evaluate(state: BlueMoonState, seat: int) -> float:
    """The position's worth for ``seat`` (a fresh Evaluator: nothing cached is shared)."""
    return Evaluator().evaluate(state, seat)


def candidates(state: BlueMoonState, actions: list[Action]) -> list[Action]:
    """The moves worth a look (see ``_candidates``), with a fresh Evaluator."""
    return _candidates(state, actions, Evaluator())


def _candidates(state: BlueMoonState, actions: list[Action], memo: Evaluator) -> list[Action]:
    """The moves worth a look.

    While moving: a dragon goes only to a tile the figure can still reach and
    whose open boxes the hand might pay (its gift is a scale for a contribution
    there); a Venti 1 flies only past the steps left, to such a tile or to the
    courtyard when an offering is affordable. While paying, taking the cards back
    is left out when the hand can finish the box (the evaluation would rate both
    the same and the bot could go round in circles), and is the only move when it
    cannot.
    """
    seat = state.current
    if seat is None:
        return actions
    if state.phase == PAY:
        judge = _Judge(state, seat, memo)
        if judge.paying(state.markers_left(seat))[0] != INFEASIBLE:
            return [action for action in actions if action.name != "cancel"]
        return [action for action in actions if action.name == "cancel"]
    if state.phase != MOVE:
        return actions
    me = state.players[seat]
    near = {me.pos} | {c for c, _ in state.reach_from(me.pos, state.steps)}
    recolour = state.rules.components.recolour
    reach = memo.reach(tuple(sorted(me.hand.items())), (recolour[1], recolour[2]))
    can_offer = state.can_offer(seat)
    useful: dict[str, bool] = {}

    def worth_it(name: str) -> bool:
        found = useful.get(name)
        if found is None:
            cell = GRID.parse(name)
            assert cell is not None, f"no cell {name!r}"
            b = state.grid[cell]
            if b == COURTYARD:
                found = can_offer
            elif b < 0 or state.rebuilt[b] or state.markers_left(seat) == 0:
                found = False
            else:
                boxes = state.rules.buildings[b].boxes
                found = any(owner == NOBODY and reach.get(boxes[k].colour, 0) >= boxes[k].value
                            for k, owner in enumerate(state.markers[b]))
            useful[name] = found
        return found

    keep = []
    for action in actions:
        if action.name == "play" and len(action.args) == 2:
            target = action.args[1]
            if action.args[0][:2] == "ve":
                if GRID.parse(target) in near or not worth_it(target):
                    continue
            elif target == "off" or GRID.parse(target) not in near or not worth_it(target):
                continue
        keep.append(action)
    return keep


def _final(state: BlueMoonState, seat: int) -> float:
    if state.outcome == "draw":
        return -WIN / 2
    ranks = state.result().ranks
    if ranks[seat] == 1:
        return WIN if ranks.count(1) == 1 else WIN / 2
    return -WIN + state.players[seat].offerings


class _Judge:
    """One evaluation: the city's demand, card values and the seat's options, worked out once."""

    def __init__(self, state: BlueMoonState, seat: int, memo: Evaluator) -> None:
        self.memo = memo
        self.state = state
        self.seat = seat
        self.rules: Rules = state.rules
        self.me = state.players[seat]
        self.n = len(state.players)
        demand: dict[str, int] = {}
        wild = 0
        for b in state.grid:
            if b < 0 or state.rebuilt[b]:
                continue
            boxes = self.rules.buildings[b].boxes
            for k, owner in enumerate(state.markers[b]):
                if owner == NOBODY:
                    box = boxes[k]
                    if box.colour == ANY:
                        wild += box.value
                    else:
                        demand[box.colour] = demand.get(box.colour, 0) + box.value
        self.demand_key = (tuple(sorted(demand.items())), wild)
        self.values_key = (self.demand_key, tuple(d != OFF for d in state.dragons))
        self.card_values = _card_values(memo.values, self.rules, *self.values_key)
        self.draw_value = self.card_values["_draw"]
        draws = state.discarded + self.rules.components.draw_more if state.current == seat else 0
        #: the hand's cards not yet seen: earned this turn, and the replenishing draw still to come
        self.unseen = self.draw_value * (sum(self.me.pending.values()) + draws)
        self.bonus_values = (1.0, self.draw_value, SCALE)
        self.rival_scales = max(p.scales for s, p in enumerate(state.players) if s != seat)
        self.scale_supply = state.scale_supply()
        self.rivals_stuck = all(state.markers_left(s) == 0 for s in range(self.n) if s != seat)
        recolour = self.rules.components.recolour
        self.recolour = (recolour[1], recolour[2])
        #: everything beyond a tile's own boxes, dragons and the hand that what a tile offers depends on,
        #: as one small number: cached answers are shared only between evaluations that agree on all of it
        context = (seat, self.n, tuple(state.grid), tuple(state.rebuilt), self.values_key, self.unseen,
                   self.me.crystals, self.me.offerings, self.me.scales, self.rival_scales, self.scale_supply,
                   state.scale_total, state.obelisk_costs, len(state.obelisk), state.to_win, self.rivals_stuck,
                   bool(state.deck or state.discard), self.recolour)
        self.context = memo.context(context)

    def scales(self, more: int) -> float:
        """The seat's golden scales (with ``more`` from dragons): what they will score, surer as the supply runs low."""
        mine = self.me.scales + more
        supply = max(0, self.scale_supply - more)
        rival = self.rival_scales
        if mine > rival:
            payout = 6.0
        elif mine == rival or mine >= 3:
            payout = 3.0
        else:
            payout = 0.0
        sure = 1.0 - supply / self.state.scale_total
        return sure * payout + (1.0 - sure) * SCALE * mine

    def hand_total(self, hand: dict[str, int]) -> float:
        """The cards' worth one by one, with the unseen ones at a drawn card's mean."""
        cv = self.card_values
        return sum(cv[card] * n for card, n in hand.items()) + self.unseen

    def spend(self, total: float, cost: float) -> float:
        """What giving up cards worth ``cost`` out of a hand worth ``total`` loses."""
        return _worth(total) - _worth(total - cost)

    # -- the whole value ----------------------------------------------------------
    def value(self) -> float:
        state, me, seat = self.state, self.me, self.seat
        markers_left = state.markers_left(seat)
        value = OFFERING * me.offerings + me.crystals + self.scales(0)
        value += _worth(self.hand_total(me.hand))
        value += _short(markers_left)
        for b in state.grid:
            if b >= 0 and not state.rebuilt[b] and seat in state.markers[b]:
                value += self.building_value(b, state.markers[b])
        hand_key = tuple(sorted(me.hand.items()))
        plan: Plan = (me.pos, hand_key, markers_left, None)
        if state.current == seat:
            gain, plan = self.this_turn(hand_key, markers_left)
            value += gain
        value += NEXT_TURN * self.next_turn(plan)
        return value

    def this_turn(self, hand_key: HandKey, markers_left: int) -> tuple[float, Plan]:
        """What the rest of the turn can still bring, and how the turn would leave things."""
        state = self.state
        here = self.me.pos
        if state.phase == MOVE:
            cells = [here] + [c for c, _ in state.reach_from(here, state.steps)]
            options = sorted(((self.tile(c, hand_key, markers_left, fresh=False), c) for c in cells),
                             key=lambda option: -option[0][0])
            best: tuple[float, float, Plan] | None = None
            for (gain, hand_after, left, changed), cell in options[:MOVE_LOOKS]:
                plan = (cell, hand_after, left, changed)
                total = gain + NEXT_TURN * self.next_turn(plan)
                if best is None or total > best[0]:
                    best = (total, gain, plan)
            assert best is not None  # the tile stood on is always an option
            return best[1], best[2]
        if state.phase == ACT and not state.jumped:
            gain, hand_after, left, changed = self.tile(here, hand_key, markers_left, fresh=False)
            return gain, (here, hand_after, left, changed)
        if state.phase == PAY:
            gain, hand_after, left, changed = self.paying(markers_left)
            return gain, (here, hand_after, left, changed)
        return 0.0, (here, hand_key, markers_left, None)  # replenish: only the draw is left, counted in value()

    def next_turn(self, plan: Plan) -> float:
        """A glance at the best tile within a turn's steps of where the figure ends, for what the hand keeps."""
        cell, hand_key, markers_left, changed = plan
        reach = self.memo.reach(hand_key, self.recolour)
        worth = self.hand_total(dict(hand_key))
        reach_key = (tuple(reach.values()), worth)
        cells = [cell] + [c for c, _ in self.state.reach_from(cell, self.rules.components.movement)]
        return max(0.0, max(self.glance(c, hand_key, reach, reach_key, worth, markers_left, changed) for c in cells))

    def glance(self, cell: int, hand_key: HandKey, reach: dict[str, int], reach_key: tuple[tuple[int, ...], float],
               worth: float, markers_left: int, changed: Changed) -> float:
        """Next turn on ``cell``: the best single box within the hand's reach, its cards priced by their value."""
        state = self.state
        b = state.grid[cell]
        if b == COURTYARD:
            return self.tile(cell, hand_key, markers_left, fresh=True)[0]
        if b < 0:
            return 0.0
        row = changed[1] if changed is not None and changed[0] == b else tuple(state.markers[b])
        dragons = sum(1 for where in state.dragons if where == cell)
        building = self.rules.buildings[b]
        key = ("g", b, row, reach_key, markers_left, dragons, self.context)
        found: float | None = self.memo.glances.get(key)
        if found is not None:
            return found
        total = self.extra_action(building, worth, markers_left)
        if not state.rebuilt[b] and markers_left > 0:
            current = None
            best = 0.0
            for k, owner in enumerate(row):
                box = building.boxes[k]
                if owner != NOBODY or reach.get(box.colour, 0) < box.value:
                    continue
                if current is None:
                    current = self.building_value(b, row)
                after = list(row)
                after[k] = self.seat
                best = max(best, self.box_gain(b, after, current, True, dragons, markers_left)
                           - self.spend(worth, GLANCE_COST * box.value))
            total += best
        self.memo.glances.put(key, total)
        return total

    # -- buildings ----------------------------------------------------------------
    def bonus(self, bonus: Bonus) -> float:
        crystal, card, scale = self.bonus_values
        return bonus.crystal * crystal + bonus.card * card + bonus.scale * scale

    def neighbourhood(self, b: int) -> float:
        state = self.state
        total = 0.0
        for cell in GRID.neighbours(state.grid.index(b)):
            nb = state.grid[cell]
            if nb >= 0 and state.rebuilt[nb]:
                total += self.bonus(self.rules.buildings[nb].neighbourhood)
        return total

    def building_value(self, b: int, row: list[int] | tuple[int, ...]) -> float:
        """What the seat's markers in ``row`` are worth: the bonuses, discounted by the open boxes."""
        seat = self.seat
        mine = row.count(seat)
        if not mine:
            return 0.0
        building = self.rules.buildings[b]
        open_boxes = row.count(NOBODY)
        best_other, their_first = 0, len(row)
        for s in range(self.n):
            if s != seat:
                count = row.count(s)
                if count > best_other:
                    best_other, their_first = count, row.index(s)
                elif count == best_other and count:
                    their_first = min(their_first, row.index(s))
        lead = mine - best_other
        if open_boxes == 0:
            majority = 1.0 if lead > 0 or (lead == 0 and row.index(seat) < their_first) else 0.0
        elif lead > open_boxes:
            majority = 1.0
        elif lead > 0:
            majority = 0.8
        elif lead == 0:
            majority = 0.6 if row.index(seat) < their_first else 0.4
        else:
            majority = 0.15 if open_boxes >= -lead else 0.0
        reward = self.bonus(building.construction) + self.neighbourhood(b) + majority * self.bonus(building.majority)
        boxes = building.boxes
        filled = sum(box.value for box, owner in zip(boxes, row) if owner != NOBODY)
        share: float = (filled / sum(box.value for box in boxes)) ** PROGRESS  # float ** float is typed Any
        return reward * share

    # -- what a tile offers ---------------------------------------------------------
    def tile(self, cell: int, hand_key: HandKey, markers_left: int, fresh: bool, changed: Changed = None) -> Outcome:
        """The best the hand can do on ``cell`` (``fresh``: as at the start of a turn).

        ``changed`` is a building and its boxes as this turn's plan leaves them.
        Returns the gain, the hand (as sorted items) and markers left afterwards,
        and the building contributed to with its boxes then (or None).
        """
        state = self.state
        b = state.grid[cell]
        if b == COURTYARD:
            offered = False if fresh else state.offered
            ready = False if fresh else state.pillar_ready
            yard_key = ("c", hand_key, markers_left, offered, ready, self.context)
            yard: Outcome | None = self.memo.tiles.get(yard_key)
            if yard is None:
                yard = self.memo.tiles.put(yard_key, self.courtyard(hand_key, markers_left, offered, ready))
            return yard
        if b < 0:
            return 0.0, hand_key, markers_left, None
        first = True if fresh else not state.contributed
        extra_used = False if fresh else state.extra_used
        dragons = sum(1 for where in state.dragons if where == cell)
        row = changed[1] if changed is not None and changed[0] == b else tuple(state.markers[b])
        key = (b, hand_key, markers_left, row, dragons, first, extra_used, self.context)
        found: Outcome | None = self.memo.tiles.get(key)
        if found is None:
            found = self.building_options(b, row, hand_key, markers_left, first, extra_used, dragons)
            self.memo.tiles.put(key, found)
        return found

    def courtyard(self, hand_key: HandKey, markers_left: int, offered: bool, ready: bool) -> Outcome:
        state, me = self.state, self.me
        costs = state.obelisk_costs
        filled = len(state.obelisk)
        crystals, offerings, total = me.crystals, me.offerings, 0.0
        surcharge = self.rules.components.offering_surcharge
        if not offered:
            if markers_left <= 0 or filled >= len(costs) or crystals < costs[filled]:
                return 0.0, hand_key, markers_left, None
            total += self.offering_gain(costs[filled], offerings, markers_left)
            crystals -= costs[filled]
            offerings += 1
            filled += 1
            markers_left -= 1
            ready = True
        if ready and offerings < state.to_win and markers_left > 0 and filled < len(costs):
            hand = dict(hand_key)
            worth = self.hand_total(hand)
            best, pillar = 0.0, None
            for v in (1, 2):
                card = f"pi{v}"
                price = costs[filled] + surcharge[v]
                if hand.get(card) and crystals >= price:
                    gain = self.offering_gain(price, offerings, markers_left)
                    gain -= self.spend(worth, self.card_values[card])
                    if gain > best:
                        best, pillar = gain, card
            if pillar is not None:
                total += best
                _take(hand, pillar)
                hand_key = tuple(sorted(hand.items()))
                markers_left -= 1
        return total, hand_key, markers_left, None

    def extra_action(self, building: Building, worth: float, markers_left: int) -> float:
        """What the tile's extra action brings (the Main Hall's jump is judged by where it leads)."""
        state = self.state
        if building.extra == "draw" and (state.deck or state.discard):
            return _worth(worth + building.extra_cards * self.draw_value) - _worth(worth)
        if building.extra == "offer":
            cost = state.next_cost()
            if cost is not None and markers_left > 0 and self.me.crystals >= cost:
                return self.offering_gain(cost, self.me.offerings, markers_left)
        return 0.0

    def offering_gain(self, price: int, offerings: int, markers_left: int) -> float:
        gain = OFFERING - price + _short(markers_left - 1) - _short(markers_left)
        if offerings + 1 >= self.state.to_win:
            gain += WINNING_OFFERING
        return gain

    def building_options(self, b: int, row: tuple[int, ...] | list[int], hand_key: HandKey, markers_left: int,
                         first: bool, extra_used: bool, dragons: int) -> Outcome:
        """Contributions paid one after another while each gains, plus the tile's extra action."""
        building = self.rules.buildings[b]
        hand = dict(hand_key)
        worth = self.hand_total(hand)
        total = 0.0
        if not extra_used:
            total = self.extra_action(building, worth, markers_left)
            if building.extra == "offer" and total > 0:
                markers_left -= 1
        if self.state.rebuilt[b] or markers_left <= 0:
            return total, hand_key, markers_left, None
        reach = self.memo.reach(hand_key, self.recolour)
        boxes = building.boxes
        if not any(owner == NOBODY and reach.get(boxes[k].colour, 0) >= boxes[k].value for k, owner in enumerate(row)):
            return total, hand_key, markers_left, None
        row_list = list(row)
        current = self.building_value(b, row_list)
        while markers_left > 0:
            best = None
            for k, owner in enumerate(row_list):
                if owner != NOBODY:
                    continue
                box = building.boxes[k]
                if reach.get(box.colour, 0) < box.value:
                    continue
                cost, used = self.pay_cost(box.colour, box.value, hand, None)
                if used is None:
                    continue
                after = row_list[:]
                after[k] = self.seat
                gain = self.box_gain(b, after, current, first, dragons, markers_left) - self.spend(worth, cost)
                if best is None or gain > best[0]:
                    best = (gain, after, used, cost)
            if best is None or best[0] <= 0:
                break
            gain, row_list, used, cost = best
            total += gain
            worth -= cost
            for card in used:
                _take(hand, card)
            current = self.building_value(b, row_list)
            markers_left = _markers_after(markers_left, row_list, self.seat)
            first = False
            if NOBODY not in row_list:
                break
        changed = (b, tuple(row_list)) if list(row) != row_list else None
        return total, tuple(sorted(hand.items())), markers_left, changed

    def box_gain(self, b: int, after: list[int], current: float, first: bool, dragons: int,
                 markers_left: int) -> float:
        gain = self.building_value(b, after) - current
        left = _markers_after(markers_left, after, self.seat)
        gain += _short(left) - _short(markers_left)
        if left == 0 and self.rivals_stuck:
            gain -= WIN  # the last marker anyone had: the game would end in a draw
        if first and dragons:
            gain += self.scales(dragons) - self.scales(0)
        return gain

    def paying(self, markers_left: int) -> Outcome:
        """While paying a box: its worth less the cheapest cards that finish it, then what may follow."""
        state = self.state
        pay = state.pay
        assert pay is not None, "judged while paying"
        building = self.rules.buildings[pay.building]
        box = building.boxes[pay.box]
        need = box.value - pay.total
        colour = pay.colour if pay.colour is not None else ANY
        hand = dict(self.me.hand)
        cost, used = self.pay_cost(colour, need, hand, pay.converts)
        if used is None:
            return INFEASIBLE, tuple(sorted(hand.items())), markers_left, None
        row = state.markers[pay.building]
        after = list(row)
        after[pay.box] = self.seat
        current = self.building_value(pay.building, row)
        dragons = sum(1 for where in state.dragons if where == self.me.pos)
        # the box's marker is still in the seat's supply: it is placed when the total is reached
        gain = self.box_gain(pay.building, after, current, not state.contributed, dragons, markers_left)
        gain -= self.spend(self.hand_total(hand), cost)
        for card in used:
            _take(hand, card)
        more, hand_after, left, changed = self.building_options(
            pay.building, after, tuple(sorted(hand.items())), _markers_after(markers_left, after, self.seat), False,
            state.extra_used, dragons)
        return gain + more + GOING_ON, hand_after, left, changed or (pay.building, tuple(after))

    # -- paying ---------------------------------------------------------------------
    def pay_cost(self, colour: str, need: int, hand: dict[str, int],
                 converts: dict[str, int] | None) -> tuple[float, list[str] | None]:
        """The cheapest cards (by their worth in hand) paying ``need`` to a box of ``colour``."""
        if need <= 0:
            return 0.0, []
        key = (colour, need, tuple(sorted(hand.items())), tuple(sorted(converts.items())) if converts else (),
               self.values_key)
        found: tuple[float, list[str] | None] | None = self.memo.payments.get(key)
        if found is None:
            found = self.memo.payments.put(key, self._pay_cost(colour, need, hand, converts))
        return found

    def _pay_cost(self, colour: str, need: int, hand: dict[str, int],
                  converts: dict[str, int] | None) -> tuple[float, list[str] | None]:
        if colour == ANY:
            best: tuple[float, list[str] | None] = (0.0, None)
            for people in self.rules.people:
                if people == KHIND:
                    continue
                found = self._pay_cost(people, need, hand, converts)
                if found[1] is not None and (best[1] is None or found[0] < best[0]):
                    best = found
            return best
        cv = self.card_values
        items: list[Item] = []
        mimix: list[str] = []
        for card, n in hand.items():
            people, value = card[:2], int(card[2:])
            if people == KHIND:
                items += [(1, cv[card], (card,))] * n
            elif people == colour:
                items += [(value, cv[card], (card,))] * n
                if people == MIMIX and value in PAIRABLE:
                    mimix += [card] * n
            elif people == MIMIX and value in PAIRABLE:
                mimix += [card] * n
        if converts:
            for people, room in converts.items():
                if room <= 0 or people == colour:
                    continue
                cards = sorted((c for c in hand if c[:2] == people for _ in range(hand[c])), reverse=True)
                items += [(int(c[2:]), cv[c], (c,)) for c in cards[:room]]
        found = _cover(items, need, mimix, cv)
        if found[1] is not None or converts:
            return found
        # a Lux may recolour other cards; tried only when nothing else pays
        best = found
        recolour = self.rules.components.recolour
        for value, room in sorted(recolour.items()):
            lux = f"lu{value}"
            if not hand.get(lux):
                continue
            rest = dict(hand)
            _take(rest, lux)
            for people in self.rules.people:
                if people in (colour, KHIND):
                    continue
                cards = sorted((c for c in rest if c[:2] == people for _ in range(rest[c])), reverse=True)
                if not cards:
                    continue
                extra: list[Item] = [(int(c[2:]), cv[c], (c,)) for c in cards[:room]]
                base = [item for item in items if item[2][0] != lux] if colour == "lu" else items
                cost, used = _cover(base + extra, need, mimix, cv)
                if used is not None and (best[1] is None or cost + cv[lux] < best[0]):
                    best = (cost + cv[lux], used + [lux])
        return best


def _cover(items: list[Item], need: int, mimix: list[str],
           cv: dict[str, float]) -> tuple[float, list[str] | None]:
    """Cheapest set of items whose values reach ``need``; two Mimix may instead join as one wild 3."""
    pairs = sorted(mimix, key=lambda c: cv[c])
    best = _knapsack(items, need)
    if len(pairs) >= 2:
        a, b = pairs[0], pairs[1]
        base, dropped = [], [a, b]
        for item in items:  # the paired cards cannot also be paid on their own
            if item[2][0] in dropped:
                dropped.remove(item[2][0])
                continue
            base.append(item)
        with_pair = _knapsack([*base, (3, cv[a] + cv[b], (a, b))], need)
        if with_pair[1] is not None and (best[1] is None or with_pair[0] < best[0]):
            best = with_pair
    return best


def _knapsack(items: list[Item], need: int) -> tuple[float, list[str] | None]:
    """Minimum total cost of items with values summing to at least ``need`` (0/1 items)."""
    inf = float("inf")
    cost = [0.0] + [inf] * need
    chosen: list[tuple[str, ...]] = [()] * (need + 1)
    for value, price, cards in items:
        for t in range(need, -1, -1):
            if cost[t] == inf:
                continue
            u = min(need, t + value)
            if cost[t] + price < cost[u] - 1e-12:
                cost[u] = cost[t] + price
                chosen[u] = chosen[t] + cards
    if cost[need] == inf:
        return 0.0, None
    return cost[need], list(chosen[need])


def _take(hand: dict[str, int], card: str) -> None:
    left = hand.get(card, 0) - 1
    if left > 0:
        hand[card] = left
    else:
        hand.pop(card, None)


def _reach(hand_key: HandKey, recolour: tuple[int, int] = (4, 1)) -> dict[str, int]:
    """Per colour (and ``any``), at most how much one contribution from this hand can pay.

    Like the rules' own bound: natives, Khinds, Mimix in pairs, and the best cards
    a Lux could recolour (``recolour``: cards a Lux 1 / Lux 2 may change); the exact
    price is worked out only for boxes within reach.
    """
    by_people: dict[str, list[int]] = {}
    khind = mimix = mimix_ones = 0
    lux = {1: 0, 2: 0}
    for card, n in hand_key:
        people, value = card[:2], int(card[2:])
        if people == KHIND:
            khind += value * n
            continue
        by_people.setdefault(people, []).extend([value] * n)
        if people == MIMIX and value in PAIRABLE:
            mimix += n
            mimix_ones += n if value == 1 else 0
        if people == "lu" and value in lux:
            lux[value] += n
    for values in by_people.values():
        values.sort(reverse=True)
    pairs = 3 * (mimix // 2)
    reach = {}
    for colour in _PEOPLES:
        own = sum(by_people.get(colour, ()))
        base = own + khind + (mimix_ones // 2 if colour == MIMIX else pairs)
        extra = 0
        if lux[1] or lux[2]:
            for people, values in by_people.items():
                if people != colour:
                    extra = max(extra, sum(values[:recolour[0] * lux[1] + recolour[1] * lux[2]]))
        reach[colour] = base + extra
    reach[ANY] = max(reach.values())
    return reach


_PEOPLES = ("vu", "te", "aq", "ve", "kh", "mi", "lu", "pi")


def _markers_after(markers_left: int, row: list[int], seat: int) -> int:
    """Markers left after placing one into ``row``; a full row sends the seat's markers home."""
    return markers_left - 1 + (row.count(seat) if NOBODY not in row else 0)


def _worth(total: float) -> float:
    """A hand's value from its cards' summed worth: full up to HAND_FULL, then HAND_MORE of the rest."""
    return total if total <= HAND_FULL else HAND_FULL + (total - HAND_FULL) * HAND_MORE


def _short(markers_left: int) -> float:
    """Few markers left is a risk; none at all means no offering either."""
    return -MARKER_SHORT * max(0, FEW_MARKERS - markers_left) - (NO_MARKER if markers_left <= 0 else 0.0)


def _card_values(memo: Memo, rules: Rules, demand_key: DemandKey, dragons_in: tuple[bool, ...]) -> dict[str, float]:
    """Each card's worth in hand for this state of the city, and ``_draw``: the mean of a drawn card."""
    key = (id(rules), demand_key, dragons_in)
    found: dict[str, float] | None = memo.get(key)
    if found is not None:
        return found
    demand = dict(demand_key[0])
    wild = demand_key[1]
    in_city = dict(zip(DRAGONS, dragons_in))
    values: dict[str, float] = {}
    for card in rules.deck:
        people, value = card[:2], int(card[2:])
        asked = demand.get(people, 0) + 0.5 * wild
        worth = value * CARD_POINT * (0.35 + 0.65 * min(1.0, asked / 6))
        if people == KHIND:
            worth = 1.8 * CARD_POINT
        elif people == MIMIX and value in PAIRABLE:
            worth = max(worth, 1.5 * CARD_POINT)
        power = rules.people[people]
        if value in DRAGON_CARD and power.dragon is not None:
            worth += DRAGON_CARD[value] if value == 1 or in_city[power.dragon] else 0.05
        worth += POWER.get(card, 0.0)
        values[card] = worth
    total = sum(rules.deck.values())
    values["_draw"] = sum(values[c] * n for c, n in rules.deck.items()) / total
    memo.put(key, values)
    return values

