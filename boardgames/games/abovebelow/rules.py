"""Above and Below's rules: the state, the turn and its free actions as a stack of decisions.

A round (rulings 1, 6): from the first player clockwise, each turn is free actions (sell, buy, swap a row,
goods on the track) then one action (explore, build, harvest, train, labor) or a pass; the round ends when
everyone has passed, then come the stock offer, the round end and the refresh (``roundend.py``). The explore
and its encounter are in ``explore.py``; card symbols are read through ``effects.py``; scoring is
``scoring.py``.

Representations:

- The house and outpost decks are ``core.cards.Deck``: a face-down middle drawn uniformly at draw time, and
  cards put at the bottom by a row swap (ruling 13) kept in order after it, drawn only when the middle is
  spent. So the deck's content is public as a set and its order is never stored.
- The villager pile is a Deck too (nothing known); the cave pile is a Deck whose top card is always turned
  up (``caves.top[0]``, drawn when the previous top leaves) and whose failed cards go to its bottom in order.
- Payments to the supply take coins first, then cider (with ``cider_as_coin``), then potions (with
  ``potion_as_coin``): the substitutes are spent only when coins run short (ruling 12).
"""

from __future__ import annotations

from typing import Any

from boardgames.core.cards import Deck
from boardgames.core.decisions import DecidingState, Decision, Decisions, listed_kinds
from boardgames.core.engine import Action, Result
from boardgames.core.rng import Rng
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import scoring
from boardgames.games.abovebelow.data import GOODS, Rules
from boardgames.games.abovebelow.explore import DICE, ENCOUNTER, PARTY, PENALTY, REWARD, ExploreMixin
from boardgames.games.abovebelow.pieces import Explore, Player, TurnFlags
from boardgames.games.abovebelow.roundend import REFRESH, STOCK, RoundEndMixin

TURN, OFFER, WORKER, BUILD, TRAIN, HARVEST = "turn", "offer", "worker", "build", "train", "harvest"
ACTIONS = ("explore", "build", "harvest", "train", "labor")
#: the least offer for another player's item (ruling 2)
MIN_OFFER = 3
ITEM_WORDS = {"cider": "cider", "potion": "potion"}


def item_name(item: str) -> str:
    return ITEM_WORDS.get(item, item)


