"""Time to open help (``?``) as a ratio to an ordinary key press redraw, both measured in the same run.

Uses the same busy game and the same clock as ``key_to_redraw.py``: a key event
goes through the driver as a terminal would send it. A cursor key is timed to
the last frame it causes; ``?`` is timed to the first frame that shows the help
text (what the player waits for) and, for the record, to the last frame it
causes (Textual draws a pushed screen two or three times more as it settles
its layout and focus, with the text already on screen). Help is closed with
Escape after each round (not timed).

    python benchmarks/help_open.py [--game bluemoon] [--rounds N]

Target: help opens in at most 3 times the median key press redraw.
"""

from __future__ import annotations

import asyncio
import statistics

from key_to_redraw import BENCHES, busy_session, game_arguments, game_setup
from quick import quick_args
from redraw_timer import FrameClock
from spread import load_average, paired_ratios, quartiles

from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp


def help_shown(app) -> bool:
    body = getattr(app.screen, "help_body", None)
    return body is not None and bool(body.lines)


async def measure(session: Session, keys: tuple[str, ...], size: tuple[int, int],
                  rounds: int) -> tuple[list[float], list[float], list[float]]:
    """(key press redraws, help to its first frame with text, help to its last frame), in seconds."""
    app = BoardgamesApp(session=session, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        clock = FrameClock(app, marked=help_shown)
        presses, helps, settled = [], [], []
        for i in range(rounds):
            presses.append(await clock.time_key(app, keys[i % len(keys)]))
            first, last = await clock.time_key_frames(app, "question_mark")
            assert type(app.screen).__name__ == "HelpScreen", "help did not open"
            helps.append(first)
            settled.append(last)
            await clock.time_key(app, "escape")
    return presses, helps, settled


def main() -> None:
    parser = game_arguments(__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = quick_args(parser, rounds=2)
    options = game_setup(args)
    print(f"load average {load_average():.2f} before")
    for size in ((80, 24), (120, 40)):
        session = busy_session(args.game, args.players, options, args.seed)
        presses, helps, settled = asyncio.run(measure(session, BENCHES[args.game].keys, size, args.rounds))
        press, help_, last = (statistics.median(t) * 1000 for t in (presses, helps, settled))
        print(f"{args.game}, {size[0]}x{size[1]}: help shows in {help_:.1f} ms, a key press redraws in "
              f"{press:.1f} ms (medians over {args.rounds} rounds): ratio {help_ / press:.1f} (target 3 or less); "
              f"help's last settling frame at {last:.1f} ms (ratio {last / press:.1f})")
        low, high = quartiles(paired_ratios(helps, presses))
        print(f"  each help against the key press before it: middle half {low:.1f} to {high:.1f}")
    print(f"load average {load_average():.2f} after")


if __name__ == "__main__":
    main()
