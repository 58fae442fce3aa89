"""Writing in a table's chat from any screen of the table: a one-line dialog, then the line is sent (or the
reason it is not, such as sending too fast or the table held by another terminal, is shown on the screen); the
table's lock is never waited for on the event loop (tablechange.py)."""

from __future__ import annotations

from textual.widgets import Input

from boardgames.i18n import _
from boardgames.lobby import chat
from boardgames.lobby.table import TableBusy, TableSpec
from boardgames.tui.screens.askname import AskLineScreen
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.tablechange import change_table
from boardgames.tui.tablelink import TableLink
from boardgames.tui.widgets.message import MessageLine


def may_chat(link: TableLink, spec: TableSpec) -> str | None:
    """Why this terminal may not write in the chat (None: it may)."""
    if link.me is None:
        return _("Give your name in the lobby to write in the chat.")
    if (link.watching or not spec.seats_of(link.me.id)) and not spec.spectator_chat:
        return _("The table's maker lets spectators read the chat, not write in it.")
    return None


def ask_and_send(screen: BaseScreen, link: TableLink, spec: TableSpec, moves: int) -> None:
    problem = may_chat(link, spec)
    if problem:
        screen.message(problem)
        return
    me = link.me
    assert me is not None

    def send(text: str) -> None:
        try:
            chat.say(link.table, me.id, me.name, text, moves, origin=me.origin, wait=0)
        except OSError as exc:
            screen.message(_("The message could not be sent: {reason}", reason=exc.strerror or exc))

    def busy(_exc: TableBusy) -> None:
        screen.message(_("The table is busy: another terminal has held it for a while, so your message was not sent; "
                         "try again in a moment."))

    def sent(text: str | None) -> None:
        if text:
            change_table(screen, lambda: send(text), busy)

    screen.app.push_screen(ChatLineScreen(), sent)


#: what the dialog's field takes: more than a message may hold, so a line too long is refused with a sentence
#: and stays there to be shortened, instead of being cut without a word
FIELD_LENGTH = 4 * chat.MAX_LENGTH


class ChatLineScreen(AskLineScreen):
    """A line for the table's chat, over the table's screen: one longer than a message may be says so as it is
    typed (or pasted), and Enter does not send it."""

    def __init__(self) -> None:
        super().__init__(_("Message to the table ({most} characters at most; Enter sends, Esc gives up):",
                           most=chat.MAX_LENGTH), FIELD_LENGTH)

    def problem(self, text: str) -> str | None:
        return chat.message_problem(text) if text else None  # Enter on an empty line gives up

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one(MessageLine).show(self.problem(" ".join(event.value.split())) or "")
