"""How far a figure moves: its quartiles and the machine's load while it was taken.

A median alone hides how noisy a run was; a README figure quotes the spread and the load beside it, so a
reader who measures again knows what counts as the same result.
"""

from __future__ import annotations

import os
import platform
import statistics


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def machine() -> str:
    """Where a figure was taken: absolute timings mean little without it."""
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, load average {load_average():.2f}")


def quartiles(values: list[float]) -> tuple[float, float]:
    """The 25th and 75th percentiles (the middle half of the samples lies between them)."""
    if len(values) < 2:
        return values[0], values[0]
    low, _median, high = statistics.quantiles(values, n=4)
    return low, high


def paired_ratios(tops: list[float], bottoms: list[float]) -> list[float]:
    """Each sample's ratio to the baseline taken beside it (the two were measured alternately)."""
    return [top / bottom for top, bottom in zip(tops, bottoms)]
