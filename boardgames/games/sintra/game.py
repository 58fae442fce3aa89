"""Sintra declared: its name, players, options and where its parts live (see core/declared.py)."""

from __future__ import annotations

from boardgames.core.declared import DeclaredGame, Parts
from boardgames.core.engine import Option
from boardgames.i18n import N_


class Sintra(DeclaredGame):
    id = "sintra"
    # the shell translates these where it shows them: _(game.title), _(option.label)...
    title = N_("Azul: Stained Glass of Sintra")
    description = N_("Draft coloured glass, fill pattern strips, light up the palace windows.")
    min_players = 2
    max_players = 4
    order = 1
    options = (
        Option("side", N_("Palace side"), "A",
               N_("Side A scores ornaments at the end; side B multiplies complete windows by a colour."),
               choices=("A", "B")),
    )
    has_private_info = False
    rules_version = 1
    #: measured: at most 238 moves in 1,000 random games and 227 in 60 greedy ones (every player count)
    max_moves = 1_000
    parts = Parts(state="rules:SintraState", tables="data", strategy="strategy", board="board:SintraBoard")


SINTRA = Sintra()
