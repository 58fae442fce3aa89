"""Lemuria's state: what is on the table, the rule helpers several decisions share, views, saves, invariants.

The turn is a stack of decisions (core/decisions.py). Each kind's handlers live with their part of the month:
``months.py`` (the card pass, the month's start and end), ``turn.py`` (the turn's menu), ``planting.py``
(plant or harvest), ``builds.py`` (builds, reforms, the marker after a build), ``citizens.py`` (playing,
buying and swapping citizens) and ``powers.py`` (what the cards do); ``rules.py`` merges their tables into
``LemuriaState.KINDS``. The kinds' names and arguments are listed here, as the stack's data.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from boardgames.core.cards import Deck
from boardgames.core.cards import draw_one as _draw
from boardgames.core.decisions import DecidingState, Decision, Decisions
from boardgames.core.engine import Action, IllegalAction, Result
from boardgames.core.rng import Rng
from boardgames.games.lemuria import scoring
from boardgames.games.lemuria.altar import Altar
from boardgames.games.lemuria.data import MATTER_KINDS, Building, Components, Rules
from boardgames.games.lemuria.pieces import Player, TurnFlags
from boardgames.games.lemuria.trend import TrendLine
from boardgames.games.lemuria.views import LemuriaView, PlayerView
from boardgames.i18n import N_, _

# -- the decision kinds of the month and the turn -------------------------------------------------
PASS = "pass"  # choose the card to pass left, at the start of the game
ALTAR = "altar"  # the leader may pay to turn the altar once more
TURN = "turn"  # the turn's menu
PLANT = "plant"  # args: how many matter at most (0: any number), how many placed so far
HARVEST = "harvest"  # args: how many sections harvested so far
SPOT = "spot"  # a building marker in an area, after a build
HOUSE = "house"  # args: the citizen played, to house or discard
DISCARD = "discard"  # a citizen card to discard, after a swap

# -- the decision kinds of card powers (powers.py); args start with the card's name and where to resume --
GAIN = "card_gain"  # args: source, resume, left
EXCHANGE = "card_exchange"  # args: source, resume, left, given resource or None
TURN_ALTAR = "card_turn_altar"  # args: source, resume, max steps
SET_ALTAR = "card_set_altar"  # args: source, resume
REMOVE_FILLER = "card_remove_filler"  # args: source, resume, left
ADD_FILLER = "card_add_filler"  # args: source, resume, left
RECALL = "card_recall_matter"  # args: source, resume, left
RESERVE = "card_reserve"  # args: source, resume
REPLACE_TREND = "card_replace_trend"  # args: source, resume
SCOUT = "card_scout"  # args: source, resume, the scouted building ids (secret to the seat)
CARD_DISCARD = "card_discard"  # args: source, resume, left

MAX_BUILDINGS = 8
#: where a player's VP came from (Player.sources) -> the row of the final breakdown
CATEGORIES = {"buildings": N_("Buildings"), "trend bonuses": N_("Trend bonuses"), "citizens": N_("Citizens"),
              "areas": N_("Areas"), "festivals": N_("Festivals"), "cards": N_("Cards")}
#: the moves that build: ``build POSITION [RESOURCE...]`` and ``reform BUILDING POSITION [RESOURCE...]``
BUILD_MOVES = ("build", "reform")


def split_build(action: Action) -> tuple[Any, Any, tuple[Any, ...]]:
    """(the building given up or None, the trend position, the resources taken off) of a build or reform, as
    typed (any of them may be missing or of the wrong type)."""
    if action.name == "reform":
        return (action.args[0] if action.args else None), (action.args[1] if len(action.args) > 1 else None), \
            action.args[2:]
    return None, (action.args[0] if action.args else None), action.args[1:]


#: resources and how many of each, in the order of components.yaml's resources
Cost = tuple[tuple[str, int], ...]


@cache
def _discounted(cost: Cost, off: int) -> tuple[tuple[tuple[str, ...], Cost], ...]:
    """Each way to take ``off`` resources off ``cost`` (in order), with what is left to pay: the same few for
    every build offer of a game, so they are worked out once (legal moves list them at every look of a bot)."""
    units = [r for r, n in cost for _k in range(n)]
    ways = []
    for removed in sorted(set(combinations(units, min(off, len(units))))):
        rest = list(units)
        for r in removed:
            rest.remove(r)
        ways.append((removed, tuple((r, rest.count(r)) for r in dict.fromkeys(rest))))
    return tuple(ways)


class LemuriaState(DecidingState):
    def __init__(self, rules: Rules, names: list[str], impact: bool, rng: Rng) -> None:
        super().__init__(names, rng)
        comp = rules.components
        self.rules = rules
        self.impact_option = impact
        self.round = 1
        self.players = [Player(name, {r.id: comp.start.resources.get(r.id, 0) for r in comp.resources},
                               {kind: n for kind, n in comp.start.matter.items()}, comp.start.building_markers)
                        for name in names]
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

    @classmethod
    def setup(cls, rules: Rules, names: list[str], seed: int, *, impact: bool) -> LemuriaState:
        state = cls(rules, names, impact, Rng(seed))
        for player in state.players:
            for _card in range(rules.components.start.hand):
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
    def comp(self) -> Components:
        return self.rules.components

    # -- a build's resources may be typed in any order ----------------------------------------------
    def apply(self, action: Action) -> None:
        super().apply(self.in_cost_order(action))

    def refusal(self, action: Action) -> str | None:
        return super().refusal(self.in_cost_order(action))

    def trend_card(self, position: object) -> Building | None:
        """The building in trend position ``position`` (1-based), or None for a gap or no such position."""
        if not isinstance(position, int) or not 1 <= position <= len(self.trend.slots):
            return None
        card = self.trend.slots[position - 1]
        return None if card is None else self.rules.building[card]

    def in_cost_order(self, action: Action) -> Action:
        """``action`` with a build's resources taken off in the order of the card's cost, as the legal list
        has them."""
        if action.name not in BUILD_MOVES:
            return action
        _, position, removed = split_build(action)
        card = self.trend_card(position)
        if card is None or len(removed) < 2:
            return action
        order = list(card.cost)
        ordered = tuple(sorted(removed, key=lambda r: order.index(r) if r in order else len(order)))
        head = action.args[:len(action.args) - len(removed)]
        return Action(action.name, (*head, *ordered))

    # -- helpers several decisions use -----------------------------------------------------------------
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
            raise IllegalAction(_("Space {space} of the turn order cannot be reserved now.", space=space))
        self.reserved[space] = seat
        self.reserved_matter[space] = kind
        if kind is not None:
            self.players[seat].matter[kind] -= 1

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
            for removed, rest in _discounted(tuple(building.cost.items()), off):
                if all(player.resources[r] >= n for r, n in rest):
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

    # -- the end ---------------------------------------------------------------------------------------
    def result(self) -> Result:
        if self.current is not None:
            raise ValueError("The game is not over yet.")
        scores = [p.vp for p in self.players]
        ranked = scoring.ranking(scores, self.order)
        ranks = [ranked.index(seat) + 1 for seat in range(len(scores))]
        breakdown = []
        for p in self.players:
            row = {_(title): p.sources.get(c, 0) for c, title in CATEGORIES.items()}
            row[_(CATEGORIES["cards"])] += sum(n for c, n in p.sources.items() if c not in CATEGORIES)
            breakdown.append(row)
        tied = len(set(scores)) < len(scores)
        return Result(scores=scores, breakdown=breakdown, ranks=ranks,
                      tiebreak=_("Tied players are ranked by their place in the last month's turn order.")
                      if tied else "")

    # -- copies, saves, views --------------------------------------------------------------------------
    def clone(self) -> LemuriaState:
        s = self.shallow_clone()
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

    # the engine's State.view promises a plain dict; a TypedDict is a dict at run time
    def view(self, seat: int | None) -> LemuriaView:
        """Everything on the table; a hand only to its owner (the card being passed too), never the decks'
        order. Others see hand sizes and whether a seat has chosen its card to pass."""
        current = self.current
        over = current is None
        players: list[PlayerView] = []
        for i, p in enumerate(self.players):
            mine = seat == i or over
            players.append({
                "name": p.name, "vp": p.vp, "resources": dict(p.resources), "matter": dict(p.matter),
                "markers": p.markers, "buildings": [[o.building, o.citizen] for o in p.buildings],
                "impact": p.impact, "hand_size": len(p.hand), "hand": list(p.hand) if mine else None,
                "passing": self.passing.get(i) if mine else None, "has_passed": i in self.passing,
            })
        return {
            "seat": seat, "current": current, "round": self.round, "months": self.comp.calendar.months,
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
            "prompt": self.prompt() if seat == current or current is None
            else _("{name} is deciding.", name=self.names[current]),
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

    def determinize(self, seat: int, rng: Rng) -> None:
        """Deal anew what ``seat`` has not seen: the other hands and the cards the others chose to pass, from
        those and the face-down citizen deck; and the building cards another player is looking at with the
        Oracle, from those and the face-down building deck. Every hand and look keeps its size."""
        pool: dict[str, int] = dict(self.citizens.hidden)
        others = [other for other in range(len(self.players)) if other != seat]
        for other in others:
            for card in self.players[other].hand + ([self.passing[other]] if other in self.passing else []):
                pool[card] = pool.get(card, 0) + 1
        for other in others:
            hand = self.players[other].hand
            hand[:] = sorted(_draw(pool, rng) for _k in hand)
            if other in self.passing:
                self.passing[other] = _draw(pool, rng)
        self.citizens.hidden = pool
        looks = [d for d in self.decisions if d.kind == SCOUT and d.seat != seat]
        if looks:
            buildings = dict(self.buildings.hidden)
            for look in looks:
                for seen in look.args[2:]:
                    buildings[str(seen)] = buildings.get(str(seen), 0) + 1
            dealt = {id(look): (*look.args[:2], *(_draw(buildings, rng) for _k in look.args[2:])) for look in looks}
            self.decisions.reset(*(Decision(d.kind, d.seat, dealt[id(d)]) if id(d) in dealt else d
                                   for d in self.decisions))
            self.buildings.hidden = buildings

    def check_invariants(self) -> None:
        self.altar.check()
        cards = sum(len(p.hand) + sum(o.citizen is not None for o in p.buildings) for p in self.players)
        cards += len(self.citizens) + sum(self.citizen_discard.values()) + len(self.passing)
        cards += sum(1 for d in self.decisions if d.kind == HOUSE)  # the citizen played, not yet housed
        assert cards == len(self.rules.citizens), f"citizen cards not conserved: {cards}"
        built = sum(len(p.buildings) for p in self.players) + len(self.buildings)
        built += sum(self.building_discard.values()) + sum(c is not None for c in self.trend.slots)
        built += sum(len(d.args) - 2 for d in self.decisions if d.kind == SCOUT)  # the Oracle's look
        assert built == len(self.rules.buildings), f"building cards not conserved: {built}"
        for seat, p in enumerate(self.players):
            assert min(p.resources.values()) >= 0 and min(p.matter.values()) >= 0, "negative supply"
            on_altar = self.altar.matter_of(seat)
            reserved = [k for s, k in self.reserved_matter.items() if self.reserved[s] == seat and k]
            for kind, start in self.comp.start.matter.items():
                assert p.matter[kind] + on_altar[kind] + reserved.count(kind) == start, "matter not conserved"
            assert len(p.buildings) <= MAX_BUILDINGS
            marked = sum(spots.count(seat) for spots in self.areas.values())
            assert marked + p.markers == self.comp.start.building_markers
        assert sum(p.vp for p in self.players) == sum(sum(p.sources.values()) for p in self.players)
