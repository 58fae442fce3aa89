"""Helpers for the board tests: the text of the whole screen, and seeded positions to draw."""

from __future__ import annotations

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store

from .helpers import SINTRA, sintra_session

BLUEMOON = get_game("bluemoon")


def screen_text(app) -> str:
    """What the terminal shows now, as plain lines (the composed screen, dialogs included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def sintra_until(condition, names=("Ana", "Bia"), seed=1, side="A", kinds=None, limit=2000) -> Session:
    """A Sintra game played by greedy choices until ``condition(state)`` holds (or the game ends).

    ``condition`` may also be a number of moves to play.
    """
    session = sintra_session(names=names, seed=seed, side=side, kinds=kinds, autosave=False)
    bot = make_bot("greedy", SINTRA, seed)
    if isinstance(condition, int):
        moves = condition
        condition = lambda s: len(session.record.actions) >= moves  # noqa: E731
    for ply in range(limit):
        state = session.state
        if state.is_over or condition(state):
            return session
        session.apply(bot.choose(state, ply))
    raise AssertionError("the condition never held")


def bluemoon_session(names=("Ana", "Bia", "Caio"), kinds=None, seed=5, expansion=True, autosave=False) -> Session:
    """A Blue Moon City game: the first seat human, the others greedy bots unless ``kinds`` says otherwise."""
    kinds = kinds or ["human"] + ["bot:greedy"] * (len(names) - 1)
    seats = [Seat(name, kind) for name, kind in zip(names, kinds)]
    options = {"expansion": "true" if expansion else "false"}
    return Session.new(BLUEMOON, seats, options, seed=seed, autosave=autosave, store=default_store())


def bluemoon_until(condition, session: Session, limit=5000, bot="random") -> Session:
    """Play ``session`` by a bot's choices until ``condition(state)`` holds (or the game ends)."""
    player = make_bot(bot, BLUEMOON, session.record.seed)
    for ply in range(limit):
        state = session.state
        if state.is_over or condition(state):
            return session
        session.apply(player.choose(state, ply))
    raise AssertionError("the condition never held")
