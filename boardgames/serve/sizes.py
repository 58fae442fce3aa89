"""The window sizes a game is drawn for, over SSH and in a browser alike."""

from __future__ import annotations

#: The largest window a game is drawn for, over SSH and in a browser tab: more than a screen shows (a 4K
#: screen, 3840x2160 pixels, at an 8x11-pixel cell, a font of about 13 px, shows 480x196 cells; every
#: game is laid out for 80x24), far less than a client may claim. Memory and frame size grow with the
#: cells: 10000x10000 once made a game process take 806 MiB and send a 301 MB frame; past 65535 a pty
#: cannot even be told the size.
MAX_COLS, MAX_ROWS = 500, 200


def clamp(width: object, height: object, default: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """A size a client asked for, within 1..MAX; anything that is not a whole number gives ``default``."""
    if not (isinstance(width, int) and isinstance(height, int)) or isinstance(width, bool) or \
            isinstance(height, bool):
        return default
    return max(1, min(width, MAX_COLS)), max(1, min(height, MAX_ROWS))
