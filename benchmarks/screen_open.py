"""Time to open each screen a player opens, as a ratio to a key press redraw on a board, all in one run.

The screens: help (``?`` on a busy board), the whole log (``L`` there), the results (Enter on the board of a
finished game) and the lobby of shared tables (``t`` at the menu, a few tables in it). Each is timed to the first
frame that shows it (what the player waits for) and, for the record, to the last frame it causes (Textual draws
a pushed screen a few times more as it settles). The baseline is a cursor key on the busy board (the keys and
games of ``key_to_redraw.py``, the same clock). Each round presses a board key, then opens each screen once and
closes it (not timed), so the machine's load falls on all alike. Statistics has its own, stats_open.py.

    python benchmarks/screen_open.py [--game sintra] [--rounds N] [--size 80x24] [--only help --only log ...]

Target: every screen shows in at most 3 times the median key press redraw.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
from collections.abc import Callable

from key_to_redraw import BENCHES, busy_session, game_arguments, game_setup
from quick import quick_args
from redraw_timer import FrameClock
from spread import load_average, paired_ratios, quartiles

from boardgames.core.session import Session
from boardgames.home import default_lobby
from boardgames.lobby.table import Player, TableSeat
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.gameover import GameOverScreen
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.tables import TablesScreen

SCREENS = ("help", "log", "results", "lobby")


def help_shown(app) -> bool:
    body = getattr(app.screen, "help_body", None)
    return body is not None and bool(body.lines)


def shown_as(kind: type) -> Callable[[BoardgamesApp], bool]:
    return lambda app: isinstance(app.screen, kind)


def finished_session(game_id: str, players: int, options: dict[str, str], seed: int) -> Session:
    """The busy game played to its end by random moves (its results open with Enter on the board)."""
    from boardgames.core.bots import make_bot

    session = busy_session(game_id, players, options, seed)
    bot = make_bot("random", session.game, seed)
    while not session.state.is_over:
        session.apply(bot.choose(session.state, len(session.record.actions)))
    return session


def lobby_with_tables(count: int) -> Player:
    """``count`` tables waiting for a second player in the data folder's lobby, each made by another player;
    the player at the measured terminal (who made none)."""
    from boardgames.core.registry import get_game

    lobby = default_lobby()
    game = get_game("sintra")
    for number in range(count):
        maker = Player(f"local:P{number}", f"P{number}")
        lobby.create(maker, game, [TableSeat(maker.name, owner=maker.id), TableSeat()], game.resolve_options({}),
                     seed=number + 1)
    return Player("local:Ana", "Ana")


async def open_timed(app: BoardgamesApp, clock: FrameClock, key: str, kind: str) -> tuple[float, float]:
    """Open a screen by ``key``, timed, and close it again (not timed): the results by ``v`` back to the final
    board once their guard against hurried keys is over, the others by Escape."""
    first, last = await clock.time_key_frames(app, key, opens=True)
    if not clock.marked:
        raise SystemExit(f"{kind} did not open (the screen is {type(app.screen).__name__})")
    if kind == "results":
        await asyncio.sleep(GameOverScreen.GUARD)
    await clock.time_key(app, "v" if kind == "results" else "escape")
    return first, last


async def measure(args, options: dict[str, str], size: tuple[int, int], only: tuple[str, ...]):
    """{screen: (first frames, last frames)} and the board key presses, in seconds."""
    busy = BoardgamesApp(session=busy_session(args.game, args.players, options, args.seed), bot_delay=0)
    over = BoardgamesApp(session=finished_session(args.game, args.players, options, args.seed), bot_delay=0)
    menu = BoardgamesApp(player=lobby_with_tables(args.tables), bot_delay=0)
    presses: list[float] = []
    opened: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in only}
    async with contextlib.AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(app.run_test(size=size)) for app in (busy, over, menu)]
        for pilot in pilots:
            await pilot.pause()
        while not isinstance(over.screen, GameOverScreen):  # the results open by themselves at the end
            await pilots[1].pause(0.05)
        await pilots[1].pause(GameOverScreen.GUARD + 0.1)
        await FrameClock(over).time_key(over, "v")  # to the final board, where Enter shows them again
        while not isinstance(menu.screen, MenuScreen):
            await pilots[2].pause(0.05)
        clocks = {"help": (busy, FrameClock(busy, marked=help_shown), "question_mark"),
                  "log": (busy, FrameClock(busy, marked=shown_as(FullLogScreen)), "L"),
                  "results": (over, FrameClock(over, marked=shown_as(GameOverScreen)), "enter"),
                  "lobby": (menu, FrameClock(menu, marked=shown_as(TablesScreen)), "t")}
        keys = BENCHES[args.game].keys
        for number in range(args.rounds):
            presses.append(await clocks["help"][1].time_key(busy, keys[number % len(keys)]))
            for name in only:
                app, clock, key = clocks[name]
                first, last = await open_timed(app, clock, key, name)
                opened[name][0].append(first)
                opened[name][1].append(last)
    return opened, presses


def main() -> None:
    parser = game_arguments(__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT (default: 80x24 and 120x40)")
    parser.add_argument("--only", action="append", choices=SCREENS, help="only these screens (default: all)")
    parser.add_argument("--tables", type=int, default=5, help="tables in the lobby")
    args = quick_args(parser, rounds=2, size=["80x24"])
    options = game_setup(args)
    only = tuple(args.only or SCREENS)
    print(f"load average {load_average():.2f} before")
    for text in args.size or ["80x24", "120x40"]:
        width, height = (int(n) for n in text.split("x"))
        opened, presses = asyncio.run(measure(args, options, (width, height), only))
        press = statistics.median(presses) * 1000
        print(f"{args.game}, {width}x{height}: a key press redraws the board in {press:.1f} ms "
              f"(median of {args.rounds})")
        for name in only:
            firsts, lasts = opened[name]
            first, last = (statistics.median(t) * 1000 for t in (firsts, lasts))
            low, high = quartiles(paired_ratios(firsts, presses))
            print(f"  {name:8} shows in {first:5.1f} ms: ratio {first / press:.1f} (target 3 or less; each against "
                  f"the key before it: middle half {low:.1f} to {high:.1f}); its last settling frame at "
                  f"{last:.1f} ms")
    print(f"load average {load_average():.2f} after")


if __name__ == "__main__":
    main()
