"""Hidden information at a shared keyboard: a human's hand and crystals show only while that human decides.

Guards the defect where the board kept ``view(keyboard_seat)`` through a bot's
turn, so the last human's hand stayed on screen until the next curtain.
"""

from __future__ import annotations

import pytest

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.rng import Rng
from boardgames.core.session import Session
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, lift_curtain, sized, wait_until
from .screen_text import screen_text

BLUEMOON = get_game("bluemoon")
NAMES = ("Ana", "Bia", "Caio")
#: moves a game plays: each seating reaches its hand-offs (human to bot, bot to human, human to human) within the
#: first turns; the long run plays 120
MOVES = sized(40, 120)


def deciding_seat(app, session: Session) -> int | None:
    """The human seat deciding at the keyboard now, or None."""
    screen = app.screen
    if not isinstance(screen, GameScreen) or not screen.board.interactive or session.state.is_over:
        return None
    return screen.board.seat


def check_secrets(app, session: Session) -> None:
    """No human's hand or crystal total is on screen unless that human is deciding now."""
    state = session.state
    allowed = deciding_seat(app, session)
    text = screen_text(app)
    for seat, info in enumerate(session.record.seats):
        if info.is_bot or seat == allowed:
            continue
        player = state.players[seat]
        hand = " ".join(state.view(seat)["players"][seat]["hand"])
        shown = f"Crystals {player.crystals}, hand: {hand}"
        assert shown.rstrip() not in text, f"{info.name}'s hand is on screen ({shown!r})"
        if isinstance(app.screen, GameScreen):
            entry = app.screen.board.view["players"][seat]
            assert entry["hand"] is None and entry["crystals"] is None, f"{info.name}'s secrets reach the board"
    if allowed is None:
        assert "Crystals" not in text


@pytest.mark.parametrize(("kinds", "seed"), [
    (("human", "human", "bot:greedy"), 921500),
    (("human", "bot:greedy", "human"), 17),
    (("bot:greedy", "human", "human"), 4242),
    (("human", "bot:greedy", "bot:greedy"), 77),  # a lone human's hand hides during bot turns too
])
async def test_no_other_humans_secrets_after_any_move(kinds, seed):
    seats = [Seat(name, kind) for name, kind in zip(NAMES, kinds)]
    session = Session.new(BLUEMOON, seats, {"expansion": "true"}, seed=seed, autosave=False)
    app = app_for(session, bot_delay=60)  # bots move only when the test says so
    rng = Rng(seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bot_moves = human_moves = 0
        while len(session.record.actions) < MOVES and not session.state.is_over:
            await pilot.pause()
            check_secrets(app, session)
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                await lift_curtain(pilot)
                continue
            assert isinstance(screen, GameScreen)
            if deciding_seat(app, session) is not None:
                legal = session.state.legal_actions()
                before = len(session.record.actions)
                screen.board.submit(rng.choice(legal))
                await wait_until(pilot, lambda n=before: len(session.record.actions) > n)
                human_moves += 1
            else:
                await wait_until(pilot, lambda s=screen: s._bot_timer is not None)
                before = len(session.record.actions)
                screen.bot_move()  # the pause is over: the move shows once its worker thread has found it
                await wait_until(pilot, lambda n=before: len(session.record.actions) > n)
                bot_moves += 1
        assert bot_moves and human_moves
        await pilot.pause()
        check_secrets(app, session)
