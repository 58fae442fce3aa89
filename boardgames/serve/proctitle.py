"""What /proc shows of a process's command line and environment, rewritten in place (as setproctitle does).

The kernel shows ``/proc/PID/cmdline`` and ``/proc/PID/environ`` from the memory the process started with,
not from ``sys.argv`` or ``os.environ``. A game forked from the zygote would show the zygote's: ``ps``, an
administrator and the server's own checks would see neither the game's words nor its player's folder. The
zygote starts with room to spare in both areas (``zygote_room``), so a game's own fit in place; whatever
does not fit is refused before the fork.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Area:
    """One area of the process's first memory: its command line or its environment."""

    start: int
    end: int

    @property
    def size(self) -> int:
        return self.end - self.start


def packed(strings: list[str]) -> bytes:
    """The strings as the kernel keeps them: each followed by a NUL byte."""
    return b"".join(os.fsencode(text) + b"\0" for text in strings)


def areas() -> tuple[Area, Area]:
    """This process's command-line and environment areas (fields 48 to 51 of /proc/self/stat)."""
    fields = Path("/proc/self/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    arg_start, arg_end, env_start, env_end = (int(value) for value in fields[45:49])
    return Area(arg_start, arg_end), Area(env_start, env_end)


def fits(area: Area, strings: list[str]) -> bool:
    return len(packed(strings)) <= area.size


def fill(area: Area, strings: list[str]) -> None:
    """Write ``strings`` over ``area``, the rest NUL bytes: /proc then shows them and nothing after them.

    Nothing may still point into the area (for the environment: call after the C library's environment is
    cleared); the last byte stays NUL, which tells the kernel the command line was not extended past its end.
    """
    block = packed(strings)
    if len(block) > area.size:
        raise ValueError(f"{len(block)} bytes do not fit in an area of {area.size}")
    ctypes.memmove(area.start, block.ljust(area.size, b"\0"), area.size)


def replace_environment(area: Area, env: Mapping[str, str]) -> None:
    """Make ``env`` the whole environment: os.environ, the C library's, and what /proc shows in ``area``.

    The C library's is emptied first (``os.environ.clear()`` leaves what Python never saw), so nothing points
    into the area while it is written; the new values are copies the C library allocates.
    """
    strings = [f"{name}={value}" for name, value in env.items()]
    if not fits(area, strings):
        raise ValueError("the environment does not fit in its area")
    env = dict(env)
    os.environ.clear()
    ctypes.CDLL(None).clearenv()
    fill(area, strings)
    os.environ.update(env)
