"""Reading a line from a raw SSH terminal (the client sends keys, not lines): a name or a passphrase."""

from __future__ import annotations

import asyncio
import codecs
from collections.abc import Callable
from dataclasses import dataclass

ENTER = (0x0D, 0x0A)
GIVE_UP = (0x03, 0x04)  # ctrl+c, ctrl+d
ERASE = (0x7F, 0x08)
ESC = 0x1B
MAX_BUFFER = 4096
TAB = 0x09


@dataclass(frozen=True)
class Hotkey:
    """One of ``read_line_or_key``'s keys, pressed before Enter: which, and what was typed before it."""

    key: int
    typed: str


class LineReader:
    """Keys from the client are fed in; ``read_line`` edits one line with echo (or stars) and backspace."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.ready = asyncio.Event()
        self.after_cr = False

    def feed(self, data: bytes) -> None:
        self.buffer += data[: max(0, MAX_BUFFER - len(self.buffer))]
        self.ready.set()

    async def next_byte(self) -> int:
        while not self.buffer:
            self.ready.clear()
            await self.ready.wait()
        byte = self.buffer[0]
        del self.buffer[0]
        return byte

    async def read_line(self, echo: Callable[[str], None], mask: bool = False, limit: int = 64) -> str | None:
        """The typed line (without the Enter); None if the player pressed ctrl+c or ctrl+d.

        A line longer than ``limit`` comes back ``limit + 1`` characters long, never cut to a shorter one that
        could pass for what was meant; the caller refuses it with a sentence.
        """
        line = await self.read_line_or_key(echo, mask, limit)
        assert not isinstance(line, Hotkey)
        return line

    async def read_line_or_key(self, echo: Callable[[str], None], mask: bool = False, limit: int = 64,
                               hotkeys: frozenset[int] = frozenset(), typed: str = "") -> str | Hotkey | None:
        """As ``read_line``, but a control key of ``hotkeys`` (e.g. Tab) ends the line early: a Hotkey then
        says which, with what was typed; ``typed`` starts the line (echoed again), as when the prompt is drawn
        anew after a hotkey."""
        chars: list[str] = list(typed[: limit + 1])
        if chars:
            echo("*" * min(len(chars), limit) if mask else "".join(chars[:limit]))
        decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        while True:
            byte = await self.next_byte()
            if byte == 0x0A and self.after_cr:  # the \n of a \r\n pair
                self.after_cr = False
                continue
            self.after_cr = byte == 0x0D
            if byte in ENTER:
                echo("\r\n")
                return "".join(chars)
            if byte in GIVE_UP:
                echo("\r\n")
                return None
            if byte in hotkeys:
                return Hotkey(byte, "".join(chars))
            if byte in ERASE:
                if chars:
                    chars.pop()
                    echo("\b \b")
                continue
            if byte == ESC:  # an arrow or function key: skip its whole sequence
                await self.skip_sequence()
                continue
            if byte < 0x20:
                continue
            for char in decoder.decode(bytes([byte])):
                if char.isprintable() and len(chars) <= limit:  # one past the limit: the caller refuses it
                    chars.append(char)
                    if len(chars) <= limit:
                        echo("*" if mask else char)

    async def skip_sequence(self) -> None:
        if not self.buffer:
            return  # a lone Escape
        if self.buffer[0] not in b"[O":
            return
        await self.next_byte()
        while True:
            byte = await self.next_byte()
            if 0x40 <= byte <= 0x7E:
                return
