"""How the greedy bot judges an Above and Below position for one seat, and values its chance moves by expectation.

A seat's worth, in points, is its score so far (without the ranking, which compares seats and is added
once for everyone) plus what its position should still bring, weighed by the rounds left:

- coins, worth most while rounds remain to spend them and next to nothing once the seat cannot act again;
  income, for each income step to come;
- goods: in the supply (or for sale) by where they would go on the progress track (the points of their
  stack and the income a new stack adds), on cards a share of that (a harvest is needed), and each
  restocking card's future goods;
- villagers, as actions: the ready ones this round, next round's ready ones by a simulated refresh
  (potions, cider, beds; a Mechanical Man's own bed), then as many a round as beds keep fresh; injured
  villagers lose a round; a small share for each villager's explore strength;
- reputation (its points, a little for the steps between), the ranking bonus; cider and potions; open cave
  cards (sites for outposts); card symbols that pay later (build and explore coins, rerolls, training to
  ready, potion income).

Chance moves are never applied in the bot's look (see ``core.bots``' ``value_action`` hook). They are
valued by expectation: the entry die (``go``) by a generic encounter, since nobody knows the encounter before
the roll; a chosen encounter option (``choose n``) by exact enumeration of the party's lantern dice, plus
the choice's modifiers, the villagers it would injure and the coin it would pay, against the choice's
thresholds; ``reroll`` by the die's six faces; ``done`` by the lanterns on the table. A threshold is worth a
generic value that grows with its lanterns (the rewards are hidden until the roll: the bot never reads them),
plus the cave card on the explore's first success. A Cave Cat's check (``use``/``add``) is valued as its two
outcomes, 1-2 and 3-6, weighed 1/3 and 2/3.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from boardgames.core.bots import Memo
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import scoring
from boardgames.games.abovebelow.data import GOODS
from boardgames.games.abovebelow.explore import DICE, ENCOUNTER, PARTY
from boardgames.games.abovebelow.roundend import CIDER, POTIONS, REFRESH, STOCK
from boardgames.games.abovebelow.state import int_arg

if TYPE_CHECKING:
    from boardgames.games.abovebelow.data import Choice, Rules, Villager
    from boardgames.games.abovebelow.state import AboveBelowState

#: the search bot (core/search.py): the lead in this judge's units worth about 73% against one rival, fitted
#: to the winners of greedy games (benchmarks/win_chance_calibration.py), so a hint's chance is about right
SEARCH_SCALE = 3.0
#: the value of one villager action, in points (this round's, and each later round's)
ACTION = 1.0
#: this round's actions in the last round (nothing they bring can grow any more)
LAST_ACTION = 0.8
#: a villager beyond the beds: a share of an action each round (cider, carried-over readiness, explores)
EXTRA_VILLAGER = 0.5
#: per expected lantern of a villager, per round left (up to 3)
EXPLORE_STRENGTH = 0.1
#: goods in the supply against goods on the track (placing them is free, so the bot places them)
UNPLACED = 0.92
#: a good on a card against one in the supply (a harvest is needed)
ON_CARD = 0.55
#: a good on a restocking card (it refills only once harvested)
ON_RESTOCK = 0.35
#: a restocking card, per round left
RESTOCK = 0.4
#: an open cave card (a site for an outpost) while two rounds or more remain
OPEN_CAVE = 1.0
#: a cider or potion kept (besides what it does at the next refresh)
DRINK = 0.3
#: per reputation step (besides its points and the ranking)
REPUTATION_STEP = 0.12
#: the share of the best rival's worth taken off the seat's own
RIVAL = 0.8
#: a failed encounter: no reward, sometimes a penalty (hidden until the roll)
FAILURE = 0.35
#: the encounter the bot expects before the entry die: a safe choice and a risky one (the book's shape)
GENERIC_CHOICES = ((3,), (5, 7))
#: decisions inside a worker action: the action is chosen, its villager not yet exhausted
COMMITTED = ("worker", "build", "train", "harvest")
#: the chance a seller takes an offer (the bot does not know the other seat's mind)
ACCEPT = 0.5
#: coin values by rounds left after this one (0, 1, 2, 3 or more)
COIN = (0.3, 0.38, 0.42, 0.45)
#: a coin's worth once the seat cannot spend it (only ties)
DEAD_COIN = 0.02
#: a coin of income still to come
FUTURE_COIN = 0.4
#: a villager's lantern distribution for one die: P(0), P(1), P(2)
Profile = tuple[float, float, float]


def tier_value(lanterns: int, rounds_left: int) -> float:
    """The generic worth of meeting a threshold of ``lanterns`` (the book's guidance: 1-2 coins or a common
    good for 2-3 lanterns, about 4 coins for 4-5, 5-6 coins or a rare good for 6-8), in points."""
    return (0.25 + 0.42 * lanterns) * (0.7 + 0.1 * min(rounds_left, 3))


def coin_value(rounds_left: int, can_act: bool) -> float:
    if rounds_left == 0 and not can_act:
        return DEAD_COIN
    return COIN[min(rounds_left, len(COIN) - 1)]


def _profile(villager: Villager) -> tuple[float, float, float]:
    """A villager's lantern distribution for one die: P(0), P(1), P(2)."""
    counts = [0, 0, 0]
    for die in range(1, 7):
        counts[villager.lanterns(die)] += 1
    return counts[0] / 6, counts[1] / 6, counts[2] / 6


