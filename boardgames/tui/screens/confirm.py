"""A yes/no question as a small modal dialog; dismisses with True or False.

``y`` answers yes in every language, and so does the letter of the reader's word for yes (``s``, sim, in
Portuguese), which the button names.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from boardgames.i18n import _, p_
from boardgames.tui.screens.base import BaseModal


def yes_key() -> str:
    """The letter of the reader's word for yes: ``y`` in English, ``s`` (sim) in Portuguese (``y`` where the
    catalogue gives no single letter, as the pseudo-language does)."""
    key = p_("the key answering yes", "y")
    return key if len(key) == 1 and key.isalpha() else "y"


def answers_yes(event: events.Key, key: str) -> bool:
    """Whether ``event`` is ``key``, the yes letter a dialog names (``y`` is bound as well, in every language)."""
    return key != "y" and event.key == key


class ConfirmScreen(BaseModal[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", show=False),
        Binding("n,escape,q", "answer(False)", show=False),
    ]

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    ConfirmScreen #question { margin-bottom: 1; }
    ConfirmScreen Horizontal { height: auto; align-horizontal: center; }
    ConfirmScreen Button { margin: 0 2; min-width: 12; }
    """

    def __init__(self, question: str | Text, yes: str | None = None, no: str | None = None) -> None:
        """``yes`` and ``no`` name the buttons with their keys; without ``yes``, the button says Yes with the
        reader's yes letter, which answers it too."""
        super().__init__()
        self.question = question
        self.key = "y" if yes else yes_key()
        self.yes = yes or _("Yes ({key})", key=self.key)
        self.no = no or _("No (n)")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            with Horizontal():
                yield Button(self.yes, id="yes", variant="primary")
                yield Button(self.no, id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_key(self, event: events.Key) -> None:
        if answers_yes(event, self.key):
            event.stop()
            self.dismiss(True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
