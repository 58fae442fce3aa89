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


@pytest.fixture(autouse=True)
def _cheap_hashes(request, monkeypatch):
    """New password hashes made at scrypt's N=2^10, which still verify as every stored cost does: the checks stay
    real, and a test that logs in does not spend 128 MiB and half a second of a core on each. A test of the real
    cost (``@pytest.mark.real_scrypt``) keeps it."""
    from boardgames.serve import auth

    auth._dummy.cache_clear()  # an unknown user's stand-in hash, made at the cost this test runs with
    if request.node.get_closest_marker("real_scrypt") is None:
        monkeypatch.setattr(auth, "SCRYPT_N", 2**10)
    yield
    auth._dummy.cache_clear()
