"""Lemuria's rules: the state, the round and the turn menu as a stack of decisions.

A round (ruling 1): area bonuses from round 2, turn order, the altar turn from
round 4 (the leader may pay to turn it once more), every player's turn, then the
round's end (altar growth, trend refill, festival scoring in rounds 4, 8 and 12;
after round 12 only the festival). A turn is a menu (ruling 14): plant or
harvest once, build or reform once, citizens, buys, swaps and the Impact card
in any order, then end. Card effects live in ``powers.py``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from boardgames.core.cards import Deck
from boardgames.core.decisions import DecidingState, Decision, Decisions, listed_kinds
from boardgames.core.engine import Action, IllegalAction, Result
from boardgames.core.rng import Rng
from boardgames.games.lemuria import builds, labels, powers, scoring
from boardgames.games.lemuria.altar import Altar
from boardgames.games.lemuria.data import MATTER_KINDS, Rules
from boardgames.games.lemuria.effects import Gain, GainVp, UpperTrendDiscount
from boardgames.games.lemuria.pieces import Owned, Player, TurnFlags
from boardgames.games.lemuria.trend import TrendLine

PASS, ALTAR, TURN, PLANT, HARVEST, SPOT, HOUSE, DISCARD = (
    "pass", "altar", "turn", "plant", "harvest", "spot", "house", "discard")
MAX_BUILDINGS = builds.MAX_BUILDINGS


class LemuriaState(DecidingState):
    def __init__(self, rules: Rules, names: list[str], impact: bool, rng: Rng) -> None:
        comp = rules.components
        self.rules = rules
        self.names = list(names)
        self.impact_option = impact
        self.rng = rng
        self.turn = 0
        self.round = 1
        self.players = [Player(name, {r.id: comp.start.resources.get(r.id, 0) for r in comp.resources},
                               dict(comp.start.matter), comp.start.building_markers) for name in names]
        self.altar = Altar(comp.altar)
        self.trend = TrendLine(comp.trend.bonus, comp.trend.lower)
        self.buildings = Deck({b.id: 1 for b in rules.buildings})
        self.building_discard: dict[str, int] = {}
        self.citizens = Deck({c.id: 1 for c in rules.citizens})
        self.citizen_discard: dict[str, int] = {}
        #: area id -> the seats of the markers in its spots, in the order they came
        self.areas: dict[str, list[int]] = {a.id: [] for a in comp.areas}
        self.order = list(range(len(names)))
        self.leader = 0
        #: where in the turn order the seat playing now stands (0-based)
        self.turn_index = 0
        #: reservations for next round: space (1-based) -> seat, and the kind of matter on it (None: no matter)
        self.reserved: dict[int, int] = {}
        self.reserved_matter: dict[int, str | None] = {}
        #: seats whose upper trend costs a resource less this round (the political area)
        self.political: list[int] = []
        #: the Impact cards still to take, lowest number first (dealt at random in ``setup``)
        self.impact_left: list[int] = []
        #: the opening card pass: seat -> the card it passes left, held until everyone has chosen
        self.passing: dict[int, str] = {}
        self.flags = TurnFlags()
        self.decisions = Decisions()

    # -- set-up --------------------------------------------------------------------------
    @classmethod
    def setup(cls, rules: Rules, names: list[str], impact: bool, seed: int) -> LemuriaState:
        state = cls(rules, names, impact, Rng(seed))
        for player in state.players:
            for _ in range(rules.components.start.hand):
                player.hand.append(state.citizens.draw(state.rng))
            player.hand.sort()
        state.trend.refill(state.buildings, state.building_discard, state.rng)
        if impact:  # as many Impact cards as players, at random, laid out in number order; the rest stay boxed
            numbers = [card.number for card in rules.impact]
            state.rng.shuffle(numbers)
            state.impact_left = sorted(numbers[:len(names)])
        # everyone chooses a card to pass left, seat 0 first; the answers wait in escrow
        state.decisions.reset(*(Decision(PASS, seat) for seat in reversed(range(len(names)))))
        return state

    @property
    def comp(self):  # noqa: ANN201 - the components table
        return self.rules.components

    @property
    def current(self) -> int | None:
        return self.decisions.seat

    @property
    def phase(self) -> str:
        """The kind of the decision pending ("turn", "plant", "card_gain"...), or "over"."""
        top = self.decisions.top
        return top.kind if top is not None else "over"

    def apply(self, action: Action) -> None:
        """As every deciding state, but a build's or reform's resources may come in any order, and their
        refusal says what is wrong with the move."""
        action = builds.in_cost_order(self, action)
        try:
            super().apply(action)
        except IllegalAction:
            if self.phase == TURN and action.name in ("build", "reform"):
                raise IllegalAction(builds.refusal(self, action)) from None
            raise

    # -- helpers the powers use ------------------------------------------------------------
    def draw_citizen(self, seat: int) -> str | None:
        """Draw a citizen card into ``seat``'s hand; None when the deck is empty (no reshuffle mid-round)."""
        if not len(self.citizens):
            return None
        card = self.citizens.draw(self.rng)
        self.players[seat].hand.append(card)
        self.players[seat].hand.sort()
        return card

    def reservable_spaces(self, seat: int) -> list[int]:
        """Turn-order spaces ``seat`` may reserve now (ruling 13): unreserved spaces among those of the players
        who have started their turn this round (their pawns are lifted); none if it holds a reservation."""
        if seat in self.reserved.values():
            return []
        return [space for space in range(1, self.turn_index + 2) if space not in self.reserved]

    def reserve(self, seat: int, space: int, kind: str | None = None) -> None:
        if space not in self.reservable_spaces(seat):
            raise IllegalAction(f"Space {space} of the turn order cannot be reserved now.")
        self.reserved[space] = seat
        self.reserved_matter[space] = kind
        if kind is not None:
            self.players[seat].matter[kind] -= 1

    # -- the round ---------------------------------------------------------------------------
    def _after_pass(self) -> None:
        """Everyone has chosen: each card goes to the player on the left, then the first round starts."""
        count = len(self.players)
        for seat, card in sorted(self.passing.items()):
            left = (seat + 1) % count
            self.players[left].hand.append(card)
            self.players[left].hand.sort()
            name = self.rules.citizen[card].name
            self.emit(f"{self.names[seat]} passes a card to {self.names[left]}.",
                      {seat: f"{self.names[seat]} passes {name} to {self.names[left]}.",
                       left: f"{self.names[seat]} passes {name} to {self.names[left]}."})
        self.passing = {}
        self.reveals += 1  # each receiver now sees a card drawn earlier
        self._start_round()

    def _start_round(self) -> None:
        cal = self.comp.calendar
        self.emit(f"Month {self.round} begins." if self.round not in cal.festivals
                  else f"Month {self.round} begins: a festival month.")
        self.political = []
        if self.round >= cal.area_bonus_from:
            self._area_bonuses()
        if self.round > 1:
            for space, seat in self.reserved.items():
                kind = self.reserved_matter[space]
                if kind is not None:
                    self.players[seat].matter[kind] += 1
            self.order = scoring.turn_order([p.vp for p in self.players], self.reserved, self.leader)
            self.reserved, self.reserved_matter = {}, {}
        self.leader = self.order[0]
        self.emit("Turn order: " + ", ".join(self.names[s] for s in self.order) + ".")
        self.turn_index = 0
        if self.round >= cal.altar_turns_from:
            self.altar.turn(1)
            self.emit("The altar turns one section clockwise.")
            if self.players[self.leader].resources["gold"] >= self.comp.gold.leader_altar_turn:
                self.decisions.reset(Decision(ALTAR, self.leader))
                return
        self._start_turn()

    def _area_bonuses(self) -> None:
        festival = self.round in self.comp.calendar.festivals
        for area in self.comp.areas:
            counts = [self.areas[area.id].count(seat) for seat in range(len(self.players))]
            best = max(counts)
            if festival:
                winners = [seat for seat, n in enumerate(counts) if n]
            else:
                winners = [counts.index(best)] if best and counts.count(best) == 1 else []
            for seat in winners:
                bonus = area.bonus
                if isinstance(bonus, Gain):
                    self.players[seat].gain(dict(bonus.resources))
                elif isinstance(bonus, GainVp):
                    self.players[seat].gain_vp(bonus.vp, "areas")
                elif isinstance(bonus, UpperTrendDiscount):
                    self.political.append(seat)
                self.emit(f"{self.names[seat]} gets the {area.name} area's bonus: {bonus.describe()}.")

    def _start_turn(self) -> None:
        self.flags = TurnFlags()
        seat = self.order[self.turn_index]
        self.decisions.reset(Decision(TURN, seat))

    def _end(self) -> None:
        self.emit(f"{self.names[self.current]} ends the turn.")
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        self.turn_index += 1
        if self.turn_index < len(self.order):
            self._start_turn()
        else:
            self._end_round()

    def _end_round(self) -> None:
        cal = self.comp.calendar
        last = self.round == cal.months
        if not last:
            grown = self.altar.grow()
            if len(grown) == 1:
                self.emit("The altar grows: one section gets a filler.")
            elif grown:
                self.emit(f"The altar grows: {len(grown)} sections get a filler each.")
            gone = self.trend.refill(self.buildings, self.building_discard, self.rng)
            if gone:
                self.emit(f"{self.rules.building[gone[0]].name} leaves the trend line.")
            if not len(self.citizens) and self.citizen_discard:
                self.citizens.shuffle_in(self.citizen_discard)
                self.citizen_discard = {}
        if self.round in cal.festivals:
            self._festival()
        if last:
            self.decisions.reset()
            self.emit("The twelfth month is over: the game ends.")
            return
        self.round += 1
        self._start_round()

    def _festival(self) -> None:
        occupied = []
        for player in self.players:
            counts: dict[str, int] = {}
            for owned in player.buildings:
                if owned.citizen is not None:
                    colour = self.rules.building[owned.building].colour
                    counts[colour] = counts.get(colour, 0) + 1
            occupied.append(counts)
        fest = self.comp.festival
        for seat, score in enumerate(scoring.festival(occupied, fest.per_occupied_building,
                                                      fest.colour_majority_per_building)):
            points = score.total
            if points:
                self.players[seat].gain_vp(points, "festivals")
                self.emit(f"{self.names[seat]} scores {points} VP at the festival.")

    # -- what a seat may do ------------------------------------------------------------------
    def can_plant(self, seat: int, altar_only: bool = False) -> bool:
        player = self.players[seat]
        kinds = [kind for kind in MATTER_KINDS if player.matter[kind]]
        if any(self.altar.plantable(kind) for kind in kinds):
            return True
        return bool(kinds) and not altar_only and bool(self.reservable_spaces(seat))

    def can_harvest(self, seat: int) -> bool:
        return bool(self.altar.harvestable(seat))

    def build_offers(self, seat: int, reform: int | None = None) -> list[tuple[int, tuple[str, ...]]]:
        """(trend position, resources the discounts remove) for every build ``seat`` can pay now; with
        ``reform`` (the index of the building given up), the reform's builds."""
        player = self.players[seat]
        offers = []
        for position, card in enumerate(self.trend.slots, 1):
            if card is None:
                continue
            building = self.rules.building[card]
            off = self.discount(seat, position, building.colour, reform)
            cost = [r for r, n in building.cost.items() for _ in range(n)]
            for removed in sorted(set(combinations(cost, min(off, len(cost))))):
                rest = list(cost)
                for r in removed:
                    rest.remove(r)
                if all(player.resources[r] >= rest.count(r) for r in set(rest)):
                    offers.append((position, removed))
        return offers

    def discount(self, seat: int, position: int, colour: str, reform: int | None) -> int:
        """Resources off a build (ruling 15): the lower trend or the political area, pending citizen
        discounts, and a reform's own discount (more for the same colour)."""
        off = sum(n for n, _bonus in self.flags.discounts)
        if self.trend.is_lower(position):
            off += self.comp.trend.lower_discount
        elif seat in self.political:
            off += 1
        if reform is not None:
            old = self.rules.building[self.players[seat].buildings[reform].building]
            off += self.comp.reform.discount + (self.comp.reform.same_colour_discount if old.colour == colour else 0)
        return off

    # -- decisions: the card pass and the altar --------------------------------------------------
    def _legal_pass(self, d: Decision) -> list[Action]:
        return [Action("pass", (card,)) for card in sorted(set(self.players[d.seat].hand))]

    def _pass(self, card: str) -> None:
        seat = self.current
        self.players[seat].hand.remove(card)
        self.passing[seat] = card
        self.emit(f"{self.names[seat]} chooses a card to pass.",
                  {seat: f"{self.names[seat]} chooses {self.rules.citizen[card].name} to pass."})
        self.turn += 1
        self.decisions.pop()
        if self.decisions.top is None:
            self._after_pass()

    def _legal_altar(self, d: Decision) -> list[Action]:
        return [Action("altar", ("stay",)), Action("altar", ("cw",)), Action("altar", ("ccw",))]

    def _altar(self, way: str) -> None:
        seat = self.current
        if way == "stay":
            self.emit(f"{self.names[seat]} leaves the altar where it is.")
        else:
            self.players[seat].pay({"gold": self.comp.gold.leader_altar_turn})
            self.altar.turn(1 if way == "cw" else -1)
            self.emit(f"{self.names[seat]} pays 1 gold to turn the altar one more section clockwise." if way == "cw"
                      else f"{self.names[seat]} pays 1 gold to turn the altar one more section anticlockwise.")
        self.turn += 1
        self._start_turn()

    # -- decisions: the turn menu ----------------------------------------------------------------
    def _legal_turn(self, d: Decision) -> list[Action]:
        seat, flags, player = d.seat, self.flags, self.players[d.seat]
        acts: list[Action] = []
        if not flags.planted_or_harvested:
            if self.can_plant(seat):
                acts.append(Action("plant"))
            if self.can_harvest(seat):
                acts.append(Action("harvest"))
        elif flags.extra_plants and self.can_plant(seat, altar_only=True):
            acts.append(Action("plant"))
        if (not flags.built or flags.extra_builds) and len(player.buildings) < MAX_BUILDINGS:
            acts += [Action("build", (pos, *removed)) for pos, removed in self.build_offers(seat)]
        if not flags.built and self.round >= self.comp.calendar.reform_from:
            for index in range(len(player.buildings)):
                acts += [Action("reform", (index + 1, pos, *removed))
                         for pos, removed in self.build_offers(seat, reform=index)]
        for card in sorted(set(player.hand)):
            if flags.free_citizens or player.resources["food"] >= self.rules.citizen[card].food:
                acts.append(Action("citizen", (card,)))
        if len(self.citizens):
            if flags.free_buys or player.resources["gold"] >= len(player.hand):
                acts.append(Action("buy"))
            if player.resources["gold"] >= self.comp.gold.swap:
                acts.append(Action("swap"))
        if self.impact_left and player.impact is None:
            acts.append(Action("impact"))
        if flags.planted_or_harvested or not (self.can_plant(seat) or self.can_harvest(seat)):
            acts.append(Action("end"))
        return acts

    def _plant(self) -> None:
        extra = self.flags.planted_or_harvested
        if extra:
            self.flags.extra_plants -= 1
        # args: how many matter at most (0: any number), how many placed so far
        self.decisions.push(Decision(PLANT, self.current, (1 if extra else 0, 0)))
        self.emit(f"{self.names[self.current]} plants matter." if not extra
                  else f"{self.names[self.current]} plants one more matter.")

    def _harvest(self) -> None:
        self.decisions.push(Decision(HARVEST, self.current, (0,)))
        self.emit(f"{self.names[self.current]} harvests.")

    def _build(self, position: int, *removed: str, reform: int | None = None) -> None:
        """A build (or, with ``reform``, the index of the building given up, a reform); the decision's
        ``only_listed`` has checked it is one of the offers."""
        seat = self.current
        player, flags = self.players[seat], self.flags
        card = self.trend.slots[position - 1]
        building = self.rules.building[card]
        if reform is not None:
            old = player.buildings.pop(reform)
            self.building_discard[old.building] = self.building_discard.get(old.building, 0) + 1
            if old.citizen is not None:
                self.citizen_discard[old.citizen] = self.citizen_discard.get(old.citizen, 0) + 1
            self.emit(f"{self.names[seat]} reforms {self.rules.building[old.building].name}.")
        cost = dict(building.cost)
        for r in removed:
            cost[r] -= 1
        player.pay(cost)
        self.trend.take(position)
        keeps_bonus = all(bonus for _n, bonus in flags.discounts)
        flags.discounts = []
        bonus = (flags.trend_bonus if flags.trend_bonus is not None else self.trend.bonus(position)) \
            if keeps_bonus else 0
        player.buildings.append(Owned(card))
        player.gain_vp(building.vp, "buildings")
        if bonus:
            player.gain_vp(bonus, "trend bonuses")
        if flags.built:
            flags.extra_builds -= 1
        flags.built = True
        self.emit(f"{self.names[seat]} builds {building.name} for {building.vp} VP"
                  + (f" and a trend bonus of {bonus}." if bonus else "."))
        # a reform keeps the old building's marker and places none (ruling 6)
        if reform is None and player.markers and any(len(self.areas[a.id]) < a.spots for a in self.comp.areas):
            self.decisions.push(Decision(SPOT, seat))

    def _reform(self, index: int, position: int, *removed: str) -> None:
        self._build(position, *removed, reform=index - 1)

    def _citizen(self, card: str) -> None:
        seat = self.current
        player, citizen = self.players[seat], self.rules.citizen[card]
        if self.flags.free_citizens:
            self.flags.free_citizens -= 1
        else:
            player.pay({"food": citizen.food})
        player.hand.remove(card)
        self.emit(f"{self.names[seat]} plays {citizen.name}.")
        self.decisions.push(Decision(HOUSE, seat, (card,)))
        powers.resolve(self, seat, citizen.effects, citizen.name)

    def _buy(self) -> None:
        seat = self.current
        player = self.players[seat]
        if self.flags.free_buys:
            self.flags.free_buys -= 1
            price = 0
        else:
            price = len(player.hand)
            player.pay({"gold": price})
        card = self.draw_citizen(seat)
        self.emit(f"{self.names[seat]} buys a citizen card for {price} gold.",
                  {seat: f"{self.names[seat]} buys {self.rules.citizen[card].name} for {price} gold."})

    def _swap(self) -> None:
        seat = self.current
        self.players[seat].pay({"gold": self.comp.gold.swap})
        card = self.draw_citizen(seat)
        self.emit(f"{self.names[seat]} pays 2 gold to swap a citizen card.",
                  {seat: f"{self.names[seat]} pays 2 gold and draws {self.rules.citizen[card].name}."})
        self.decisions.push(Decision(DISCARD, seat))

    def _impact(self) -> None:
        seat = self.current
        number = self.impact_left.pop(0)
        card = self.rules.impact[number - 1]
        self.players[seat].impact = number
        self.emit(f"{self.names[seat]} uses the Impact card {card.name}.")
        powers.resolve(self, seat, card.effects, card.name)

    # -- decisions inside the turn ---------------------------------------------------------------
    def _legal_plant(self, d: Decision) -> list[Action]:
        limit, placed = d.args
        player = self.players[d.seat]
        acts = []
        for kind in MATTER_KINDS:
            if not player.matter[kind]:
                continue
            acts += [Action("put", (section, kind)) for section in self.altar.plantable(kind)]
            if not limit:
                acts += [Action("reserve", (space, kind)) for space in self.reservable_spaces(d.seat)]
        if placed:
            acts.append(Action("done"))
        return acts

    def _put(self, *args: Any) -> None:
        d = self.decisions.top
        section, kind = args
        self.altar.plant(section, d.seat, kind)
        self.players[d.seat].matter[kind] -= 1
        self.emit(f"{self.names[d.seat]} plants {kind} matter in section {section}.")
        self._placed(d)

    def _reserve_space(self, *args: Any) -> None:
        d = self.decisions.top
        space, kind = args
        self.reserve(d.seat, space, kind)
        self.emit(f"{self.names[d.seat]} reserves space {space} of next month's turn order.")
        self._placed(d)

    def _placed(self, d: Decision) -> None:
        limit, placed = d.args
        placed += 1
        self.flags.planted_or_harvested = True
        following = Decision(PLANT, d.seat, (limit, placed))
        if (limit and placed >= limit) or not [a for a in self._legal_plant(following) if a.name != "done"]:
            self.decisions.pop()
        else:
            self.decisions.replace(following)

    def _done(self) -> None:
        d = self.decisions.top
        self.decisions.pop()
        self.emit(f"{self.names[d.seat]} is done planting." if d.kind == PLANT
                  else f"{self.names[d.seat]} is done harvesting.")

    def _legal_harvest(self, d: Decision) -> list[Action]:
        taken = d.args[0]
        player = self.players[d.seat]
        paid = taken and not self.flags.free_harvests
        acts = [] if paid and player.resources["gold"] < self.comp.gold.extra_harvest_section else \
            [Action("take", (section,)) for section in self.altar.harvestable(d.seat)]
        return acts + ([Action("done")] if taken else [])

    def _take(self, section: int) -> None:
        d = self.decisions.top
        seat, taken = d.seat, d.args[0]
        if taken:
            if self.flags.free_harvests:
                self.flags.free_harvests -= 1
            else:
                self.players[seat].pay({"gold": self.comp.gold.extra_harvest_section})
        kind = self.altar.sections[section].kind
        for share in self.altar.harvest(section, seat):
            owner = self.players[share.seat]
            owner.gain({share.resource: share.amount})
            owner.matter[kind] += share.returned
            self.emit(f"{self.names[share.seat]} gets {share.amount} {share.resource} from section {section}.")
        self.flags.planted_or_harvested = True
        following = Decision(HARVEST, seat, (taken + 1,))
        if [a for a in self._legal_harvest(following) if a.name == "take"]:
            self.decisions.replace(following)
        else:
            self.decisions.pop()

    def _legal_spot(self, d: Decision) -> list[Action]:
        return [Action("spot", (a.id,)) for a in self.comp.areas if len(self.areas[a.id]) < a.spots]

    def _spot(self, area: str) -> None:
        d = self.decisions.top
        self.areas[area].append(d.seat)
        self.players[d.seat].markers -= 1
        self.emit(f"{self.names[d.seat]} puts a marker in the {area} area.")
        self.decisions.pop()

    def _legal_house(self, d: Decision) -> list[Action]:
        player = self.players[d.seat]
        return [Action("house", (i + 1,)) for i, owned in enumerate(player.buildings) if owned.citizen is None] \
            + [Action("discard")]

    def _house(self, index: int) -> None:
        d = self.decisions.top
        card = d.args[0]
        owned = self.players[d.seat].buildings[index - 1]
        owned.citizen = card
        building = self.rules.building[owned.building]
        vp = self.rules.citizen[card].vp_in(building.colour)
        self.players[d.seat].gain_vp(vp, "citizens")
        self.emit(f"{self.names[d.seat]} houses {self.rules.citizen[card].name} in {building.name} for {vp} VP.")
        self.decisions.pop()

    def _discard_played(self) -> None:
        d = self.decisions.top
        card = d.args[0]
        self.citizen_discard[card] = self.citizen_discard.get(card, 0) + 1
        self.emit(f"{self.names[d.seat]} discards {self.rules.citizen[card].name}.")
        self.decisions.pop()

    def _legal_discard(self, d: Decision) -> list[Action]:
        return [Action("discard", (card,)) for card in sorted(set(self.players[d.seat].hand))]

    def _discard(self, card: str) -> None:
        d = self.decisions.top
        self.players[d.seat].hand.remove(card)
        self.citizen_discard[card] = self.citizen_discard.get(card, 0) + 1
        self.emit(f"{self.names[d.seat]} discards {self.rules.citizen[card].name}.")
        self.decisions.pop()

    # -- prompts and labels --------------------------------------------------------------------------
    def _prompt(self, d: Decision) -> str:
        name = self.names[d.seat]
        return {
            PASS: f"{name}: choose a citizen card to pass to the player on your left.",
            ALTAR: f"{name}: pay 1 gold to turn the altar once more, either way, or leave it.",
            TURN: f"{name}: plant or harvest, build, play citizens, then end your turn.",
            PLANT: f"{name}: put matter in empty spaces of the altar (or reserve a turn-order space), then done.",
            HARVEST: f"{name}: harvest full sections holding your matter (each after the first costs 1 gold).",
            SPOT: f"{name}: put a building marker in an area.",
            HOUSE: f"{name}: house the citizen in an empty building of yours, or discard it.",
            DISCARD: f"{name}: discard a citizen card.",
        }[d.kind]

    def _label(self, d: Decision, action: Action) -> str:
        return labels.label(self, d, action)

    # -- the end ---------------------------------------------------------------------------------
    def result(self) -> Result:
        if self.current is not None:
            raise ValueError("The game is not over yet.")
        scores = [p.vp for p in self.players]
        ranked = scoring.ranking(scores, self.order)
        ranks = [ranked.index(seat) + 1 for seat in range(len(scores))]
        categories = ("buildings", "trend bonuses", "citizens", "areas", "festivals", "cards")
        breakdown = []
        for p in self.players:
            row = {c.capitalize(): p.sources.get(c, 0) for c in categories}
            row["Cards"] += sum(n for c, n in p.sources.items() if c not in categories)
            breakdown.append(row)
        tied = len(set(scores)) < len(scores)
        return Result(scores=scores, breakdown=breakdown, ranks=ranks,
                      tiebreak="Tied players are ranked by their place in the last month's turn order."
                      if tied else "")

    # -- copies, saves, views -----------------------------------------------------------------------
    def clone(self) -> LemuriaState:
        s = LemuriaState.__new__(LemuriaState)
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.copy()
        s.players = [p.copy() for p in self.players]
        s.altar = self.altar.clone()
        s.trend = self.trend.clone()
        s.buildings = self.buildings.clone()
        s.building_discard = dict(self.building_discard)
        s.citizens = self.citizens.clone()
        s.citizen_discard = dict(self.citizen_discard)
        s.areas = {k: list(v) for k, v in self.areas.items()}
        s.order = list(self.order)
        s.reserved = dict(self.reserved)
        s.reserved_matter = dict(self.reserved_matter)
        s.political = list(self.political)
        s.impact_left = list(self.impact_left)
        s.passing = dict(self.passing)
        s.flags = self.flags.copy()
        s.decisions = self.decisions.copy()
        s.__dict__.pop("_log", None)
        s.keeps_log = False
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names), "impact": self.impact_option, "rng": self.rng.to_json(), "turn": self.turn,
            "reveals": self.reveals, "round": self.round, "players": [p.to_json() for p in self.players],
            "altar": self.altar.to_json(), "trend": self.trend.to_json(), "buildings": self.buildings.to_json(),
            "building_discard": dict(self.building_discard), "citizens": self.citizens.to_json(),
            "citizen_discard": dict(self.citizen_discard), "areas": {k: list(v) for k, v in self.areas.items()},
            "order": list(self.order), "leader": self.leader, "turn_index": self.turn_index,
            "reserved": {str(k): v for k, v in self.reserved.items()},
            "reserved_matter": {str(k): v for k, v in self.reserved_matter.items()},
            "political": list(self.political), "impact_left": list(self.impact_left),
            "passing": {str(k): v for k, v in self.passing.items()}, "flags": self.flags.to_json(),
            "decisions": self.decisions.to_json(),
        }

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> LemuriaState:
        s = cls(rules, data["names"], data["impact"], Rng.from_json(data["rng"]))
        s.turn, s.reveals, s.round = data["turn"], data["reveals"], data["round"]
        s.players = [Player.from_json(p) for p in data["players"]]
        s.altar = Altar.from_json(data["altar"], rules.components.altar)
        s.trend = TrendLine(rules.components.trend.bonus, rules.components.trend.lower, data["trend"])
        s.buildings = Deck.from_json(data["buildings"])
        s.building_discard = dict(data["building_discard"])
        s.citizens = Deck.from_json(data["citizens"])
        s.citizen_discard = dict(data["citizen_discard"])
        s.areas = {k: list(v) for k, v in data["areas"].items()}
        s.order, s.leader, s.turn_index = list(data["order"]), data["leader"], data["turn_index"]
        s.reserved = {int(k): v for k, v in data["reserved"].items()}
        s.reserved_matter = {int(k): v for k, v in data["reserved_matter"].items()}
        s.political = list(data["political"])
        s.impact_left = list(data["impact_left"])
        s.passing = {int(k): v for k, v in data["passing"].items()}
        s.flags = TurnFlags.from_json(data["flags"])
        s.decisions = Decisions.from_json(data["decisions"])
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table; a hand only to its owner (the card being passed too), never the decks'
        order. Others see hand sizes and whether a seat has chosen its card to pass."""
        over = self.current is None
        players = []
        for i, p in enumerate(self.players):
            mine = seat == i or over
            players.append({
                "name": p.name, "vp": p.vp, "resources": dict(p.resources), "matter": dict(p.matter),
                "markers": p.markers, "buildings": [[o.building, o.citizen] for o in p.buildings],
                "impact": p.impact, "hand_size": len(p.hand), "hand": list(p.hand) if mine else None,
                "passing": self.passing.get(i) if mine else None, "has_passed": i in self.passing,
            })
        return {
            "seat": seat, "current": self.current, "round": self.round, "months": self.comp.calendar.months,
            "festivals": list(self.comp.calendar.festivals), "players": players, "order": list(self.order),
            "turn_index": self.turn_index, "leader": self.leader,
            "altar": self.altar.to_json(), "yields": [[self.altar.resource(i, k) for k in MATTER_KINDS]
                                                      for i in range(len(self.altar.sections))],
            "trend": list(self.trend.slots), "areas": {k: list(v) for k, v in self.areas.items()},
            "reserved": {str(k): v for k, v in self.reserved.items()}, "political": list(self.political),
            "impact_left": list(self.impact_left), "building_deck": len(self.buildings),
            "citizen_deck": len(self.citizens), "citizen_discard": sum(self.citizen_discard.values()),
            "flags": self.flags.to_json(), "phase": self.phase,
            # a prompt may name cards only the deciding seat has seen (the Oracle's)
            "prompt": self.prompt() if seat == self.current or self.current is None
            else f"{self.names[self.current]} is deciding.",
        }

    def scramble_private(self, seat: int, rng: Rng) -> bool:
        """Swap a card only ``seat`` knows (in its hand, or the card it chose to pass) with one of the citizen
        deck; the Oracle's look stays as it is (its cards are named in the decision, seen by nobody else)."""
        hand = self.players[seat].hand
        hidden = [c for c, n in self.citizens.hidden.items() if n]
        known = hand + ([self.passing[seat]] if seat in self.passing else [])
        if not known or not hidden:
            return False
        out, new = known[rng.below(len(known))], hidden[rng.below(len(hidden))]
        if out in hand:
            hand.remove(out)
            hand.append(new)
            hand.sort()
        else:
            self.passing[seat] = new
        self.citizens.hidden[new] -= 1
        if not self.citizens.hidden[new]:
            del self.citizens.hidden[new]
        self.citizens.hidden[out] = self.citizens.hidden.get(out, 0) + 1
        return True

    def check_invariants(self) -> None:
        self.altar.check()
        cards = sum(len(p.hand) + sum(o.citizen is not None for o in p.buildings) for p in self.players)
        cards += len(self.citizens) + sum(self.citizen_discard.values()) + len(self.passing)
        cards += sum(1 for d in self.decisions if d.kind == HOUSE)
        assert cards == len(self.rules.citizens), f"citizen cards not conserved: {cards}"
        built = sum(len(p.buildings) for p in self.players) + len(self.buildings)
        built += sum(self.building_discard.values()) + sum(c is not None for c in self.trend.slots)
        built += sum(len(d.args) - 2 for d in self.decisions if d.kind == powers.SCOUT)  # the Oracle's look
        assert built == len(self.rules.buildings), f"building cards not conserved: {built}"
        for seat, p in enumerate(self.players):
            assert min(p.resources.values()) >= 0 and min(p.matter.values()) >= 0, "negative supply"
            on_altar = self.altar.matter_of(seat)
            reserved = [k for s, k in self.reserved_matter.items() if self.reserved[s] == seat and k]
            for kind in MATTER_KINDS:
                assert p.matter[kind] + on_altar[kind] + reserved.count(kind) == self.comp.start.matter[kind], \
                    "matter not conserved"
            assert len(p.buildings) <= MAX_BUILDINGS
            marked = sum(spots.count(seat) for spots in self.areas.values())
            assert marked + p.markers == self.comp.start.building_markers
        assert sum(p.vp for p in self.players) == sum(sum(p.sources.values()) for p in self.players)


