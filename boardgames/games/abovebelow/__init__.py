"""Above and Below: build a village above and explore the caves below (2-4 players)."""

from boardgames.core.registry import register
from boardgames.games.abovebelow.game import ABOVEBELOW

register(ABOVEBELOW)