class _Judge:
    """One position judged for one seat."""

    def __init__(self, ev: Evaluator, state: AboveBelowState, seat: int) -> None:
        self.ev = ev
        self.state = state
        self.seat = seat
        self.rules = state.rules
        self.comp = state.rules.components
        self.over = state.current_player is None
        self.left = max(0, self.comp.rounds - state.round)  # rounds after this one

    # -- one seat's worth -------------------------------------------------------------------------
    def active(self, seat: int) -> bool:
        """The seat may still act this round."""
        return not self.state.passed[seat] and self.state.phase not in (STOCK, REFRESH)

    def coin(self, seat: int) -> float:
        p = self.state.players[seat]
        return coin_value(self.left, self.active(seat) and bool(p.ready or self.party(seat)[0]))

    def party(self, seat: int) -> tuple[list[str], list[str]]:
        """The explorer's villagers on the cave card: (still counted ready, counted used)."""
        ex = self.state.explore
        if ex is None or self.state.current_player != seat:
            return [], []
        if self.state.phase == PARTY and len(ex.party) < 2:
            return list(ex.party), []
        return [], list(ex.party)

    def unit_value(self, seat: int, good: str, slot: int | None = None) -> float:
        """One more ``good`` on the track: its stack's points, and the income a new stack adds."""
        p = self.state.players[seat]
        spaces = self.comp.progress.spaces
        for i, (g, _n) in enumerate(p.track):
            if g == good:
                return float(spaces[i][0])
        pos = len(p.track) if slot is None else slot
        if pos >= len(spaces):
            return 0.8  # no room: a good to sell, or for a card bonus
        before = spaces[pos - 1][1] if pos else self.comp.progress.empty_income
        return spaces[pos][0] + (spaces[pos][1] - before) * self.left * FUTURE_COIN

    def goods_worth(self, seat: int) -> float:
        p = self.state.players[seat]
        held = {g: n for g, n in p.goods.items() if n}
        if p.for_sale in GOODS:
            held[p.for_sale] = held.get(p.for_sale, 0) + 1
        stacked = {g for g, _ in p.track}
        worth = 0.0
        slot = len(p.track)
        for good in sorted(held, key=lambda g: (g not in stacked, held[g], GOODS.index(g))):
            if good in stacked:
                worth += held[good] * self.unit_value(seat, good)
            else:
                worth += self.unit_value(seat, good, slot) + (held[good] - 1) * (
                    self.comp.progress.spaces[slot][0] if slot < len(self.comp.progress.spaces) else 0.8)
                slot += 1
        worth *= UNPLACED
        can_harvest = self.left > 0 or (self.active(seat) and p.ready)
        if can_harvest:
            for card, goods in p.card_goods.items():
                share = ON_RESTOCK if self.rules.building[card].effects.goods_restock else ON_CARD
                for good, n in goods.items():
                    worth += share * n * self.unit_value(seat, good)
        return worth

    def actions_worth(self, seat: int) -> float:
        """Villager actions: this round's, next round's (a simulated refresh) and later rounds'."""
        state, rules = self.state, self.rules
        p = state.players[seat]
        keep_ready, used = self.party(seat)
        ready = [*p.ready, *keep_ready]
        exhausted = [*p.exhausted, *used]
        injured = list(p.injured)
        active = self.active(seat)
        acting = len(ready)
        top = state.decisions.top
        if top is not None and top.seat == seat and top.kind in COMMITTED:
            acting -= 1  # a villager is being put to work: counted as used, what it brings not yet
        worth = (ACTION if self.left else LAST_ACTION) * max(0, acting) if active else 0.0
        if not self.left:
            return worth
        mech = {v for v in p.villagers + used + keep_ready if rules.villager[v].has("own_bed")}
        ready_end = [] if active else ready
        exh_end = exhausted + ready if active else exhausted
        stage: int | None = POTIONS
        beds_used = 0
        if state.phase == REFRESH:
            mine = [d for d in state.decisions if d.kind == REFRESH and d.seat == seat]
            if mine:
                stage, beds_used = int_arg(mine[-1], 0), int_arg(mine[-1], 1)
            else:
                stage, beds_used = None, 0  # refreshed already (or nothing to do)
        beds = fx.beds(rules, p)
        inj = sum(1 for v in injured if v not in mech)
        exh = sum(1 for v in exh_end if v not in mech)
        nxt = len(ready_end) + sum(1 for v in exh_end if v in mech)
        if stage is not None:
            potions = min(p.potions, inj) if stage == POTIONS else 0
            inj, exh = inj - potions, exh + potions
            cider = min(p.cider, exh) if stage <= CIDER else 0
            exh -= cider
            bedded = min(max(0, beds - beds_used), exh)
            nxt += cider + bedded
        worth += ACTION * nxt
        total = len(p.villagers) + len(used) + len(keep_ready)
        rested = beds + len(mech)
        steady = min(total, rested) + EXTRA_VILLAGER * max(0, total - rested)
        worth += ACTION * steady * (self.left - 1)
        strength = sum(self.ev.strength(v) for v in [*p.ready, *p.exhausted, *keep_ready, *used])
        worth += EXPLORE_STRENGTH * strength * min(self.left, 3)
        return worth

    def symbols_worth(self, seat: int) -> float:
        """Card symbols that pay later."""
        p = self.state.players[seat]
        left = self.left
        worth = 0.0
        for card in p.buildings:
            e = self.rules.building[card].effects
            if e.goods_restock:
                worth += RESTOCK * left
            worth += FUTURE_COIN * left * (0.6 * e.coin_on_build + 0.4 * e.coin_on_explore)
            worth += left * (0.15 * e.reroll + 0.25 * e.train_to_ready + DRINK * e.potion_income)
        return worth

    def worth(self, seat: int) -> float:
        state, rules = self.state, self.rules
        p = state.players[seat]
        points = float(sum(scoring.own_points(rules, p).values()))
        if self.over:
            return points + 0.001 * p.coins
        coin = self.coin(seat)
        worth = points + coin * p.coins + FUTURE_COIN * fx.income(rules, p) * self.left
        worth += self.goods_worth(seat) + self.actions_worth(seat) + self.symbols_worth(seat)
        drink = DRINK if self.left else 0.05
        worth += p.cider * (drink + coin * fx.has(rules, p, "cider_as_coin"))
        worth += p.potions * (drink + coin * fx.has(rules, p, "potion_as_coin"))
        worth += REPUTATION_STEP * p.reputation
        worth += OPEN_CAVE * min(1.0, self.left / 2) * len(fx.open_caves(p))
        return worth

    def value(self, explore: float | None = None) -> float:
        """The seat's worth against the best rival's; ``explore``: the value of the encounter in progress
        (None: worked out from the position)."""
        state = self.state
        count = len(state.players)
        worths = [self.worth(s) for s in range(count)]
        ranking = scoring.ranking_bonus([p.reputation for p in state.players], self.comp.reputation.ranking[count])
        for s in range(count):
            worths[s] += ranking[s]
        explorer = state.current_player
        if not self.over and state.explore is not None and explorer is not None:
            worths[explorer] += self.explore_value() if explore is None or explorer != self.seat else explore
        rivals = [w for s, w in enumerate(worths) if s != self.seat]
        if self.over:
            return worths[self.seat] - max(rivals)
        return worths[self.seat] - RIVAL * max(rivals)

    # -- the encounter by expectation ---------------------------------------------------------------
    def explore_setup(self) -> dict[str, Any]:
        """What the explorer's encounter odds depend on: the seat, its injury costs, coin, success bonus."""
        state = self.state
        seat = state.current_player
        assert seat is not None
        p = state.players[seat]
        ex = state.exploring
        coin = self.coin(seat)
        if self.left == 0:
            hurt = 0.02
        elif p.potions > len(p.injured):
            hurt = 0.35 * ACTION
        else:
            hurt = 0.8 * ACTION
        bonus = 0.0
        if not ex.kept:
            bonus = OPEN_CAVE * min(1.0, self.left / 2) + coin * fx.total(self.rules, p, "coin_on_explore")
            bonus += sum(self.rules.building[c].effects.vp_per_empty_cave for c in p.buildings)
        return {"seat": seat, "hurt": hurt, "coin": coin, "bonus": bonus,
                "can_pay": fx.spending_power(self.rules, p) >= 1}

    def explore_value(self) -> float:
        state = self.state
        phase = state.phase
        if phase == PARTY:
            return self.generic_value() if len(state.exploring.party) >= 2 else 0.0
        if phase == ENCOUNTER:
            return max(self.choice_value(i) for i in range(len(state.encounter.choices)))
        if phase == DICE:
            return self.dice_value()
        return 0.0

    def generic_value(self) -> float:
        """Before the entry die: the encounter is unknown; a safe and a risky generic choice."""
        setup = self.explore_setup()
        dists = tuple(self.ev.profile(v) for v in self.state.exploring.party)
        rerolls = fx.rerolls(self.rules, self.state.players[setup["seat"]])
        return max(self.ev.expected(dists, (), (), 0, levels, self.left, setup["bonus"], setup["hurt"], 0, 0.0,
                                    rerolls) for levels in GENERIC_CHOICES)

    def modifiers(self, choice: Choice, villagers: list[str], seat: int) -> tuple[int, int]:
        """The lanterns a choice's modifiers add for this party and seat, and what paying would add."""
        return fx.modifier_lanterns(self.rules, choice, villagers, self.state.players[seat])

    def choice_value(self, index: int) -> float:
        """A choice before its roll: the party's lantern dice enumerated exactly, with modifiers, rerolls,
        injuries and paying, against the choice's thresholds (each worth a generic value)."""
        state = self.state
        ex = state.exploring
        setup = self.explore_setup()
        seat = setup["seat"]
        choice = state.encounter.choices[index]
        const, pay = self.modifiers(choice, ex.readers, seat)
        levels = tuple(t.lanterns for t in choice.thresholds)
        dists = tuple(self.ev.profile(v) for v in ex.readers)  # a follow-up: the injured roll too
        rerolls = fx.rerolls(self.rules, state.players[seat])
        return self.ev.expected(dists, (), (), const, levels, self.left, setup["bonus"], setup["hurt"],
                                pay if setup["can_pay"] else 0, setup["coin"], rerolls)

    def dice_value(self, reroll: str | None = None) -> float:
        """The roll on the table (``reroll``: that die rerolled, by its six faces): the best of injuring,
        paying and further rerolls, by expectation."""
        state = self.state
        ex = state.exploring
        setup = self.explore_setup()
        seat = setup["seat"]
        choice = state.choice
        const, pay = self.modifiers(choice, list(ex.dice), seat)
        const += len(ex.injured)
        if ex.paid:
            const += pay
        can_pay = pay if (not ex.paid and setup["can_pay"]) else 0
        levels = tuple(t.lanterns for t in choice.thresholds)
        rules = self.rules
        fixed = sum(rules.villager[v].lanterns(d) for v, d in ex.dice.items() if v not in ex.party)
        party = [v for v in ex.party if v != reroll]
        known = tuple(rules.villager[v].lanterns(ex.dice[v]) for v in party)
        dists = tuple(self.ev.profile(v) for v in party)
        rerolls = state.rerolls_left(seat) if not ex.injured else 0
        if reroll is not None:
            return self.ev.expected((self.ev.profile(reroll),), known, dists, const + fixed, levels, self.left,
                                    setup["bonus"], setup["hurt"], can_pay, setup["coin"], rerolls - 1)
        return self.ev.best(known, dists, const + fixed, levels, self.left, setup["bonus"], setup["hurt"],
                            can_pay, setup["coin"], rerolls)

    def done_value(self) -> float:
        setup = self.explore_setup()
        lanterns = self.state.lanterns(setup["seat"])
        levels = tuple(t.lanterns for t in self.state.choice.thresholds)
        return outcome(lanterns, levels, self.left, setup["bonus"])


