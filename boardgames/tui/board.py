"""How the shell finds and talks to a game's board widget.

A game plugs into the shell by providing ``boardgames/games/<id>/screen.py`` with
a factory ``make_board(game, ascii=False) -> Board``. The host screen (and the
replay viewer) call it through :func:`board_for`; a game without a screen module
gets :class:`GenericBoard`, a plain list of its legal actions, so every
registered game is playable from the first day.

The contract between host and board:

- the host calls :meth:`Board.show` after every change of state with
  ``view(seat)`` of the seat at the keyboard, the legal actions of the current
  decision (empty when it is not a human's turn at this keyboard), the seat and
  whether the board should take input; before it, the host sets
  :attr:`Board.labels` to ``State.label`` of each legal action, the phrases a
  board lists for a person (the notation stays what the board submits);
- the board never touches the state: it posts :class:`Board.Submit` with an
  action and the host applies it. One input rule for every board:
  :meth:`Board.submit` only ever posts an action from the legal list (find it
  with :meth:`Board.pick`); for anything else it shows the board's sentence why
  not; :class:`Board.Notice` shows a sentence in the prompt bar;
  :class:`Board.HintsChanged` asks the host to redraw the key bar;
- :meth:`Board.key_hints` lists the board keys that work now (for the footer) and
  :attr:`Board.HELP_KEYS` all of them (for the help screen).
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from boardgames.core.engine import Action, Game
from boardgames.tui.canvas import Canvas
from boardgames.tui.i18n import _
from boardgames.tui.widgets.choices import choices_text, step_choice


class Board(Widget, can_focus=True):
    """Base class of every game's board widget."""

    #: (key, what it does) for the help screen: every key the board knows
    HELP_KEYS: ClassVar[list[tuple[str, str]]] = []
    #: Markdown for the help screen: how to read the board (its symbols and marks)
    HELP_NOTES: ClassVar[str] = ""

    class Submit(Message):
        """The player chose an action; the host applies it."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Notice(Message):
        """A sentence for the prompt bar (for example why a key did nothing)."""

        def __init__(self, text: str, error: bool = False) -> None:
            super().__init__()
            self.text = text
            self.error = error

    class HintsChanged(Message):
        """The keys that work now have changed; the host redraws its key bar."""

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.ascii = ascii
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        #: a phrase per legal action (``State.label``), set by the host before ``show``
        self.labels: list[str] = []
        self.seat: int | None = None
        self.interactive = False
        #: the drawn lines of the last frame (None: draw again), and every line's strips by its text and styles
        self._strips: list[Strip] | None = None
        self._strip_cache: dict[tuple, list[Strip]] = {}
        self._strip_key: tuple | None = None
        self._measuring = False
        self._measured = 0

    def show(self, view: dict[str, Any], legal: list[Action], seat: int | None, interactive: bool) -> None:
        """Draw a new view. Subclasses usually extend this to reset their cursor."""
        self.view = view
        self.legal = list(legal)
        self.seat = seat
        self.interactive = interactive
        self.refresh(layout=True)
        self.post_message(self.HintsChanged())

    def key_hints(self) -> list[tuple[str, str]]:
        """(key, label) pairs of the board keys that work now, most important first."""
        return []

    def hints_changed(self) -> None:
        """The keys that work now have changed: the host redraws its key bar at once (in the same frame as the
        board, which a message would miss by a frame), or, for a host without ``refresh_keys``, on the message."""
        refresh_keys = getattr(self.screen, "refresh_keys", None) if self.is_attached else None
        if callable(refresh_keys):
            refresh_keys()
        else:
            self.post_message(self.HintsChanged())

    # -- drawing, line by line ----------------------------------------------------
    def board_lines(self) -> list[Text]:
        """The board as lines of Rich Text. Boards that draw on a :class:`Canvas` return its lines."""
        return self.render().split("\n", allow_blank=True)

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,  # noqa: ANN002 - Widget's signature
                recompose: bool = False) -> Board:
        self._strips = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001 - Textual's signature
        """Measure the board as it draws now (Textual's cached measure may come from the size before a resize)."""
        if not width:
            return 0
        if self._measuring:  # reading ``self.size`` while drawing may lay the screen out again: no loop
            return self._measured
        self._measuring = True
        try:
            self._measured = visualize(self, self.render(), markup=False).get_height(self.styles, width)
        finally:
            self._measuring = False
        return self._measured

    def render_line(self, y: int) -> Strip:
        """One line of the board. A frame turns only the lines that changed into strips (Textual's
        conversion of a whole Rich Text is most of the cost of a key press); the others are reused."""
        width = self.size.width
        style = self.visual_style
        key = (width, style, self.app.size, self.text_selection)  # a taller terminal may draw differently
        if self._strips is None or key != self._strip_key:
            if key != self._strip_key or len(self._strip_cache) > 400:
                self._strip_cache = {}
                self._strip_key = key
            cache = self._strip_cache
            strips: list[Strip] = []
            for line in self.board_lines():
                line_key = (line.plain, tuple(line.spans), line.style)
                found = cache.get(line_key)
                if found is None:
                    found = Visual.to_strips(self, visualize(self, line, markup=False), width, None, style)
                    cache[line_key] = found
                strips.extend(found)
            self._strips = strips
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def label(self, index: int) -> str:
        """The phrase for legal action ``index``: the host's label for this list, else the notation."""
        if len(self.labels) == len(self.legal):
            return self.labels[index]
        return str(self.legal[index])

    def pick(self, name: str, *args: Any) -> Action | None:
        """The legal action ``name args`` (the very object from the legal list), or None when it is not legal."""
        wanted = Action(name, tuple(args))
        return next((action for action in self.legal if action == wanted), None)

    def submit(self, action: Action | None, why_not: str = "") -> bool:
        """The one input rule of every board: only an action from the legal list goes to the host.

        Anything else (None, or an action not listed) shows ``why_not`` (or a
        general sentence) in the prompt bar instead, and nothing changes.
        """
        if action is not None and self.interactive and action in self.legal:
            self.post_message(self.Submit(action))
            return True
        self.notice(why_not or _("That move is not possible now."), error=True)
        return False

    def notice(self, text: str, error: bool = False) -> None:
        self.post_message(self.Notice(text, error))


class CanvasBoard(Board):
    """A board drawn on a fresh :class:`Canvas` by ``draw_canvas()``; rendering and lines follow from it."""

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        self.canvas = Canvas()

    def render(self) -> Text:
        return self.canvas.text() if self.draw() else Text("")

    def board_lines(self) -> list[Text]:
        self.draw()
        return self.canvas.lines

    def draw(self) -> bool:
        """Draw the board on a new canvas; False when there is nothing to draw yet."""
        self.canvas = Canvas()
        if self.view is None:
            return False
        self.draw_canvas()
        return True

    def draw_canvas(self) -> None:
        raise NotImplementedError


class GenericBoard(Board):
    """A fallback board: the prompt and a numbered list of legal actions.

    Up/down (or j/k) move, Enter or a digit chooses. It renders no board at all;
    it exists so that a new game can be played before it has its own screen.
    """

    HELP_KEYS = [
        ("up/down, j/k", "Move through the legal moves."),
        ("1-9", "Choose a move by its number."),
        ("Enter", "Play the highlighted move."),
    ]

    DEFAULT_CSS = """
    GenericBoard { height: auto; min-height: 3; padding: 0 1; }
    """

    cursor = 0

    def show(self, view: dict[str, Any], legal: list[Action], seat: int | None, interactive: bool) -> None:
        self.cursor = 0
        super().show(view, legal, seat, interactive)

    def render(self) -> Text:
        prompt = str((self.view or {}).get("prompt", ""))
        if not self.interactive:
            text = choices_text(prompt, [], None, self.ascii)
            text.append(_("Waiting for the other players."), style="dim")
            return text
        return choices_text(prompt, [self.label(i) for i in range(len(self.legal))], self.cursor, self.ascii)

    def key_hints(self) -> list[tuple[str, str]]:
        if not self.interactive:
            return []
        return [("↑↓", _("choose")), ("Enter", _("play"))]

    def on_key(self, event: events.Key) -> None:
        if not self.interactive or not self.legal:
            return
        stepped = step_choice(event.key, self.cursor, len(self.legal))
        if stepped is None:
            return
        self.cursor, chosen = stepped
        if chosen:
            self.submit(self.legal[self.cursor])
        event.stop()
        self.refresh()


def board_for(game: Game, *, ascii: bool = False) -> Board:
    """The board widget of ``game``: ``boardgames.games.<id>.screen.make_board``, else the generic list."""
    name = f"boardgames.games.{game.id}.screen"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if not exc.name or not name.startswith(exc.name):
            raise  # the module exists but something it imports is missing: a real error
        return GenericBoard(game, ascii=ascii)
    factory = getattr(module, "make_board", None)
    if factory is None:
        return GenericBoard(game, ascii=ascii)
    return factory(game, ascii=ascii)