class AboveBelowState(ExploreMixin, RoundEndMixin, DecidingState):
    def __init__(self, rules: Rules, names: list[str], rng: Rng) -> None:
        comp = rules.components
        self.rules = rules
        self.names = list(names)
        self.rng = rng
        self.turn = 0
        self.round = 1
        self.first = 0
        self.passed = [False] * len(names)
        self.players = [Player(name, comp.start_coins, comp.reputation.start) for name in names]
        #: the supply (limited, ruling 16): goods, cider and potions not in a player's hands
        self.supply = dict(comp.goods)
        self.cider = comp.cider
        self.potions = comp.potions
        #: the cider on the reputation board, taken by the round's first laborer
        self.cider_on_board = False
        self.houses = Deck()
        self.outposts = Deck()
        self.house_row: list[str] = []
        self.outpost_row: list[str] = []
        self.star_row: list[str] = []
        self.key_row: list[str] = []
        self.villagers = Deck()
        #: the villager row, slot 1 first; None where a villager was trained this round (ruling 13)
        self.villager_row: list[str | None] = [None] * len(comp.villager_row)
        #: special villagers set aside, gained only through encounters
        self.specials: list[str] = []
        self.caves = Deck()
        #: 4 players: the non-hammer starting villagers that start exhausted (ruling 14)
        self.sleepers: list[str] = []
        self.explore: Explore | None = None
        self.flags = TurnFlags()
        self.decisions = Decisions()

    # -- set-up --------------------------------------------------------------------------------
    @classmethod
    def setup(cls, rules: Rules, names: list[str], seed: int) -> AboveBelowState:
        comp = rules.components
        s = cls(rules, names, Rng(seed))
        count = len(names)
        starting_houses = rules.cards("starting")
        for seat, player in enumerate(s.players):
            if seat in comp.extra_coin[count]:
                player.coins += 1
            player.buildings.append(starting_houses[seat])
            for v in rules.start_set(seat + 1):
                if count == 4 and not rules.villager[v].has("hammer"):
                    player.exhausted.append(v)
                    s.sleepers.append(v)
                else:
                    player.ready.append(v)
        s.star_row = list(rules.cards("star"))
        keys = Deck({k: 1 for k in rules.cards("key")})
        s.key_row = s.sort_cards([keys.draw(s.rng) for _ in range(comp.key_houses_drawn)])
        s.houses = Deck({h: 1 for h in rules.cards("house")})
        s.outposts = Deck({o: 1 for o in rules.cards("outpost")})
        s.refill_rows()
        s.villagers = Deck({v: 1 for v in rules.villagers_of("regular")})
        s.villager_row = [s.villagers.draw(s.rng) for _ in comp.villager_row]
        s.specials = list(rules.villagers_of("special"))
        s.cider -= 1
        s.cider_on_board = True
        s.caves = Deck({c.id: 1 for c in rules.caves})
        s.reveal_cave_top()
        s.decisions.reset(Decision(TURN, s.first))
        return s

    @property
    def comp(self):  # noqa: ANN201 - the components table
        return self.rules.components

    @property
    def phase(self) -> str:
        """The kind of the decision pending ("turn", "party", "dice"...), or "over"."""
        top = self.decisions.top
        return top.kind if top is not None else "over"

    # -- helpers -------------------------------------------------------------------------------
    def vname(self, villager: str) -> str:
        return self.rules.villager[villager].name

    def cname(self, card: str) -> str:
        return self.rules.building[card].name

    def sort_villagers(self, ids: list[str]) -> list[str]:
        return sorted(ids, key=self.rules.villager_index.__getitem__)

    def sort_cards(self, ids: list[str]) -> list[str]:
        return sorted(ids)

    def names_list(self, villagers: list[str]) -> str:
        words = [self.vname(v) for v in villagers]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    def refill_rows(self) -> None:
        """The house and outpost rows refill to 4 from their decks (ruling 13; an empty deck leaves a short row)."""
        for row, deck, size in ((self.house_row, self.houses, self.comp.house_row),
                                (self.outpost_row, self.outposts, self.comp.outpost_row)):
            while len(row) < size and len(deck):
                row.append(deck.draw(self.rng))

    def reveal_cave_top(self) -> None:
        """Turn up the cave pile's new top card (ruling 8: the top is public)."""
        if not self.caves.top and len(self.caves):
            self.caves.to_top(self.caves.draw(self.rng))

    @property
    def cave_top(self) -> str | None:
        return self.caves.top[0] if self.caves.top else None

    def change_reputation(self, seat: int, delta: int) -> int:
        """Move the reputation marker, stopping at -3 and +8 (ruling 17); returns the change made."""
        rep = self.comp.reputation
        player = self.players[seat]
        new = max(rep.min, min(rep.max, player.reputation + delta))
        change, player.reputation = new - player.reputation, new
        return change

    def pay(self, seat: int, amount: int) -> str:
        """Pay the supply (coins, then cider, then potions where allowed); returns what was paid as a list of
        counts with no plural to make ("coins: 2, cider: 1")."""
        player = self.players[seat]
        coins, cider, potions = fx.payment(self.rules, player, amount)
        player.coins -= coins
        player.cider -= cider
        player.potions -= potions
        self.cider += cider
        self.potions += potions
        parts = [f"coins: {coins}"] if coins or not (cider or potions) else []
        if cider:
            parts.append(f"cider: {cider}")
        if potions:
            parts.append(f"potions: {potions}")
        return ", ".join(parts)

    def give_goods(self, seat: int, good: str, count: int) -> int:
        """Goods from the limited supply to a player (ruling 16: what is left); returns how many."""
        count = min(count, self.supply[good])
        self.supply[good] -= count
        self.players[seat].add_goods(good, count)
        return count

    def give_potions(self, seat: int, count: int) -> int:
        count = min(count, self.potions)
        self.potions -= count
        self.players[seat].potions += count
        return count

    def give_cider(self, seat: int, count: int) -> int:
        count = min(count, self.cider)
        self.cider -= count
        self.players[seat].cider += count
        return count

    def gain_villager(self, seat: int, villager: str, ready: bool = False) -> None:
        """A new villager arrives exhausted (ready with train_to_ready); bad_reputation costs 1 reputation
        whenever the villager is gained (ruling 15)."""
        player = self.players[seat]
        if ready:
            player.ready = self.sort_villagers([*player.ready, villager])
        else:
            player.exhausted = self.sort_villagers([*player.exhausted, villager])
        if self.rules.villager[villager].has("bad_reputation") and self.change_reputation(seat, -1):
            self.emit(f"{self.names[seat]} loses 1 reputation for taking {self.vname(villager)}.")

    def exhaust(self, seat: int, villager: str) -> None:
        player = self.players[seat]
        if villager in player.ready:
            player.ready.remove(villager)
        player.exhausted = self.sort_villagers([*player.exhausted, villager])

    def injure(self, seat: int, villager: str) -> None:
        player = self.players[seat]
        for pile in (player.ready, player.exhausted):
            if villager in pile:
                pile.remove(villager)
        player.injured = self.sort_villagers([*player.injured, villager])

    def roll(self) -> int:
        return self.rng.below(6) + 1

    def cat_fails(self, seat: int, villager: str) -> bool:
        """Ruling 10: a Cave Cat rolls when assigned; on 1-2 it goes exhausted without acting."""
        if not self.rules.villager[villager].has("cave_cat"):
            return False
        die = self.roll()
        if die <= 2:
            self.exhaust(seat, villager)
            self.emit(f"{self.names[seat]}'s {self.vname(villager)} rolls {die} and wanders off, exhausted.")
            return True
        self.emit(f"{self.names[seat]}'s {self.vname(villager)} rolls {die} and obeys.")
        return False

    def gain_building(self, seat: int, card: str, cave: str | None = None, free: bool = False) -> None:
        """A card joins a player's buildings: take it from its row, place an outpost on ``cave``, then the
        on-purchase symbols: goods on the card (what the supply has left), potions, +1 reputation once; then
        the build coin of the cards owned before (ruling 15: after paying, not for the card itself, never for a
        free building); the house and outpost rows refill at once (ruling 13)."""
        player = self.players[seat]
        building = self.rules.building[card]
        for row in (self.house_row, self.outpost_row, self.star_row, self.key_row):
            if card in row:
                row.remove(card)
        bonus = 0 if free else fx.total(self.rules, player, "coin_on_build")
        player.buildings.append(card)
        if cave is not None:
            for site in player.caves:
                if site[0] == cave:
                    site[1] = card
        e = building.effects
        for good, wanted in ((e.goods_stock, 2), (e.goods_restock, 1)):
            if good and self.supply[good]:
                placed = min(wanted, self.supply[good])
                self.supply[good] -= placed
                on_card = player.card_goods.setdefault(card, {})
                on_card[good] = on_card.get(good, 0) + placed
        potions = self.give_potions(seat, e.potion_on_buy) if e.potion_on_buy else 0
        if potions:
            self.emit(f"{self.names[seat]} takes the potions that come with {building.name} (potions: {potions}).")
        if e.gain_reputation and self.change_reputation(seat, e.gain_reputation):
            self.emit(f"{self.names[seat]} gains 1 reputation with {building.name}.")
        if bonus == 1:
            self.emit(f"{self.names[seat]} gains 1 coin from build symbols.")
        elif bonus:
            self.emit(f"{self.names[seat]} gains {bonus} coins from build symbols.")
        player.coins += bonus
        self.refill_rows()

    # -- the turn ------------------------------------------------------------------------------
    def _legal_turn(self, d: Decision) -> list[Action]:
        seat, player, flags = d.seat, self.players[d.seat], self.flags
        acts = self.free_actions(seat)
        if player.ready:
            if len(player.ready) >= 2 and self.cave_top is not None:
                acts.append(Action("explore"))
            for action in ("build", "harvest", "train", "labor"):
                if self.workers(seat, action):
                    acts.append(Action(action))
        acts.append(Action("pass"))
        del flags
        return acts

    def free_actions(self, seat: int) -> list[Action]:
        """Sell (one change of the for-sale space a turn), buy (offers from 3 coins up to all the buyer's coins;
        after a refusal only a higher offer to that seller this turn, so bargaining always ends), swap a row
        (once a turn, 1 coin) and goods on the track (rulings 1, 2, 5, 12, 13)."""
        player, flags = self.players[seat], self.flags
        acts: list[Action] = []
        if not flags.sold:
            items = [g for g in GOODS if player.goods.get(g)]
            items += ["cider"] * bool(player.cider) + ["potion"] * bool(player.potions)
            acts += [Action("sell", (item,)) for item in items if item != player.for_sale]
            if player.for_sale is not None:
                acts.append(Action("unsell"))
        for other, seller in enumerate(self.players):
            if other != seat and seller.for_sale is not None:
                least = flags.refused_price(other) + 1 if flags.refused_price(other) else MIN_OFFER
                acts += [Action("buy", (other, price)) for price in range(least, player.coins + 1)]
        if not flags.swapped and fx.spending_power(self.rules, player) >= 1:
            if self.house_row and len(self.houses):
                acts.append(Action("swap", ("houses",)))
            if self.outpost_row and len(self.outposts):
                acts.append(Action("swap", ("outposts",)))
        acts += self.track_actions(seat)
        return acts

    def track_actions(self, seat: int) -> list[Action]:
        """Goods of the supply that may go on the progress track (rulings 5, 11): onto their own stack, or a
        new stack at the right while the track has room."""
        player = self.players[seat]
        stacked = {g for g, _ in player.track}
        room = len(player.track) < len(self.comp.progress.spaces)
        return [Action("track", (g,)) for g in GOODS if player.goods.get(g) and (g in stacked or room)]

    def workers(self, seat: int, action: str) -> list[str]:
        """Ready villagers able to do ``action`` now (with something to do it on)."""
        player = self.players[seat]
        if action in ("labor", "harvest"):
            if action == "harvest" and not player.card_goods:
                return []
            return list(player.ready)
        if action == "build":
            return [v for v in player.ready if self.rules.villager[v].builds and self.build_targets(seat, v)]
        if action == "train":
            return [v for v in player.ready if self.rules.villager[v].trains and self.train_targets(seat, v)]
        return []

    def build_targets(self, seat: int, villager: str) -> list[Action]:
        player = self.players[seat]
        power = fx.spending_power(self.rules, player)
        off = fx.build_discount(self.rules, villager)
        acts = [Action("card", (c,)) for c in (*self.house_row, *self.star_row, *self.key_row)
                if max(0, self.rules.building[c].cost - off) <= power]
        caves = fx.open_caves(player)
        if caves:
            acts += [Action("outpost", (c, cave)) for c in self.outpost_row
                     if max(0, self.rules.building[c].cost - off) <= power for cave in caves]
        return acts

    def train_targets(self, seat: int, villager: str) -> list[Action]:
        power = fx.spending_power(self.rules, self.players[seat])
        off = fx.train_discount(self.rules, villager)
        return [Action("slot", (i + 1,)) for i, v in enumerate(self.villager_row)
                if v is not None and max(0, self.comp.villager_row[i] - off) <= power]

    def _sell(self, item: str) -> None:
        seat = self.current_player
        player = self.players[seat]
        old = player.for_sale
        self._unsale(player)
        player.take_item(item)
        player.for_sale = item
        self.flags.sold = True
        self.emit(f"{self.names[seat]} puts 1 {item_name(item)} up for sale." if old is None else
                  f"{self.names[seat]} takes the {item_name(old)} off sale and puts 1 {item_name(item)} up for sale.")

    @staticmethod
    def _unsale(player: Player) -> None:
        item = player.for_sale
        if item is None:
            return
        player.add_item(item)
        player.for_sale = None

    def _unsell(self) -> None:
        seat = self.current_player
        item = self.players[seat].for_sale
        self._unsale(self.players[seat])
        self.flags.sold = True
        self.emit(f"{self.names[seat]} takes the {item_name(item)} off sale.")

    def _buy(self, seller: int, price: int) -> None:
        seat = self.current_player
        item = self.players[seller].for_sale
        if self.flags.refused_price(seller):
            self.emit(f"{self.names[seat]} raises the offer to {self.names[seller]}: {price} coins for the "
                      f"{item_name(item)}.")
        else:
            self.emit(f"{self.names[seat]} offers {self.names[seller]} {price} coins for the {item_name(item)}.")
        self.decisions.push(Decision(OFFER, seller, (seat, price)))

    def _swap(self, which: str) -> None:
        seat = self.current_player
        paid = self.pay(seat, 1)
        row, deck = (self.house_row, self.houses) if which == "houses" else (self.outpost_row, self.outposts)
        for card in row:
            deck.to_bottom(card)
        row.clear()
        self.refill_rows()
        self.flags.swapped = True
        if which == "houses":
            self.emit(f"{self.names[seat]} replaces the house row ({paid}).")
        else:
            self.emit(f"{self.names[seat]} replaces the outpost row ({paid}).")

    def _track(self, good: str) -> None:
        seat = self.current_player
        self.put_on_track(seat, good)

    def put_on_track(self, seat: int, good: str) -> None:
        player = self.players[seat]
        player.take_goods(good)
        for stack in player.track:
            if stack[0] == good:
                stack[1] += 1
                break
        else:
            player.track.append([good, 1])
        self.emit(f"{self.names[seat]} puts 1 {good} on the progress track.")

    def _explore(self) -> None:
        self.start_explore(self.current_player)

    def _action(self, name: str) -> None:
        seat = self.current_player
        self.emit(f"{self.names[seat]} chooses to {name}.")
        self.decisions.push(Decision(WORKER, seat, (name,)))

    def _build(self) -> None:
        self._action("build")

    def _harvest(self) -> None:
        self._action("harvest")

    def _train(self) -> None:
        self._action("train")

    def _labor(self) -> None:
        self._action("labor")

    def _pass(self) -> None:
        seat = self.current_player
        self.passed[seat] = True
        self.emit(f"{self.names[seat]} passes.")
        self.end_turn()

    def end_turn(self) -> None:
        """The turn is over: the next seat that has not passed plays, else the round ends (ruling 1)."""
        self.turn += 1
        self.flags = TurnFlags()
        self.explore = None
        count = len(self.players)
        seat = self.current_player
        for step in range(1, count + 1):
            nxt = (seat + step) % count
            if not self.passed[nxt]:
                self.decisions.reset(Decision(TURN, nxt))
                return
        self.after_last_pass()

    # -- offers --------------------------------------------------------------------------------
    def _legal_offer(self, d: Decision) -> list[Action]:
        return [Action("accept"), Action("refuse")]

    def _accept(self) -> None:
        d = self.decisions.top
        buyer, price = d.args
        seller, player = self.players[d.seat], self.players[buyer]
        item = seller.for_sale
        seller.for_sale = None
        seller.coins += price
        player.coins -= price
        player.add_item(item)
        self.emit(f"{self.names[d.seat]} sells the {item_name(item)} to {self.names[buyer]} for {price} coins.")
        self.decisions.pop()

    def _refuse(self) -> None:
        d = self.decisions.top
        self.flags.refuse(d.seat, d.args[1])
        if self.players[d.args[0]].coins > d.args[1]:
            self.emit(f"{self.names[d.seat]} refuses {self.names[d.args[0]]}'s offer; only a higher one may "
                      f"follow this turn.")
        else:
            self.emit(f"{self.names[d.seat]} refuses {self.names[d.args[0]]}'s offer.")
        self.decisions.pop()

    # -- worker actions ------------------------------------------------------------------------
    def _legal_worker(self, d: Decision) -> list[Action]:
        return [Action("use", (v,)) for v in self.workers(d.seat, d.args[0])] + [Action("back")]

    def _use(self, villager: str) -> None:
        d = self.decisions.top
        seat, action = d.seat, d.args[0]
        if self.cat_fails(seat, villager):
            self.decisions.pop()  # ruling 10: the turn is not spent
            return
        if action == "labor":
            self.do_labor(seat, villager)
            return
        kind = {"build": BUILD, "train": TRAIN, "harvest": HARVEST}[action]
        self.emit(f"{self.names[seat]} picks {self.vname(villager)} to {action}.")
        self.decisions.replace(Decision(kind, seat, (villager,)))

    def _back(self) -> None:
        d = self.decisions.top
        self.emit(f"{self.names[d.seat]} does not {d.args[0]} after all.")
        self.decisions.pop()

    def do_labor(self, seat: int, villager: str) -> None:
        """Labor: 1 coin, and the board's cider for the round's first laborer (ruling 4)."""
        player = self.players[seat]
        self.exhaust(seat, villager)
        player.coins += 1
        if self.cider_on_board:
            self.cider_on_board = False
            player.cider += 1
            self.emit(f"{self.names[seat]} sends {self.vname(villager)} to labor for 1 coin and the cider.")
        else:
            self.emit(f"{self.names[seat]} sends {self.vname(villager)} to labor for 1 coin.")
        self.end_turn()

    def _may_go_back(self, villager: str) -> bool:
        """Back from a target is offered unless a Cave Cat already rolled for it (a reveal)."""
        return not self.rules.villager[villager].has("cave_cat")

    def _legal_build(self, d: Decision) -> list[Action]:
        acts = self.build_targets(d.seat, d.args[0])
        return acts + [Action("back")] * self._may_go_back(d.args[0])

    def _target_back(self) -> None:
        d = self.decisions.top
        kind = {BUILD: "build", TRAIN: "train", HARVEST: "harvest"}[d.kind]
        self.emit(f"{self.names[d.seat]} picks another villager to {kind}.")
        self.decisions.replace(Decision(WORKER, d.seat, (kind,)))

    def _card(self, card: str) -> None:
        self._build_card(card, None)

    def _outpost(self, card: str, cave: str) -> None:
        self._build_card(card, cave)

    def _build_card(self, card: str, cave: str | None) -> None:
        """Build: a hammer villager goes exhausted and the card is bought for its cost, less 1 coin for a
        hammer_plus villager (ruling 10: at most 1 coin off)."""
        d = self.decisions.top
        seat, villager = d.seat, d.args[0]
        cost = max(0, self.rules.building[card].cost - fx.build_discount(self.rules, villager))
        paid = self.pay(seat, cost)
        self.exhaust(seat, villager)
        who, what = f"{self.names[seat]}'s {self.vname(villager)}", self.cname(card)
        if cave is None:
            self.emit(f"{who} builds {what} ({paid}).")
        else:
            self.emit(f"{who} builds {what} on {self.rules.cave[cave].name} ({paid}).")
        self.gain_building(seat, card, cave)
        self.end_turn()

    def _legal_train(self, d: Decision) -> list[Action]:
        return self.train_targets(d.seat, d.args[0]) + [Action("back")] * self._may_go_back(d.args[0])

    def _slot(self, slot: int) -> None:
        """Train: a quill villager goes exhausted; the slot's cost (less 1 for quill_plus) buys the villager,
        who arrives exhausted, or ready with train_to_ready (ruling 4); the slot stays empty until the round's
        end (ruling 13)."""
        d = self.decisions.top
        seat, villager = d.seat, d.args[0]
        cost = max(0, self.comp.villager_row[slot - 1] - fx.train_discount(self.rules, villager))
        paid = self.pay(seat, cost)
        self.exhaust(seat, villager)
        new = self.villager_row[slot - 1]
        self.villager_row[slot - 1] = None
        ready = fx.has(self.rules, self.players[seat], "train_to_ready")
        self.gain_villager(seat, new, ready)
        who = f"{self.names[seat]}'s {self.vname(villager)}"
        if ready:
            self.emit(f"{who} trains {self.vname(new)} ({paid}), who arrives ready.")
        else:
            self.emit(f"{who} trains {self.vname(new)} ({paid}).")
        self.end_turn()

    def _legal_harvest(self, d: Decision) -> list[Action]:
        player = self.players[d.seat]
        acts = [Action("take", (card, good)) for card in player.buildings
                for good in sorted(player.card_goods.get(card, ()))]
        return acts + [Action("back")] * self._may_go_back(d.args[0])

    def _take(self, card: str, good: str) -> None:
        """Harvest: one villager goes exhausted and takes one good from one of the player's cards (ruling 4)."""
        d = self.decisions.top
        seat, villager = d.seat, d.args[0]
        player = self.players[seat]
        on_card = player.card_goods[card]
        on_card[good] -= 1
        if not on_card[good]:
            del on_card[good]
            if not on_card:
                del player.card_goods[card]
        player.add_goods(good, 1)
        self.exhaust(seat, villager)
        self.emit(f"{self.names[seat]}'s {self.vname(villager)} harvests 1 {good} from {self.cname(card)}.")
        self.end_turn()

    # -- prompts and labels --------------------------------------------------------------------
    def _prompt(self, d: Decision) -> str:
        name = self.names[d.seat]
        if d.kind == TURN:
            if not self.players[d.seat].ready:
                return f"{name}: no villager is ready; take free actions, then pass."
            return f"{name}: take free actions, then explore, build, harvest, train, labor or pass."
        if d.kind == OFFER:
            buyer, price = d.args
            item = item_name(self.players[d.seat].for_sale)
            return f"{name}: {self.names[buyer]} offers {price} coins for your {item}. Accept or refuse?"
        if d.kind == WORKER:
            return {"build": f"{name}: choose the villager to build (a hammer villager).",
                    "train": f"{name}: choose the villager to train (a quill villager).",
                    "harvest": f"{name}: choose the villager to harvest.",
                    "labor": f"{name}: choose the villager to labor."}[d.args[0]]
        if d.kind == BUILD:
            return f"{name}: choose the card {self.vname(d.args[0])} builds."
        if d.kind == TRAIN:
            return f"{name}: choose the villager {self.vname(d.args[0])} trains."
        if d.kind == HARVEST:
            return f"{name}: choose the good {self.vname(d.args[0])} harvests."
        return self.other_prompt(d)

    def _label(self, d: Decision, action: Action) -> str:
        seat, args = d.seat, action.args
        player = self.players[seat]
        n = action.name
        if n == "explore":
            return f"Explore {self.rules.cave[self.cave_top].name}"
        if n in ("build", "harvest", "train"):
            return {"build": "Build", "harvest": "Harvest", "train": "Train a villager"}[n]
        if n == "labor":
            return "Labor for 1 coin and the cider" if self.cider_on_board else "Labor for 1 coin"
        if n == "pass":
            return "Pass"
        if n == "sell":
            return f"Put 1 {item_name(args[0])} up for sale"
        if n == "unsell":
            return f"Take the {item_name(player.for_sale)} off sale"
        if n == "buy":
            return f"Offer {self.names[args[0]]} {args[1]} coins for the {item_name(self.players[args[0]].for_sale)}"
        if n == "swap":
            return "Replace the house row (1 coin)" if args[0] == "houses" else "Replace the outpost row (1 coin)"
        if n == "track":
            return f"Put 1 {args[0]} on the progress track"
        if n == "accept":
            return f"Sell it for {d.args[1]} coins"
        if n == "refuse":
            return "Refuse the offer"
        if n == "use":
            return f"Use {self.vname(args[0])}"
        if n == "back":
            return "Back"
        if n == "card":
            if d.kind == BUILD:
                cost = max(0, self.rules.building[args[0]].cost - fx.build_discount(self.rules, d.args[0]))
                return f"Build {self.cname(args[0])} (coins: {cost})"
            return f"Take {self.cname(args[0])} free"
        if n == "outpost":
            cost = max(0, self.rules.building[args[0]].cost - fx.build_discount(self.rules, d.args[0]))
            return f"Build {self.cname(args[0])} on {self.rules.cave[args[1]].name} (coins: {cost})"
        if n == "slot":
            cost = max(0, self.comp.villager_row[args[0] - 1] - fx.train_discount(self.rules, d.args[0]))
            return f"Train {self.vname(self.villager_row[args[0] - 1])} (slot {args[0]}, coins: {cost})"
        if n == "take":
            return f"Take 1 {args[1]} from {self.cname(args[0])}"
        return self.other_label(d, action)

    # -- the end -------------------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise ValueError("The game is not over yet.")
        return scoring.result(self.rules, self.players)

    # -- copies, saves, views ------------------------------------------------------------------
    def clone(self) -> AboveBelowState:
        s = AboveBelowState.__new__(AboveBelowState)
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.copy()
        s.passed = list(self.passed)
        s.players = [p.copy() for p in self.players]
        s.supply = dict(self.supply)
        s.houses, s.outposts = self.houses.clone(), self.outposts.clone()
        s.house_row, s.outpost_row = list(self.house_row), list(self.outpost_row)
        s.star_row, s.key_row = list(self.star_row), list(self.key_row)
        s.villagers = self.villagers.clone()
        s.villager_row = list(self.villager_row)
        s.specials = list(self.specials)
        s.caves = self.caves.clone()
        s.sleepers = list(self.sleepers)
        s.explore = None if self.explore is None else self.explore.copy()
        s.flags = self.flags.copy()
        s.decisions = self.decisions.copy()
        s.__dict__.pop("_log", None)
        s.keeps_log = False
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names), "rng": self.rng.to_json(), "turn": self.turn, "reveals": self.reveals,
            "round": self.round, "first": self.first, "passed": list(self.passed),
            "players": [p.to_json() for p in self.players], "supply": dict(self.supply), "cider": self.cider,
            "potions": self.potions, "cider_on_board": self.cider_on_board, "houses": self.houses.to_json(),
            "outposts": self.outposts.to_json(), "house_row": list(self.house_row),
            "outpost_row": list(self.outpost_row), "star_row": list(self.star_row), "key_row": list(self.key_row),
            "villagers": self.villagers.to_json(), "villager_row": list(self.villager_row),
            "specials": list(self.specials), "caves": self.caves.to_json(), "sleepers": list(self.sleepers),
            "explore": None if self.explore is None else self.explore.to_json(), "flags": self.flags.to_json(),
            "decisions": self.decisions.to_json(),
        }

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> AboveBelowState:
        s = cls(rules, data["names"], Rng.from_json(data["rng"]))
        s.turn, s.reveals, s.round, s.first = data["turn"], data["reveals"], data["round"], data["first"]
        s.passed = list(data["passed"])
        s.players = [Player.from_json(p) for p in data["players"]]
        s.supply = dict(data["supply"])
        s.cider, s.potions, s.cider_on_board = data["cider"], data["potions"], data["cider_on_board"]
        s.houses, s.outposts = Deck.from_json(data["houses"]), Deck.from_json(data["outposts"])
        s.house_row, s.outpost_row = list(data["house_row"]), list(data["outpost_row"])
        s.star_row, s.key_row = list(data["star_row"]), list(data["key_row"])
        s.villagers = Deck.from_json(data["villagers"])
        s.villager_row = list(data["villager_row"])
        s.specials = list(data["specials"])
        s.caves = Deck.from_json(data["caves"])
        s.sleepers = list(data["sleepers"])
        s.explore = None if data["explore"] is None else Explore.from_json(data["explore"])
        s.flags = TurnFlags.from_json(data["flags"])
        s.decisions = Decisions.from_json(data["decisions"])
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table (nothing is private to one seat), minus what nobody may know yet: the
        decks' order and content below the rows, the villager pile, the cave pile below its top card, and
        the encounter's rewards and failure text before the roll is resolved (ruling 9)."""
        rules = self.rules
        players = []
        for p in self.players:
            data = p.to_json()
            data["beds"] = fx.beds(rules, p)
            data["rerolls"] = fx.rerolls(rules, p)
            data["income"] = fx.income(rules, p)
            data["points"] = sum(scoring.own_points(rules, p).values())  # so far, without the ranking bonus
            players.append(data)
        top = self.decisions.top
        return {
            "seat": seat, "current": self.current_player, "phase": self.phase, "round": self.round,
            "rounds": self.comp.rounds, "first": self.first, "passed": list(self.passed), "players": players,
            "supply": {"goods": dict(self.supply), "cider": self.cider, "potions": self.potions},
            "cider_on_board": self.cider_on_board,
            "house_row": list(self.house_row), "outpost_row": list(self.outpost_row),
            "star_row": list(self.star_row), "key_row": list(self.key_row),
            "house_deck": len(self.houses), "outpost_deck": len(self.outposts),
            "villager_row": list(self.villager_row), "villager_costs": list(self.comp.villager_row),
            "villager_pile": len(self.villagers), "specials": list(self.specials),
            "cave_pile": len(self.caves), "cave_top": self.cave_top,
            "explore": self.explore_view(),
            "offer": None if top is None or top.kind != OFFER else
            {"buyer": top.args[0], "seller": top.seat, "price": top.args[1],
             "item": self.players[top.seat].for_sale},
            "refresh": None if top is None or top.kind != REFRESH else self.refresh_view(top),
            "flags": self.flags.to_json(),
            "prompt": self.prompt(),
        }

    def scramble_hidden(self, rng: Rng) -> bool:
        """Reorder what nobody sees: the cards put under the house and outpost decks by a swap and the cave
        cards under the pile (their order is not shown); the decks' face-down middles have no order at all."""
        for deck in (self.houses, self.outposts, self.caves):
            rng.shuffle(deck.bottom)
        return True

    def check_invariants(self) -> None:
        rules, comp = self.rules, self.comp
        party = self.explore.party if self.explore is not None else []
        for good in GOODS:
            held = sum(p.goods.get(good, 0) + p.on_track(good) + (p.for_sale == good) for p in self.players)
            on_cards = sum(goods.get(good, 0) for p in self.players for goods in p.card_goods.values())
            assert held + on_cards + self.supply[good] == comp.goods[good], f"{good} not conserved"
            assert self.supply[good] >= 0
        cider = self.cider + self.cider_on_board + sum(p.cider + (p.for_sale == "cider") for p in self.players)
        assert cider == comp.cider, f"cider not conserved: {cider}"
        potions = self.potions + sum(p.potions + (p.for_sale == "potion") for p in self.players)
        assert potions == comp.potions, f"potions not conserved: {potions}"
        villagers = [*party, *self.specials, *(v for v in self.villager_row if v is not None)]
        villagers += [v for p in self.players for v in p.villagers]
        villagers += list(self.villagers.hidden) + self.villagers.top + self.villagers.bottom
        used_sets = {v for seat in range(len(self.players)) for v in rules.start_set(seat + 1)}
        unused = [v for v in rules.villagers_of("starting") if v not in used_sets]
        assert sorted(villagers + unused) == sorted(rules.villager), "villagers not conserved"
        cards = [c for p in self.players for c in p.buildings]
        cards += [*self.house_row, *self.outpost_row, *self.star_row, *self.key_row]
        for deck in (self.houses, self.outposts):
            cards += list(deck.hidden) + deck.top + deck.bottom
        counted = set(cards)
        assert len(counted) == len(cards), "a building card is in two places"
        assert all(c in rules.building for c in counted)
        assert len(cards) == len(rules.buildings) - (len(rules.cards("starting")) - len(self.players)) \
            - (len(rules.cards("key")) - comp.key_houses_drawn), "building cards not conserved"
        caves = [c for p in self.players for c, _ in p.caves] + list(self.caves.hidden) + self.caves.top
        caves += self.caves.bottom
        if self.explore is not None and self.explore.encounter is not None and self.explore.cave not in caves:
            caves.append(self.explore.cave)
        assert sorted(caves) == sorted(rules.cave), "cave cards not conserved"
        for p in self.players:
            assert all(n > 0 for goods in p.card_goods.values() for n in goods.values()), "empty goods entry"
            assert p.coins >= 0 and p.cider >= 0 and p.potions >= 0 and min(p.goods.values(), default=0) >= 0
            assert comp.reputation.min <= p.reputation <= comp.reputation.max
            assert len({g for g, _ in p.track}) == len(p.track) <= len(comp.progress.spaces)
            outposts = [o for _, o in p.caves if o is not None]
            assert sorted(outposts) == sorted(c for c in p.buildings if rules.building[c].kind == "outpost")


