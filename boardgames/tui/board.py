"""How the shell finds and talks to a game's board, and what a board is made of.

A game plugs into the shell by declaring its board class (``Parts.board`` in its
``game.py``, see core/declared.py). The host screen (and the replay viewer) make
it through :func:`board_for`; a game without one gets :class:`GenericBoard`, a
plain list of its legal actions, so every registered game is playable from the
first day.

A board is a container of parts (``boardgames.tui.widgets.part.BoardPart``):
focusable widgets, each with its own keys, drawing and hints. The board holds
what they all read (the view, the legal list, the labels) and the keys that
belong to no part; Tab moves the focus between the parts that take it now.
Every part, and the board, declares its keys once in a table (``boardgames.tui.keys``):
a part's table answers its keys, the board's becomes Textual bindings (the board
has Textual's focus, so they apply without moving it), and both give the key bar
and the help. Constructing a board refuses a part key that shadows a board letter.

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
  not, else the rules' reason for that action (:attr:`Board.explain`);
  :class:`Board.Notice` shows a sentence in the prompt bar;
  :class:`Board.HintsChanged` asks the host to redraw the key bar;
- :meth:`Board.key_hints` lists the keys that work now (the focused part's,
  Tab, then the board's own) for the footer, and :meth:`Board.help_keys` all of
  them (for the help screen); :meth:`Board.focus` puts the focus on the part
  that should have it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from boardgames.core.engine import Action, Game
from boardgames.i18n import N_, _
from boardgames.tui.keys import (
    DIGITS,
    ENTER,
    NEXT_KEYS,
    PREV_KEYS,
    UP_DOWN,
    PartKey,
    answer,
    check_board,
    help_lines,
    hints,
)
from boardgames.tui.widgets.choices import choices_text, step_choice
from boardgames.tui.widgets.part import BoardPart

if TYPE_CHECKING:
    from boardgames.tui.startentry import StartMoves


class Board(Widget, can_focus=True):
    """Base class of every game's board: a container of parts (see the module's docstring).

    The board holds Textual's focus; the part in use (:attr:`active`) gets each key first.
    """

    #: how a part finds its board without importing this module
    IS_BOARD: ClassVar[bool] = True
    #: the classes of the board's parts, in the help's order: their keys are checked against the board's own.
    #: An attribute the board's class declares with one of them (``top: TopPart``) holds the one Board makes of it
    PARTS: ClassVar[tuple[type[BoardPart], ...]] = ()
    #: the terminal height from which the board shows more (see :attr:`tall`); 0: never
    TALL: ClassVar[int] = 0
    #: the lines its status line may wrap over while a sentence needs them (tui/widgets/status.py)
    STATUS_ROWS: ClassVar[int] = 1
    #: whether the log goes beside the board on a wide terminal; a board that never grows taller (Sintra's)
    #: leaves it the room below instead, and has the whole width
    LOG_BESIDE: ClassVar[bool] = True
    #: the keys that belong to no part (the turn's letters), as Textual bindings of the board (see the module)
    KEYS: ClassVar[tuple[PartKey, ...]] = ()
    #: what the help says of Tab and of the mouse on this board ("" for no line)
    HELP_TAB: ClassVar[str] = ""
    HELP_MOUSE: ClassVar[str] = ""
    #: Markdown for the help screen: how to read the board (its symbols and marks)
    HELP_NOTES: ClassVar[str] = ""
    _checked: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A board's own keys become bindings of the board: Textual tries them after the focused part had the key
        (the board's ``on_key``) and before the screen's."""
        if "KEYS" in cls.__dict__:
            made = [Binding(key, f"board_key({key!r})", show=False) for row in cls.KEYS for key in row.keys]
            cls.BINDINGS = [*cls.__dict__.get("BINDINGS", []), *made]
        super().__init_subclass__(**kwargs)

    DEFAULT_CSS = """
    Board { height: auto; }
    """

    #: set by the host on a board with a list of moves: where that list may start (tui/startentry.py)
    start_moves: StartMoves

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
        cls = type(self)
        if not cls.__dict__.get("_checked", False):
            check_board(cls, cls.PARTS)  # a part key shadowing a board letter: refused
            cls._checked = True
        super().__init__(id=id)
        self.game = game
        self.ascii = ascii
        self.view: Mapping[str, Any] | None = None
        self.legal: list[Action] = []
        #: a phrase per legal action (``State.label``), set by the host before ``show``
        self.labels: list[str] = []
        #: the host's reason why an action not in the legal list is refused (the rules' own words), or None
        self.explain: Callable[[Action], str | None] | None = None
        self.seat: int | None = None
        self.interactive = False
        self._parts: list[BoardPart] | None = None
        self._active: BoardPart | None = None
        #: a key or click chose a move and no view has been shown since: the board is redrawn whole when the
        #: host shows the move, so nothing is redrawn before (a frame of the old board would hold the move's
        #: frame back by a frame period); :meth:`settle` redraws if the host refuses the move instead
        self._submitted = False
        #: what told the decision shown last apart from others (see :meth:`decision_shown`)
        self._decision: Hashable = None
        #: a hint's move no part could point at: Enter plays it, any other key forgets it (:meth:`point_at`)
        self.hinted: Action | None = None
        self._make_parts()

    # -- the parts --------------------------------------------------------------------
    def _make_parts(self) -> None:
        """One of each part of :attr:`PARTS` the board's class declares an attribute for, in the order declared."""
        by_name = {part.__name__: part for part in self.PARTS}
        for name, declared in type(self).__dict__.get("__annotations__", {}).items():
            part = by_name.get(declared if isinstance(declared, str) else getattr(declared, "__name__", ""))
            if part is not None:
                setattr(self, name, part(ascii=self.ascii))

    @property
    def parts(self) -> list[BoardPart]:
        """Every part of the board, in the order they are drawn."""
        if self._parts is None:
            if not self.is_mounted:
                return []
            self._parts = [part for part in self.query(BoardPart) if part.board is self]
            unchecked = [type(part).__name__ for part in self._parts if type(part) not in self.PARTS]
            if unchecked:
                raise TypeError(f"{type(self).__name__}.PARTS lacks {', '.join(unchecked)}: its keys were not checked")
        return self._parts

    def focus_order(self) -> list[BoardPart]:
        """The parts Tab visits now, in order."""
        return [part for part in self.parts if part.display and part.takes_focus()]

    def default_part(self) -> BoardPart | None:
        """The part a new decision starts on (the first one Tab visits, unless a board knows better)."""
        order = self.focus_order()
        return order[0] if order else None

    def useful(self, part: BoardPart | None) -> bool:
        """Whether ``part`` still has a move to offer; one that has none gives way to :meth:`default_part` when the
        next view is shown."""
        return True

    def decision_shown(self, decision: Hashable) -> bool:
        """Note ``decision`` (what tells this board's decisions apart) as the one shown now: a new one, or a part in
        use that is no longer :meth:`useful`, starts on :meth:`default_part`. Whether the decision is new."""
        fresh = decision != self._decision
        self._decision = decision
        if fresh or not self.useful(self._active):
            self._active = None
        return fresh

    @property
    def active(self) -> BoardPart | None:
        """The part the player is using: the focused part while it takes the focus, else the default one."""
        order = self.focus_order()
        if self._active in order:
            return self._active
        return self.default_part()

    def focus_part(self, part: BoardPart | None, follow: bool = True) -> None:
        """Give ``part`` the focus (its keys answer, its cursor shows) and, with ``follow``, redraw what follows
        it (:meth:`show` redraws every part that changed itself)."""
        if part is None:
            return
        previous, self._active = self._active, part
        if previous is not part:
            part.entered()
            part.refresh()
            if previous is not None:
                previous.refresh()
        if follow:
            self.part_changed(part)

    def part_changed(self, part: BoardPart | None = None) -> None:
        """A part changed (a key, a click, the focus): redraw the parts that follow the board, then the key bar."""
        for other in self.parts:
            if other.FOLLOWS_BOARD and other is not part:
                redraw_in_place(other, len(other._drawn[1]) if other._drawn is not None else None)
        self.hints_changed()

    # -- sizes ------------------------------------------------------------------------------
    @property
    def screen_height(self) -> int:
        """The terminal's height in lines (24 before the board is mounted)."""
        return self.app.size.height if self.is_mounted else 24

    @property
    def tall(self) -> bool:
        """Whether the terminal is :attr:`TALL` lines high or more, so the board shows more."""
        return bool(self.TALL) and self.is_mounted and self.app.size.height >= self.TALL

    # -- state from the host ------------------------------------------------------------
    def show(self, view: Mapping[str, Any], legal: list[Action], seat: int | None, interactive: bool) -> None:
        """Draw a new view. Subclasses extend :meth:`update` to reset their parts' cursors."""
        self.view = view
        self.legal = list(legal)
        self.seat = seat
        self.interactive = interactive
        self._submitted = False
        self.hinted = None
        self.update()
        heights = [len(part._drawn[1]) if part._drawn is not None else None for part in self.parts]
        for part in self.parts:
            part.update()
        if interactive:
            self.focus_part(self.active, follow=False)
        for part, height in zip(self.parts, heights):
            if not part.display:
                part.refresh()  # drawn when shown
                continue
            redraw_in_place(part, height)
        self.hints_changed()

    def update(self) -> None:
        """Called by :meth:`show` once the new view and legal list are in place, before each part's
        :meth:`BoardPart.update` and the redraw."""

    @property
    def shown(self) -> Mapping[str, Any]:
        """The view on the board, for code that runs only once the host has shown one (parts' drawing, the
        board's ``update``)."""
        if self.view is None:
            raise RuntimeError("the board has been shown no view yet")
        return self.view

    # -- keys ---------------------------------------------------------------------------
    def key_hints(self) -> list[tuple[str, str]]:
        """(key, label) pairs of the board keys that work now, most important first."""
        if self.view is None or not self.interactive:
            return []
        part = self.active
        hints = part.key_hints() if part is not None else []
        order = self.focus_order()
        if len(order) > 1 and part in order:
            following = order[(order.index(part) + 1) % len(order)]
            if following.title():
                hints.append(("Tab", following.title()))
        return hints + self.board_hints()

    def board_hints(self) -> list[tuple[str, str]]:
        """The hints of the keys that belong to no part (after the focused part's), from :attr:`KEYS`."""
        return hints(self, self.KEYS, self.ascii) if self.own_keys_work() else []

    def own_keys_work(self) -> bool:
        """Whether the board's own keys work now: a human decides, and no part holds the keyboard."""
        part = self.active
        return self.view is not None and self.interactive and not (part is not None and part.holds_keys())

    def offers(self, action: str) -> bool:
        """Whether the key of a row sending ``action`` works now (shown on the key bar)."""
        return self.pick(action) is not None

    def press(self, row: PartKey, key: str) -> bool:
        """A board key that sends the game action of its row (a letter); ``row.why`` when it is not legal."""
        self.submit(self.pick(row.action), _(row.why) if row.why else "")
        return True

    def on_key(self, event: events.Key) -> None:
        """The active part has the key first, then Tab; any other key goes on to the board's own keys (Textual
        bindings made from :attr:`KEYS`), then to the screen's."""
        if self.view is None or not self.interactive:
            return
        hinted, self.hinted = self.hinted, None
        if hinted is not None and event.key in ENTER:
            event.stop()
            event.prevent_default()
            self.submit(hinted)
            return
        part = self.active
        self._submitted = False
        if part is not None and part.key(event.key, event.character):
            event.stop()
            event.prevent_default()
            if not self._submitted:
                part.changed()
            return
        if event.key in ("tab", "shift+tab"):
            self.tab(1 if event.key == "tab" else -1)
            event.stop()
            event.prevent_default()
            if not self._submitted:
                self.part_changed()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "board_key":
            return self.own_keys_work()
        return True

    def action_board_key(self, key: str) -> None:
        """A key of :attr:`KEYS` no part took; a row that does not take it lets it go on to the screen."""
        self._submitted = False
        if not answer(self, key, None):
            raise SkipAction()
        if not self._submitted:
            self.part_changed()

    @classmethod
    def help_keys(cls) -> list[tuple[str, str]]:
        """(keys, what they do) for the help screen: every key of the board and its parts, from their tables."""
        lines = [(_("Tab / Shift+Tab"), _(cls.HELP_TAB))] if cls.HELP_TAB else []
        lines += help_lines(cls.KEYS, joiner=" ")
        for part in cls.PARTS:
            lines += part.help_lines()
        if cls.HELP_MOUSE:
            lines.append((_("Mouse"), _(cls.HELP_MOUSE)))
        return lines

    @classmethod
    def help_notes(cls) -> str:
        """The help's Markdown on reading the board (:attr:`HELP_NOTES`), in the reader's language; a board adds
        what its printed tables say (every card, for instance)."""
        return _(cls.HELP_NOTES) if cls.HELP_NOTES else ""

    def tab(self, step: int) -> bool:
        """Tab and Shift+Tab move the focus along :meth:`focus_order`; they never leave the board."""
        order = self.focus_order()
        if order:
            index = order.index(self.active) if self.active in order else -step
            self.focus_part(order[(index + step) % len(order)])
        return True

    def hints_changed(self) -> None:
        """The keys that work now have changed: the host redraws its key bar at once (in the same frame as the
        board, which a message would miss by a frame), or, for a host without ``refresh_keys``, on the message."""
        refresh_keys = getattr(self.screen, "refresh_keys", None) if self.is_attached else None
        if callable(refresh_keys):
            refresh_keys()
        else:
            self.post_message(self.HintsChanged())

    # -- the legal list -----------------------------------------------------------------
    def label(self, index: int) -> str:
        """The phrase for legal action ``index``: the host's label for this list, else the notation."""
        if len(self.labels) == len(self.legal):
            return self.labels[index]
        return str(self.legal[index])

    def point_at(self, action: Action) -> bool:
        """A hint's move: the first part that lists it (a part's ``point_at(action) -> bool``) takes the focus with
        its cursor on it, and True. When none can, Enter plays it until another key is pressed, and False; a part
        that holds the move's first piece (``point_near``: the card of a power that still needs a target) then
        shows its cursor there."""
        if action not in self.legal or not self.interactive:
            return False
        if self._point_with(action, "point_at"):
            return True
        self._point_with(action, "point_near")
        self.hinted = action
        return False

    def _point_with(self, action: Action, method: str) -> bool:
        for part in self.parts:
            point = getattr(part, method, None)
            if point is not None and part.display and part.takes_focus() and point(action):
                self.focus_part(part)
                part.changed()
                return True
        return False

    def pick(self, name: str, *args: Any) -> Action | None:
        """The legal action ``name args`` (the very object from the legal list), or None when it is not legal."""
        wanted = Action(name, tuple(args))
        return next((action for action in self.legal if action == wanted), None)

    def submit(self, action: Action | None, why_not: str = "") -> bool:
        """The one input rule of every board: only an action from the legal list goes to the host.

        Anything else (None, or an action not listed) shows ``why_not``, else the rules' reason for that action
        (:attr:`explain`), else a general sentence, in the prompt bar instead, and nothing changes.
        """
        if action is not None and self.interactive and action in self.legal:
            self._submitted = True
            self.post_message(self.Submit(action))
            return True
        if not why_not and action is not None and self.interactive and self.explain is not None:
            why_not = self.explain(action) or ""
        self.notice(why_not or _("That move is not possible now."), error=True)
        return False

    def settle(self) -> None:
        """The host handled a move without showing a new view (it refused it, or it came too late): redraw what
        the key or click that chose it changed."""
        if self._submitted:
            self._submitted = False
            part = self.active
            if part is not None:
                part.changed()
            else:
                self.part_changed()

    def notice(self, text: str, error: bool = False) -> None:
        self.post_message(self.Notice(text, error))

    def text(self) -> Text:
        """The board as lines of text, laid out as on the screen: parts one under the other, parts side by side
        (in a ``Horizontal``) joined line by line, a blank line for each line between them. For tests and
        tools that read a board as text; before the first layout, parts come one after the other."""
        shown = [part for part in self.parts if part.display]
        laid_out = all(part.region.width for part in shown)
        bands: dict[int, list[BoardPart]] = {}
        for part in shown:
            bands.setdefault(part.region.y if laid_out else len(bands), []).append(part)
        lines: list[Text] = []
        y = self.content_region.y if laid_out else 0
        for top in sorted(bands):
            if laid_out:
                lines += [Text() for _ in range(max(0, top - y))]
            else:
                lines += [Text() for _ in range(bands[top][0].styles.margin.top)]
            band = sorted(bands[top], key=lambda part: part.region.x)
            columns = [part.render().split("\n", allow_blank=True) for part in band]
            height = max(len(column) for column in columns)
            for i in range(height):
                line = Text()
                for k, (part, column) in enumerate(zip(band, columns)):
                    if k:
                        line.pad_right(part.region.x - band[0].region.x - line.cell_len)
                    if i < len(column):
                        line.append_text(column[i])
                lines.append(line)
            y = top + height
        return Text("\n").join(lines)


