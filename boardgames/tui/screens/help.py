"""The help screen: the game's rules summary (Markdown) and the keys of the game screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown, Static

from boardgames.core.engine import Game
from boardgames.tui.i18n import _
from boardgames.tui.screens.base import BaseScreen
from boardgames.tui.widgets import KeyBar

#: the keys of the shell's game screen, for every game
HOST_KEYS = [
    ("?", "Show this help; Escape or q closes it."),
    ("u", "Undo your last move, while it is still your turn."),
    ("Ctrl+S", "Save now (the game also saves itself after every move)."),
    ("q or Escape", "Leave the game for the menu; it stays saved and can be continued."),
    ("any key", "While a bot is about to move: play the rest of its turn at once."),
    ("Ctrl+Q", "Quit the program at once (the game is saved)."),
]


def keys_markdown(board_keys: list[tuple[str, str]]) -> str:
    lines = [_("## Keys"), ""]
    lines += [f"- **{key}**: {what}" for key, what in board_keys]
    lines += ["", _("On every game screen:"), ""]
    lines += [f"- **{key}**: {what}" for key, what in HOST_KEYS]
    return "\n".join(lines)


class HelpScreen(BaseScreen):
    BINDINGS = [
        Binding("escape,q,question_mark", "close", show=False),
        Binding("up,k", "scroll(-1)", show=False),
        Binding("down,j", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown,space", "scroll(10)", show=False),
        Binding("home", "ends(False)", show=False),
        Binding("end", "ends(True)", show=False),
    ]

    DEFAULT_CSS = """
    HelpScreen #help-title { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    HelpScreen VerticalScroll { padding: 0 1; }
    """

    def __init__(self, game: Game, board_keys: list[tuple[str, str]], board_notes: str = "") -> None:
        super().__init__()
        self.game = game
        self.board_keys = board_keys
        self.board_notes = board_notes

    def compose(self) -> ComposeResult:
        yield Static(_("Help: {title}", title=self.game.title), id="help-title")
        try:
            rules = self.game.help_text()
        except Exception:  # noqa: BLE001 - a game without help still shows its keys
            rules = _("This game has no rules summary yet.")
        with VerticalScroll(id="help-body"):
            notes = "\n\n" + self.board_notes if self.board_notes else ""
            yield Markdown(rules + notes + "\n\n" + keys_markdown(self.board_keys))
        bar = KeyBar()
        bar.set_hints([("↑↓", _("scroll")), ("Esc", _("close")), ("q", _("close"))])
        yield bar

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss()

    def action_ends(self, end: bool) -> None:
        body = self.query_one("#help-body", VerticalScroll)
        if end:
            body.scroll_end(animate=False, immediate=True)
        else:
            body.scroll_home(animate=False, immediate=True)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=lines, animate=False)
