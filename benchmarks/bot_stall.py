"""How long the screen stops answering while bots think, and how long one greedy decision takes.

    python benchmarks/bot_stall.py [--seed N] [--games N] [--moves N] [--samples N] [--bot KIND [--in-thread]]

Games are seeded from ``--seed`` on; the figures are over all of them.

1. Decisions: a 4-player Blue Moon City game with the expansion, all greedy
   bots, played to the end without the screen; each decision is timed (max and
   median).
2. Stalls: the same game on the game screen (headless, 80x24), seat 1 a human
   who plays a random legal move at once, seats 2-4 greedy bots with no pause.
   A ticker on the app's event loop asks to wake every 10 ms; how late it wakes
   is how long the loop could not answer a key. The figures are over the ticks
   that start during bot turns. Every move redraws the board, so the longest
   stall is at least one redraw (see key_to_redraw.py): the same figures over
   the human's turns (a move and its redraw, no bot) are the yardstick. Also
   counted: the bot decisions thought on the UI loop's own thread (each one a
   stall of its length on top of the redraw) and the longest of them.

``--bot search:200`` (or ``search``) puts search bots in the three bot seats of part 2 (part 1 stays greedy):
their searches run in the app's helper process (boardgames/thinking.py), or with ``--in-thread`` in the worker
thread, as under a server.

``--samples`` makes the bots think harder (each card draw judged over more
futures than the game's own ``greedy_samples``), to see whether the stalls grow
with the thinking.

Target: no stall during bot turns much longer than a frame (the bots think
in a worker thread, so the loop keeps running while they do).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import threading
import time

from quick import quick_args
from spread import machine

from boardgames import thinking
from boardgames.core.bots import GreedyBot, make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.rng import Rng
from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp

TICK = 0.010
OPTIONS = {"expansion": "true"}


def decision_times(seed: int, decisions: int | None = None) -> list[float]:
    """Seconds per decision of an all-greedy 4-player game, played to the end (or its first ``decisions``)."""
    game = get_game("bluemoon")
    state = game.new_state(["A", "B", "C", "D"], OPTIONS, seed)
    bots = [make_bot("greedy", game, seed) for _ in range(4)]
    times = []
    ply = 0
    while not state.is_over and (decisions is None or ply < decisions):
        started = time.perf_counter()
        action = bots[state.current_player].choose(state, ply)
        times.append(time.perf_counter() - started)
        state.apply(action)
        ply += 1
    return times


ON_LOOP: list[float] = []  # seconds of each greedy decision made on the main (UI loop) thread


def _timed_choose(choose):
    def timed(self, state, ply):
        started = time.perf_counter()
        try:
            return choose(self, state, ply)
        finally:
            if threading.current_thread() is threading.main_thread():
                ON_LOOP.append(time.perf_counter() - started)
    return timed


async def stalls(seed: int, moves: int, bot: str = "greedy") -> tuple[list[float], list[float], int]:
    """Lateness (seconds) of each 10 ms tick started during a bot turn, during a human turn, and the moves played."""
    game = get_game("bluemoon")
    seats = [Seat("Ana", "human")] + [Seat(name, f"bot:{bot}") for name in ("Bo", "Cy", "Di")]
    session = Session.new(game, seats, OPTIONS, seed=seed, autosave=False)
    app = BoardgamesApp(session=session, bot_delay=0)
    rng = Rng(seed)
    late: list[float] = []
    human: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        running = True

        async def ticker() -> None:
            while running:
                seat = session.current_seat
                bots_turn = seat is not None and seat.is_bot
                started = time.perf_counter()
                await asyncio.sleep(TICK)
                (late if bots_turn else human).append(time.perf_counter() - started - TICK)

        task = asyncio.create_task(ticker())
        deadline = time.monotonic() + 600
        while len(session.record.actions) < moves and not session.state.is_over and time.monotonic() < deadline:
            seat = session.current_seat
            screen = app.screen
            if seat is not None and not seat.is_bot and getattr(screen, "session", None) is session:
                before = len(session.record.actions)
                screen.board.submit(rng.choice(session.state.legal_actions()))
                while len(session.record.actions) == before and time.monotonic() < deadline:
                    await asyncio.sleep(0.005)
            else:
                await asyncio.sleep(0.005)
        running = False
        await task
    return late, human, len(session.record.actions)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=400, help="stop the screen game after this many moves")
    parser.add_argument("--samples", type=int, default=None, help="futures per card draw (the game's own by default)")
    parser.add_argument("--bot", default="greedy", help="the bots of the screen game: greedy, search or search:N")
    parser.add_argument("--in-thread", action="store_true", help="search bots think in the worker thread")
    parser.add_argument("--decisions", type=int, default=None, help="time only this many decisions a game")
    args = quick_args(parser, games=1, moves=40, decisions=20)
    if args.in_thread:
        thinking.uses_processes = lambda: False
    game = get_game("bluemoon")
    if args.samples is not None:
        game.greedy_samples = args.samples  # the bots of both parts are made after this
    print(f"Machine: {machine()}")
    print(f"Greedy bots: depth {game.greedy_depth}, {game.greedy_samples} samples per card draw")
    seeds = range(args.seed, args.seed + args.games)
    times = [t for seed in seeds for t in decision_times(seed, args.decisions)]
    print(f"Greedy decisions, Blue Moon City, 4 players, expansion, seeds {seeds.start}-{seeds.stop - 1}: "
          f"{len(times)} decisions, max {ms(max(times))}, median {ms(statistics.median(times))}")
    late, human, played = [], [], 0
    GreedyBot.choose = _timed_choose(GreedyBot.choose)
    for seed in seeds:
        more, more_human, moves = asyncio.run(stalls(seed, args.moves, args.bot))
        late += more
        human += more_human
        played += moves
    where = " in the worker thread" if args.in_thread else ""
    print(f"UI loop, {played} moves, 1 human + 3 {args.bot} bots{where}, ticks of {TICK * 1000:.0f} ms; "
          f"load average {os.getloadavg()[0]:.1f}:")
    for name, ticks in (("bot turns", late), ("human turns", human)):
        if not ticks:
            print(f"  {name}: none in {played} moves")
            continue
        ticks.sort()
        print(f"  {name}: {len(ticks)} ticks, longest stall {ms(ticks[-1])}, "
              f"99th percentile {ms(ticks[int(len(ticks) * 0.99)])}, median {ms(statistics.median(ticks))}")
    longest = f", the longest {ms(max(ON_LOOP))}" if ON_LOOP else ""
    print(f"  bot decisions thought on the UI loop's thread: {len(ON_LOOP)}{longest}")


if __name__ == "__main__":
    main()
