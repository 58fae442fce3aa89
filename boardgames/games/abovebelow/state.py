"""Above and Below's state: the table, the helpers every part of the turn uses, views, saves and invariants.

The decisions that make up a round live in the modules above this one, each kind's legal, apply, prompt,
label and refusal side by side: the turn (``turn.py``: its free actions in ``market.py``, the villager
actions in ``work.py``), the explore (``explore.py``: the party and the encounter; ``dice.py``: the roll;
``rewards.py``: what the roll gives or costs) and the round's end (``roundend.py``, ``refresh.py``,
``income.py``). ``rules.py`` assembles them.

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

from typing import Any, cast

from boardgames.core.cards import Deck
from boardgames.core.decisions import DecidingState, Decision, Decisions
from boardgames.core.engine import Action, Result
from boardgames.core.rng import Rng
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import scoring, words
from boardgames.games.abovebelow.data import GOODS, Choice, Components, Encounter, Rules
from boardgames.games.abovebelow.pieces import Explore, Player, TurnFlags
from boardgames.games.abovebelow.views import AboveBelowView, explore_view, offer_view, player_view, refresh_view
from boardgames.i18n import N_, _, and_list, n_, the

# -- the decision kinds, each handled in its module ---------------------------------------------------------
TURN = "turn"  # turn.py: free actions, then an action or a pass
OFFER = "offer"  # market.py: args (buyer, price); the seller accepts or refuses
WORKER, BUILD, TRAIN, HARVEST = "worker", "build", "train", "harvest"  # work.py: who acts, then on what
PARTY, ENCOUNTER = "party", "encounter"  # explore.py
DICE = "dice"  # dice.py
REWARD, PENALTY = "reward", "penalty"  # rewards.py: args (most coins,) and (villagers to injure,)
STOCK = "stock"  # roundend.py
REFRESH = "refresh"  # refresh.py: args (stage, beds used, villagers bedded...)

#: what each of the turn's moves needs: the reason given when one is refused, whatever the decision
REFUSALS = {
    "explore": N_("Explore needs two ready villagers and a cave card on the pile."),
    "build": N_("Build needs a ready hammer villager and a card you can pay for."),
    "train": N_("Train needs a ready quill villager and a villager in the row you can pay for."),
    "harvest": N_("Harvest needs a ready villager and goods on your cards."),
    "labor": N_("Labor needs a ready villager."),
    "sell": N_("One item goes up for sale at a time, changed once a turn before your action."),
    "unsell": N_("You have nothing for sale, or changed the for-sale space this turn already."),
    "buy": N_("Offer a player who has something for sale at least 3 coins that you have, and after a refusal "
           "more than the refused offer."),
    "swap": N_("A row may be replaced once a turn for 1 coin."),
    "track": N_("That good cannot go on your progress track now."),
}
#: why an outpost can be neither built nor taken as a reward
NO_OPEN_CAVE = N_("An outpost goes on a cave card you won that has no outpost yet: you have none.")


def refused_by_name(state: AboveBelowState, d: Decision, action: Action) -> str:
    """What a turn move named like ``action`` needs, or "" (then: not a move now, and what to decide)."""
    return _(REFUSALS[action.name]) if action.name in REFUSALS else ""


def str_arg(d: Decision, index: int = 0) -> str:
    """A decision argument that is a word (a villager, a card, an action's name)."""
    return cast(str, d.args[index])


def int_arg(d: Decision, index: int = 0) -> int:
    """A decision argument that is a number (a seat, a price, a count)."""
    return cast(int, d.args[index])


class AboveBelowState(DecidingState):
    def __init__(self, rules: Rules, names: list[str], rng: Rng) -> None:
        super().__init__(names, rng)
        comp = rules.components
        self.rules = rules
        self.round = 1
        self.first = 0
        self.passed = [False] * len(names)
        self.players = [Player(name, comp.start_coins, comp.reputation.start) for name in names]
        #: the supply (limited, ruling 16): goods, cider and potions not in a player's hands
        self.supply: dict[str, int] = {good: count for good, count in comp.goods.items()}
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
    def comp(self) -> Components:
        return self.rules.components

    # -- names ---------------------------------------------------------------------------------
    def vname(self, villager: str) -> str:
        """A villager's name in the reader's language."""
        return _(self.rules.villager[villager].name)

    def cname(self, card: str) -> str:
        """A building card as a sentence or a move names it, with its article ("a Pousada")."""
        return the(self.rules.building[card].name)

    def cave_name(self, cave: str) -> str:
        """A cave card as a sentence or a move names it, with its article ("a Capela Afogada")."""
        return the(self.rules.cave[cave].name)

    def sort_villagers(self, ids: list[str]) -> list[str]:
        return sorted(ids, key=self.rules.villager_index.__getitem__)

    def sort_cards(self, ids: list[str]) -> list[str]:
        return sorted(ids)

    def names_list(self, villagers: list[str]) -> str:
        return and_list([self.vname(v) for v in villagers])

    # -- the rows and piles ----------------------------------------------------------------------
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

    # -- what players gain and lose --------------------------------------------------------------
    def change_reputation(self, seat: int, delta: int) -> int:
        """Move the reputation marker, stopping at -3 and +8 (ruling 17); returns the change made."""
        rep = self.comp.reputation
        player = self.players[seat]
        new = max(rep.min, min(rep.max, player.reputation + delta))
        change, player.reputation = new - player.reputation, new
        return change

    def pay(self, seat: int, amount: int) -> str:
        """Pay the supply (coins, then cider, then potions where allowed); returns what was paid in words
        ("2 coins and 1 cider")."""
        player = self.players[seat]
        coins, cider, potions = fx.payment(self.rules, player, amount)
        player.coins -= coins
        player.cider -= cider
        player.potions -= potions
        self.cider += cider
        self.potions += potions
        parts = [words.amount(coins, "coin")] if coins or not (cider or potions) else []
        if cider:
            parts.append(words.amount(cider, "cider"))
        if potions:
            parts.append(words.amount(potions, "potion"))
        return and_list(parts)

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
            self.emit(_("{name} loses 1 reputation for taking {villager}.", name=self.names[seat],
                        villager=self.vname(villager)))

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
            self.emit(n_("{name} takes the potion that comes with {card}.",
                         "{name} takes the {n} potions that come with {card}.", potions, name=self.names[seat],
                         card=the(building.name)))
        if e.gain_reputation and self.change_reputation(seat, e.gain_reputation):
            self.emit(_("{name} gains 1 reputation with {card}.", name=self.names[seat], card=the(building.name)))
        if bonus:
            self.emit(n_("{name} gains {n} coin from build symbols.", "{name} gains {n} coins from build symbols.",
                         bonus, name=self.names[seat]))
        player.coins += bonus
        self.refill_rows()

    # -- villagers ---------------------------------------------------------------------------------
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
            self.emit(_("{name}'s {villager} rolls {die} and wanders off, exhausted.", name=self.names[seat],
                        villager=self.vname(villager), die=die))
            return True
        self.emit(_("{name}'s {villager} rolls {die} and obeys.", name=self.names[seat],
                    villager=self.vname(villager), die=die))
        return False

    # -- the explore being read (its decisions are in explore.py and dice.py) -----------------------------
    @property
    def exploring(self) -> Explore:
        """The explore in progress; only asked while there is one."""
        ex = self.explore
        assert ex is not None, "no explore in progress"
        return ex

    @property
    def encounter(self) -> Encounter:
        """The encounter being read."""
        ex = self.exploring
        assert ex.encounter is not None, "no encounter read yet"
        return self.rules.encounter[ex.encounter]

    @property
    def choice(self) -> Choice:
        """The choice being rolled for."""
        ex = self.exploring
        assert ex.choice is not None, "no choice made yet"
        return self.encounter.choices[ex.choice]

    def rerolls_left(self, seat: int) -> int:
        return fx.rerolls(self.rules, self.players[seat]) - self.exploring.rerolls

    def lanterns(self, seat: int) -> int:
        """The lanterns of the roll so far: each die by its villager's profile, +1 per villager injured, and
        the choice's modifiers (per hammer or quill villager that rolled, owning an item, Glogo, paying)."""
        ex, rules = self.exploring, self.rules
        total = sum(rules.villager[v].lanterns(die) for v, die in ex.dice.items()) + len(ex.injured)
        const, pay = fx.modifier_lanterns(rules, self.choice, list(ex.dice), self.players[seat])
        return total + const + pay * ex.paid

    # -- the end -------------------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise ValueError("The game is not over yet.")
        return scoring.result(self.rules, self.players)

    # -- copies, saves, views ------------------------------------------------------------------
    def clone(self) -> AboveBelowState:
        s = self.shallow_clone()
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

    def view(self, seat: int | None) -> AboveBelowView:
        """Everything on the table (nothing is private to one seat), minus what nobody may know yet: the
        decks' order and content below the rows, the villager pile, the cave pile below its top card, and
        the encounter's rewards and failure text before the roll is resolved (ruling 9)."""
        top = self.decisions.top
        return {
            "seat": seat, "current": self.current_player, "phase": self.phase, "round": self.round,
            "rounds": self.comp.rounds, "first": self.first, "passed": list(self.passed),
            "players": [player_view(self.rules, p) for p in self.players],
            "supply": {"goods": dict(self.supply), "cider": self.cider, "potions": self.potions},
            "cider_on_board": self.cider_on_board,
            "house_row": list(self.house_row), "outpost_row": list(self.outpost_row),
            "star_row": list(self.star_row), "key_row": list(self.key_row),
            "house_deck": len(self.houses), "outpost_deck": len(self.outposts),
            "villager_row": list(self.villager_row), "villager_costs": list(self.comp.villager_row),
            "villager_pile": len(self.villagers), "specials": list(self.specials),
            "cave_pile": len(self.caves), "cave_top": self.cave_top,
            "explore": explore_view(self, rolling=top is not None and top.kind == DICE),
            "offer": None if top is None or top.kind != OFFER else offer_view(self, top),
            "refresh": None if top is None or top.kind != REFRESH else refresh_view(self, top),
            "flags": self.flags.to_json(),
            "prompt": self.prompt(),
        }

    def determinize(self, seat: int, rng: Rng) -> None:
        """Reorder what nobody sees, from a sorted start so the real order leaks nothing: the cards put under
        the house and outpost decks by a swap and the cave cards under the pile. Nothing is secret to one seat."""
        for deck in (self.houses, self.outposts, self.caves):
            deck.bottom.sort()
            rng.shuffle(deck.bottom)

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
