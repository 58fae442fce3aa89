"""Time from pressing H to the hint on screen, per game, at the default budget (about 0.7 s of search).

Runs the real app headless, every seat human at one keyboard. At each sample the game is moved on by random
moves (a few plies, then to the next decision at the keyboard; a curtain is lifted), H is pressed and the time to
the hint shown (the message line says it) is taken. In the same run, on the same positions, the bare search
(``Search.analyse`` with the same seconds, no sentence, no worker, no screen) is timed: the difference is what
the sentence, the worker thread and the screen add. Printed per game: median and 95th percentile of both.

    python benchmarks/hint_latency.py [--samples 20] [--games sintra,lemuria] [--seed 1] [--iterations N]

Target (issue 22): H to hint at most 1 s at the 95th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from quick import quick_args
from spread import machine

from boardgames.core.bots import make_bot
from boardgames.core.hints import HINT_SECONDS, sample
from boardgames.core.record import Seat
from boardgames.core.registry import all_games, get_game
from boardgames.core.search import Search
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.curtain import CURTAIN_KEY, CurtainScreen
from boardgames.tui.screens.game import GameScreen

NAMES = ("Ana", "Bia", "Caio", "Duda")
#: random plies between two samples
STRIDE = 5


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def wait(pilot, condition, timeout: float = 30.0) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the app did not answer")
        await pilot.pause(0.002)


async def at_decision(pilot, app: BoardgamesApp) -> GameScreen:
    await pilot.pause()
    if isinstance(app.screen, CurtainScreen):
        await pilot.press(CURTAIN_KEY)
        await wait(pilot, lambda: isinstance(app.screen, GameScreen))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def one_game(game_id: str, samples: int, seed: int, iterations: int | None) -> tuple[list[float], list[float]]:
    game = get_game(game_id)
    seats = [Seat(name, "human") for name in NAMES[:game.min_players]]
    session = Session.new(game, seats, {}, seed=seed, autosave=False, store=default_store())
    bot = make_bot("random", game, seed)
    search = Search(game, seed)
    app = BoardgamesApp(session=session, bot_delay=0)
    pressed: list[float] = []
    bare: list[float] = []
    ply = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(samples):
            screen = await at_decision(pilot, app)
            if session.state.is_over:
                break
            screen.hint_iterations = iterations  # None: the default budget, HINT_SECONDS of search
            seat = session.state.seat_to_move
            moves = len(session.record.actions)
            started = time.perf_counter()
            budget = {"iterations": iterations} if iterations is not None else {"seconds": HINT_SECONDS}
            bare_search = search.analyse(sample(session.state, seat, moves), seat, seed=moves, **budget)
            bare.append(time.perf_counter() - started)
            assert bare_search.moves
            last = screen.hinter.last
            started = time.perf_counter()
            await pilot.press("H")
            await wait(pilot, lambda screen=screen, last=last: screen.hinter.last is not last)
            pressed.append(time.perf_counter() - started)
            for _step in range(STRIDE):
                if session.state.is_over:
                    break
                session.apply(bot.choose(session.state, ply))
                ply += 1
            screen.after_change()
    return pressed, bare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--games", default=",".join(game.id for game in all_games()))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="search this many iterations, not the default budget")
    # the tiny run: a search of a few iterations (the default's 0.7 s, in the app's helper process and again
    # bare here, were most of its CPU seconds)
    args = quick_args(parser, samples=1, games="sintra", iterations=20)
    os.environ.setdefault("BOARDGAMES_HOME", tempfile.mkdtemp(prefix="hint-latency-"))
    print(machine())
    budget = f"{args.iterations} iterations" if args.iterations is not None else f"default budget: {HINT_SECONDS} s"
    print(f"{budget} of search; {args.samples} samples a game")
    print(f"{'game':<12} {'H to hint median':>17} {'p95':>7}   {'bare search median':>19} {'p95':>7}")
    for game_id in args.games.split(","):
        pressed, bare = asyncio.run(one_game(game_id, args.samples, args.seed, args.iterations))
        print(f"{game_id:<12} {1000 * statistics.median(pressed):>14.0f} ms {1000 * percentile(pressed, 0.95):>4.0f} ms"
              f"   {1000 * statistics.median(bare):>16.0f} ms {1000 * percentile(bare, 0.95):>4.0f} ms"
              f"   ({len(pressed)} hints)")


if __name__ == "__main__":
    main()
