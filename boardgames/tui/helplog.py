"""Help and the whole log of a game screen or a replay: each built once and shown again (tui/kept.py), and made
ahead, off screen, a moment after the screen that opens them has shown its first frame, so that even their first
opening costs what a showing again does (the help's long text is laid out in a worker thread, see
widgets/rendered.py).

An owner (a game screen, a replay) gives what each is made of, as it is at the moment asked: ``HelpParts`` and
the log's lines. The log is made ahead once it has a line (a screen made on an empty log is made anew when the
log has lines).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames.core.engine import Game
from boardgames.i18n import _

#: seconds from the owner's first frame to its help being made ahead, and from then to its log (again and again
#: until the log has a line)
AHEAD = 0.3


@dataclass(frozen=True)
class HelpParts:
    """What a help screen is made of: the game, the board's keys and notes, the keys that work now (if shown)."""

    game: Game
    keys: list[tuple[str, str]]
    notes: str
    now: list[tuple[str, str]] | None


@dataclass(frozen=True)
class LogParts:
    """What a whole-log screen is made of: its title, the seats' names, the log's lines."""

    title: str
    names: list[str]
    lines: Sequence[str]
    ascii: bool


def game_help(screen: Any) -> HelpParts:  # noqa: ANN401 - a GameScreen (which imports this module)
    """A game screen's help as it would be opened now: the board's keys and notes, the key bar's keys."""
    now = [(key, label) for key, label in screen.key_bar.hints if key != "?"]
    return HelpParts(screen.session.game, screen.board.help_keys(), screen.board.help_notes(), now)


def game_log(screen: Any) -> LogParts:  # noqa: ANN401 - a GameScreen
    """A game screen's whole log as its reader reads it now."""
    names = [seat.name for seat in screen.session.record.seats]
    return LogParts(_(screen.session.game.title), names, screen.full_log_lines(), screen.ascii)


def open_help(owner: Any, parts: HelpParts) -> None:  # noqa: ANN401 - a game or replay screen
    from boardgames.tui.screens.help import HelpScreen

    owner.app.kept.open(owner, "help", HelpScreen, lambda: _help(parts), lambda screen: screen.shown_again(parts.now))


def open_log(owner: Any, parts: LogParts) -> None:  # noqa: ANN401
    from boardgames.tui.screens.fulllog import FullLogScreen

    owner.app.kept.open(owner, "log", FullLogScreen, lambda: _log(parts),
                        lambda screen: screen.shown_again(parts.lines))


def make_ahead(owner: Any, help_parts: Callable[[], HelpParts], log_parts: Callable[[], LogParts]) -> None:  # noqa: ANN401
    """Have ``owner``'s help made ahead a moment after its first frame, then its log once it has a line (each
    while ``owner`` is in front: a curtain or a bot's turn may be on top a while)."""
    kept = owner.app.kept

    def step() -> None:
        if not owner.is_attached:
            return
        if owner.app.screen is owner:
            if not kept.has(owner, "help"):
                parts = help_parts()
                kept.prepare(owner, "help", lambda: _help(parts))
            elif not kept.has(owner, "log"):
                log = log_parts()
                if log.lines:
                    kept.prepare(owner, "log", lambda: _log(log))
        if not (kept.has(owner, "help") and kept.has(owner, "log")):
            owner.set_timer(AHEAD, step)

    owner.call_after_refresh(owner.set_timer, AHEAD, step)


def _help(parts: HelpParts) -> Any:  # noqa: ANN401 - a HelpScreen (imported late, as the screens do)
    from boardgames.tui.screens.help import HelpScreen

    return HelpScreen(parts.game, parts.keys, parts.notes, parts.now)


def _log(parts: LogParts) -> Any:  # noqa: ANN401 - a FullLogScreen
    from boardgames.tui.screens.fulllog import FullLogScreen

    return FullLogScreen(parts.title, parts.names, parts.lines, ascii=parts.ascii)
