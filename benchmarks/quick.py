"""``--quick``: a benchmark's tiny run, the same code at a size that takes a few seconds, its figures meaningless.

tests/test_benchmarks.py runs every benchmark once so: one that waits for a screen the app no longer shows, or
that a change broke, fails there instead of hanging or going unnoticed until someone measures again.
"""

from __future__ import annotations

import argparse
from typing import Any


def quick_args(parser: argparse.ArgumentParser, args: list[str] | None = None, **tiny: Any) -> argparse.Namespace:
    """``parser``'s arguments with ``--quick`` added, which sets each option named in ``tiny`` (by its
    destination, ``first_seed`` for ``--first-seed``) to the value given there."""
    shown = ", ".join(f"{name}={value}" for name, value in tiny.items())
    parser.add_argument("--quick", action="store_true",
                        help=f"a tiny run that checks the benchmark works ({shown}); its figures mean nothing")
    parsed = parser.parse_args(args)
    if parsed.quick:
        for name, value in tiny.items():
            setattr(parsed, name, value)
    return parsed
