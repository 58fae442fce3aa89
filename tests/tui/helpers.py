"""Shared helpers for the shell's pilot tests."""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action, Game, IllegalAction, Result, State
from boardgames.core.record import Record, Seat
from boardgames.core.registry import get_game
from boardgames.core.rng import Rng
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp
from tests.longrun import sized as sized  # the long run's switch, shared with the other tests

SINTRA = get_game("sintra")


def sintra_session(names=("Ana", "Bia"), kinds=None, seed=1, side="A", autosave=True) -> Session:
    kinds = kinds or ["human"] * len(names)
    seats = [Seat(name, kind) for name, kind in zip(names, kinds)]
    return Session.new(SINTRA, seats, {"side": side}, seed=seed, autosave=autosave,
                       store=default_store())


_PLAYED: dict[str, dict] = {}


def played_once(key: str, make: Callable[[], Session]) -> Session:
    """A new session in the position ``make()`` plays to (a game kept in memory): the bots of ``make`` choose
    the moves once a process, and each call applies them to a new session, so no test shares another's."""
    if key not in _PLAYED:
        _PLAYED[key] = make().record.to_json()
    data = copy.deepcopy(_PLAYED[key])
    actions, data["actions"], data["finished"] = data["actions"], [], False
    data.pop("ended", None)
    record = Record.from_json(data)
    session = Session(get_game(record.game), record)
    for line in actions:
        session.apply_text(line)
    return session


async def wait_until(pilot, condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``condition()`` holds; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.01)


def app_for(session=None, **kwargs) -> BoardgamesApp:
    kwargs.setdefault("bot_delay", 0)
    return BoardgamesApp(session=session, **kwargs)


def board_text(app) -> str:
    return app.screen.board.text().plain


async def illegal_submits(pilot, app, session: Session, keys: list[str], presses: int, seed: int = 5) -> list[Action]:
    """Press ``presses`` keys drawn from ``keys`` on the game's board (until the game ends or the game screen
    goes) and return every action the board submitted that was not legal or not its turn: a board must have
    none."""
    from boardgames.tui.board import Board
    from boardgames.tui.screens.game import GameScreen

    rng = random.Random(seed)
    wrong: list[Action] = []
    board = app.screen.board
    post = board.post_message

    def spy(message):  # noqa: ANN001, ANN202
        if isinstance(message, Board.Submit) and (message.action not in board.legal or not board.interactive):
            wrong.append(message.action)
        return post(message)

    board.post_message = spy
    for _ in range(presses):
        if session.state.current_player is None or not isinstance(app.screen, GameScreen):
            break
        await pilot.press(rng.choice(keys))
    await pilot.pause()
    return wrong


def completion_setup(seed: int = 3) -> tuple[Session, Action, Action]:
    """Play a seeded 2-player game (greedy choices for both seats) until Ana can complete a strip.

    Returns the session and the take and place that complete it.
    """
    session = sintra_session(seed=seed)
    bot = make_bot("greedy", SINTRA, seed)
    while True:
        state = session.state
        if state.current_player == 0 and state.phase == "take":
            found = completing_move(state)
            if found:
                return session, found[0], found[1]
        session.apply(bot.choose(state, len(session.record.actions)))


def completing_move(state) -> tuple[Action, Action] | None:
    for take in state.legal_actions():
        if take.name != "take":
            continue
        after_take = state.clone()
        after_take.apply(take)
        for place in after_take.legal_actions():
            if place.name != "place":
                continue
            after = after_take.clone()
            after.apply(place)
            if after.phase == "keep":
                return take, place
    return None


