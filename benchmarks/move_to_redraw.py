"""Time from a key that makes a move to the first frame that shows it, for a game well under way.

The first seat is the human at the keyboard; the other seats are bots whose
replies are played outside the timing (the bot pause never ends by itself, and
the script applies their moves between samples). Candidate keys (Enter, then a
digit) are pressed in turn; a press that made a move is a sample, a press that
did not (a refused or cursor key) only moves the cursor on, and the sentence
saying why it was refused is cleared before the next try. A bare Textual app
is timed in the same run, interleaved sample by sample, and the ratio of the
medians is the figure.

    python benchmarks/move_to_redraw.py [--game sintra] [--moves 30] [--size 80x24]
    python benchmarks/move_to_redraw.py --game bluemoon --option expansion=true

Target: ratio to the bare app of 3 or less.
"""

from __future__ import annotations

import asyncio
import statistics

from key_to_redraw import BENCHES, NAMES, game_arguments, game_setup
from quick import quick_args
from redraw_timer import SETTLE, BareApp, FrameClock, median_ms
from spread import machine

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp

#: keys tried in turn until one makes a move: Enter uses the cursor, a digit picks a choice
MOVE_KEYS = ("enter", "1", "space", "2")


def busy_session(game_id: str, players: int, options: dict[str, str], seed: int) -> Session:
    """A game well under way (as in key_to_redraw.py), the first seat human and the others random bots."""
    game = get_game(game_id)
    seats = [Seat(name, "bot:random" if i else "human") for i, name in enumerate(NAMES[:players])]
    session = Session.new(game, seats, options, seed=seed, store=default_store())
    BENCHES[game_id].advance(session)
    return session


async def play_bots(app: BoardgamesApp, session: Session, pilot, stuck: bool) -> None:  # noqa: ANN001 - Pilot
    """Apply the bots' moves until the human's turn, redrawn once at the end (not timed); when no key
    made a move for a while (``stuck``), the human's move too."""
    bot = make_bot("random", session.game, session.record.seed)
    screen = app.screen
    moved = False
    while not session.state.is_over and (stuck or session.current_seat.is_bot):
        stuck = False
        screen.cancel_bot()
        session.apply(bot.choose(session.state, len(session.record.actions)))
        moved = True
    if moved:
        screen.after_change()
    await pilot.pause()


async def measure(game_id: str, session: Session, size: tuple[int, int], moves: int) -> tuple[list, list, list]:
    """(move timings, cursor timings, bare timings), in seconds."""
    app = BoardgamesApp(session=session, bot_delay=3600)
    bare = BareApp()
    cursor_keys = BENCHES[game_id].keys
    timed: list[float] = []
    cursor: list[float] = []
    baseline: list[float] = []
    async with bare.run_test(size=size) as bare_pilot, app.run_test(size=size) as pilot:
        await bare_pilot.pause()
        await pilot.pause()
        before = [len(session.record.actions)]
        clock = FrameClock(app, marked=lambda _app: len(session.record.actions) > before[0])
        bare_clock = FrameClock(bare)
        tries = failed = 0
        while len(timed) < moves and not session.state.is_over and tries < moves * 20:
            tries += 1
            await play_bots(app, session, pilot, failed >= 6)
            failed = 0 if failed >= 6 else failed
            if session.state.is_over:
                break
            if app.screen.prompt_bar.error:  # a refused key's sentence: a player would not see it before a move
                app.screen.message("")
                await pilot.pause()
            before[0] = len(session.record.actions)
            key = MOVE_KEYS[tries % len(MOVE_KEYS)]
            # as for the bare app's key, the last frame is a while ago: a key within a frame period (16.7 ms) of
            # a frame waits for Textual's next one, which the bots' redraw just above would otherwise add
            await asyncio.sleep(SETTLE)
            first, _last = await clock.time_key_frames(app, key)
            if len(session.record.actions) > before[0] and clock.marked:
                timed.append(first)
                baseline.append(await bare_clock.time_key(bare, "a"))
                failed = 0
            else:
                failed += 1
                seconds = await clock.time_key(app, cursor_keys[tries % len(cursor_keys)])
                if seconds:
                    cursor.append(seconds)
    return timed, cursor, baseline


def main() -> None:
    parser = game_arguments(__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--size", default="80x24")
    args = quick_args(parser, moves=2)
    options = game_setup(args)
    size = tuple(int(n) for n in args.size.split("x"))
    session = busy_session(args.game, args.players, options, args.seed)
    timed, cursor, bare = asyncio.run(measure(args.game, session, size, args.moves))
    if not timed:
        raise SystemExit("no key made a move")
    p90 = sorted(timed)[int(len(timed) * 0.9)] * 1000
    print(f"{machine()}")
    print(f"{args.game}, {size[0]}x{size[1]}: key to the first frame showing the move: "
          f"median {median_ms(timed):.1f} ms "
          f"(90th percentile {p90:.1f} ms, {len(timed)} moves); cursor keys median "
          f"{median_ms(cursor) if cursor else float('nan'):.1f} ms; bare Textual app {median_ms(bare):.1f} ms; "
          f"ratio {statistics.median(timed) / statistics.median(bare):.1f}")


if __name__ == "__main__":
    main()
