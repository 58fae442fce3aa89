"""What a player's log-related actions cost early and late in a long game: the ratio must stay near 1.

A 4-player Blue Moon City game with the expansion, two humans at one keyboard
(Ana and Bia, so a hand-off curtain comes between them) and two random bots,
played by random moves up to move 100 and up to move 2,500. At each, timed from
the action to the last frame it causes (headless, 80x24):

- a turn change, both ways: the curtain going up, and its key (g) lifting it;
- an undo (a move of the human that reveals nothing, made and taken back);
- ``L`` (the whole log), and Escape back.

A bare Textual app's key is timed in the same run, interleaved, as the yardstick.

    python benchmarks/log_cost.py [--early 100] [--late 2500] [--repeats 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from quick import quick_args
from redraw_timer import BareApp, FrameClock
from spread import machine

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.curtain import CURTAIN_KEY, CurtainScreen
from boardgames.tui.screens.game import GameScreen


def game_at(moves: int, seed: int) -> Session:
    """A game past ``moves`` moves, Ana (a human) to decide."""
    game = get_game("bluemoon")
    seats = [Seat("Ana", "human"), Seat("Bia", "human"), Seat("Caio", "bot:random"), Seat("Duda", "bot:random")]
    session = Session.new(game, seats, {"expansion": "true"}, seed=seed, autosave=False)
    bot = make_bot("random", game, seed)
    while len(session.record.actions) < moves or session.state.current_player != 0:
        if session.state.is_over:
            raise SystemExit(f"seed {seed}: the game ended at move {len(session.record.actions)}")
        session.apply(bot.choose(session.state, len(session.record.actions)))
    return session


def quiet_move(session: Session):  # noqa: ANN201 - an Action
    """A legal move of the player deciding now that reveals nothing and keeps the turn (so it can be undone)."""
    state = session.state
    for action in state.legal_actions():
        after = state.clone()
        calls, reveals = after.rng.calls, after.reveals
        after.apply(action)
        if (after.rng.calls, after.reveals, after.current_player, after.turn) == (calls, reveals,
                                                                                   state.current_player, state.turn):
            return action
    return None


async def settle(clock: FrameClock, started: float) -> float:
    """Seconds from ``started`` to the last frame, once no frame has come for a while."""
    while True:
        seen = len(clock.frames)
        await asyncio.sleep(0.05)
        if clock.frames and len(clock.frames) == seen:
            return clock.frames[-1] - started
        if not clock.frames and time.perf_counter() - started > 2:
            return float("nan")


async def measure(session: Session, repeats: int) -> dict[str, list[float]]:
    app = BoardgamesApp(session=session, bot_delay=3600)
    bare = BareApp()
    times: dict[str, list[float]] = {"curtain up": [], "curtain lifted": [], "undo": [], "L": [], "bare": []}
    async with bare.run_test(size=(80, 24)) as bare_pilot, app.run_test(size=(80, 24)) as pilot:
        await bare_pilot.pause()
        await pilot.pause()
        for _ in range(50):  # the curtain for Ana, lifted by its key once it takes keys (a moment after it is up)
            if not isinstance(app.screen, CurtainScreen):
                break
            await pilot.press(CURTAIN_KEY)
            await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, GameScreen), screen
        clock, bare_clock = FrameClock(app), FrameClock(bare)
        for _ in range(repeats):
            times["bare"].append(await bare_clock.time_key(bare, "a"))
            # a turn change: the curtain goes up for Ana as if Bia had just played, then its key lifts it
            clock.frames.clear()
            screen.keyboard_seat = 1
            started = time.perf_counter()
            screen.after_change()
            times["curtain up"].append(await settle(clock, started))
            times["curtain lifted"].append(await clock.time_key(app, CURTAIN_KEY))
            times["bare"].append(await bare_clock.time_key(bare, "a"))
            action = quiet_move(session)
            if action is not None:
                screen.board.submit(action)
                await pilot.pause()
                if session.can_undo():
                    times["undo"].append(await clock.time_key(app, "u"))
            times["L"].append(await clock.time_key(app, "L"))
            await pilot.press("escape")
            await pilot.pause()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--early", type=int, default=100)
    parser.add_argument("--late", type=int, default=2500)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = quick_args(parser, early=5, late=30, repeats=1)
    os.environ.setdefault("BOARDGAMES_HOME", tempfile.mkdtemp(prefix="bg-bench-"))
    print(f"machine: {machine()}")
    results = {}
    for moves in (args.early, args.late):
        session = game_at(moves, args.seed)
        results[moves] = asyncio.run(measure(session, args.repeats)), len(session.record.actions)
    (early, at_early), (late, at_late) = results[args.early], results[args.late]
    for name in ("curtain up", "curtain lifted", "undo", "L"):
        if not early[name] or not late[name]:
            print(f"{name}: not measured (no move to undo)")
            continue
        a, b = statistics.median(early[name]) * 1000, statistics.median(late[name]) * 1000
        print(f"{name}: move {at_early} {a:.1f} ms, move {at_late} {b:.1f} ms, late/early {b / a:.2f}; "
              f"medians of {len(early[name])} and {len(late[name])}")
    bare_early, bare_late = statistics.median(early["bare"]) * 1000, statistics.median(late["bare"]) * 1000
    print(f"bare Textual app key, interleaved: {bare_early:.1f} ms (early run), {bare_late:.1f} ms (late run)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
