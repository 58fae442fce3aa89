"""The window sizes a game is drawn for, over SSH and in a browser alike."""

from __future__ import annotations

#: the largest window a game is drawn for: more than a screen shows, far less than a client may claim
#: (10000x10000 once made a game process take 806 MiB; past 65535 a pty cannot even be told the size)
MAX_COLS, MAX_ROWS = 500, 200


def clamp(width: object, height: object, default: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """A size a client asked for, within 1..MAX; anything that is not a whole number gives ``default``."""
    if not (isinstance(width, int) and isinstance(height, int)) or isinstance(width, bool) or \
            isinstance(height, bool):
        return default
    return max(1, min(width, MAX_COLS)), max(1, min(height, MAX_ROWS))
