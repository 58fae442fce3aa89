"""How the greedy bot judges a Lemuria position for one seat.

A position is worth the seat's VP plus what it is on course to score, minus a share of the best rival's
worth counted the same way from public facts only (VP, resources, matter, buildings and their citizens,
markers, hand sizes). The seat's own worth adds:

- resources, each worth most while turns remain to spend it and nothing after the last turn, plus a pull
  towards the trend card it can almost afford (its VP and the trend bonus its position gives now);
- matter: in the supply (it can be planted), on the altar (what the section should give, more when it is
  full or nearly so), the harvest a full section of its own holds now;
- citizens in hand, worth a share of what playing them would bring (their effect, the VP housed and the
  festivals an occupied building scores), and empty buildings ready to house them;
- festivals: each occupied building scores at every festival still to come, and each colour the seat leads
  alone scores twice more a building; the next festival counts in full, later ones less, and a lead is
  weighed by the months left before that festival (4, 8, 12);
- the area bonuses the seat's markers will earn at the start of the months to come.

Information: the evaluation never reads another seat's hand (only its size), the card it passes, nor a
deck's order. The bot looks ahead by applying moves, so a draw in its look would show it a card it has
not seen: an ``Evaluator`` remembers the hand and the trend line at the first position of each turn it is
asked about (always a real one), values any other card there as an average card, and leaves out of its
look the playing of a card it has not seen.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from boardgames.core.engine import Action
from boardgames.games.lemuria import effects as fx
from boardgames.games.lemuria.data import Area
from boardgames.games.lemuria.rules import MAX_BUILDINGS, LemuriaState

#: the search bot (core/search.py): the lead in this judge's units worth about 73% against one rival, fitted
#: to the winners of greedy games (benchmarks/win_chance_calibration.py), so a hint's chance is about right
SEARCH_SCALE = 17.0
#: the share of the best rival's worth taken off the seat's own
RIVAL = 0.6
#: what one resource is worth while turns remain, by turns left (0, 1, 2, 3 or more)
RESOURCE = (0.0, 0.45, 0.75, 0.9)
#: a matter in the seat's supply, and one on the altar before its section's yield is counted
SUPPLY_MATTER = 0.5
#: a later festival counts this much of the next one (plans change)
LATER_FESTIVAL = 0.7
#: a card in hand is worth this share of what playing it brings
HAND_SHARE = 0.45
#: more for each food up to what the citizens in hand would cost
FOOD_NEED = 0.6
#: an unused Impact card while two turns or more remain
IMPACT_CARD = 2.5


@dataclass
class _Known:
    """What the seat has seen at the first position of a turn: its hand and the trend line."""

    turn: int
    hand: Counter[str]
    trend: frozenset[str]


def _turns_left(state: LemuriaState, seat: int) -> int:
    """The seat's turns to come, the one it is playing (or has yet to play) this month included."""
    months = state.comp.calendar.months
    if state.current is None:
        return 0
    later = months - state.round
    if seat in state.order:
        position = state.order.index(seat)
        done = position < state.turn_index
        return later + (0 if done else 1)
    return later


def _resource_value(turns: int) -> float:
    return RESOURCE[min(turns, len(RESOURCE) - 1)]


def _effect_worth(state: LemuriaState, seat: int, effects: tuple[fx.Effect, ...], res: float) -> float:
    """A rough value of carrying out ``effects`` now."""
    worth = 0.0
    for effect in effects:
        if isinstance(effect, fx.Gain):
            worth += res * sum(effect.resources.values())
        elif isinstance(effect, fx.GainChoice):
            worth += 1.1 * res * effect.count
        elif isinstance(effect, fx.GainVp):
            worth += effect.vp
        elif isinstance(effect, fx.VpPerBuilding):
            owned = state.players[seat].buildings
            colours = state.rules.building
            worth += effect.vp * sum(1 for o in owned if (effect.colour is None or colours[o.building].colour ==
                                                          effect.colour) and (not effect.occupied or o.citizen))
        elif isinstance(effect, fx.DrawCitizens):
            worth += 1.0 * (effect.count - effect.discard)
        elif isinstance(effect, fx.Exchange):
            worth += 0.3 * effect.max * res
        else:
            worth += 0.8 * res  # altar turns, fillers, discounts, extra actions: worth their use this turn
    return worth


