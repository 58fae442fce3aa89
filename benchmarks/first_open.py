"""Time to the first frame of each screen a player opens, the FIRST time in an app, as a ratio to a board key.

screen_open.py and stats_open.py time a screen opened again and again in one app; a player's first opening in a
new app is the one that builds everything (the screen's widgets, its text laid out, the modules it imports, the
language's number formats, the history's answers). So here each opening is the first in a fresh process: nothing
was built, imported or read before it. In that process the player waits ``--wait`` seconds after the first
screen shows (as a person does before a key), presses cursor keys on a busy board (the baseline, the keys and
game of key_to_redraw.py, the same clock), opens the screen once, timed to its first frame that shows it (and its
last settling frame, for the record), closes it and presses as many cursor keys again. The screens:

- help: ``?`` on the busy board; log: ``L`` there;
- results: the move that ends a game (Enter on the last decision, every move of which ends it), to the first frame
  of the results;
- lobby: ``t`` at the menu, with a few tables in the lobby; stats: ``s`` at the menu, with ``--games`` finished
  games in the history.

For the lobby and Statistics the busy board is a second app in the same process (the menu has no board).

    python benchmarks/first_open.py [--rounds 5] [--size 80x24 --size 120x40] [--only help ...] [--wait 1.0]

Target: every screen's first frame within 3 times the median key press redraw (median over rounds, each round
its own process; the ratio of each round is taken against the keys pressed in its own process).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from quick import quick_args
from spread import load_average, quartiles

SCREENS = ("help", "log", "results", "lobby", "stats")
#: cursor keys pressed on the board around the opening (their median is the round's baseline; an even number, so
#: the results' right and left keys bring the cursor back to the move it was on)
PRESSES = 10


def last_decision_session(seed: int):  # noqa: ANN201 - a Session, imported in the child only
    """A Sintra game of Ana and three random bots, played on until Ana's decision is the last of the game (each
    of her moves ends it)."""
    from boardgames.core.bots import make_bot
    from boardgames.core.record import Seat
    from boardgames.core.registry import get_game
    from boardgames.core.session import Session
    from boardgames.home import default_store

    game = get_game("sintra")
    for attempt in range(seed, seed + 200):
        session = Session.new(game, [Seat("Ana")] + [Seat(f"Bot {n}", "bot:random") for n in (1, 2, 3)],
                              seed=attempt, store=default_store())
        bot = make_bot("random", game, attempt)
        while not session.state.is_over:
            state = session.state
            legal = state.legal_actions()
            if state.current_player == 0 and all(ends(state, action) for action in legal):
                return session
            session.apply(bot.choose(state, len(session.record.actions)))
        session.close()
    raise SystemExit("no game found whose last decision is Ana's")


def ends(state, action) -> bool:  # noqa: ANN001 - a game's State and Action
    after = state.clone()
    after.apply(action)
    return bool(after.is_over)


async def child(screen: str, size: tuple[int, int], wait: float, seed: int) -> dict[str, object]:
    """In this fresh process: the baseline keys, then the first opening of ``screen``."""
    from key_to_redraw import BENCHES, busy_session
    from redraw_timer import FrameClock
    from screen_open import help_shown, shown_as
    from stats_open import record_shown

    from boardgames.lobby.table import Player
    from boardgames.tui.app import BoardgamesApp
    from boardgames.tui.screens.fulllog import FullLogScreen
    from boardgames.tui.screens.gameover import GameOverScreen
    from boardgames.tui.screens.menu import MenuScreen
    from boardgames.tui.screens.tables import TablesScreen

    if screen == "results":
        board = BoardgamesApp(session=last_decision_session(seed), bot_delay=0)
        keys: tuple[str, ...] = ("right", "left")
    else:
        board = BoardgamesApp(session=busy_session("sintra", 4, {}, seed), bot_delay=0)
        keys = BENCHES["sintra"].keys
    opened, key, marked = board, {"help": "question_mark", "log": "L", "results": "enter"}.get(screen, ""), {
        "help": help_shown, "log": shown_as(FullLogScreen), "results": shown_as(GameOverScreen)}.get(screen)
    apps = [board]
    if screen in ("lobby", "stats"):
        player = Player("local:Ana", "Ana") if screen == "lobby" else None  # the tables: made by prepare_home
        opened = BoardgamesApp(player=player, bot_delay=0)
        key, marked = ("t", shown_as(TablesScreen)) if screen == "lobby" else ("s", record_shown)
        apps.append(opened)
    async with contextlib.AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(app.run_test(size=size)) for app in apps]
        for pilot in pilots:
            await pilot.pause()
        while opened is not board and not isinstance(opened.screen, MenuScreen):
            await pilots[-1].pause(0.05)
        await asyncio.sleep(wait)
        clock = FrameClock(board)
        # half the keys before the opening and half after it (closed again), so that work still going on in
        # the background before it (screens made ahead) would show in the keys too; the results' keys all come
        # before (a finished game's board redraws nothing)
        before = PRESSES if screen == "results" else PRESSES // 2
        presses = [await clock.time_key(board, keys[number % len(keys)]) for number in range(before)]
        timer = FrameClock(opened, marked=marked)
        first, last = await timer.time_key_frames(opened, key, opens=True)
        if not timer.marked:
            raise SystemExit(f"{screen} did not open (the screen is {type(opened.screen).__name__})")
        if screen != "results":
            await FrameClock(opened).time_key(opened, "escape")
            presses += [await clock.time_key(board, keys[number % len(keys)]) for number in range(before, PRESSES)]
    return {"first": first, "last": last, "presses": presses}


def one_round(screen: str, size: str, args: argparse.Namespace, home: str) -> dict[str, float]:
    env = dict(os.environ, BOARDGAMES_HOME=home)
    command = [sys.executable, __file__, "--child", screen, "--size", size, "--wait", str(args.wait),
               "--seed", str(args.seed)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode:
        raise SystemExit(f"{screen} at {size}: the measuring process failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def prepare_home(home: Path, games: int) -> None:
    """The data folder every round starts from: the lobby's tables and the history of ``games`` games (only the
    lobby's and the history's files; each round's saves are its own)."""
    os.environ["BOARDGAMES_HOME"] = str(home)
    from history_fill import fill
    from screen_open import lobby_with_tables

    from boardgames.home import default_history

    lobby_with_tables(5)
    fill(default_history(), games).close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="fresh processes per screen and size")
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT (default: 80x24 and 120x40)")
    parser.add_argument("--only", action="append", choices=SCREENS, help="only these screens (default: all)")
    parser.add_argument("--wait", type=float, default=1.0, help="seconds from the first screen to the first key")
    parser.add_argument("--games", type=int, default=10_000, help="finished games in the history")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--child", choices=SCREENS, help=argparse.SUPPRESS)
    # the tiny run: one screen of each way a child opens one (help on the board, the results from the last move,
    # Statistics from a second app's menu), each a process of its own (the log and the lobby open as help and
    # Statistics do, and screen_open.py --quick opens both, with the same keys); seed 49: the first game from 42
    # on whose last decision is Ana's (from 42, seven games are played to their ends first, each move saved)
    args = quick_args(parser, rounds=1, size=["80x24"], games=20, seed=49, only=["help", "results", "stats"])
    if args.child:
        width, height = (int(n) for n in args.size[0].split("x"))
        print(json.dumps(asyncio.run(child(args.child, (width, height), args.wait, args.seed))))
        return
    only = args.only or list(SCREENS)
    with tempfile.TemporaryDirectory(prefix="bg-first-") as folder:
        prepare_home(Path(folder), args.games)
        print(f"load average {load_average():.2f} before; {args.games} games in the history; each opening the "
              f"first in a fresh process, {args.wait:.1f} s after its first screen")
        for size in args.size or ["80x24", "120x40"]:
            print(f"{size} (medians of {args.rounds} processes; the key: {PRESSES} cursor keys on a Sintra board "
                  f"in the same process):")
            for screen in only:
                rounds = [one_round(screen, size, args, folder) for _ in range(args.rounds)]
                keys = [statistics.median(r["presses"]) for r in rounds]  # type: ignore[arg-type]
                ratios = [r["first"] / key for r, key in zip(rounds, keys)]  # type: ignore[operator]
                first = statistics.median(r["first"] for r in rounds) * 1000  # type: ignore[misc]
                last = statistics.median(r["last"] for r in rounds) * 1000  # type: ignore[misc]
                low, high = quartiles(ratios)
                print(f"  {screen:8} first frame {first:6.1f} ms, ratio {statistics.median(ratios):4.1f} (target 3 "
                      f"or less; middle half {low:.1f} to {high:.1f}); key {statistics.median(keys) * 1000:.1f} ms; "
                      f"last settling frame {last:.1f} ms")
        print(f"load average {load_average():.2f} after")


if __name__ == "__main__":
    main()
