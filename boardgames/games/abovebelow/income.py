"""The last step of a round's end (ruling 6): income, the goods cards' restock, the first-player card passing
left and the next round's first turn."""

from __future__ import annotations

from boardgames.core.decisions import Decision
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import words
from boardgames.games.abovebelow.state import TURN, AboveBelowState
from boardgames.i18n import _


def income_step(state: AboveBelowState) -> None:
    """Income (track, income symbols, per ore/amethyst on the track), potion income (limited), restock
    the goods_restock cards with no good at all on them (a stocked good left there blocks the refill too),
    pass the first-player card left, start the next round."""
    rules = state.rules
    for seat, player in enumerate(state.players):
        coins = fx.income(rules, player)
        player.coins += coins
        potions = state.give_potions(seat, fx.total(rules, player, "potion_income"))
        if potions:
            state.emit(_("{name} collects {coins} and {potions} of income.", name=state.names[seat],
                         coins=words.amount(coins, "coin"), potions=words.amount(potions, "potion")))
        else:
            state.emit(_("{name} collects {coins} of income.", name=state.names[seat],
                         coins=words.amount(coins, "coin")))
        for card in player.buildings:
            good = rules.building[card].effects.goods_restock
            if good and not player.card_goods.get(card) and state.supply[good]:  # no good at all on it
                state.supply[good] -= 1
                player.card_goods.setdefault(card, {})[good] = 1
    state.first = (state.first + 1) % len(state.players)
    state.round += 1
    state.passed = [False] * len(state.players)
    state.emit(_("Round {n} begins; {first} goes first.", n=state.round, first=state.names[state.first]))
    state.decisions.reset(Decision(TURN, state.first))
