"""Leaving or quitting a game whose last moves could not be saved: try again, save elsewhere, or go on without them.

Dismisses with True when the caller may go on (the game is saved now, or the player
accepts losing the moves) and False to stay in the game.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from boardgames.core.session import Session
from boardgames.i18n import _
from boardgames.tui.screens.base import BaseModal
from boardgames.tui.screens.confirm import answers_yes, yes_key
from boardgames.tui.widgets.message import MessageLine


def os_reason(exc: OSError) -> str:
    """Why a file could not be written, without the file's path (the player knows the save by its name)."""
    return exc.strerror or type(exc).__name__


def unsaved_sentence(session: Session) -> str:
    """How many moves the save lacks, as a sentence (a move taken back and not saved counts as one)."""
    count = session.unsaved_moves
    if count == 1:
        return _("The last move of this game is not saved.")
    return _("The last {count} moves of this game are not saved.", count=count)


class UnsavedScreen(BaseModal[bool]):
    BINDINGS = [
        Binding("r", "retry", show=False),
        Binding("e", "elsewhere", show=False),
        Binding("y", "answer(True)", show=False),
        Binding("n,escape", "answer(False)", show=False),
    ]

    DEFAULT_CSS = """
    UnsavedScreen { align: center middle; }
    UnsavedScreen > Vertical { width: 72; height: auto; border: round $error; padding: 0 1; background: $panel; }
    UnsavedScreen #unsaved-question { margin-bottom: 1; }
    UnsavedScreen Horizontal { height: auto; }
    UnsavedScreen Button { margin: 0 1 0 0; min-width: 10; }
    UnsavedScreen Input { display: none; margin-top: 1; }
    UnsavedScreen Input.shown { display: block; }
    UnsavedScreen MessageLine { height: auto; }
    """

    def __init__(self, session: Session, quitting: bool = False) -> None:
        super().__init__()
        self.session = session
        self.quitting = quitting

    def compose(self) -> ComposeResult:
        key = yes_key()
        if self.quitting:
            ask = _("Quit anyway and lose what is not saved, try to save again, or save the game in another folder?")
            go = _("Quit ({key})", key=key)
        else:
            ask = _("Leave anyway and lose what is not saved, try to save again, or save the game in another "
                    "folder?")
            go = _("Leave ({key})", key=key)
        with Vertical():
            yield Static(Text(unsaved_sentence(self.session) + " " + ask), id="unsaved-question")
            with Horizontal():
                yield Button(_("Try again (r)"), id="retry", variant="primary")
                yield Button(_("Elsewhere (e)"), id="elsewhere")
                yield Button(go, id="go", variant="error")
                yield Button(_("Stay (n)"), id="stay")
            yield Input(str(self.suggestion()), id="unsaved-path")
            yield MessageLine(id="unsaved-message")

    def suggestion(self) -> Path:
        name = self.session.path.name if self.session.path is not None else "game.json"
        return Path.home() / name

    def on_mount(self) -> None:
        self.query_one("#retry", Button).focus()

    def message(self, text: str, error: bool = True) -> None:
        self.query_one(MessageLine).show(text, error)

    @property
    def last_message(self) -> str:
        return self.query_one(MessageLine).text

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = event.button.id
        if choice == "retry":
            self.action_retry()
        elif choice == "elsewhere":
            self.action_elsewhere()
        else:
            self.dismiss(choice == "go")

    def action_answer(self, go: bool) -> None:
        self.dismiss(go)

    def on_key(self, event: events.Key) -> None:
        if answers_yes(event, yes_key()) and not isinstance(self.focused, Input):
            event.stop()
            self.dismiss(True)

    def action_retry(self) -> None:
        try:
            self.session.save()
        except OSError as exc:
            self.message(_("It still cannot be saved ({reason}).", reason=os_reason(exc)))
            return
        self.dismiss(True)

    def action_elsewhere(self) -> None:
        field = self.query_one(Input)
        field.add_class("shown")
        field.focus()
        self.message(_("Type the file to save the game to, then press Enter (Escape goes back to the game)."),
                     error=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.message(_("Type a file name, such as {example}.", example=self.suggestion()))
            return
        path = Path(text).expanduser()
        if path.is_dir():
            path = path / self.suggestion().name
        try:
            saved = self.session.save_as(path)
        except OSError as exc:
            self.message(_("The game could not be saved there either ({reason}).", reason=os_reason(exc)))
            return
        self.app.notify(_("The game is saved as {file}; it goes on saving there.", file=str(saved)), markup=False)
        self.dismiss(True)
