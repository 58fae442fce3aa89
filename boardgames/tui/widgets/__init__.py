"""Widgets shared by every game's screens: log panel, message line, prompt bar, key bar, choice field."""

from boardgames.tui.widgets.choice import ChoiceField
from boardgames.tui.widgets.keybar import KeyBar
from boardgames.tui.widgets.log import LogPanel
from boardgames.tui.widgets.message import MessageLine
from boardgames.tui.widgets.prompt import PromptBar

__all__ = ["ChoiceField", "KeyBar", "LogPanel", "MessageLine", "PromptBar"]
