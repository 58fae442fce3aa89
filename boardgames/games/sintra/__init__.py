"""Azul: Stained Glass of Sintra."""

from boardgames.core.registry import register
from boardgames.games.sintra.game import SINTRA

register(SINTRA)