# -- a tiny game with private information, to test the curtain and the generic board ---------------
class SecretState(State):
    """Each seat holds a secret number; a turn is one 'pass' (or 'peek', which changes nothing)."""

    def __init__(self, names, seed, turns=4):
        self.names = list(names)
        self.rng = Rng(seed)
        self.turn = 0
        self.turns = turns
        self.secrets = [10 + i for i in range(len(names))]
        self.current = 0

    @property
    def current_player(self):
        return None if self.turn >= self.turns else self.current

    def legal_actions(self):
        return [] if self.current_player is None else [Action("pass"), Action("peek")]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not allowed now.")
        name = self.names[self.current]
        if action.name == "peek":  # only the peeker reads the secret in the log
            seen = f"{name} plays peek and sees {self.secrets[self.current]}."
            self.emit(f"{name} plays peek.", {self.current: seen})
        else:
            self.emit(f"{name} plays {action}.")
        if action.name == "pass":
            self.current = (self.current + 1) % len(self.names)
            self.turn += 1

    def prompt(self):
        return "Pass or peek." if self.current_player is not None else "The game is over."

    def result(self):
        return Result([0] * len(self.names), [{"Nothing": 0} for _ in self.names], [1] * len(self.names))

    def view(self, seat):
        return {"secret": None if seat is None else self.secrets[seat], "seat": seat, "prompt": self.prompt()}

    def clone(self):
        other = SecretState(self.names, 0, self.turns)
        other.rng, other.turn, other.current = self.rng.copy(), self.turn, self.current
        return other

    def to_json(self):
        return {"turn": self.turn, "current": self.current}


class SecretGame(Game):
    id = "secret-test"
    title = "Secret (test)"
    description = "A test game with private information."
    min_players = 2
    max_players = 3
    has_private_info = True

    def new_state(self, names, options, seed):
        return SecretState(names, seed)

    def evaluate(self, state, seat):
        return 0.0

    def help_text(self):
        return "# Secret\n\nPass."


def secret_session(kinds=("human", "human")) -> Session:
    seats = [Seat(name, kind) for name, kind in zip(("Ana", "Bia", "Caio"), kinds)]
    return Session.new(SecretGame(), seats, {}, seed=1, autosave=False)


def static_text(widget) -> str:
    """The plain text a Static shows (Rich renderables are rendered at 80 columns)."""
    from rich.console import Console
    from rich.text import Text

    content = widget.content
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return content.plain
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(content)
    return console.export_text()


def fits_80x24(app, names) -> str:
    """The screen at 80x24 with the board in at most 18 lines and every player named; the screen's text."""
    from tests.tui.screen_text import screen_text

    assert app.screen.board.region.height <= 18
    screen = screen_text(app).split("\n")
    assert len(screen) == 24 and all(len(line) <= 80 for line in screen)
    text = "\n".join(screen)
    for name in names:
        assert name in text
    return text


async def lift_curtain(pilot) -> None:
    """The next player lifts the hand-off curtain (with its own key: Enter and Space hurry bots)."""
    from boardgames.tui.screens.curtain import CURTAIN_KEY

    await pilot.press(CURTAIN_KEY)


def seat_and_bots(game_id: str, seed: int = 11) -> Session:
    """A new game of ``game_id``: Ana at the keyboard and three random bots (as many as the game takes)."""
    game = get_game(game_id)
    seats = [Seat("Ana"), *(Seat(name, "bot:random") for name in ("Bia", "Caio", "Duda"))][:game.max_players]
    return Session.new(game, seats, game.resolve_options({}), seed=seed, autosave=False)


async def each_decision(pilot, app, session: Session, count: int, seed: int = 11):
    """Ana's next ``count`` decisions, shown on her screen (the bots play in between): yields at each, then plays
    a few random moves of her turn itself."""
    rng = random.Random(seed)
    for _decision in range(count):
        await wait_until(pilot, lambda: session.state.is_over or (
            session.state.current_player == 0 and app.screen.board.interactive and not app.screen.bot_busy),
            timeout=60)
        if session.state.is_over:
            return
        await pilot.pause()
        yield
        for _move in range(rng.randint(1, 6)):
            session.apply(rng.choice(session.state.legal_actions()))
            if session.state.is_over or session.state.current_player != 0:
                break
        app.screen.after_change()
