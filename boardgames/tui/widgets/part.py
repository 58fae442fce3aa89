"""The base of the shared board widgets: a focusable part of a board with its own keys, drawing and hints."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget


class BoardPart(Widget, can_focus=True):
    """A focusable part of a board. Subclasses draw with :meth:`draw`, answer keys in :meth:`key`
    (True when the key was theirs) and list the keys that work now in :meth:`key_hints`.

    A part posts :class:`BoardPart.Chosen` with what the player chose (a board
    then submits the legal action that goes with it) and
    :class:`BoardPart.HintsChanged` when its keys change.
    """

    DEFAULT_CSS = """
    BoardPart { height: auto; }
    """

    class Chosen(Message):
        def __init__(self, part: BoardPart, value: Any) -> None:
            super().__init__()
            self.part = part
            self.value = value

        @property
        def control(self) -> BoardPart:
            return self.part

    class HintsChanged(Message):
        """The keys that work now have changed."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def draw(self) -> Text:
        return Text()

    def render(self) -> Text:
        return self.draw()

    def key(self, key: str, character: str | None) -> bool:
        return False

    def key_hints(self) -> list[tuple[str, str]]:
        return []

    def choose(self, value: Any) -> None:
        self.post_message(self.Chosen(self, value))

    def on_key(self, event: events.Key) -> None:
        if self.key(event.key, event.character):
            event.stop()
            event.prevent_default()
            self.refresh(layout=True)
            self.post_message(self.HintsChanged())


#: keys that step back, and forward, along a row or list
PREV_KEYS = ("left", "h", "up", "k")
NEXT_KEYS = ("right", "l", "down", "j")
