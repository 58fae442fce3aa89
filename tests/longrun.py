"""The long run: ``BOARDGAMES_LONG_TESTS=1`` plays the tests that issue 40 shortened for the test command (pilot
tests' moves and keys, the server's floods and log-ins) at the sizes they had before, beside the long soak
(``boardgames selfplay --check``)."""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")

LONG = os.environ.get("BOARDGAMES_LONG_TESTS", "") not in ("", "0")


def sized(short: T, long: T) -> T:
    """``short`` in the test command, ``long`` in the long run."""
    return long if LONG else short
