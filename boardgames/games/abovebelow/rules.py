"""Above and Below's rules, assembled: the state (state.py) and the decision kinds of the round.

A round (rulings 1, 6): from the first player clockwise, each turn is free actions (sell, buy, swap a row,
goods on the track: market.py) then one action (turn.py: explore, build, harvest, train, labor) or a pass;
the villager actions are in work.py, the explore in explore.py, dice.py and rewards.py. The round ends when
everyone has passed: the stock offer and the round's end (roundend.py), the refresh (refresh.py) and income
(income.py). Card symbols are read through effects.py; scoring is scoring.py.
"""

from __future__ import annotations

from boardgames.core.decisions import merge
from boardgames.games.abovebelow import dice, explore, market, refresh, rewards, roundend, turn, work
from boardgames.games.abovebelow.market import MIN_OFFER, item_name
from boardgames.games.abovebelow.state import (
    BUILD,
    DICE,
    ENCOUNTER,
    HARVEST,
    OFFER,
    PARTY,
    PENALTY,
    REFRESH,
    REFUSALS,
    REWARD,
    STOCK,
    TRAIN,
    TURN,
    WORKER,
    AboveBelowState,
)
from boardgames.games.abovebelow.turn import ACTIONS

__all__ = ["ACTIONS", "BUILD", "DICE", "ENCOUNTER", "HARVEST", "MIN_OFFER", "OFFER", "PARTY",
           "PENALTY", "REFRESH", "REFUSALS", "REWARD", "STOCK", "TRAIN", "TURN", "WORKER", "AboveBelowState",
           "item_name"]

AboveBelowState.KINDS = merge(turn.KINDS, market.KINDS, work.KINDS, explore.KINDS, dice.KINDS, rewards.KINDS,
                              roundend.KINDS, refresh.KINDS)
