"""What the program does with the history as games end: one call each, never raising, so a damaged or busy
database costs the player a sentence, never the game (which is saved apart; a rebuild adds it later)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from boardgames.core.engine import Result
from boardgames.core.record import Record
from boardgames.history.identities import SERVED, served_identities
from boardgames.history.model import RatingChange
from boardgames.history.rebuild import Rebuilt, Source, bootstrap, is_new
from boardgames.history.store import BUSY, DAMAGED, Finished, History, HistoryError, ended_at
from boardgames.i18n import _

#: how long a game's end waits for another process holding the history (seconds): writes take milliseconds, so
#: a longer hold is a program keeping it open, and the results are not kept waiting for it
END_OF_GAME_WAIT = 2.0


def remember(path: Path, record: Record, result: Result, save: str, player_id: str | None = None,
             player_name: str = "", owners: Sequence[str | None] | None = None,
             sources: Sequence[Source] = ()) -> tuple[list[RatingChange], str]:
    """Add a game just finished to the history at ``path``: its seats' ratings before and after, and "" — or no
    ratings and the sentence that says why the history could not take it. A history deleted or emptied since the
    program started is a first start: the finished saves in ``sources`` (this game's among them) are read in
    first, so the statistics go on from where the saves are."""
    identities = served_identities(record.seats, player_id, player_name, owners)
    try:
        if sources and is_new(path):
            bootstrap(path, sources)
        with History.open(path, timeout=END_OF_GAME_WAIT) as history:
            return history.add(Finished(record, result, save, ended_at(record, datetime.now(UTC)), identities)), ""
    except HistoryError as exc:
        return [], not_added(exc, player_id is not None and player_id.startswith(SERVED))
    except OSError as exc:  # the saves could not be read in
        return [], not_recorded(exc.strerror or exc)


def not_added(exc: HistoryError, served: bool) -> str:
    """Why a game just finished is not in the statistics, and what counts it later: the player has nothing to try
    again (the game is over), and over SSH the history is the server's, made again by whoever keeps it."""
    if exc.kind == BUSY and served:
        return _("This game is saved, but another session held the server's history of finished games too long, so "
                 "its result is not in your statistics yet; it is counted when the server's keeper makes the history "
                 "again from the saves.")
    if exc.kind == BUSY:
        return _("This game is saved, but another program held the history of finished games too long, so its "
                 "result is not in your statistics yet; 'boardgames stats --rebuild' counts it from the saves.")
    if exc.kind == DAMAGED and served:
        return _("This game is saved, but the server's history of finished games is damaged, so its result is not "
                 "in your statistics; the server's keeper can make the history again from the saves, this game "
                 "included.")
    if exc.kind == DAMAGED:
        return _("This game is saved, but the history of finished games is damaged, so its result is not in your "
                 "statistics; 'boardgames stats --rebuild' makes the history again from the saves, this game "
                 "included.")
    return not_recorded(exc)


def not_recorded(reason: object) -> str:
    return _("This game is saved, but its result could not be added to your statistics: {reason}", reason=reason)


def first_start(path: Path, saves: Path) -> Rebuilt | None:
    """With no history yet (or an empty file), make it from the finished saves in ``saves``, every seat by its
    name (a local terminal's: a server makes its own from its players' saves). None: it held something, or could
    not be made (the next rebuild will try again)."""
    if not is_new(path):
        return None
    try:
        return bootstrap(path, [Source(saves)])
    except (HistoryError, OSError):
        return None
