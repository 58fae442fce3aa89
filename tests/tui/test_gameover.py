"""The results screen: not skipped by keys pressed before it appeared; whole sentences for one point."""

from __future__ import annotations

from boardgames.core.bots import make_bot
from boardgames.core.engine import Result
from boardgames.core.record import Seat
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.gameover import GameOverScreen, ranking_text

from .helpers import SINTRA, app_for, sintra_session, wait_until


def bot_to_end(seed: int):
    """A Sintra game of Ana against a greedy bot, stopped where the bot's next move ends the game (or None)."""
    session = sintra_session(names=("Ana", "Bot"), kinds=["human", "bot:greedy"], seed=seed, autosave=False)
    bot = make_bot("greedy", SINTRA, seed)
    while True:
        state = session.state
        action = bot.choose(state, len(session.record.actions))
        if state.current_player == 1:
            after = state.clone()
            after.apply(action)
            if after.is_over:
                return session
        session.apply(action)
        if session.state.is_over:
            return None


async def test_enter_that_hurries_the_last_bot_move_does_not_skip_the_results():
    """Guards: Enter both hurried the last bot move and dismissed the results before they could be read."""
    session = next(s for s in map(bot_to_end, range(1, 40)) if s is not None)
    app = app_for(session, bot_delay=30)  # the bot waits for a key
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen._bot_timer is not None
        await pilot.press("enter")  # hurries the bot: its move ends the game
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("enter", "enter")  # pressed on the way, as the results come up
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await wait_until(pilot, lambda: app.screen.ready)
        await pilot.press("v")  # a key pressed once the results are up works
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_keys_queued_before_the_results_are_ignored():
    session = next(s for s in map(bot_to_end, range(1, 40)) if s is not None)
    app = app_for(session, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        from textual import events

        early = events.Key("enter", None)  # pressed now, handled once the results are up
        screen.bot_move(whole_turn=True)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        GameOverScreen.GUARD, guard = 0.0, GameOverScreen.GUARD
        try:
            app.screen.post_message(early)
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            await pilot.press("v")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        finally:
            GameOverScreen.GUARD = guard


def test_one_point_is_a_point():
    """Guards: "wins with 1 points"."""
    seats = [Seat("Ana"), Seat("Bia")]
    result = Result([1, -1], [{"Windows": 1}, {"Windows": -1}], [1, 2])
    text = ranking_text(result, seats).plain
    assert "Ana wins with 1 point." in text
    assert "Ana: 1 point\n" in text + "\n" and "Bia: -1 point\n" in text + "\n"
    offerings = ranking_text(Result([1, 0], [{"Offerings": 1}, {"Offerings": 0}], [1, 2], unit="offerings"),
                             seats).plain
    assert "Ana wins with 1 offering." in offerings and "Bia: 0 offerings" in offerings
