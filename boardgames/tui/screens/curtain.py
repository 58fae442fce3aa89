"""The hand-off curtain between human seats of a game with private information."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from boardgames.core.record import Seat
from boardgames.i18n import _
from boardgames.tui.asciimode import asciify
from boardgames.tui.keygate import gate_of
from boardgames.tui.screens.base import BaseScreen


def needs_curtain(has_private_info: bool, seats: Sequence[Seat], keyboard_seat: int | None,
                  next_seat: int | None) -> bool:
    """Should the screen be hidden before ``next_seat`` sees its view?

    Only for games with private information, only before a human seat, only when
    the keyboard was last used by a different human seat. ``keyboard_seat`` None
    (a game just started or resumed) counts as different when more than one seat
    is human, so the first player's secrets never show to whoever started the game.
    """
    if not has_private_info or next_seat is None or seats[next_seat].is_bot:
        return False
    if sum(1 for seat in seats if not seat.is_bot) < 2:
        return False
    return keyboard_seat != next_seat


#: the key that lifts the curtain: one nobody taps to hurry a bot (Enter and Space are), so a burst of them
#: can never show the next player's secrets
CURTAIN_KEY = "g"


class CurtainScreen(BaseScreen):
    """Covers the whole screen until the named player presses :data:`CURTAIN_KEY`."""

    BINDINGS = [
        Binding(CURTAIN_KEY, "ready", show=False),
        Binding("q,escape", "leave", show=False),
    ]

    DEFAULT_CSS = """
    CurtainScreen { align: center middle; }
    CurtainScreen Static { width: 100%; content-align: center middle; text-align: center; }
    CurtainScreen #curtain-summary { width: auto; max-width: 100%; height: auto; margin-top: 2; padding: 0 2;
                                     text-align: left; content-align: left top; }
    """

    def __init__(self, name: str, summary: Sequence[str] = ()) -> None:
        super().__init__()
        self.player = name
        #: what the others did since this player's last turn (public lines only: the whole room sees the curtain)
        self.summary = list(summary)

    def compose(self) -> ComposeResult:
        plain = asciify if getattr(self.app, "ascii", False) else str
        text = Text(justify="center")
        text.append(plain(_("Pass to {name}, who presses g to go on.", name=self.player)), style="bold")
        text.append("\n\n")
        text.append(plain(_("Everyone else, please look away: {name}'s next view holds private information.",
                            name=self.player)), style="dim")
        text.append("\n\n")
        text.append(_("(q leaves the game for the menu.)"), style="dim")
        yield Static(text, id="curtain")
        if self.summary:
            lines = Text(plain(_("Since your last turn:")), style="bold")
            for line in self.summary:
                lines.append("\n")
                lines.append(plain(line))
            yield Static(lines, id="curtain-summary")

    def on_mount(self) -> None:
        gate = gate_of(self.app)
        if gate is not None:
            gate.decision_shown()

    def admits_key(self, event: events.Key) -> bool:
        gate = gate_of(self.app)
        return gate is None or gate.admit(event.key, event.time)

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