class LegalList(BoardPart):
    """The generic board's one part: the prompt and a numbered list of the legal moves by their labels."""

    DEFAULT_CSS = """
    LegalList { height: auto; min-height: 3; padding: 0 1; }
    """

    cursor = 0

    if TYPE_CHECKING:  # it lives in GenericBoard
        @property
        def board(self) -> Board: ...

    def update(self) -> None:
        self.cursor = 0

    def draw(self) -> Text:
        board = self.board
        if board is None or board.view is None:
            return Text()
        prompt = str(board.view.get("prompt", ""))
        if not board.interactive:
            text = choices_text(prompt, [], None, self.ascii)
            text.append(_("Waiting for the other players."), style="dim")
            return text
        return choices_text(prompt, [board.label(i) for i in range(len(board.legal))], self.cursor, self.ascii)

    def step(self, key: str, character: str | None) -> bool:
        board = self.board
        stepped = step_choice(key, self.cursor, len(board.legal))
        if stepped is None:
            return False
        self.cursor, chosen = stepped
        if chosen:
            board.submit(board.legal[self.cursor])
        return True

    KEYS = (
        PartKey((*PREV_KEYS, *NEXT_KEYS), N_("choose"), "step", label=UP_DOWN,
                help=N_("Move through the legal moves.")),
        PartKey(DIGITS, do="step", help=N_("Choose a move by its number.")),
        PartKey(ENTER, N_("play"), "step", help=N_("Play the highlighted move.")),
    )


class GenericBoard(Board):
    """A fallback board: the prompt and a numbered list of legal actions.

    Up/down (or j/k) move, Enter or a digit chooses. It renders no board at all;
    it exists so that a new game can be played before it has its own screen.
    """

    PARTS = (LegalList,)

    def compose(self) -> ComposeResult:
        yield LegalList(ascii=self.ascii)


def board_for(game: Game, *, ascii: bool = False) -> Board:
    """The board widget ``game`` declares (``Parts.board``, see core/declared.py), else the generic list."""
    board_class = getattr(game, "board_class", None)
    board = board_class() if callable(board_class) else None
    if board is None:
        return GenericBoard(game, ascii=ascii)
    made: Board = board(game, ascii=ascii)
    return made


def redraw_in_place(part: BoardPart, height: int | None) -> None:
    """Draw ``part`` anew and paint it from that drawing; a layout pass of the whole screen (some 50 ms) only
    when its height is no longer ``height`` (the lines it had), or it has not been laid out yet."""
    if not part.region.width:
        part.refresh(layout=True)
        return
    part.redraw()
    if height is None or len(part.drawn()) != height:
        Widget.refresh(part, layout=True)  # keeps the drawing (made for this width; a new width draws anew)