REFUSALS = {
    "plant": "You cannot plant now: you have planted or harvested this turn, or have no matter that fits.",
    "harvest": "You have no full section of the altar holding your matter to harvest now.",
    "build": "That building cannot be built now: check the trend line, your resources and what your turn "
             "still allows.",
    "reform": "You cannot reform now: a reform takes the place of the turn's build.",
    "citizen": "You cannot play that citizen now: it is not in your hand or you lack the food.",
    "buy": "You cannot buy a citizen card now: the deck is empty or you lack the gold.",
    "swap": "You cannot swap a citizen card now: the deck is empty or you lack 2 gold.",
    "impact": "You cannot use a Lemurian Impact card now.",
    "end": "First plant or harvest: it is mandatory while you can.",
    "put": "That matter does not fit there: a section takes one kind of player matter, in its empty spaces.",
    "reserve": "That turn-order space cannot be reserved now.",
    "take": "Only a full section holding your matter can be harvested (each after the first for 1 gold).",
    "done": "Place or take at least one first.",
    "spot": "That area has no empty spot.",
    "house": "A citizen moves into an empty building of yours.",
    "pass": "Pass one of the cards in your hand.",
    "altar": "Answer stay, cw or ccw.",
}


S = LemuriaState
_kind = listed_kinds(REFUSALS, S._prompt, S._label)
LemuriaState.KINDS = {
    PASS: _kind(S._legal_pass, {"pass": S._pass}),
    ALTAR: _kind(S._legal_altar, {"altar": S._altar}),
    TURN: _kind(S._legal_turn, {"plant": S._plant, "harvest": S._harvest, "build": S._build, "reform": S._reform,
                                "citizen": S._citizen, "buy": S._buy, "swap": S._swap, "impact": S._impact,
                                "end": S._end}),
    PLANT: _kind(S._legal_plant, {"put": S._put, "reserve": S._reserve_space, "done": S._done}),
    HARVEST: _kind(S._legal_harvest, {"take": S._take, "done": S._done}),
    SPOT: _kind(S._legal_spot, {"spot": S._spot}),
    HOUSE: _kind(S._legal_house, {"house": S._house, "discard": S._discard_played}),
    DISCARD: _kind(S._legal_discard, {"discard": S._discard}),
    **powers.POWER_KINDS,
}
