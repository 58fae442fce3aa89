"""Above and Below declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from boardgames.core.declared import DeclaredGame, Parts
from boardgames.i18n import N_


class AboveBelow(DeclaredGame):
    id = "abovebelow"
    title = N_("Above and Below")
    description = N_("Build a village above and explore the caves below: villagers, encounters, goods and beds.")
    min_players = 2
    max_players = 4
    order = 4
    has_private_info = False  # nothing is private to one seat; what nobody knows is kept out of view()
    rules_version = 1
    #: measured: at most 421 moves in 600 random games (2, 3 and 4 players), 288 in 30 greedy games
    max_moves = 2_000
    parts = Parts(state="rules:AboveBelowState", tables="data", strategy="strategy", board="board:AboveBelowBoard")


ABOVEBELOW = AboveBelow()
