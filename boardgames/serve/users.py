"""Player names that are safe as folder names, and each player's own data folder.

A name is 1 to 32 of ``a-z``, ``0-9``, ``_`` and ``-``, starting with a letter or a digit, so it
can never be ``..``, hold a slash or reach outside the folder of players it is joined to.
"""

from __future__ import annotations

import re
from pathlib import Path

from boardgames.core.guests import reserved_for_guests
from boardgames.serve.speech import _

NAME_RULE = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


def is_safe_name(name: str) -> bool:
    return NAME_RULE.fullmatch(name) is not None


def is_player_name(name: str) -> bool:
    """A safe name that does not read as a guest's (core/guests.py): one a player may log in or register with."""
    return is_safe_name(name) and not reserved_for_guests(name)


def printable(name: str, limit: int = 40) -> str:
    """A name as the log may show it: unsafe characters escaped, so a name cannot forge a log line."""
    text = name if is_safe_name(name) else repr(name[:limit])
    return text[: limit + 2]


def player_folder(root: Path, name: str) -> Path:
    """``root/name``, refusing any name outside the safe set (checked again on the joined path)."""
    if not is_safe_name(name):
        raise ValueError(_("'{name}' is not a player name: names are 1 to 32 lower-case letters, digits, '-' or "
                           "'_', starting with a letter or a digit.", name=printable(name)))
    folder = root / name
    if folder.parent != root or folder.name != name:  # belt and braces: the rule already forbids it
        raise ValueError(_("A player name cannot name another folder."))
    return folder
