"""A table's chat: one JSON line a message in ``chat.jsonl``, written under the table's lock.

A message is plain text: control characters, escape sequences and line breaks become spaces before it is
stored, and screens show it as text, never markup. Each player may send at most :data:`BURST` lines in
:data:`WINDOW` seconds, counted from the file itself, so no number of connections sends more.
"""

from __future__ import annotations

import json
import os
import stat
import time
import unicodedata
from dataclasses import dataclass

from boardgames.core.record import RecordError, read_part
from boardgames.i18n import _
from boardgames.lobby.table import Table, TableError

#: the longest message, in characters
MAX_LENGTH = 200
#: at most BURST lines in WINDOW seconds per player
BURST = 10
WINDOW = 5.0
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


#: the kinds of note a chat line may be besides a message
NOTES = ("hint",)


def plain(text: str) -> str:
    """``text`` with every control or formatting character (escape sequences, bidi marks, line breaks)
    replaced by a space, runs of spaces made one, trimmed."""
    kept = [" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn") else ch for ch in text]
    return " ".join("".join(kept).split())


def _parse(line: str) -> ChatLine | None:
    try:
        data = json.loads(line)
        chat = ChatLine(str(data["sender"]), plain(str(data["name"]))[:40], plain(str(data["text"]))[:MAX_LENGTH],
                        float(data["at"]), int(data["moves"]), str(data.get("kind", "")))
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


def note(table: Table, sender: str, name: str, kind: str, moves: int, now: float | None = None) -> ChatLine | None:
    """Write a note of ``kind`` (see :data:`NOTES`) for every terminal, once for each sender, kind and move
    count (a second one says nothing new); None when it was there already."""
    if kind not in NOTES:
        raise ValueError(f"no chat note '{kind}'")
    with table.locked():
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


def say(table: Table, sender: str, name: str, text: str, moves: int, now: float | None = None) -> ChatLine:
    """Send ``text`` to the table; TableError with a sentence when it is empty, too long or too soon."""
    message = plain(text)
    if not message:
        raise TableError(_("Type a message first."))
    if len(message) > MAX_LENGTH:
        raise TableError(_("A message is at most {most} characters; this one has {count}.",
                           most=MAX_LENGTH, count=len(message)))
    with table.locked():
        now = time.time() if now is None else now
        recent = [c for c in read_chat(table) if c.sender == sender and now - WINDOW < c.at <= now]
        if len(recent) >= BURST:
            wait = max(1, round(recent[-BURST].at + WINDOW - now + 0.5))
            raise TableError(_("You are sending messages too fast; wait {wait} s.", wait=wait))
        line = ChatLine(sender, plain(name)[:40], message, now, moves)
        data = json.dumps({"sender": sender, "name": line.name, "text": message, "at": now, "moves": moves},
                          ensure_ascii=False)
        _append(table, data)
    return line
