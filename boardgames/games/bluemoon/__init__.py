"""Blue Moon City, with its four expansion buildings."""

from boardgames.core.registry import register
from boardgames.games.bluemoon.game import BLUEMOON

register(BLUEMOON)