def outcome(lanterns: int, levels: tuple[int, ...], left: int, bonus: float) -> float:
    met = [t for t in levels if lanterns >= t]
    return tier_value(met[-1], left) + bonus if met else -FAILURE


class Evaluator:
    """One greedy bot's judge: the evaluation, the candidates worth a look, and chance moves by expectation.

    Its caches (lantern profiles, encounter odds) are its own and bounded."""

    def __init__(self) -> None:
        self.profiles: dict[str, tuple[float, float, float]] = {}
        self.strengths: dict[str, float] = {}
        self.odds: Memo = Memo(20_000)
        self.rules: Rules | None = None

    def _tables(self, state: AboveBelowState) -> None:
        if state.rules is not self.rules:
            self.rules = state.rules
            self.profiles = {v.id: _profile(v) for v in state.rules.villagers}
            self.strengths = {k: d[1] + 2 * d[2] for k, d in self.profiles.items()}

    def profile(self, villager: str) -> tuple[float, float, float]:
        return self.profiles[villager]

    def strength(self, villager: str) -> float:
        return self.strengths[villager]

    # -- the encounter's odds -------------------------------------------------------------------------
    def expected(self, rolled: tuple[Profile, ...], known: tuple[int, ...], known_dists: tuple[Profile, ...],
                 const: int, levels: tuple[int, ...], left: int, bonus: float, hurt: float, pay: int, coin: float,
                 rerolls: int) -> float:
        """The expected worth of rolling the dice of profiles ``rolled`` beside dice already showing ``known``
        lanterns (of profiles ``known_dists``), then playing the rest of the roll well (``best``)."""
        key = ("e", rolled, known, known_dists, const, levels, left, round(bonus, 4), round(hurt, 4), pay,
               round(coin, 4), rerolls)
        found: float | None = self.odds.get(key)
        if found is not None:
            return found
        injurable = len(rolled) + len(known)
        if rerolls <= 0:
            sums = {sum(known): 1.0}  # only the sum matters: convolve
            for d in rolled:
                nxt: dict[int, float] = {}
                for s, ps in sums.items():
                    for lanterns, pl in enumerate(d):
                        if pl:
                            nxt[s + lanterns] = nxt.get(s + lanterns, 0.0) + ps * pl
                sums = nxt
            total = sum(ps * self._post(s + const, injurable, levels, left, bonus, hurt, pay, coin)
                        for s, ps in sums.items())
        else:
            total = 0.0
            dists = rolled + known_dists
            for combo in product(*[[(x, p) for x, p in enumerate(d) if p] for d in rolled]):
                prob = 1.0
                for _x, p in combo:
                    prob *= p
                faces = tuple(x for x, _p in combo) + known
                total += prob * self.best(faces, dists, const, levels, left, bonus, hurt, pay, coin, rerolls)
        stored: float = self.odds.put(key, total)
        return stored

    def best(self, known: tuple[int, ...], dists: tuple[Profile, ...], const: int, levels: tuple[int, ...],
             left: int, bonus: float, hurt: float, pay: int, coin: float, rerolls: int) -> float:
        """The roll ``known`` (lanterns per die) with ``dists`` the dice's profiles (same order, for rerolls):
        the best of stopping (with injuries and paying) and rerolling a die."""
        k = len(known)
        value = self._post(sum(known) + const, k, levels, left, bonus, hurt, pay, coin)
        if rerolls <= 0 or k > 6:
            return value
        key = ("b", known, dists, const, levels, left, round(bonus, 4), round(hurt, 4), pay, round(coin, 4),
               rerolls)
        found: float | None = self.odds.get(key)
        if found is not None:
            return found
        for i in range(k):
            if known[i] == 2:
                continue
            again = 0.0
            for x, p in enumerate(dists[i]):
                if p:
                    again += p * self.best(known[:i] + (x,) + known[i + 1:], dists, const, levels, left, bonus,
                                           hurt, pay, coin, rerolls - 1)
            value = max(value, again)
        stored: float = self.odds.put(key, value)
        return stored

    @staticmethod
    def _post(lanterns: int, injurable: int, levels: tuple[int, ...], left: int, bonus: float, hurt: float,
              pay: int, coin: float) -> float:
        """After the rolls: the best number of villagers to injure (+1 lantern each) and whether to pay."""
        best = -1e9
        for paid in ((0, 1) if pay else (0,)):
            for hurt_count in range(injurable + 1):
                value = outcome(lanterns + hurt_count + paid * pay, levels, left, bonus) - hurt * hurt_count \
                    - paid * coin
                best = max(best, value)
        return best

    # -- the bot's hooks ----------------------------------------------------------------------------------
    def evaluate(self, state: AboveBelowState, seat: int) -> float:
        self._tables(state)
        top = state.decisions.top
        if top is not None and top.kind == "offer" and top.args[0] == seat:
            return self.offer_value(state, seat)
        return _Judge(self, state, seat).value()

    def offer_value(self, state: AboveBelowState, seat: int) -> float:
        """Waiting on the seller's answer to our offer: either answer, by an even chance."""
        accepted, refused = state.clone(), state.clone()
        accepted.apply(Action("accept"))
        refused.apply(Action("refuse"))
        return ACCEPT * _Judge(self, accepted, seat).value() + (1 - ACCEPT) * _Judge(self, refused, seat).value()

    def candidates(self, state: AboveBelowState, actions: list[Action]) -> list[Action]:
        """Leave out moves that cannot help (or would show the bot a card drawn in its look): replacing a row,
        putting an item up for sale or taking it off, offers above the least price listed, the same outpost on
        another open cave, and going back on a started action (``back``, ``drop``): the bot commits to the
        action it chose, so its look never circles through an action and its undoing. When nothing else is
        left, ``back`` is kept (a party that can no longer go is given up) and ``drop`` never, since taking a
        villager out only to add it again is the loop a party of one fell into."""
        kept = []
        seen_outposts: set[str] = set()
        least_offer: dict[int, int] = {}  # the lowest price listed for each seller (3, or above a refusal)
        for action in actions:
            name = action.name
            if name in ("swap", "sell", "unsell", "back", "drop"):
                continue
            if name == "buy" and action.args[1] != least_offer.setdefault(action.args[0], action.args[1]):
                continue
            if name == "outpost":
                if action.args[0] in seen_outposts:
                    continue
                seen_outposts.add(action.args[0])
            kept.append(action)
        if not kept:  # only going back is left (a party of one after a Cave Cat wandered off): give up the
            kept = [action for action in actions if action.name == "back"]  # explore, never drop and re-add
        return kept or actions

    def value_action(self, state: AboveBelowState, action: Action, seat: int) -> float | None:
        """Chance moves by expectation, never by the real draw (see the module docstring)."""
        self._tables(state)
        phase = state.phase
        name = action.name
        if phase == PARTY and name == "go":
            return _Judge(self, state, seat).value()
        if phase == ENCOUNTER and name == "choose":
            judge = _Judge(self, state, seat)
            return judge.value(judge.choice_value(action.args[0] - 1))
        if phase == DICE and name == "reroll":
            judge = _Judge(self, state, seat)
            return judge.value(judge.dice_value(reroll=action.args[0]))
        if phase == DICE and name == "done":
            judge = _Judge(self, state, seat)
            return judge.value(judge.done_value())
        if name in ("use", "add") and state.rules.villager[action.args[0]].has("cave_cat"):
            return self.cat_value(state, action, seat)
        return None

    def cat_value(self, state: AboveBelowState, action: Action, seat: int) -> float:
        """A Cave Cat's check: on 1-2 it wanders off exhausted (1/3), else it does as told (2/3)."""
        values = []
        for die in (1, 6):
            child = state.clone()
            child.__dict__["roll"] = lambda die=die: die  # the die this look assumes
            child.apply(action)
            follow = child.decisions.top
            if (follow is not None and follow.seat == seat and child.turn == state.turn
                    and follow.kind in ("build", "train", "harvest")):
                options = [a for a in child.legal_actions() if a.name != "back"]
                if options:
                    looks = []
                    for option in options:
                        after = child.clone()
                        after.apply(option)
                        looks.append(self.evaluate(after, seat))
                    values.append(max(looks))
                    continue
            values.append(self.evaluate(child, seat))
        return values[0] / 3 + 2 * values[1] / 3


def evaluate(state: AboveBelowState, seat: int) -> float:
    """The seat's worth against its best rival (a fresh judge: no caches kept)."""
    return Evaluator().evaluate(state, seat)
