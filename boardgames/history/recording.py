"""What the program does with the history as games end: one call each, never raising, so a damaged or busy
database costs the player a sentence, never the game (which is saved apart; a rebuild adds it later)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from boardgames.core.engine import Result
from boardgames.core.record import Record
from boardgames.history.identities import served_identities
from boardgames.history.model import RatingChange
from boardgames.history.rebuild import Rebuilt, Source, bootstrap
from boardgames.history.store import Finished, History, HistoryError, ended_at
from boardgames.i18n import _

#: how long a game's end waits for another process holding the history (seconds): writes take milliseconds, so
#: a longer hold is a program keeping it open, and the results are not kept waiting for it
END_OF_GAME_WAIT = 2.0


def remember(path: Path, record: Record, result: Result, save: str, player_id: str | None = None,
             player_name: str = "", owners: Sequence[str | None] | None = None) -> tuple[list[RatingChange], str]:
    """Add a game just finished to the history at ``path``: its seats' ratings before and after, and "" — or no
    ratings and the sentence that says why the history could not take it."""
    identities = served_identities(record.seats, player_id, player_name, owners)
    try:
        with History.open(path, timeout=END_OF_GAME_WAIT) as history:
            return history.add(Finished(record, result, save, ended_at(record, datetime.now(UTC)), identities)), ""
    except HistoryError as exc:
        return [], _("This game is saved, but its result could not be added to your statistics: {reason}",
                     reason=exc)


def first_start(path: Path, saves: Path) -> Rebuilt | None:
    """With no history yet, make it from the finished saves in ``saves``, every seat by its name (a local
    terminal's: a server makes its own from its players' saves). None: it existed, or could not be made (the next
    rebuild will try again)."""
    if path.exists():
        return None
    try:
        return bootstrap(path, [Source(saves)])
    except (HistoryError, OSError):
        return None
