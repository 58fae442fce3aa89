"""At the end of the serve tests, no game process of theirs (nor a server's warm process) may be left running."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest


def leftover_children(under: Path) -> list[int]:
    """Live ``boardgames.serve.child`` processes whose BOARDGAMES_HOME lies under ``under`` (this test run's
    temporary folder), whoever their parent is now."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"boardgames.serve.child" not in cmdline or state == "Z":
            continue
        homes = [v[len(b"BOARDGAMES_HOME="):] for v in environ.split(b"\0") if v.startswith(b"BOARDGAMES_HOME=")]
        if homes and os.fsdecode(homes[0]).startswith(str(under)):
            found.append(int(entry.name))
    return found


def leftover_zygotes() -> list[int]:
    """Live warm processes (serve/zygote.py) of servers this test process ran: they must end with their server."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(stat[1]) == os.getpid() and stat[0] != "Z" and b"boardgames.serve.zygote" in (
                    entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except (OSError, ValueError):
            continue
    return found


@pytest.fixture(scope="session", autouse=True)
def _no_game_process_left(tmp_path_factory):
    yield
    under = tmp_path_factory.getbasetemp()
    left = leftover_children(under) + leftover_zygotes()
    for pid in left:  # do not leave them spinning: end them, then fail the run
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert not left, f"the serve tests left game processes running: {left}"
