"""The help screen: the game's rules summary and the keys of the game screen.

The text is drawn by :mod:`boardgames.tui.helptext` into two cached Rich
renderables (the keys that work now, and the rest) whose lines are rendered once
per width (see ``Rendered``); a game screen keeps its help screen and shows it
again (tui/kept.py) with only the first part laid out anew, so help opens about
as fast as a key redraw (the Markdown widget it replaced built a widget per block
and took over a second).
"""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from boardgames.core.engine import Game
from boardgames.i18n import N_, _
from boardgames.tui.helptext import help_renderable
from boardgames.tui.screens.base import SCROLL_BINDINGS, BaseScreen, ScrollKeys
from boardgames.tui.widgets import KeyBar
from boardgames.tui.widgets.rendered import Rendered

#: the keys of the shell's game screen, for every game
HOST_KEYS = [
    ("?", N_("Show this help; Escape or q closes it.")),
    ("L", N_("Show the whole log of the game, to scroll back through every move.")),
    ("u", N_("Undo your last move, while it is still your turn.")),
    ("H", N_("Hint: the search's suggested move goes under the cursor (Enter plays it) with its chance to win and "
          "why; H again shows the next best. Everyone's log notes that you asked (not the move). A game may be "
          "set up without hints.")),
    ("Ctrl+S", N_("Save now (the game also saves itself after every move).")),
    (N_("q or Escape"), N_("Leave the game for the menu; it stays saved and can be continued.")),
    (N_("any key"), N_("While a bot is about to move: play the rest of its turn at once.")),
    ("Ctrl+Q", N_("Quit the program at once (the game is saved).")),
]


def keys_markdown(board_keys: list[tuple[str, str]]) -> str:
    lines = [_("## Keys"), ""]
    lines += [f"- **{key}**: {what}" for key, what in board_keys]
    lines += ["", _("On every game screen:"), ""]
    lines += [f"- **{key if len(key) == 1 or key.startswith('Ctrl') else _(key)}**: {_(what)}"
              for key, what in HOST_KEYS]
    return "\n".join(lines)


def keys_now_markdown(now: list[tuple[str, str]]) -> str:
    """The keys that work at this moment with their words (the key bar may show some as a bare key)."""
    lines = [_("## Keys that work now"), ""]
    lines += [f"- **{key}**: {what}" for key, what in now]
    return "\n".join(lines) + "\n\n"


def help_parts(game: Game, board_keys: list[tuple[str, str]], board_notes: str = "",
               now: list[tuple[str, str]] | None = None) -> tuple[str, str]:
    """The help text in two parts, as Markdown: the keys that work now ("" when not given), which change as the
    game goes on, and the rest, which does not: the rules summary, how to read the board (``board_notes``, already
    in the reader's language: ``Board.help_notes()``), the keys."""
    try:
        rules = game.help_text()
    except Exception:  # noqa: BLE001 - a game without help still shows its keys
        rules = _("This game has no rules summary yet.")
    notes = "\n\n" + board_notes if board_notes else ""
    first = keys_now_markdown(now) if now else ""
    return first, rules + notes + "\n\n" + keys_markdown(board_keys)


def help_source(game: Game, board_keys: list[tuple[str, str]], board_notes: str = "",
                now: list[tuple[str, str]] | None = None) -> str:
    """The whole help text, as Markdown: the keys that work now (when given), the rules summary, how to read the
    board, the keys."""
    return "".join(help_parts(game, board_keys, board_notes, now))


class HelpScreen(ScrollKeys, BaseScreen):
    """Escape or q closes it; ``?`` does nothing here, so a second ``?`` pressed while it opens keeps it open."""

    BINDINGS = [
        Binding("escape,q", "close", show=False),
        *SCROLL_BINDINGS,
    ]

    AUTO_FOCUS = "#help-body"

    DEFAULT_CSS = """
    HelpScreen #help-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    HelpScreen #help-body { padding: 0 1; }
    """

    def __init__(self, game: Game, board_keys: list[tuple[str, str]], board_notes: str = "",
                 now: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.game = game
        self.board_keys = board_keys
        self.board_notes = board_notes
        #: the game screen's key bar at this moment, every hint with its words (shown first)
        self.now = now

    def compose(self) -> ComposeResult:
        ascii = bool(getattr(self.app, "ascii", False))
        yield Static(_("Help: {title}", title=_(self.game.title)), id="help-title", markup=False)
        yield Rendered(*self.renderables(), id="help-body")
        bar = KeyBar()
        bar.set_hints([(_("up/down") if ascii else "↑↓", _("scroll")), ("Esc", _("close")), ("q", _("close"))])
        yield bar

    def renderables(self) -> list[RenderableType]:
        """The two parts of the text, each kept by its words (a part unchanged is not laid out again)."""
        ascii = bool(getattr(self.app, "ascii", False))
        return [help_renderable(part, ascii)
                for part in help_parts(self.game, self.board_keys, self.board_notes, self.now) if part]

    def shown_again(self, now: list[tuple[str, str]] | None) -> bool:
        """Kept and opened again (tui/kept.py): only the keys that work now may have changed (always shown)."""
        if now != self.now:
            self.now = now
            self.help_body.show(*self.renderables())
        else:
            self.help_body.scroll_home(animate=False, immediate=True)
        return True

    @property
    def help_body(self) -> Rendered:
        return self.query_one("#help-body", Rendered)

    def action_close(self) -> None:
        self.dismiss()

    def scroll_target(self) -> Widget:
        return self.query_one("#help-body", Rendered)
