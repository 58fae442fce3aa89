"""Comparing a game's golden playthrough with its stored text (UPDATE_GOLDEN=1 rewrites the file)."""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from pathlib import Path

import pytest


def check_golden(path: Path, playthrough: Callable[[], str], write: Callable[[], None]) -> None:
    if os.environ.get("UPDATE_GOLDEN") == "1":
        write()
        pytest.skip(f"rewrote {path.name}")
    assert path.exists(), "no golden file yet: run with UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough()
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "golden", "now", n=2))
        pytest.fail(f"the playthrough changed (UPDATE_GOLDEN=1 rewrites it if that is intended):\n{diff[:4000]}")
