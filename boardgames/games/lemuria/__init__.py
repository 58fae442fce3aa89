"""Lemuria: plant matter on the star altar, build for the trend and house citizens (3-4 players)."""

from boardgames.core.registry import register
from boardgames.games.lemuria.game import LEMURIA

register(LEMURIA)
