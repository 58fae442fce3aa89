"""Blue Moon City, with its four expansion buildings."""

from boardgames.games.bluemoon.game import BLUEMOON as GAME

__all__ = ["GAME"]
