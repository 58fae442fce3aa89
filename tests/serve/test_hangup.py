"""A game process whose terminal is gone exits at once, even when no SIGHUP reaches it.

Guards: the test command left ``boardgames.serve.child --start continue`` processes spinning at about half a
core each, reading end-of-input from a pty whose other end had closed.
"""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from boardgames.serve.ptychild import PtyChild

#: start the game process as the server does, but in a way that gets no SIGHUP when the terminal closes
NO_SIGHUP = {
    "not the terminal's controlling process": "import boardgames.serve.child as child; "
                                              "child.take_terminal = lambda: None; ",
    "SIGHUP ignored by its parent": "import signal; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
                                    "import boardgames.serve.child as child; ",
}


@pytest.mark.parametrize("how", list(NO_SIGHUP))
async def test_a_game_process_ends_when_its_terminal_closes(tmp_path, how):
    code = NO_SIGHUP[how] + "raise SystemExit(child.main(['--start', 'continue']))"
    env = {"PATH": os.environ.get("PATH", ""), "TERM": "xterm", "BOARDGAMES_HOME": str(tmp_path / "home")}
    child = PtyChild([sys.executable, "-c", code], env, 80, 24)
    await child.start()
    try:
        seen = b""

        async def until_drawn() -> None:
            nonlocal seen
            while b"Continue" not in seen and b"New game" not in seen:
                data = await child.read()
                if not data:
                    return
                seen += data

        await asyncio.wait_for(until_drawn(), 30)
        assert seen, "the game process drew nothing"
        child.close()  # the terminal's other end goes, as when the server drops it without a hang-up
        await asyncio.wait_for(child.wait(), 10)  # before the fix it spun on end-of-input until killed
    finally:
        await child.stop(grace=1)
