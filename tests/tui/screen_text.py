"""Read what the terminal shows: the text of the top screen as the compositor draws it."""

from __future__ import annotations


def screen_text(app) -> str:
    """Every character of the top screen, one line per terminal row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
