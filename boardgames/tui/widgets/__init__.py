"""Widgets shared by every game's screens.

The shell's own: log panel, message line, prompt bar, key bar, choice field.
Board parts (focusable, each with its own table of keys, drawing and hints; see
``part.BoardPart``): a row of cards (``cards``), a multi-select with confirm
(``multiselect``) and a dice row (``dice``). Their drawing functions
(``draw_chips``, ``choices_text``) and the player table's (``players``:
``player_lines``, ``draw_player_table``) also serve boards that draw on one canvas.
"""

from boardgames.tui.widgets.choice import ChoiceField
from boardgames.tui.widgets.keybar import KeyBar
from boardgames.tui.widgets.log import LogPanel
from boardgames.tui.widgets.message import MessageLine
from boardgames.tui.widgets.prompt import PromptBar

__all__ = ["ChoiceField", "KeyBar", "LogPanel", "MessageLine", "PromptBar"]
