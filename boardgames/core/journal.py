"""A save's journal read one line at a time: the moves of the good lines up to the first bad one.

Every reader of a save (a whole file, or a shared table's terminal reading only what was added since its
last look) decodes the journal here, so all of them read the same lines the same way. Each line is decoded
on its own, so a stray byte, a garbage line or a cut line spoils only itself: the moves before it stay
readable, and what follows it is not read (a move's line names its number, so nothing after a hole can be
trusted to follow the game).

The bytes after the last newline are a line being written (or one cut by a killed process): they are not a
move yet, and are no damage as long as they are the start of the next move's line (not garbage, zeros, or
more than any move's line could hold).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from boardgames.i18n import _

#: the most moves a record holds
MAX_ACTIONS = 200_000
#: the longest move notation
MAX_TEXT = 200
#: bytes without a newline beyond which the end of a journal is damage, not a line being written (a move's
#: line, even of 200 escaped characters, is far shorter)
MAX_LINE = 8192


@dataclass
class Journal:
    """What a run of journal lines holds."""

    actions: list[str] = field(default_factory=list)
    #: of the last good line: whether it ended the game, and when (None: no line was read)
    finished: bool | None = None
    ended: str = ""
    #: where the bytes read as good lines end (just after a newline), in the bytes given
    end: int = 0
    #: a bad line (or an endless one) stopped the reading: what follows ``end`` cannot be read
    bad: bool = False


def _move_of(line: bytes, number: int) -> tuple[str, bool, str] | None:
    """The move of the journal line of move ``number``: (notation, finished, ended); None if the line is bad."""
    try:
        entry = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    if not isinstance(entry, dict) or number > MAX_ACTIONS:
        return None
    move, action = entry.get("move"), entry.get("action")
    finished, ended = entry.get("finished", False), entry.get("ended", "")
    if type(move) is not int or move != number or not isinstance(action, str) or not action \
            or len(action) > MAX_TEXT or not isinstance(finished, bool) or not isinstance(ended, str) \
            or len(ended) > MAX_TEXT:
        return None
    return action, finished, ended if finished else ""


def _being_written(tail: bytes, number: int) -> bool:
    """Whether ``tail`` (the bytes after the last newline) may be the line of move ``number`` still being written,
    or cut by a killed process: the start of such a line, no longer than one."""
    tail = tail.lstrip()
    if not tail:
        return True
    start = b'{"move": %d, ' % number
    return len(tail) <= MAX_LINE and (tail.startswith(start) or start.startswith(tail))


def read_journal(data: bytes, moves: int) -> Journal:
    """The moves of the journal lines in ``data`` (which starts at the beginning of a line), the first of them
    being move ``moves + 1``; reading stops at the first bad line."""
    journal = Journal()
    *lines, tail = data.split(b"\n")
    end = 0
    for line in lines:
        if line.strip():
            move = _move_of(line, moves + len(journal.actions) + 1)
            if move is None:
                journal.bad = True
                return journal
            journal.actions.append(move[0])
            journal.finished, journal.ended = move[1], move[2]
        end += len(line) + 1
        journal.end = end
    journal.bad = not _being_written(tail, moves + len(journal.actions) + 1)
    return journal


def damage_note(moves: int) -> str:
    """What the list of saves says of a save readable only up to move ``moves``."""
    if moves == 0:
        return _("damaged before its first move: no move can be read")
    return _("damaged after move {count}: the rest cannot be read", count=moves)


def damage_sentence(moves: int) -> str:
    """The sentence a game read from a save readable only up to move ``moves`` opens with."""
    if moves == 0:
        return _("This save is damaged before its first move: none of its moves can be read.")
    return _("This save is damaged after move {count}: the rest cannot be read.", count=moves)
