"""What the game screen's log shows, and to whom: whose lines, where the moves since a human's last turn begin,
and what the hand-off curtain repeats. ``keyboard_seat`` is the human seat whose view is on screen (None before
the first human turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from boardgames.core.session import Session
from boardgames.i18n import _
from boardgames.tui.screens.curtain import needs_curtain
from boardgames.tui.widgets.log import TAIL as LOG_TAIL
from boardgames.tui.widgets.log import LogPanel

if TYPE_CHECKING:
    from boardgames.tui.hinting import Hinter

#: the most log lines the hand-off curtain repeats (the newest ones)
CURTAIN_LINES = 12


def watching_seat(session: Session, keyboard_seat: int | None) -> int | None:
    """The seat whose view may stay on screen while no human decides here (a bot's turn, the end).

    None in a game with secrets: a seat's secrets are on screen only while that
    human decides at this keyboard, even when it is the only human (the project's
    rule; whoever else is in the room should not learn a hand from a bot's turn).
    """
    return None if session.game.has_private_info else keyboard_seat


def log_seat(session: Session, keyboard_seat: int | None) -> int | None:
    """Whose log is on screen: the human deciding at this keyboard reads their private lines,
    otherwise the log follows the board (the public log in a game with secrets)."""
    seats = session.record.seats
    player = session.state.current_player
    if player is None or seats[player].is_bot:
        return watching_seat(session, keyboard_seat)
    if needs_curtain(session.game.has_private_info, seats, keyboard_seat, player):
        return None
    return player


def summary_start(session: Session, keyboard_seat: int | None) -> int | None:
    """Where the moves since the last turn of the human deciding now begin in the log (None: no one decides
    here now, or nobody else has moved since)."""
    seats = session.record.seats
    player = session.state.current_player
    if player is None or seats[player].is_bot or log_seat(session, keyboard_seat) != player:
        return None
    since = session.since_last_turn(player)
    return since if since < len(session.steps) else None


def curtain_summary(session: Session, player: int) -> list[str]:
    """What the others did since ``player``'s last turn, as the whole table may read it (the curtain is seen
    by everyone in the room): the public lines."""
    return session.log_for(None, max(session.since_last_turn(player), len(session.steps) - CURTAIN_LINES))


def show_log(session: Session, keyboard_seat: int | None, panel: LogPanel, title: Static,
             hinter: Hinter | None = None) -> None:
    """The latest log lines for whoever reads them now, with the moves since a deciding human's last turn
    marked (and the hints taken, ``hinter``'s notes, after the moves they followed); the title makes room when
    the newest line needs it."""
    moves = len(session.steps)
    start = max(0, moves - LOG_TAIL)
    since = summary_start(session, keyboard_seat)
    lines = session.log_for(log_seat(session, keyboard_seat), start)
    mark = None if since is None else since - start
    if hinter is not None and hinter.notes:
        if mark is not None:
            mark += hinter.notes_before(start, mark)
        lines = hinter.merged(lines, start, [seat.name for seat in session.record.seats])
    panel.set_lines(lines, mark)
    if since is None:
        text = _("Log")
    else:
        text = _("Log: the others' moves since your last turn follow the mark.")
    if str(title.content) != text:
        title.update(text, layout=False)  # one row, whatever it says
    with_title = panel.size.height - (0 if title.display else 1)
    if panel.size.height and title.display != (panel.newest_rows <= with_title):
        title.display = panel.newest_rows <= with_title  # the newest line is read whole before the title