class _Judge:
    """One position judged for one seat."""

    def __init__(self, state: LemuriaState, seat: int, known: _Known | None) -> None:
        self.state = state
        self.seat = seat
        self.known = known
        self.rules = state.rules
        cal = state.comp.calendar
        self.over = state.current is None
        # festivals still to score (the current month's too: it is scored at the month's end)
        self.festivals = [f for f in cal.festivals if f >= state.round] if not self.over else []
        self.festival_weight = sum(1.0 if i == 0 else LATER_FESTIVAL for i in range(len(self.festivals)))
        self.months = cal.months
        # worked out once for the judge, as each seat's worth asks for them
        self._turns: dict[int, int] = {}
        self._areas: list[tuple[Area, list[int]]] | None = None
        self._months_ahead: list[tuple[bool, float]] | None = None

    def turns_left(self, seat: int) -> int:
        turns = self._turns.get(seat)
        if turns is None:
            turns = self._turns[seat] = _turns_left(self.state, seat)
        return turns

    def area_counts(self) -> list[tuple[Area, list[int]]]:
        """Each area with every seat's markers in it."""
        if self._areas is None:
            seats, markers = range(len(self.state.players)), self.state.areas
            self._areas = [(area, [markers[area.id].count(s) for s in seats]) for area in self.state.comp.areas]
        return self._areas

    def months_ahead(self) -> list[tuple[bool, float]]:
        """Each month to come: whether it has a festival, and how much less it counts than the next one."""
        if self._months_ahead is None:
            festivals = self.state.comp.calendar.festivals
            self._months_ahead = [(month in festivals, 0.93 ** i)
                                  for i, month in enumerate(range(self.state.round + 1, self.months + 1))]
        return self._months_ahead

    # -- public worth: what anyone can see of a seat --------------------------------------------------
    def occupied(self, seat: int) -> dict[str, int]:
        counts: dict[str, int] = {}
        for owned in self.state.players[seat].buildings:
            if owned.citizen is not None:
                colour = self.rules.building[owned.building].colour
                counts[colour] = counts.get(colour, 0) + 1
        return counts

    def festivals_worth(self, seat: int, occupied: list[dict[str, int]]) -> float:
        if not self.festivals:
            return 0.0
        mine = occupied[seat]
        worth = sum(mine.values()) * self.festival_weight
        fest = self.state.comp.festival
        months_to_next = self.festivals[0] - self.state.round
        # a lead held now is surer the nearer the festival
        sure = 1.0 if months_to_next <= 1 else 0.8 if months_to_next <= 3 else 0.6
        for colour, n in mine.items():
            best_other = max((occ.get(colour, 0) for i, occ in enumerate(occupied) if i != seat), default=0)
            if n > best_other:
                lead = sure if n - best_other == 1 else 1.0
                worth += fest.colour_majority_per_building * n * lead * self.festival_weight
            elif n == best_other:
                worth += 0.25 * fest.colour_majority_per_building * n * self.festival_weight
        return worth * fest.per_occupied_building

    def areas_worth(self, seat: int, res: float) -> float:
        """The area bonuses the seat's markers should earn in the months to come."""
        worth = 0.0
        for area, counts in self.area_counts():
            mine = counts[seat]
            if not mine:
                continue
            best_other = max(c for s, c in enumerate(counts) if s != seat)
            bonus = area.bonus
            if isinstance(bonus, fx.GainVp):
                each = float(bonus.vp)
            elif isinstance(bonus, fx.Gain):
                each = res * sum(bonus.resources.values())
            else:
                each = 0.6 * res
            for festival, decay in self.months_ahead():
                if festival:
                    worth += each * decay
                elif mine > best_other:
                    worth += each * decay * (1.0 if mine - best_other > 1 else 0.8)
                elif mine == best_other:
                    worth += 0.15 * each * decay
        return worth

    def matter_worth(self, seat: int, res: float, turns: int) -> float:
        """Matter in the supply and on the altar, with what its sections should yield."""
        state = self.state
        player = state.players[seat]
        worth = SUPPLY_MATTER * res * sum(player.matter.values())
        if turns <= 0:
            return worth
        for section in state.altar.sections:
            mine = section.matter.get(seat, 0)
            if not mine:
                continue
            others = len(section.matter) > 1
            free = section.size - sum(section.matter.values()) - section.fillers
            if not free:
                # harvestable now: all of it if the seat gets there first
                share = mine + (section.fillers * (0.8 if others else 1.0))
                worth += res * share + SUPPLY_MATTER * res * mine
            else:
                # fillers to come (one a month), and the matter back when harvested
                growth = min(free, max(turns - 1, 0)) * 0.6
                worth += 0.85 * res * (mine + section.fillers * 0.8 + growth) + 0.8 * SUPPLY_MATTER * res * mine
        return worth

    def public_worth(self, seat: int, occupied: list[dict[str, int]]) -> float:
        """A seat's worth from what everyone sees: used for rivals, and as the base of the seat's own."""
        player = self.state.players[seat]
        if self.over:
            return float(player.vp)
        turns = self.turns_left(seat)
        res = _resource_value(turns)
        worth = float(player.vp)
        worth += res * sum(player.resources.values())
        worth += self.matter_worth(seat, res, turns)
        worth += self.festivals_worth(seat, occupied)
        worth += self.areas_worth(seat, res)
        if turns > 0:
            empty = sum(1 for o in player.buildings if o.citizen is None)
            worth += min(empty, len(player.hand) + turns // 2) * (1.0 + 0.5 * self.festival_weight)
        return worth

    # -- the seat's own worth ----------------------------------------------------------------------------
    def hand_worth(self, turns: int, res: float) -> float:
        if turns <= 0:
            return 0.0
        player = self.state.players[self.seat]
        hand = Counter(player.hand)
        if self.known is not None:
            seen = hand & self.known.hand
        else:
            seen = hand
        unseen = sum(hand.values()) - sum(seen.values())
        empty = [self.rules.building[o.building].colour for o in player.buildings if o.citizen is None]
        room = len(empty) + (1 if len(player.buildings) < MAX_BUILDINGS else 0)
        worth = 0.0
        values = []
        for card, n in seen.items():
            citizen = self.rules.citizen[card]
            house = (citizen.vp[1] if citizen.colour in empty else citizen.vp[0]) + 0.7 * self.festival_weight
            value = _effect_worth(self.state, self.seat, citizen.effects, res) - res * citizen.food
            values += [(house, value)] * n
        average = (1.6 + 0.7 * self.festival_weight, 1.5 * res)
        values += [average] * unseen
        values.sort(key=lambda hv: -(hv[0] + hv[1]))
        for i, (house, value) in enumerate(values):
            housed = house if i < room else 0.0
            worth += HAND_SHARE * max(0.3, housed + value)
        return worth

    def food_need(self) -> int:
        """The food the seen cards worth playing (as many as there is room to house) would cost."""
        player = self.state.players[self.seat]
        hand = Counter(player.hand)
        seen = hand & self.known.hand if self.known is not None else hand
        room = sum(1 for o in player.buildings if o.citizen is None) + 1
        costs = sorted(self.rules.citizen[card].food for card in seen.elements())
        return sum(costs[:room])

    def build_pull(self, res: float, turns: int) -> float:
        """A pull towards the trend card the seat can (almost) afford: its VP and the trend bonus now."""
        state = self.state
        player = state.players[self.seat]
        if turns <= 0 or len(player.buildings) >= MAX_BUILDINGS:
            return 0.0
        best = 0.0
        lower = state.comp.trend.lower_discount
        for position, card in enumerate(state.trend.slots, 1):
            if card is None:
                continue
            if self.known is not None and card not in self.known.trend:
                continue  # a card the seat has not seen yet
            building = self.rules.building[card]
            off = lower if state.trend.is_lower(position) else (1 if self.seat in state.political else 0)
            missing = sum(max(0, n - player.resources.get(r, 0)) for r, n in building.cost.items())
            missing = max(0, missing - off)
            reward = building.vp + state.trend.bonus(position) - res * (building.size - off)
            if reward <= 0:
                continue
            best = max(best, reward / (1.0 + missing) ** 2)
        return 0.35 * best

    def value(self) -> float:
        state, seat = self.state, self.seat
        occupied = [self.occupied(s) for s in range(len(state.players))]
        own = self.public_worth(seat, occupied)
        if not self.over:
            turns = self.turns_left(seat)
            res = _resource_value(turns)
            own += self.hand_worth(turns, res) + self.build_pull(res, turns)
            if turns > 0:
                # food is what citizens cost: each unit up to the hand's need is worth more
                food = state.players[seat].resources.get("food", 0)
                own += FOOD_NEED * min(food, self.food_need())
            player = state.players[seat]
            if state.impact_left and player.impact is None and turns >= 2:
                own += IMPACT_CARD
        rivals = []
        for other in range(len(state.players)):
            if other == seat:
                continue
            worth = self.public_worth(other, occupied)
            if not self.over and self.turns_left(other) > 0:
                worth += HAND_SHARE * 2.5 * len(state.players[other].hand)
            rivals.append(worth)
        return own - RIVAL * max(rivals) - (0.0 if self.over else 0.1 * sum(rivals) / len(rivals))


def evaluate(state: LemuriaState, seat: int, known: _Known | None = None) -> float:
    """The seat's worth relative to its best rival; ``known``: what the seat has seen of its hand and the
    trend line (None: everything in the position)."""
    return _Judge(state, seat, known).value()


class Evaluator:
    """One greedy bot's judge: remembers, for each seat it plays, what it has seen this turn (see the module
    docstring), so its look ahead never turns up a card it has not seen."""

    def __init__(self) -> None:
        self.known: dict[int, _Known] = {}

    def _see(self, state: LemuriaState) -> None:
        seat = state.current
        if seat is None:
            return
        known = self.known.get(seat)
        if known is None or known.turn != state.turn:
            # the bot asks about the real position first in every turn: its look never crosses a turn
            player = state.players[seat]
            trend = frozenset(c for c in state.trend.slots if c is not None)
            self.known[seat] = _Known(state.turn, Counter(player.hand), trend)

    def evaluate(self, state: LemuriaState, seat: int) -> float:
        known = self.known.get(seat)
        return evaluate(state, seat, known if known is not None and known.turn <= state.turn else None)

    def candidates(self, state: LemuriaState, actions: list[Action]) -> list[Action]:
        """Every legal move but the playing of a card the seat has not seen this turn (drawn in a look)."""
        self._see(state)
        seat = state.current
        known = None if seat is None else self.known.get(seat)
        if seat is None or known is None:
            return actions
        hand = Counter(state.players[seat].hand)
        unseen = hand - known.hand
        if not unseen:
            return actions
        kept = [a for a in actions if not (a.name == "citizen" and a.args[0] in unseen and
                                           hand[a.args[0]] - unseen[a.args[0]] <= 0)]
        return kept or actions
