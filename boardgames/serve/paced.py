"""The game process's terminal driver, reading keys no faster than the game handles them.

Textual's input thread reads the terminal as fast as bytes come and queues every key for the app
without bound: a pasted flood of 1.5 GiB took a game process to 498 MiB. Here the thread stops
every ``BATCH`` keys until the app (and the widget the keys go to) has handled them. While it waits
nobody reads the pty, the kernel's buffer fills, the server stops reading the SSH channel and the
client's window closes: the flood waits on the client's side.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING, Any, cast

from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

if TYPE_CHECKING:
    from boardgames.serve.servedapp import ServedApp

#: keys (and other input events) let through between two waits for the app
BATCH = 32


class PacedDriver(LinuxDriver):
    """LinuxDriver whose input thread waits for the app every BATCH events."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._unhandled = 0

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        except MemoryError:
            # Textual reports it as a crash: the player gets our sentence instead (only ServedApp uses this driver)
            cast("ServedApp", self._app).out_of_memory = True
            raise

    def send_message(self, message: Message) -> None:
        super().send_message(message)
        if threading.current_thread() is not self._key_thread:
            return  # a window change, sent from the app's own thread: never wait there
        self._unhandled += 1
        if self._unhandled >= BATCH:
            self._unhandled = 0
            self._wait_for_app()

    def _wait_for_app(self) -> None:
        handled = threading.Event()
        # queued as the keys were (a task each, in order), so it reaches the app after them
        asyncio.run_coroutine_threadsafe(self._mark(handled), loop=self._loop)
        while not handled.wait(0.1):
            if self.exit_event.is_set():
                return

    async def _mark(self, handled: threading.Event) -> None:
        app = self._app

        def at_target() -> None:
            # the app has handled the keys before this; each went on to the focused widget (or the screen)
            try:
                target = app.focused or app.screen
            except Exception:  # noqa: BLE001 - no screen (closing): nothing is waiting
                handled.set()
                return
            if not target.call_later(handled.set):
                handled.set()

        if not app.call_later(at_target):
            handled.set()
