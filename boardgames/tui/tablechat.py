"""Writing in a table's chat from any screen of the table: a one-line dialog, then the line is sent (or the
reason it is not, such as sending too fast, is shown on the screen)."""

from __future__ import annotations

from boardgames.i18n import _
from boardgames.lobby import chat
from boardgames.lobby.table import TableError, TableSpec
from boardgames.tui.screens.askname import AskLineScreen
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.tablelink import TableLink


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

    def send(text: str | None) -> None:
        if not text:
            return
        try:
            chat.say(link.table, me.id, me.name, text, moves, origin=me.origin)
        except TableError as exc:
            screen.message(str(exc))
        except OSError as exc:
            screen.message(_("The message could not be sent: {reason}", reason=exc.strerror or exc))

    screen.app.push_screen(AskLineScreen(_("Message to the table ({most} characters at most; Enter sends, Esc "
                                           "gives up):", most=chat.MAX_LENGTH), chat.MAX_LENGTH), send)
