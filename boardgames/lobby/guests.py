"""Whether a served guest can still come back: a guest is its connection (a new one is a new guest), so once
that connection's game process has ended, the guest's seats are nobody's. The process holds a mark,
``.guests/<digest of its id>.lock`` in the lobby's folder, from the moment it opens the lobby; the kernel lets
go of it however the process ends, so a mark nobody holds means the guest is gone for good."""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from pathlib import Path

from boardgames.lobby import presence
from boardgames.lobby.table import Player

FOLDER = ".guests"
#: a mark nobody holds is removed once it is this old (a holder writes it as it takes it)
STALE = 60.0


def mark_path(lobby_folder: Path, player_id: str) -> Path:
    return lobby_folder / FOLDER / (hashlib.sha256(player_id.encode("utf-8")).hexdigest()[:32] + ".lock")


def arrive(lobby_folder: Path, player: Player) -> presence.Held | None:
    """Hold ``player``'s mark if they are a guest (None for anyone else, who can always come back)."""
    if not player.is_guest:
        return None
    path = mark_path(lobby_folder, player.id)
    path.parent.mkdir(parents=True, exist_ok=True)
    return presence.hold(path)


def gone(lobby_folder: Path, player_id: str) -> bool:
    """Whether ``player_id`` is a guest whose connection has ended."""
    return player_id.startswith("guest:") and not presence.is_held(mark_path(lobby_folder, player_id))


def sweep(lobby_folder: Path, now: float | None = None) -> None:
    """Remove the marks of guests gone a while ago (a mark just made is not yet held: it is left alone)."""
    now = time.time() if now is None else now
    with contextlib.suppress(OSError):
        for entry in os.scandir(lobby_folder / FOLDER):
            with contextlib.suppress(OSError):
                if now - entry.stat(follow_symlinks=False).st_mtime > STALE and not presence.is_held(Path(entry.path)):
                    os.unlink(entry.path)
