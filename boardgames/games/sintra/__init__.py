"""Azul: Stained Glass of Sintra."""

from boardgames.games.sintra.game import SINTRA as GAME

__all__ = ["GAME"]
