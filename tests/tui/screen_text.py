"""Read what the terminal shows: the text of the top screen as the compositor draws it."""

from __future__ import annotations


def screen_text(app) -> str:
    """Every character of the top screen, one line per terminal row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def seen_text(app) -> str:
    """Every character the terminal shows: the top screen, and the screens under it where it is see-through (a
    dialog over the board)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(strip.text for strip in line) for line in update.strips)
