"""A compact, focusable choice: ‹ value ›. Left/right (or h/l, space, Enter, a click) changes it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from boardgames.tui.asciimode import asciify


class ChoiceField(Widget, can_focus=True):
    DEFAULT_CSS = """
    ChoiceField { height: 1; width: auto; min-width: 12; padding: 0 1; background: $boost; }
    ChoiceField:focus { background: $accent; color: $text; text-style: bold; }
    """

    class Changed(Message):
        def __init__(self, field: ChoiceField, value: str) -> None:
            super().__init__()
            self.field = field
            self.value = value

        @property
        def control(self) -> ChoiceField:
            return self.field

    def __init__(
        self, choices: list[tuple[str, str]], value: str | None = None, *, id: str | None = None,
        ascii: bool = False,
    ) -> None:
        """``choices`` are (value, label) pairs."""
        super().__init__(id=id)
        self.choices = list(choices)
        self.ascii = ascii
        values = [v for v, _ in self.choices]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> str:
        return self.choices[self.index][0]

    @value.setter
    def value(self, value: str) -> None:
        values = [v for v, _ in self.choices]
        if value in values:
            self.index = values.index(value)
            self.refresh(layout=True)

    def render(self) -> Text:
        ascii = self.ascii or getattr(self.app, "ascii", False)
        left, right = ("<", ">") if ascii else ("‹", "›")
        label = self.choices[self.index][1]
        return Text(f"{left} {asciify(label) if ascii else label} {right}")

    def get_content_width(self, container, viewport) -> int:  # noqa: ANN001 - Textual's signature
        return max(len(label) for _, label in self.choices) + 4

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def on_key(self, event: events.Key) -> None:
        if event.key in ("left", "h"):
            self.step(-1)
        elif event.key in ("right", "l", "space"):
            self.step(1)
        else:
            return
        event.stop()

    def on_click(self, event: events.Click) -> None:
        self.step(-1 if event.x < 2 else 1)
