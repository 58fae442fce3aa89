"""A key storm: seeded random keys typed in bursts, faster than the app answers, with resizes, through every
screen the keys reach (the game, curtains, help, the log, the menu, set-up, saves, replays, results).

A storm starts at one place: a game's board, or one of the screens a player opens from elsewhere (the lobby of
shared tables, the whole log while bots move, Statistics over a small history, a replay, a replay with its
review), and the keys go on from there wherever they lead.

Shared by tests/tui/test_key_storm.py (a short storm in the test command) and benchmarks/key_storm.py (a
long one). Any exception in the app fails the storm: Pilot raises it when the app closes.
"""

from __future__ import annotations

import functools
import random
import string
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from textual import events

from boardgames.core.record import Record, Seat
from boardgames.core.registry import get_game
from boardgames.core.review import Review, review_record
from boardgames.core.session import Session
from boardgames.history.store import History, record_finished
from boardgames.home import default_history, default_store
from boardgames.lobby.table import Player
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.replay import ReplayScreen
from tests.review_records import golden_record, played

#: every key the shell or a board uses, and some that nothing uses (ctrl+q is left out: it only quits)
KEYS = [
    "enter", "space", "escape", "tab", "shift+tab", "up", "down", "left", "right", "home", "end", "pageup",
    "pagedown", "backspace", "delete", "question_mark", "ctrl+s", "ctrl+r", "ctrl+z",
    *string.digits, *string.ascii_lowercase, "L", "S", "Q", "Y",
]
#: Enter, Space and the arrows come most often, as when someone hurries the bots or browses a list
WEIGHTS = [8 if key in ("enter", "space") else 3 if key in ("up", "down", "left", "right", "escape") else 1
           for key in KEYS]
#: terminal sizes a storm resizes to (some below the 80x24 minimum)
SIZES = [(80, 24), (120, 40), (150, 45), (100, 30), (79, 24), (60, 20)]
CHARACTERS = {"enter": "\r", "space": " ", "tab": "\t", "escape": "\x1b", "question_mark": "?",
              "backspace": "\x7f"}
GAMES = ("sintra", "bluemoon", "lemuria", "abovebelow")
#: where a storm may start: a game's board, or a screen opened from elsewhere
PLACES = (*GAMES, "lobby", "log", "stats", "replay", "review")
#: the review's budget: small, so the review of the golden game takes well under a second
REVIEW_ITERATIONS = 4


def storm_session(game_id: str, rng: random.Random, bots_first: bool = False) -> Session:
    """A new saved game of two humans and bots (so curtains, bot turns and hand-offs all come up); with
    ``bots_first`` the bots sit first, so they move while the first human looks at something else."""
    game = get_game(game_id)
    count = rng.randint(max(game.min_players, 3 if bots_first else 2), game.max_players)
    kinds = ["human", "human"] + ["bot:random"] * (count - 2)
    if bots_first:
        kinds.reverse()
    else:
        rng.shuffle(kinds)
    seats = [Seat(name, kind) for name, kind in zip(("Ana", "Bia", "Caio", "Duda"), kinds)]
    return Session.new(game, seats, game.resolve_options({}), seed=rng.randrange(1, 10**6), store=default_store())


@functools.cache
def golden_review() -> tuple[Record, Review]:
    record = golden_record()
    return record, review_record(record, REVIEW_ITERATIONS)


def fill_history(rng: random.Random) -> None:
    """A few finished games in the data folder's history, for Statistics to show (once a data folder)."""
    path = default_history()
    if path.exists():
        return
    history = History.open(path)
    try:
        for number in range(3):
            names = rng.sample(["Ana", "Bia", "Caio"], 2)
            record = played("sintra", [Seat(name, "human") for name in names], seed=rng.randrange(1, 10**6))
            record_finished(history, record, "", datetime(2026, 1, 5, 20, tzinfo=UTC) + timedelta(hours=number))
    finally:
        history.close()


def storm_app(place: str, rng: random.Random) -> tuple[BoardgamesApp, Callable[[BoardgamesApp], bool]]:
    """A new app for a storm at ``place``, and what opens that place once the app runs (true once open)."""
    delay = rng.choice([0.0, 0.05, 0.3])
    if place in GAMES:
        return BoardgamesApp(session=storm_session(place, rng), bot_delay=delay), lambda app: True
    if place == "log":
        session = storm_session(rng.choice(GAMES), rng, bots_first=True)

        def open_log(app: BoardgamesApp) -> bool:  # before the bots' first moves: they go on under the log
            if isinstance(app.screen, GameScreen):
                app.screen.action_full_log()
                return True
            return False

        return BoardgamesApp(session=session, bot_delay=rng.choice([0.1, 0.3])), open_log
    if place == "replay":
        return BoardgamesApp(replay=golden_record(), bot_delay=delay), lambda app: True
    player = rng.choice([None, Player("local:Ana", "Ana")])  # the lobby asks a nameless terminal for a name
    if place == "stats":
        fill_history(rng)
    app = BoardgamesApp(player=player, bot_delay=delay)

    def from_menu(app: BoardgamesApp) -> bool:
        if not isinstance(app.screen, MenuScreen):
            return False
        if place == "lobby":
            app.screen.action_tables()
        elif place == "stats":
            app.screen.action_stats()
        else:
            record, review = golden_review()
            app.push_screen(ReplayScreen(record, review=review))
        return True

    return app, from_menu


def type_key(app: BoardgamesApp, key: str) -> None:
    """Send a key as the terminal driver does: at once, without waiting for the app to take it."""
    event = events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None))
    event.set_sender(app)
    app._driver.send_message(event)


async def key_storm(place: str, keys: int, seed: int, burst: int = 12) -> int:
    """Type ``keys`` keys into apps started at ``place`` (one of PLACES; a new app whenever one quits); the
    number of apps it took."""
    rng = random.Random(seed)
    typed = apps = 0
    while typed < keys:
        apps += 1
        app, opened = storm_app(place, rng)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):  # the place opens within a few frames
                if opened(app):
                    break
                await pilot.pause(0.01)
            else:
                raise AssertionError(f"the storm could not open its place, {place}, on {app.screen!r}")
            while typed < keys and app.return_code is None:
                if rng.random() < 0.04:
                    await pilot.resize_terminal(*rng.choice(SIZES))
                    continue
                for _ in range(rng.randint(1, burst)):
                    type_key(app, rng.choices(KEYS, WEIGHTS)[0])
                    typed += 1
                await pilot.pause(rng.choice([0, 0, 0.005, 0.02, 0.1]))
    return apps
