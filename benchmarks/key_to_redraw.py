"""Time from a key press to the redrawn board of a game (Sintra, 4 players, by default), at 80x24 and 120x40.

Runs the real app headless (see redraw_timer.py for what is timed). In the same
run, at each size, a bare Textual app whose one Static changes text at every key
is timed the same way: the ratio of the two medians is the figure to compare
across machines. Pilot's own settle waits are not in the figure.

    python benchmarks/key_to_redraw.py [--presses N] [--size 80x24 --size 120x40]
    python benchmarks/key_to_redraw.py --game bluemoon --players 4 --option expansion=true
    python benchmarks/key_to_redraw.py --game lemuria --players 4 --option impact=true
    python benchmarks/key_to_redraw.py --game abovebelow --players 4

Target: ratio to the bare app of 3 or less.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass

from quick import quick_args
from redraw_timer import FrameClock, bare_key_timings, median_ms
from spread import machine

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp

NAMES = ("Ana", "Bia", "Caio", "Duda")


def sintra_busy(session: Session) -> None:
    """A board with glass on many strips: 40 moves, each placing on the rightmost strip it may."""
    for _ in range(40):
        session.apply(session.state.legal_actions()[-1 if session.state.phase == "place" else 0])


def random_busy(plies: int, phase: str) -> Callable[[Session], None]:
    """Random moves for ``plies`` plies, then on until the first seat (the only human) is in ``phase``."""

    def advance(session: Session) -> None:
        bot = make_bot("random", session.game, session.record.seed)
        ply = 0
        state = session.state
        while ply < plies or state.current_player != 0 or state.phase != phase:
            session.apply(bot.choose(state, ply))
            state = session.state
            ply += 1

    return advance


@dataclass(frozen=True)
class Bench:
    #: cursor keys that redraw the board without making a move
    keys: tuple[str, ...]
    advance: Callable[[Session], None]


BENCHES = {
    # the take phase: displays, colours, and Tab in and out of inspecting strips
    "sintra": Bench(("right", "right", "down", "left", "up", "left", "tab", "right", "tab"), sintra_busy),
    # the move phase: the cursor over the city, Tab into the hand, along it and back
    "bluemoon": Bench(("right", "right", "down", "left", "up", "left", "tab", "right", "left", "tab"),
                      random_busy(400, "move")),
    # a turn in month 5 or so: down the list of moves, then Tab to the hand, the altar and the trend line
    "lemuria": Bench(("down", "down", "up", "tab", "right", "tab", "down", "down", "tab", "down", "tab", "tab"),
                     random_busy(120, "turn")),
    # a turn in round 3 or so: down the list of moves, Tab to the rows (along and down them), the players, back
    "abovebelow": Bench(("down", "down", "up", "tab", "right", "down", "left", "tab", "down", "tab"),
                        random_busy(120, "turn")),
}


def busy_session(game_id: str, players: int, options: dict[str, str], seed: int) -> Session:
    """A game well under way, waiting for a human at the keyboard.

    Seats after the first are bots when the game hides hands, so no hand-off
    curtain comes between the presses; the presses never make a move, so the
    bots never get a turn.
    """
    game = get_game(game_id)
    bots = game.has_private_info
    seats = [Seat(name, "bot:random" if bots and i else "human") for i, name in enumerate(NAMES[:players])]
    session = Session.new(game, seats, options, seed=seed, store=default_store())
    BENCHES[game_id].advance(session)
    return session


async def measure(session: Session, keys: tuple[str, ...], size: tuple[int, int], presses: int) -> list[float]:
    app = BoardgamesApp(session=session, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        clock = FrameClock(app)
        return [await clock.time_key(app, keys[i % len(keys)]) for i in range(presses)]


def game_arguments(description: str) -> argparse.ArgumentParser:
    """The arguments every benchmark of a busy game takes (the game, its seats, options and seed)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--game", default="sintra", choices=sorted(BENCHES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, default=42)
    return parser


def game_setup(args: argparse.Namespace) -> dict[str, str]:
    """The options asked for; saves go to a fresh folder; the machine is printed first."""
    os.environ.setdefault("BOARDGAMES_HOME", tempfile.mkdtemp(prefix="bg-bench-"))
    print(f"machine: {machine()}")
    return dict(pair.split("=", 1) for pair in args.option)


def main() -> None:
    parser = game_arguments(__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=90)
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT (default: 80x24 and 120x40)")
    args = quick_args(parser, presses=3, size=["80x24"])
    options = game_setup(args)
    for size in [tuple(int(n) for n in text.split("x")) for text in args.size or ["80x24", "120x40"]]:
        session = busy_session(args.game, args.players, options, args.seed)
        bare = asyncio.run(bare_key_timings(size, args.presses))
        timings = sorted(asyncio.run(measure(session, BENCHES[args.game].keys, size, args.presses)))
        p90 = timings[int(len(timings) * 0.9)] * 1000
        print(f"{args.game}, {size[0]}x{size[1]}: key to redrawn board median {median_ms(timings):.1f} ms "
              f"(90th percentile {p90:.1f} ms); bare Textual app {median_ms(bare):.1f} ms; "
              f"ratio {median_ms(timings) / median_ms(bare):.1f} over {len(timings)} presses each")


if __name__ == "__main__":
    main()
