"""Keys typed to hurry a bot never answer the next human decision.

A person tapping Enter while bots play keeps tapping a moment after a human's decision (or the hand-off
curtain) appears; those keys must not pass the curtain or play a move. A burst that began during a bot's
turn is therefore dropped until the keyboard has been quiet for :data:`QUIET` seconds after the decision
appeared. Times are the keys' own time stamps (``events.Key.time``), so keys queued while the app was busy
count as typed when they were typed.
"""

from __future__ import annotations

from textual import _time

#: seconds without a key, after the decision appeared, that end a burst begun during a bot's turn
QUIET = 0.5
#: keys that always go through (leaving the program)
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})


class KeyGate:
    """One per app: whether a burst of hurrying keys is still going on."""

    def __init__(self) -> None:
        self.hurrying = False
        self.last = 0.0  # the time of the burst's last key
        self.shown = 0.0  # when the human decision or curtain now on screen appeared

    def hurry(self, when: float) -> None:
        """A key hurried a bot: the burst goes on."""
        self.hurrying = True
        self.last = max(self.last, when)

    def decision_shown(self) -> None:
        """A human decision or the curtain is on screen from now."""
        self.shown = _time.get_time()

    def admit(self, key: str, when: float) -> bool:
        """Whether a key typed at ``when`` may answer the decision on screen (else it is dropped, and counts as
        part of the burst)."""
        if not self.hurrying or key in ALWAYS:
            return True
        if when - max(self.last, self.shown) >= QUIET:
            self.hurrying = False
            return True
        self.last = max(self.last, when)
        return False


def gate_of(app) -> KeyGate | None:  # noqa: ANN001 - any App
    return getattr(app, "key_gate", None)
