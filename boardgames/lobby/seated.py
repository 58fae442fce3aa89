"""Which tables a player has a seat at, so the menu's "Back to your table" and the finished games handed to a
player read that player's tables, not the whole lobby: ``.seated/<digest of the player's id>/<table id>``, an
empty file written when the player takes a seat.

A mark only says where to look: the table's file is read to know, and a mark whose table is gone or no longer
has the player's seat is removed then. Tables made before the marks existed have none: the first look at a lobby
folder without ``.seated/built`` makes theirs from the table files (``Lobby.tables_of``), then writes it."""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

FOLDER = ".seated"
#: in FOLDER: every table's marks were made (the tables made before marks existed included)
BUILT = "built"


def _folder(lobby_folder: Path, player_id: str) -> Path:
    return lobby_folder / FOLDER / hashlib.sha256(player_id.encode("utf-8")).hexdigest()[:32]


def note(lobby_folder: Path, player_id: str, table_id: str) -> None:
    """Remember that ``player_id`` has a seat at ``table_id`` (a mark that cannot be written only costs the
    player their "Back to your table")."""
    folder = _folder(lobby_folder, player_id)
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        os.close(os.open(folder / table_id, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0),
                         0o600))


def tables_of(lobby_folder: Path, player_id: str) -> list[str]:
    """The ids of the tables ``player_id`` was seated at (some may be gone)."""
    try:
        return sorted(entry.name for entry in os.scandir(_folder(lobby_folder, player_id)))
    except OSError:
        return []


def forget(lobby_folder: Path, player_id: str, table_id: str) -> None:
    with contextlib.suppress(OSError):
        (_folder(lobby_folder, player_id) / table_id).unlink()


def built(lobby_folder: Path) -> bool:
    """Whether the marks of every table in ``lobby_folder`` were made (see :func:`mark_built`)."""
    return os.path.lexists(lobby_folder / FOLDER / BUILT)


def mark_built(lobby_folder: Path) -> None:
    """Remember that every table's marks were made (a mark that cannot be written only means they are made again)."""
    with contextlib.suppress(OSError):
        (lobby_folder / FOLDER).mkdir(parents=True, exist_ok=True)
        os.close(os.open(lobby_folder / FOLDER / BUILT, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC
                         | getattr(os, "O_NOFOLLOW", 0), 0o600))