REFUSALS = {
    "explore": "Explore needs two ready villagers and a cave card on the pile.",
    "build": "Build needs a ready hammer villager and a card you can pay for.",
    "train": "Train needs a ready quill villager and a villager in the row you can pay for.",
    "harvest": "Harvest needs a ready villager and goods on your cards.",
    "labor": "Labor needs a ready villager.",
    "sell": "One item goes up for sale at a time, changed once a turn before your action.",
    "unsell": "You have nothing for sale, or changed the for-sale space this turn already.",
    "buy": "Offer a player who has something for sale at least 3 coins that you have, and after a refusal "
           "more than the refused offer.",
    "swap": "A row may be replaced once a turn for 1 coin.",
    "track": "That good cannot go on your progress track now.",
}


S = AboveBelowState
_kind = listed_kinds(REFUSALS, S._prompt, S._label)
FREE = {"sell": S._sell, "unsell": S._unsell, "buy": S._buy, "swap": S._swap, "track": S._track}
AboveBelowState.KINDS = {
    TURN: _kind(S._legal_turn, {**FREE, "explore": S._explore, "build": S._build, "harvest": S._harvest,
                                "train": S._train, "labor": S._labor, "pass": S._pass}),
    OFFER: _kind(S._legal_offer, {"accept": S._accept, "refuse": S._refuse}),
    WORKER: _kind(S._legal_worker, {"use": S._use, "back": S._back}),
    BUILD: _kind(S._legal_build, {"card": S._card, "outpost": S._outpost, "back": S._target_back}),
    TRAIN: _kind(S._legal_train, {"slot": S._slot, "back": S._target_back}),
    HARVEST: _kind(S._legal_harvest, {"take": S._take, "back": S._target_back}),
    PARTY: _kind(S._legal_party, {"add": S._add, "drop": S._drop, "go": S._go, "back": S._party_back}),
    ENCOUNTER: _kind(S._legal_encounter, {"choose": S._choose}),
    DICE: _kind(S._legal_dice, {"reroll": S._reroll, "injure": S._injure_for_lantern, "pay": S._pay,
                                "done": S._done}),
    REWARD: _kind(S._legal_reward, {"card": S._free_card}),
    PENALTY: _kind(S._legal_penalty, {"injure": S._injure_penalty}),
    STOCK: _kind(S._legal_stock, {"track": S._stock_track, "done": S._stock_finished}),
    REFRESH: _kind(S._legal_refresh, {"potion": S._potion, "cider": S._cider, "bed": S._bed,
                                      "done": S._refresh_finished}),
}
