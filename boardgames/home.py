"""Where saves go when the command line does not say: BOARDGAMES_HOME, else the per-user data folder.

The only place that reads the environment for saves; core is given a SaveStore.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from boardgames.core.saves import SaveStore

if TYPE_CHECKING:
    from boardgames.lobby.store import Lobby
    from boardgames.lobby.table import Player


def default_home() -> Path:
    override = os.environ.get("BOARDGAMES_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("boardgames", appauthor=False))


def default_store() -> SaveStore:
    return SaveStore(default_home() / "saves")


def default_serve_root() -> Path:
    """The folder of ``boardgames serve``: its players, tables and shared history."""
    return default_home() / "serve"


def default_history() -> Path:
    """The history of finished games: ``BOARDGAMES_HISTORY`` (a server gives its sessions one shared file), else
    ``history.sqlite3`` in the data folder."""
    override = os.environ.get("BOARDGAMES_HISTORY")
    return Path(override) if override else default_home() / "history.sqlite3"


def default_lobby() -> Lobby:
    """The folder of shared tables: ``BOARDGAMES_TABLES`` (the server's, for its connections), else the data
    folder's ``tables``; ``BOARDGAMES_SEAT_HOLD`` (seconds) is how long a dropped seat is held."""
    from boardgames.lobby.store import Lobby
    from boardgames.lobby.table import DEFAULT_HOLD

    folder = os.environ.get("BOARDGAMES_TABLES")
    try:
        hold = float(os.environ.get("BOARDGAMES_SEAT_HOLD", DEFAULT_HOLD))
    except ValueError:
        hold = DEFAULT_HOLD
    return Lobby(Path(folder) if folder else default_home() / "tables", hold=max(0.0, min(hold, 86_400.0)))


def served_player() -> Player | None:
    """Who the server let in (``BOARDGAMES_PLAYER``: their id, ``BOARDGAMES_PLAYER_NAME``: their name,
    ``BOARDGAMES_PLAYER_ADDRESS``: where they connect from); None at a local terminal, where the lobby asks for a
    name."""
    from boardgames.lobby.table import Player

    player_id, name = os.environ.get("BOARDGAMES_PLAYER"), os.environ.get("BOARDGAMES_PLAYER_NAME")
    if not player_id or not name:
        return None
    return Player(player_id, name, os.environ.get("BOARDGAMES_PLAYER_ADDRESS", "")[:100])
