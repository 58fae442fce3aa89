"""Above and Below: build a village above and explore the caves below (2-4 players)."""

from boardgames.games.abovebelow.game import ABOVEBELOW as GAME

__all__ = ["GAME"]
