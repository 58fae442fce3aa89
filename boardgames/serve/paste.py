"""A cap on bracketed pastes sent to a game process.

Textual gathers everything between the paste marks (ESC [200~ and ESC [201~) before it hands the
paste on, so a client that opens a paste and never closes it grows the game's memory with no key
to pace it (40 MB/s, until the memory cap ends the game). Here a paste is closed for the game after
``MAX_PASTE`` bytes (and the few of an end mark); what follows reaches it as typed keys, which are paced.
"""

from __future__ import annotations

START, END = b"\x1b[200~", b"\x1b[201~"
#: far more than any name or line a game asks for
MAX_PASTE = 16 * 1024


class PasteCap:
    """Fed the client's bytes in order; gives them back with an end mark added to any paste over the cap."""

    def __init__(self, limit: int = MAX_PASTE) -> None:
        self.limit = limit
        self.pasting = False
        self.length = 0  # bytes of the paste under way so far
        self.tail = b""  # the last bytes seen, so a mark split between two reads is still found

    def feed(self, data: bytes) -> bytes:
        out = bytearray()
        while data:
            seen = self.tail + data
            mark = END if self.pasting else START
            found = seen.find(mark)
            if not self.pasting:
                if found < 0:
                    out += data
                    self._keep(seen)
                    return bytes(out)
                cut = found + len(mark) - len(self.tail)
                out += data[:cut]
                self.pasting, self.length = True, 0
            else:
                # the bytes of an end mark still arriving count until it is whole: a mark's length of slack
                room = self.limit + len(END) - 1 - self.length
                cut = len(data) if found < 0 else found + len(mark) - len(self.tail)
                content = len(data) if found < 0 else max(0, found - len(self.tail))
                if content > room:  # too long: closed for the game here
                    out += data[:room] + END
                    self.pasting, data, self.tail = False, data[room:], b""
                    continue
                out += data[:cut]
                self.length += content
                if found >= 0:
                    self.pasting = False
            self._keep(seen[: len(self.tail) + cut])
            data = data[cut:]
        return bytes(out)

    def _keep(self, seen: bytes) -> None:
        self.tail = seen[-(len(START) - 1):]
