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

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from key_to_redraw import BENCHES, SETTLE, busy_session
from textual import events

from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp


async def measure(session: Session, keys: tuple[str, ...], size: tuple[int, int],
                  rounds: int) -> tuple[list[float], list[float], list[float]]:
    """(key press redraws, help to its first frame with text, help to its last frame), in seconds."""
    app = BoardgamesApp(session=session, bot_delay=0)
    frames: list[float] = []
    shown: list[float] = []  # frames drawn while help's text is laid out
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        original = app._display

        def timed_display(screen, renderable) -> None:
            original(screen, renderable)
            if renderable is not None:
                renderable.render_segments(app.console)
                frames.append(time.perf_counter())
                body = getattr(app.screen, "help_body", None)
                if body is not None and body.lines:
                    shown.append(frames[-1])

        app._display = timed_display

        async def timed(key: str) -> tuple[float, float]:
            """(to the first frame showing help or else the last frame, to the last frame)."""
            frames.clear()
            shown.clear()
            started = time.perf_counter()
            app._driver.send_message(events.Key(key, None))
            while True:
                seen = len(frames)
                await asyncio.sleep(SETTLE)
                if frames and len(frames) == seen:
                    return (shown or frames)[0 if shown else -1] - started, frames[-1] - started

        presses, helps, settled = [], [], []
        for i in range(rounds):
            presses.append((await timed(keys[i % len(keys)]))[1])
            first, last = await timed("question_mark")
            assert type(app.screen).__name__ == "HelpScreen", "help did not open"
            helps.append(first)
            settled.append(last)
            await timed("escape")
    return presses, helps, settled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sintra", choices=sorted(BENCHES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    os.environ.setdefault("BOARDGAMES_HOME", tempfile.mkdtemp(prefix="bg-bench-"))
    for size in ((80, 24), (120, 40)):
        session = busy_session(args.game, args.players, options, args.seed)
        presses, helps, settled = asyncio.run(measure(session, BENCHES[args.game].keys, size, args.rounds))
        press, help_, last = (statistics.median(t) * 1000 for t in (presses, helps, settled))
        print(f"{args.game}, {size[0]}x{size[1]}: help shows in {help_:.1f} ms, a key press redraws in "
              f"{press:.1f} ms (medians over {args.rounds} rounds): ratio {help_ / press:.1f} (target 3 or less); "
              f"help's last settling frame at {last:.1f} ms (ratio {last / press:.1f})")


if __name__ == "__main__":
    main()
