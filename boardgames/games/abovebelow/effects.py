"""Card-symbol queries: what a player's buildings give (beds, rerolls, income, discounts, coin substitutes).

Pure functions of the tables and a Player; the rules engine calls them, and so may a screen or a bot.
"""

from __future__ import annotations

from boardgames.games.abovebelow.data import Choice, Effects, Rules
from boardgames.games.abovebelow.pieces import Player


def effects(rules: Rules, player: Player) -> list[Effects]:
    return [rules.building[card].effects for card in player.buildings]


def total(rules: Rules, player: Player, name: str) -> int:
    """The sum of a numeric symbol over the player's cards (beds, reroll, income, coin_on_explore...)."""
    return sum(getattr(rules.building[card].effects, name) for card in player.buildings)


def has(rules: Rules, player: Player, name: str) -> bool:
    """Whether some card of the player shows a yes/no symbol (train_to_ready, cider_as_coin, potion_as_coin)."""
    return any(getattr(rules.building[card].effects, name) for card in player.buildings)


def beds(rules: Rules, player: Player) -> int:
    return total(rules, player, "beds")


def rerolls(rules: Rules, player: Player) -> int:
    """Rerolls per encounter: one per reroll symbol owned (ruling 8)."""
    return total(rules, player, "reroll")


def spending_power(rules: Rules, player: Player) -> int:
    """What the player can pay to the supply: coins, plus cider and potions where a card allows (ruling 12)."""
    power = player.coins
    if has(rules, player, "cider_as_coin"):
        power += player.cider
    if has(rules, player, "potion_as_coin"):
        power += player.potions
    return power


def payment(rules: Rules, player: Player, amount: int) -> tuple[int, int, int]:
    """How a payment to the supply is made: (coins, cider, potions). Coins first, then cider, then potions
    (each only with its symbol), so the substitutes are spent only when coins run short."""
    coins = min(player.coins, amount)
    rest = amount - coins
    cider = min(player.cider, rest) if rest and has(rules, player, "cider_as_coin") else 0
    rest -= cider
    potions = min(player.potions, rest) if rest and has(rules, player, "potion_as_coin") else 0
    rest -= potions
    if rest:
        raise ValueError("cannot pay")
    return coins, cider, potions


def track_income(rules: Rules, player: Player) -> int:
    """The income shown above the rightmost stack of the progress track, or the empty track's."""
    progress = rules.components.progress
    return progress.spaces[len(player.track) - 1][1] if player.track else progress.empty_income


def income(rules: Rules, player: Player) -> int:
    """Coins at the round's income step: the track, income symbols and income per ore/amethyst on the track."""
    coins = track_income(rules, player)
    for fx in effects(rules, player):
        coins += fx.income
        coins += sum(player.on_track(good) for good in fx.income_per_goods)
    return coins


def open_caves(player: Player) -> list[str]:
    """Won cave cards without an outpost (ruling 13)."""
    return [cave for cave, outpost in player.caves if outpost is None]


def build_discount(rules: Rules, villager: str) -> int:
    """Coins off a build: 1 for a hammer_plus villager (Glogo is one); at most 1 off an action (ruling 10)."""
    return 1 if rules.villager[villager].has("hammer_plus") else 0


def train_discount(rules: Rules, villager: str) -> int:
    """Coins off training: 1 for a quill_plus villager; at most 1 off an action (ruling 10)."""
    return 1 if rules.villager[villager].has("quill_plus") else 0


def vp_things(rules: Rules, player: Player, thing: str) -> int:
    """How many of ``thing`` count for a ``vp_per`` bonus (ruling 17): goods, potions and cider owned (supply,
    track, for sale, never on cards), every house kind (starting, house, star, key; not outposts), outposts,
    every villager, and coins by fives."""
    if thing == "house":
        return sum(rules.building[c].kind != "outpost" for c in player.buildings)
    if thing == "outpost":
        return sum(rules.building[c].kind == "outpost" for c in player.buildings)
    if thing == "villager":
        return len(player.villagers)
    if thing == "coin5":
        return player.coins // 5
    return player.owns(thing)


def modifier_lanterns(rules: Rules, choice: Choice, villagers: list[str], player: Player) -> tuple[int, int]:
    """The lanterns a choice's modifiers add for these villagers (those that rolled) and their owner: per
    hammer or quill villager, owning an item, Glogo in the party; and what paying would add."""
    rolled = [rules.villager[v] for v in villagers]
    const, pay = 0, 0
    for mod in choice.modifiers:
        if mod.per == "hammer":
            const += mod.lanterns * sum(v.builds for v in rolled)
        elif mod.per == "quill":
            const += mod.lanterns * sum(v.trains for v in rolled)
        elif mod.own is not None:
            const += mod.lanterns * (player.owns(mod.own) > 0)
        elif mod.party is not None:
            const += mod.lanterns * any(v.id == mod.party for v in rolled)
        elif mod.pay is not None:
            pay = mod.lanterns
    return const, pay
