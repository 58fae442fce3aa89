"""Each player's chosen language, remembered in the data folder (``languages.json``: player -> code).

The player is the server's identity over SSH (``BOARDGAMES_PLAYER``) and ``""`` at a local terminal. A choice
made in the menu or at the SSH name prompt beats the environment's LANG the next time.
"""

from __future__ import annotations

import json
from pathlib import Path

from boardgames.core.record import atomic_write
from boardgames.i18n import LANGUAGES

FILE = "languages.json"
#: the most players the file keeps (a hostile server client cannot grow it without bound)
MOST = 10_000


def _path(home: Path) -> Path:
    return home / FILE


def _read(home: Path) -> dict[str, str]:
    try:
        data = json.loads(_path(home).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or damaged: every player starts from the environment again
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str) and v in LANGUAGES}


def remembered(home: Path, player: str = "") -> str | None:
    """The language ``player`` chose last, if any."""
    return _read(home).get(player)


def remember(home: Path, language: str, player: str = "") -> bool:
    """Keep ``player``'s choice; False (and nothing changed) if the data folder cannot be written."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    data = _read(home)
    data.pop(player, None)
    data[player] = language
    while len(data) > MOST:
        data.pop(next(iter(data)))
    try:
        atomic_write(_path(home), json.dumps(data, ensure_ascii=False))
    except OSError:
        return False
    return True
