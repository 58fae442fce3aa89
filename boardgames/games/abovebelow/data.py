"""Above and Below's tables (rules_data/abovebelow) as frozen dataclasses, checked against shared/rules/abovebelow.md.

Five files: components.yaml (counts, tracks, the villager row), villagers.yaml (one entry per token),
buildings.yaml (every card), cave_cards.yaml and encounters.yaml (the book: entries 1..75 and follow-ups).
Every error names the file and the key path. ``load_rules(folder)`` reads another folder (the tests' fixture).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from boardgames.core.data import check, data_dir, freeze, recording_reads
from boardgames.core.tables import Tables, frozen

GOODS: tuple[Good, ...] = ("fruit", "fish", "mushroom", "pot", "rope", "paper", "ore", "amethyst")
#: ruling 19: how often each good is printed on cards, most often first
GOODS_FREQUENCY = ("mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst")
#: how far a good's share of the goods printed on cards may stray from its share of the tokens (a quarter of it)
SHARE_TOLERANCE = 0.25
GOOD_COUNTS = {"mushroom": 12, "fish": 12, "fruit": 12, "rope": 10, "pot": 10, "paper": 10, "ore": 8, "amethyst": 7}
SKILLS = ("hammer", "hammer_plus", "quill", "quill_plus", "bad_reputation", "cave_cat", "own_bed", "no_cider_potion")
CARD_KINDS = ("starting", "house", "outpost", "star", "key")
CARD_COUNTS = {"starting": 4, "house": 25, "outpost": 24, "star": 6, "key": 9}
CARD_PREFIX = {"starting": "s", "house": "h", "outpost": "o", "star": "t", "key": "k"}
VILLAGER_COUNTS = {"starting": 12, "regular": 18, "special": 6}
SPECIALS = {"liquid_woman": "liquid_woman", "glogo": "glogo", "cave_cat_1": "cave_cat", "cave_cat_2": "cave_cat",
            "mechanical_man_1": "mechanical_man", "mechanical_man_2": "mechanical_man"}
SPECIAL_NAMES = ("liquid_woman", "glogo", "cave_cat", "mechanical_man")
VP_THINGS = (*GOODS, "potion", "cider", "house", "outpost", "villager", "coin5")
CAVE_CARDS = 25
ENTRIES = 75
FIRST_FOLLOWUP = 101
MIN_FOLLOWUPS = 25
OWN_ITEMS = ("rope", "paper", "fish", "potion")

Skill = Literal["hammer", "hammer_plus", "quill", "quill_plus", "bad_reputation", "cave_cat", "own_bed",
                "no_cider_potion"]
CardKind = Literal["starting", "house", "outpost", "star", "key"]
Good = Literal["fruit", "fish", "mushroom", "pot", "rope", "paper", "ore", "amethyst"]
VpThing = Literal["fruit", "fish", "mushroom", "pot", "rope", "paper", "ore", "amethyst", "potion", "cider",
                  "house", "outpost", "villager", "coin5"]


# -- components.yaml -------------------------------------------------------------------------------
@frozen
class Progress:
    empty_income: int
    spaces: tuple[tuple[int, int], ...]  # [vp per good, income] left to right


@frozen
class Reputation:
    min: int
    max: int
    start: int
    vp: Mapping[int, int]
    ranking: Mapping[int, tuple[int, ...]]


@frozen
class Components:
    goods: Mapping[Good, int]
    tiers: Mapping[str, tuple[Good, ...]]
    cider: int
    potions: int
    start_coins: int
    extra_coin: Mapping[int, tuple[int, ...]]
    rounds: int
    villager_row: tuple[int, ...]
    house_row: int
    outpost_row: int
    key_houses_drawn: int
    progress: Progress
    reputation: Reputation


# -- villagers.yaml --------------------------------------------------------------------------------
@frozen
class Villager:
    id: str
    name: str
    kind: Literal["starting", "regular", "special"]
    explore: tuple[int, ...]
    skills: tuple[Skill, ...] = ()
    set: int | None = None

    def has(self, skill: str) -> bool:
        return skill in self.skills

    @property
    def builds(self) -> bool:
        return "hammer" in self.skills or "hammer_plus" in self.skills

    @property
    def trains(self) -> bool:
        return "quill" in self.skills or "quill_plus" in self.skills

    def lanterns(self, die: int) -> int:
        """Lanterns for a die: at or above the first face 1, at or above the second 2 (never 3)."""
        return sum(1 for face in self.explore if die >= face)


# -- buildings.yaml --------------------------------------------------------------------------------
@frozen
class VpPer:
    things: tuple[VpThing, ...]
    points: int


@frozen
class Effects:
    """A card's symbols; an absent key is 0, False or None."""

    vp: int = 0
    beds: int = 0
    train_to_ready: bool = False
    coin_on_build: int = 0
    reroll: int = 0
    coin_on_explore: int = 0
    cider_as_coin: bool = False
    potion_as_coin: bool = False
    goods_stock: Good | None = None
    goods_restock: Good | None = None
    income: int = 0
    income_per_goods: tuple[Good, ...] = ()
    potion_on_buy: int = 0
    potion_income: int = 0
    vp_per: VpPer | None = None
    vp_per_empty_cave: int = 0
    gain_reputation: int = 0

    @property
    def goods(self) -> tuple[str, ...]:
        """The goods this card produces (stocked, restocked), each once."""
        return tuple(dict.fromkeys(g for g in (self.goods_stock, self.goods_restock) if g))


