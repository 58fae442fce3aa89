"""Lemuria: plant matter on the star altar, build for the trend and house citizens (3-4 players)."""

from boardgames.games.lemuria.game import LEMURIA as GAME

__all__ = ["GAME"]
