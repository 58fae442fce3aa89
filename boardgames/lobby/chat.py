"""A table's chat: one JSON line a message in ``chat.jsonl``, written under the table's lock.

A message is plain text: control characters, escape sequences and line breaks become spaces before it is
stored, and screens show it as text, never markup. In :data:`WINDOW` seconds each player may send at most
:data:`BURST` lines, all the players of one address together (a line keeps a digest of its sender's address)
as many, and all the table's spectators together :data:`SPECTATOR_BURST`: counted from the file itself, so no
number of connections or guests sends more, and the players' lines are never crowded out by the spectators'.
"""

from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass

from boardgames.core.plaintext import plain
from boardgames.core.record import RecordError, read_part
from boardgames.i18n import _
from boardgames.lobby.table import LOCK_WAIT, Table, TableError

#: the longest message, in characters
MAX_LENGTH = 200
#: at most BURST lines in WINDOW seconds per player, and per address; SPECTATOR_BURST for a table's spectators
BURST = 10
WINDOW = 5.0
SPECTATOR_BURST = 5
#: the chat file is read from its end: this many bytes hold far more than a burst of lines
TAIL_BYTES = 64_000
#: what a screen keeps of a long chat
KEEP = 200


@dataclass(frozen=True)
class ChatLine:
    sender: str  #: the player's id (never shown)
    name: str  #: the name shown
    text: str
    at: float
    #: how many moves the game had when it was sent, so it sits at its place in the log
    moves: int
    #: "" for a message; a note the table's screens write for everyone (``hint``: the player asked for a hint)
    kind: str = ""
    #: a digest of the sender's address (:attr:`Player.origin`; "" at a local terminal)
    origin: str = ""


#: the kinds of note a chat line may be besides a message
NOTES = ("hint",)


def _parse(line: str) -> ChatLine | None:
    try:
        data = json.loads(line)
        chat = ChatLine(str(data["sender"]), plain(str(data["name"]))[:40], plain(str(data["text"]))[:MAX_LENGTH],
                        float(data["at"]), int(data["moves"]), str(data.get("kind", "")), str(data.get("from", "")))
    except (ValueError, TypeError, KeyError, RecursionError, AttributeError):
        return None  # a damaged line is skipped, the rest of the chat stays
    return chat if chat.kind in ("", *NOTES) else None


def read_chat(table: Table, tail: int = TAIL_BYTES) -> list[ChatLine]:
    """The chat's lines (the last ones, from the file's last ``tail`` bytes); damaged lines are skipped. Only a
    regular file is read (a named pipe in its place would wait for a writer for ever)."""
    try:
        raw = read_part(table.chat_path, None, tail)[0]
    except RecordError:
        return []
    lines = raw.decode("utf-8", "replace").split("\n")
    if len(raw) >= tail and lines:
        lines = lines[1:]  # the first one is cut
    return [chat for chat in (_parse(line) for line in lines if line.strip()) if chat is not None]


def note(table: Table, sender: str, name: str, kind: str, moves: int, now: float | None = None,
         wait: float = LOCK_WAIT) -> ChatLine | None:
    """Write a note of ``kind`` (see :data:`NOTES`) for every terminal, once for each sender, kind and move
    count (a second one says nothing new); None when it was there already."""
    if kind not in NOTES:
        raise ValueError(f"no chat note '{kind}'")
    with table.locked(wait):
        if any(c.sender == sender and c.kind == kind and c.moves == moves for c in read_chat(table)):
            return None
        now = time.time() if now is None else now
        line = ChatLine(sender, plain(name)[:40], "", now, moves, kind)
        data = json.dumps({"sender": sender, "name": line.name, "text": "", "at": now, "moves": moves, "kind": kind},
                          ensure_ascii=False)
        _append(table, data)
    return line


def _append(table: Table, data: str) -> None:
    fd = os.open(table.chat_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC
                 | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise TableError(_("This table's chat cannot be written: its file is not a regular file."))
        os.write(fd, (data + "\n").encode("utf-8"))
    finally:
        os.close(fd)


def _wait(lines: list[ChatLine], most: int, now: float) -> int | None:
    """Seconds until one more line fits when ``lines`` (the recent ones of a budget) hold ``most`` or more."""
    if len(lines) < most:
        return None
    return max(1, round(lines[-most].at + WINDOW - now + 0.5))


def message_problem(text: str) -> str | None:
    """Why ``text`` cannot be sent as it is: empty, or longer than :data:`MAX_LENGTH` once plain (None: it can)."""
    message = plain(text)
    if not message:
        return _("Type a message first.")
    if len(message) > MAX_LENGTH:
        return _("A message is at most {most} characters; this one has {count}.", most=MAX_LENGTH,
                 count=len(message))
    return None


def say(table: Table, sender: str, name: str, text: str, moves: int, now: float | None = None,
        origin: str = "", wait: float = LOCK_WAIT) -> ChatLine:
    """Send ``text`` to the table from ``sender`` (connected from ``origin``); TableError with a sentence when it
    is empty, too long or too soon for the sender, their address or the table's spectators; TableBusy when the
    table's lock is held past ``wait`` seconds."""
    message = plain(text)
    problem = message_problem(text)
    if problem:
        raise TableError(problem)
    with table.locked(wait):
        now = time.time() if now is None else now
        players = {seat.owner for seat in table.read().seats if seat.owner is not None}
        recent = [c for c in read_chat(table) if not c.kind and now - WINDOW < c.at <= now]
        pause = _wait([c for c in recent if c.sender == sender], BURST, now)
        if pause is not None:
            raise TableError(_("You are sending messages too fast; wait {wait} s.", wait=pause))
        pause = _wait([c for c in recent if c.origin == origin], BURST, now) if origin else None
        if pause is not None:
            raise TableError(_("Too many messages come from your address; wait {wait} s.", wait=pause))
        if sender not in players:
            pause = _wait([c for c in recent if c.sender not in players], SPECTATOR_BURST, now)
            if pause is not None:
                raise TableError(_("The spectators of this table are sending messages too fast; wait {wait} s.",
                                   wait=pause))
        line = ChatLine(sender, plain(name)[:40], message, now, moves, origin=origin)
        data = json.dumps({"sender": sender, "name": line.name, "text": message, "at": now, "moves": moves,
                           "from": origin}, ensure_ascii=False)
        _append(table, data)
    return line