@frozen
class Building:
    id: str
    name: str
    kind: CardKind
    cost: int
    effects: Effects = field(default_factory=Effects)


# -- cave_cards.yaml -------------------------------------------------------------------------------
@frozen
class CaveCard:
    id: str
    name: str
    entries: tuple[int, int, int]

    def entry(self, die: int) -> int:
        """The encounter for an entry die: 1-2 the first, 3-4 the second, 5-6 the third."""
        return self.entries[(die - 1) // 2]


# -- encounters.yaml -------------------------------------------------------------------------------
@frozen
class Reward:
    coins: int = 0
    goods: Mapping[Good, int] = field(default_factory=dict)
    reputation: int = 0
    potions: int = 0
    cider: int = 0
    cave_card: int = 0
    villager: str | None = None  # "row" or a special's name
    building: int = 0
    followup: int | None = None


@frozen
class Threshold:
    lanterns: int
    reward: Reward


@frozen
class Modifier:
    """One of: per hammer|quill, own rope|paper|fish|potion, party glogo, pay 1; and the lanterns it adds."""

    lanterns: int
    per: Literal["hammer", "quill"] | None = None
    own: Literal["rope", "paper", "fish", "potion"] | None = None
    party: Literal["glogo"] | None = None
    pay: int | None = None


@frozen
class Penalty:
    injure: int = 0
    coins: int = 0
    reputation: int = 0


@frozen
class Failure:
    text: str = ""
    penalty: Penalty | None = None


@frozen
class Choice:
    label: str
    thresholds: tuple[Threshold, ...]
    modifiers: tuple[Modifier, ...] = ()
    failure: Failure | None = None


@frozen
class Encounter:
    id: int
    title: str
    text: str
    choices: tuple[Choice, ...]


@frozen
class Book:
    entries: tuple[Encounter, ...]
    followups: tuple[Encounter, ...]


# -- everything ------------------------------------------------------------------------------------
@frozen
class Rules:
    """Everything static about Above and Below, shared by every state and never copied."""

    components: Components
    villagers: tuple[Villager, ...]
    buildings: tuple[Building, ...]
    caves: tuple[CaveCard, ...]
    book: Book
    villager: Mapping[str, Villager]
    building: Mapping[str, Building]
    cave: Mapping[str, CaveCard]
    encounter: Mapping[int, Encounter]
    #: villager id -> its place in villagers.yaml (lists of villagers are kept in this order)
    villager_index: Mapping[str, int]

    def cards(self, kind: str) -> tuple[str, ...]:
        return tuple(b.id for b in self.buildings if b.kind == kind)

    def start_set(self, number: int) -> tuple[str, ...]:
        """The starting villagers of set ``number`` (1..4): hammer, quill, explorer, in table order."""
        return tuple(v.id for v in self.villagers if v.kind == "starting" and v.set == number)

    def villagers_of(self, kind: str) -> tuple[str, ...]:
        return tuple(v.id for v in self.villagers if v.kind == kind)


# -- validation ------------------------------------------------------------------------------------
def _check_components(c: Components) -> None:
    f = "components.yaml"
    check(dict(c.goods) == GOOD_COUNTS,
          f"{f}: goods: the game has {', '.join(f'{n} {g}' for g, n in GOOD_COUNTS.items())}")
    tiered = [g for goods in c.tiers.values() for g in goods]
    check(sorted(tiered) == sorted(GOODS), f"{f}: tiers: every good in exactly one tier")
    check(c.cider == 10 and c.potions == 20, f"{f}: the game has 10 cider and 20 potions")
    check(c.start_coins >= 0, f"{f}: start_coins: cannot be negative")
    check(sorted(c.extra_coin) == [2, 3, 4], f"{f}: extra_coin: give the seats for 2, 3 and 4 players")
    for n, seats in c.extra_coin.items():
        for i, seat in enumerate(seats):
            check(0 <= seat < n, f"{f}: extra_coin.{n}[{i}]: seat {seat} is not a seat 0 to {n - 1}")
    check(c.rounds == 7, f"{f}: rounds: the game has 7 rounds")
    check(len(c.villager_row) == 5 and min(c.villager_row) >= 0, f"{f}: villager_row: 5 training costs")
    check(list(c.villager_row) == sorted(c.villager_row), f"{f}: villager_row: costs rise from slot 1")
    check(c.house_row >= 1 and c.outpost_row >= 1, f"{f}: the rows hold at least 1 card")
    check(1 <= c.key_houses_drawn <= CARD_COUNTS["key"], f"{f}: key_houses_drawn: from 1 to 9")
    check(len(c.progress.spaces) == 8, f"{f}: progress.spaces: the track has 8 spaces")
    for i, (vp, income) in enumerate(c.progress.spaces):
        check(vp >= 0 and income >= 0, f"{f}: progress.spaces[{i}]: cannot be negative")
    r = c.reputation
    check(r.min < r.start < r.max, f"{f}: reputation: start lies between min and max")
    check(sorted(r.vp) == list(range(r.min, r.max + 1)), f"{f}: reputation.vp: one value per space {r.min}..{r.max}")
    check(sorted(r.ranking) == [2, 3, 4], f"{f}: reputation.ranking: give the bonuses for 2, 3 and 4 players")
    for n, bonus in r.ranking.items():
        check(0 < len(bonus) <= n and list(bonus) == sorted(bonus, reverse=True),
              f"{f}: reputation.ranking.{n}: at most {n} bonuses, falling")


def _check_ids(file: str, key: str, ids: list[Any], pattern: str | None = None) -> None:
    seen: dict[Any, int] = {}
    for i, ident in enumerate(ids):
        if pattern == "word":
            check(isinstance(ident, str) and ident and ident.replace("_", "").isalnum() and ident.isascii()
                  and ident == ident.lower(), f"{file}: {key}[{i}].id: '{ident}' must be [a-z0-9_]")
        check(ident not in seen, f"{file}: {key}[{i}].id: '{ident}' is already the id of {key}[{seen.get(ident)}]")
        seen[ident] = i


def _check_villagers(villagers: tuple[Villager, ...]) -> None:
    f = "villagers.yaml"
    _check_ids(f, "villagers", [v.id for v in villagers], "word")
    counts: Counter[str] = Counter(v.kind for v in villagers)
    for kind, n in VILLAGER_COUNTS.items():
        check(counts[kind] == n, f"{f}: villagers: {counts[kind]} {kind} villagers; the game has {n}")
    for i, v in enumerate(villagers):
        where = f"{f}: villagers[{i}]"
        check(v.name.strip() and len(v.name) <= 14, f"{where}.name: give a name of 1 to 14 characters")
        check(1 <= len(v.explore) <= 2 and all(1 <= face <= 6 for face in v.explore)
              and list(v.explore) == sorted(set(v.explore)),
              f"{where}.explore: one or two rising die faces 1 to 6")
        check(len(set(v.skills)) == len(v.skills), f"{where}.skills: a skill repeats")
        check((v.set is not None) == (v.kind == "starting"), f"{where}.set: only starting villagers have a set")
        if v.kind == "special":
            check(v.id in SPECIALS, f"{where}.id: special villagers are {', '.join(SPECIALS)}")
    for number in range(1, 5):
        members = [v for v in villagers if v.kind == "starting" and v.set == number]
        hammers = sum(v.has("hammer") for v in members)
        quills = sum(v.has("quill") for v in members)
        check(len(members) == 3 and hammers == 1 and quills == 1,
              f"{f}: villagers: set {number} needs three starting villagers: one hammer, one quill, one explorer")
    specials = {v.id: v for v in villagers if v.kind == "special"}
    check(sorted(specials) == sorted(SPECIALS), f"{f}: villagers: the specials are {', '.join(SPECIALS)}")
    needs = {"liquid_woman": "bad_reputation", "glogo": "hammer_plus", "cave_cat_1": "cave_cat",
             "cave_cat_2": "cave_cat", "mechanical_man_1": "own_bed", "mechanical_man_2": "no_cider_potion"}
    for ident, skill in needs.items():
        check(specials[ident].has(skill), f"{f}: villagers: {ident} needs the skill {skill} (ruling 19)")
    check(specials["mechanical_man_1"].has("no_cider_potion") and specials["mechanical_man_2"].has("own_bed"),
          f"{f}: villagers: each Mechanical Man has own_bed and no_cider_potion")


def _check_buildings(buildings: tuple[Building, ...]) -> None:
    f = "buildings.yaml"
    _check_ids(f, "buildings", [b.id for b in buildings], "word")
    counts: Counter[str] = Counter(b.kind for b in buildings)
    for kind, n in CARD_COUNTS.items():
        check(counts[kind] == n, f"{f}: buildings: {counts[kind]} {kind} cards; the game has {n}")
    for i, b in enumerate(buildings):
        where = f"{f}: buildings[{i}]"
        check(b.name.strip(), f"{where}.name: is empty")
        prefix = CARD_PREFIX[b.kind]
        check(b.id.startswith(prefix) and b.id[1:].isascii() and b.id[1:].isdigit(),
              f"{where}.id: a {b.kind} card's id is {prefix} and a number, such as {prefix}01")
        check((b.cost == 0) == (b.kind == "starting") and b.cost >= 0,
              f"{where}.cost: starting houses cost 0, every other card more")
        e = b.effects
        for name in ("vp", "beds", "coin_on_build", "reroll", "coin_on_explore", "income", "potion_on_buy",
                     "potion_income", "vp_per_empty_cave"):
            check(getattr(e, name) >= 0, f"{where}.effects.{name}: cannot be negative")
        check(e.gain_reputation in (0, 1), f"{where}.effects.gain_reputation: is 1 (once, on purchase)")
        if e.vp_per is not None:
            check(e.vp_per.points >= 1 and e.vp_per.things, f"{where}.effects.vp_per: give things and points")
    printed = printed_goods(buildings)
    order = [printed[g] for g in GOODS_FREQUENCY]
    check(order == sorted(order, reverse=True),
          f"{f}: buildings: goods printed on cards (a stock counts 2, a restock 1) must follow ruling 19's frequency "
          f"({', '.join(f'{g} {printed[g]}' for g in GOODS_FREQUENCY)})")


def _check_caves(caves: tuple[CaveCard, ...]) -> None:
    f = "cave_cards.yaml"
    _check_ids(f, "cave_cards", [c.id for c in caves], "word")
    check(len(caves) == CAVE_CARDS, f"{f}: cave_cards: {len(caves)} cards; the game has {CAVE_CARDS}")
    seen: dict[int, str] = {}
    for i, cave in enumerate(caves):
        for k, entry in enumerate(cave.entries):
            where = f"{f}: cave_cards[{i}].entries[{k}]"
            check(1 <= entry <= ENTRIES, f"{where}: {entry} is not an entry 1 to {ENTRIES}")
            check(entry not in seen, f"{where}: entry {entry} is already on {seen.get(entry)}")
            seen[entry] = cave.id
    check(len(seen) == ENTRIES, f"{f}: cave_cards: every entry 1 to {ENTRIES} is on exactly one card")


#: A yardstick in coins for judging rewards against the scale of abovebelow.md (our own, not a rule): a good by
#: its tier, a step of reputation (a loss counts against), a potion, a cider, an extra cave card, the row's cheapest
#: villager, a special villager, a free building (its cap), a follow-up (its own rewards are judged apart).
GOOD_VALUE = {"mushroom": 2, "fish": 2, "fruit": 2, "rope": 3, "pot": 3, "paper": 3, "ore": 4, "amethyst": 4}
REPUTATION_VALUE, POTION_VALUE, CIDER_VALUE, CAVE_VALUE = 1.5, 2.0, 1.5, 2.0
ROW_VILLAGER_VALUE, SPECIAL_VALUE, FOLLOWUP_VALUE = 3.0, 5.0, 3.0
#: the most a reward may be worth at a threshold of up to n lanterns: easy (2-3), medium (4-5), hard (6-8)
REWARD_CAPS = ((3, 4.0), (5, 6.5), (8, 10.5))


def reward_value(r: Reward) -> float:
    """What ``r`` is worth on the yardstick above."""
    value = r.coins + sum(GOOD_VALUE[g] * n for g, n in r.goods.items()) + REPUTATION_VALUE * r.reputation
    value += POTION_VALUE * r.potions + CIDER_VALUE * r.cider + CAVE_VALUE * r.cave_card + r.building
    if r.villager is not None:
        value += ROW_VILLAGER_VALUE if r.villager == "row" else SPECIAL_VALUE
    if r.followup is not None:
        value += FOLLOWUP_VALUE
    return value


def reward_cap(lanterns: int) -> float:
    return next(cap for most, cap in REWARD_CAPS if lanterns <= most)


def _check_reward(reward: Reward, where: str, followups: set[int]) -> None:
    r = reward
    values = [r.coins, len(r.goods), r.reputation, r.potions, r.cider, r.cave_card, r.villager, r.building, r.followup]
    check(any(values), f"{where}: a reward gives something")
    check(0 <= r.coins <= 6, f"{where}.coins: from 1 to 6")
    check(len(r.goods) <= 1, f"{where}.goods: one kind of good per reward")
    for good, n in r.goods.items():
        check(1 <= n <= 2, f"{where}.goods.{good}: from 1 to 2")
    check(-2 <= r.reputation <= 3, f"{where}.reputation: from -2 to 3")
    check(0 <= r.potions <= 2, f"{where}.potions: from 1 to 2")
    check(r.cider in (0, 1), f"{where}.cider: is 1")
    check(r.cave_card in (0, 1), f"{where}.cave_card: is 1")
    check(r.villager in (None, "row", *SPECIAL_NAMES),
          f"{where}.villager: row or a special ({', '.join(SPECIAL_NAMES)})")
    check(0 <= r.building <= 10, f"{where}.building: the most a free building may cost, up to 10")
    if r.followup is not None:
        check(r.followup in followups, f"{where}.followup: there is no follow-up {r.followup}")


def _check_encounter(enc: Encounter, where: str, followups: set[int], entry: bool) -> list[int]:
    """Checks one encounter; returns the follow-ups it jumps to."""
    jumps = []
    check(enc.title.strip() and enc.text.strip(), f"{where}: give a title and a text")
    least = 2 if entry else 1
    check(least <= len(enc.choices) <= 3, f"{where}.choices: {least} to 3 choices")
    for c, choice in enumerate(enc.choices):
        cw = f"{where}.choices[{c}]"
        check(choice.label.strip(), f"{cw}.label: is empty")
        check(1 <= len(choice.thresholds) <= 2, f"{cw}.thresholds: 1 or 2 thresholds")
        levels = [t.lanterns for t in choice.thresholds]
        check(all(1 <= n <= 8 for n in levels) and levels == sorted(set(levels)),
              f"{cw}.thresholds: lanterns from 1 to 8, rising")
        for t, threshold in enumerate(choice.thresholds):
            _check_reward(threshold.reward, f"{cw}.thresholds[{t}].reward", followups)
            if threshold.reward.followup is not None:
                jumps.append(threshold.reward.followup)
        for m, mod in enumerate(choice.modifiers):
            mw = f"{cw}.modifiers[{m}]"
            kinds = [k for k in ("per", "own", "party", "pay") if getattr(mod, k) is not None]
            check(len(kinds) == 1, f"{mw}: exactly one of per, own, party or pay")
            check(1 <= mod.lanterns <= 3, f"{mw}.lanterns: from 1 to 3")
            check(mod.pay in (None, 1), f"{mw}.pay: is 1")
        if choice.failure is not None and choice.failure.penalty is not None:
            p = choice.failure.penalty
            check(0 <= p.injure <= 3 and 0 <= p.coins <= 6 and -3 <= p.reputation <= 0,
                  f"{cw}.failure.penalty: injure 0-3, coins 0-6, reputation -3..0")
    return jumps


def _check_book(book: Book, villagers_obtained: set[str]) -> None:
    f = "encounters.yaml"
    _check_ids(f, "entries", [e.id for e in book.entries])
    check(sorted(e.id for e in book.entries) == list(range(1, ENTRIES + 1)),
          f"{f}: entries: the book has entries 1 to {ENTRIES}, each once")
    _check_ids(f, "followups", [e.id for e in book.followups])
    for i, enc in enumerate(book.followups):
        check(enc.id >= FIRST_FOLLOWUP, f"{f}: followups[{i}].id: follow-ups are numbered from {FIRST_FOLLOWUP}")
    check(len(book.followups) >= MIN_FOLLOWUPS, f"{f}: followups: at least {MIN_FOLLOWUPS} follow-ups")
    known = {e.id for e in book.followups}
    reached: set[int] = set()
    for key, encounters in (("entries", book.entries), ("followups", book.followups)):
        for i, enc in enumerate(encounters):
            reached.update(_check_encounter(enc, f"{f}: {key}[{i}]", known, key == "entries"))
    for i, enc in enumerate(book.followups):
        check(enc.id in reached, f"{f}: followups[{i}]: follow-up {enc.id} is reached by no reward")
    for name in SPECIAL_NAMES:
        check(name in villagers_obtained, f"{f}: the special villager {name} is given by no reward")


def printed_goods(buildings: tuple[Building, ...]) -> Counter[str]:
    """The goods printed on the cards, a stock counting 2 and a restock 1."""
    printed: Counter[str] = Counter()
    for b in buildings:
        if b.effects.goods_stock:
            printed[b.effects.goods_stock] += 2
        if b.effects.goods_restock:
            printed[b.effects.goods_restock] += 1
    return printed


def _check_balance(buildings: tuple[Building, ...], book: Book) -> None:
    """The goods printed on cards in the tokens' proportions, and every reward within the scale of
    abovebelow.md for its threshold (by the yardstick of reward_value), worth no less than the threshold below
    it in its choice, and never a follow-up alone (a failed follow-up would leave the higher threshold with
    nothing)."""
    printed = printed_goods(buildings)
    total, tokens = sum(printed.values()), sum(GOOD_COUNTS.values())
    for good in GOODS_FREQUENCY:
        share, target = printed[good] / total, GOOD_COUNTS[good] / tokens
        check(abs(share - target) <= SHARE_TOLERANCE * target,
              f"buildings.yaml: buildings: {good} is {share:.0%} of the goods printed on cards; the tokens' "
              f"proportion is {target:.0%} (within a quarter of it)")
    for key, encounters in (("entries", book.entries), ("followups", book.followups)):
        for i, enc in enumerate(encounters):
            for c, choice in enumerate(enc.choices):
                below = None  # the worth of the threshold below
                for t, threshold in enumerate(choice.thresholds):
                    where = f"encounters.yaml: {key}[{i}].choices[{c}].thresholds[{t}].reward"
                    worth, cap = reward_value(threshold.reward), reward_cap(threshold.lanterns)
                    check(worth <= cap, f"{where}: worth about {worth:g} coins, above the scale's {cap:g} for "
                                        f"{threshold.lanterns} lanterns")
                    check(below is None or worth >= below,
                          f"{where}: worth about {worth:g} coins, less than the {below or 0:g} of the threshold "
                          "below it (more lanterns never pay less)")
                    check(threshold.reward != Reward(followup=threshold.reward.followup),
                          f"{where}: only a follow-up; give something with it, in case the follow-up fails")
                    below = worth


def _rewards(book: Book) -> list[Reward]:
    return [t.reward for enc in (*book.entries, *book.followups) for c in enc.choices for t in c.thresholds]


def validate(components: Components, villagers: tuple[Villager, ...], buildings: tuple[Building, ...],
             caves: tuple[CaveCard, ...], book: Book, balance: bool = True) -> Rules:
    """Check every table against the rulings' counts and vocabulary, and (``balance``) the goods on cards and
    the book's rewards against the proportions and scale of abovebelow.md; raises DataError naming file and
    key. Test tables leave the balance out on purpose."""
    _check_components(components)
    _check_villagers(villagers)
    _check_buildings(buildings)
    _check_caves(caves)
    _check_book(book, {r.villager for r in _rewards(book) if r.villager})
    if balance:
        _check_balance(buildings, book)
    encounter = {e.id: e for e in (*book.entries, *book.followups)}
    return Rules(components=components, villagers=villagers, buildings=buildings, caves=caves, book=book,
                 villager=freeze({v.id: v for v in villagers}), building=freeze({b.id: b for b in buildings}),
                 cave=freeze({c.id: c for c in caves}), encounter=freeze(encounter),
                 villager_index=freeze({v.id: i for i, v in enumerate(villagers)}))


# -- loading ---------------------------------------------------------------------------------------
TABLES = Tables(lambda: data_dir("abovebelow"), validate, {
    "components.yaml": Components, "villagers.yaml": (tuple[Villager, ...], "villagers"),
    "buildings.yaml": (tuple[Building, ...], "buildings"), "cave_cards.yaml": (tuple[CaveCard, ...], "cave_cards"),
    "encounters.yaml": Book})
#: ``load_rules(folder=None, balance=True)``: ``balance`` goes to :func:`validate`
FILES, load_rules = TABLES.files, TABLES.load


@lru_cache(maxsize=4)
def rules_from(folder: str | None = None, balance: bool = True) -> Rules:
    """The tables of ``folder`` (None: the shipped ones), read once per process."""
    return load_rules(None if folder is None else Path(folder), balance=balance)


def shared_rules() -> Rules:
    """The shipped tables, read once per process: what every state holds."""
    return rules_from(None)


def check_data(folder: Path | None = None) -> list[str]:
    """Read and validate every table afresh (raising DataError); the names of the files read."""
    with recording_reads() as names:
        load_rules(folder)
    return sorted(names)
