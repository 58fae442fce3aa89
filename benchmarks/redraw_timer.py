"""Shared by the benchmarks: the time from a key press to the last frame it causes, and the baseline app.

Headless Textual still lays out and composes every frame and hands it to
``App._display``; only the terminal write is skipped. So each sample posts a
key event through the driver (as a terminal would) and stops the clock when
the last frame caused by that key has been composed and encoded into terminal
escape codes (done here, to count the cost headless mode skips).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

SETTLE = 0.05  # a key's frames are over when nothing is drawn for this long
QUIET = 1.0  # a key that draws nothing for this long drew nothing at all (its first frame comes in some 50 ms)
WAIT_MARKED = 10.0  # a key expected to draw a marked frame (a screen opening) is waited for this long


class BareApp(App):
    """The baseline: a bare Textual app whose one Static, filling the screen, changes every line at every key."""

    presses = 0

    def compose(self) -> ComposeResult:
        yield Static(self.page(), id="page", markup=False)

    def page(self) -> str:
        width, height = self.size
        return "\n".join(f"key {self.presses} line {row} ".ljust(width, ".") for row in range(height))

    def on_key(self, event: events.Key) -> None:
        self.presses += 1
        self.query_one("#page", Static).update(self.page())


class FrameClock:
    """Records when each frame of ``app`` has been composed and encoded.

    ``marked(app)``, if given, is asked after each frame; the frames for which it
    holds are remembered too (e.g. the frames that already show a help text).
    """

    def __init__(self, app: App, marked: Callable[[App], bool] | None = None) -> None:
        self.frames: list[float] = []
        self.marked: list[float] = []
        self.wanted = marked is not None
        original = app._display

        def timed_display(screen, renderable) -> None:
            original(screen, renderable)
            if renderable is not None:
                renderable.render_segments(app.console)
                self.frames.append(time.perf_counter())
                if marked is not None and marked(app):
                    self.marked.append(self.frames[-1])

        app._display = timed_display

    async def time_key_frames(self, app: App, key: str, opens: bool = False) -> tuple[float, float]:
        """Seconds from posting ``key`` to the first marked frame (else the last frame), and to the last frame;
        (0, 0) when the key drew nothing. A key that surely ``opens`` what the clock marks waits for its marked
        frame (up to WAIT_MARKED seconds) even when other frames come first and then a pause (a busy machine)."""
        self.frames.clear()
        self.marked.clear()
        started = time.perf_counter()
        app._driver.send_message(events.Key(key, None))
        while True:
            seen = len(self.frames)
            await asyncio.sleep(SETTLE)
            if not self.frames and time.perf_counter() - started > QUIET:
                return 0.0, 0.0  # the key drew nothing (``frames`` stays empty)
            if opens and self.wanted and not self.marked and time.perf_counter() - started < WAIT_MARKED:
                continue  # a frame of something else came first (a busy machine): the marked one is still to come
            if self.frames and len(self.frames) == seen:
                first = self.marked[0] if self.marked else self.frames[-1]
                return first - started, self.frames[-1] - started

    async def time_key(self, app: App, key: str) -> float:
        """Seconds from posting ``key`` to the last frame it caused."""
        return (await self.time_key_frames(app, key))[1]


async def bare_key_timings(size: tuple[int, int], presses: int) -> list[float]:
    app = BareApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        clock = FrameClock(app)
        return [await clock.time_key(app, key) for key in ("a", "b", "c") * (presses // 3 + 1)][:presses]


def median_ms(timings: list[float]) -> float:
    return statistics.median(timings) * 1000
