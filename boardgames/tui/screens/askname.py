"""One line of text asked in a small dialog: a player's name for the lobby, or a chat message at a table.
Dismisses with the text (spaces tidied), or None when given up with Esc."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from boardgames.core.guests import reserved_for_guests
from boardgames.core.record import MAX_NAME_LENGTH, name_problem
from boardgames.i18n import _
from boardgames.tui.screens.base import BaseModal
from boardgames.tui.widgets.message import MessageLine


class AskLineScreen(BaseModal[str | None]):
    BINDINGS = [Binding("escape", "give_up", show=False)]

    DEFAULT_CSS = """
    AskLineScreen { align: center bottom; }
    AskLineScreen > Vertical { width: 100%; height: auto; border: round $accent; padding: 0 1; background: $panel; }
    AskLineScreen Input, AskLineScreen Input:focus { height: 1; border: none; padding: 0 1; background: $boost; }
    AskLineScreen MessageLine { height: auto; }
    """

    def __init__(self, question: str, limit: int, value: str = "") -> None:
        super().__init__()
        self.question = question
        self.limit = limit
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))
            yield Input(self.value, max_length=self.limit)
            yield MessageLine()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def problem(self, text: str) -> str | None:
        """Why ``text`` cannot be taken (None: it can)."""
        return None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = " ".join(event.value.split())
        problem = self.problem(text)
        if problem:
            self.query_one(MessageLine).show(problem)
            return
        self.dismiss(text or None)

    def action_give_up(self) -> None:
        self.dismiss(None)


class AskNameScreen(AskLineScreen):
    """The name this terminal's player goes by at the tables (asked once, at a local terminal)."""

    def __init__(self) -> None:
        super().__init__(_("Your name at the tables (Enter to go on, Esc to give up):"), MAX_NAME_LENGTH)

    def problem(self, text: str) -> str | None:
        if not text:
            return _("Type a name first.")
        if reserved_for_guests(text):
            return _("Names that begin with \"guest\" are kept for the server's guests; please choose another.")
        return name_problem(text)
