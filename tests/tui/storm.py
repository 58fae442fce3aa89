"""A key storm: seeded random keys typed in bursts, faster than the app answers, with resizes, through every
screen the keys reach (the game, curtains, help, the log, the menu, set-up, saves, replays, results).

Shared by tests/tui/test_key_storm.py (a short storm in the test command) and benchmarks/key_storm.py (a
long one). Any exception in the app fails the storm: Pilot raises it when the app closes.
"""

from __future__ import annotations

import random
import string

from textual import events

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp

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


def storm_session(game_id: str, rng: random.Random) -> Session:
    """A new saved game of two humans and bots (so curtains, bot turns and hand-offs all come up)."""
    game = get_game(game_id)
    count = rng.randint(max(game.min_players, 2), game.max_players)
    kinds = ["human", "human"] + ["bot:random"] * (count - 2)
    rng.shuffle(kinds)
    seats = [Seat(name, kind) for name, kind in zip(("Ana", "Bia", "Caio", "Duda"), kinds)]
    return Session.new(game, seats, game.resolve_options({}), seed=rng.randrange(1, 10**6), store=default_store())


def type_key(app: BoardgamesApp, key: str) -> None:
    """Send a key as the terminal driver does: at once, without waiting for the app to take it."""
    event = events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None))
    event.set_sender(app)
    app._driver.send_message(event)


async def key_storm(game_id: str, keys: int, seed: int, burst: int = 12) -> int:
    """Type ``keys`` keys into apps started on a new game of ``game_id`` (a new app whenever one quits); the
    number of apps it took."""
    rng = random.Random(seed)
    typed = apps = 0
    while typed < keys:
        apps += 1
        app = BoardgamesApp(session=storm_session(game_id, rng), bot_delay=rng.choice([0.0, 0.05, 0.3]))
        async with app.run_test(size=(80, 24)) as pilot:
            while typed < keys and app.return_code is None:
                if rng.random() < 0.04:
                    await pilot.resize_terminal(*rng.choice(SIZES))
                    continue
                for _ in range(rng.randint(1, burst)):
                    type_key(app, rng.choices(KEYS, WEIGHTS)[0])
                    typed += 1
                await pilot.pause(rng.choice([0, 0, 0.005, 0.02, 0.1]))
    return apps
