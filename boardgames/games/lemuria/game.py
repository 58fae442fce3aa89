"""Lemuria declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from boardgames.core.declared import DeclaredGame, Parts
from boardgames.core.engine import Option
from boardgames.i18n import N_


class Lemuria(DeclaredGame):
    id = "lemuria"
    title = N_("Lemuria")
    description = N_("Turn matter into resources at the star altar, build the trends and house your citizens.")
    min_players = 3
    max_players = 4
    order = 3
    options = (
        Option("impact", N_("Lemurian Impact cards"), False,
               N_("Deals one Impact card a player: each may use one, once a game, for a turn's boost.")),
    )
    has_private_info = True
    #: 2: Impact cards dealt at random, a reform places no marker (a version 1 record would replay wrongly)
    rules_version = 2
    #: measured: at most 353 moves in 400 random games (3 and 4 players, with and without Impact cards)
    max_moves = 2_000
    parts = Parts(state="rules:LemuriaState", tables="data", strategy="strategy", board="board:LemuriaBoard")


LEMURIA = Lemuria()
