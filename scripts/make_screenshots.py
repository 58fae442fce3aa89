"""Write the SVG screenshots used in README.md into screenshots/.

A seeded game is played a few turns by bots, then the real app is rendered
headless at fixed sizes, so the pictures change only when a screen does.

    python scripts/make_screenshots.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.i18n import set_language
from boardgames.tui.app import BoardgamesApp

OUT = Path(__file__).resolve().parent.parent / "screenshots"


def sintra_session(players: int, moves: int) -> Session:
    game = get_game("sintra")
    names = ["Ana", "Bia", "Caio", "Duda"][:players]
    session = Session.new(game, [Seat(n) for n in names], {"side": "A"}, seed=2026, store=default_store())
    bot = make_bot("greedy", game, 2026)
    for ply in range(moves):
        session.apply(bot.choose(session.state, ply))
    return session


def random_session(game_id: str, options: dict[str, str], phase: str, players: int, moves: int) -> Session:
    """Random moves (the greedy bot is slow to think this far), then on until Ana, the one human, is in
    ``phase``."""
    game = get_game(game_id)
    names = ["Ana", "Bia", "Caio", "Duda"][:players]
    seats = [Seat(names[0]), *(Seat(n, "bot:random") for n in names[1:])]
    session = Session.new(game, seats, options, seed=2026, store=default_store())
    bot = make_bot("random", game, 2026)
    ply = 0
    while ply < moves or session.state.current_player != 0 or session.state.phase != phase:
        session.apply(bot.choose(session.state, ply))
        ply += 1
    return session


def exploring_session() -> Session:
    """Above and Below, 3 players: random moves into round 2, then Ana sets out with her first two ready
    villagers and reads the encounter."""
    session = random_session("abovebelow", {}, "turn", 3, 30)
    bot = make_bot("random", session.game, 2026)
    ply = len(session.record.actions)  # the bots remember each turn by its move numbers: count on from the record
    while session.state.current_player != 0 or len(session.state.players[0].ready) < 2 or \
            "explore" not in {a.name for a in session.state.legal_actions()}:
        if session.state.is_over:
            raise SystemExit("the random game ended before Ana could explore: choose another seed")
        session.apply(bot.choose(session.state, ply))
        ply += 1
    for move in ("explore", *(f"add {v}" for v in session.state.players[0].ready[:2]), "go"):
        session.apply(session.game.parse_action(move))
    return session


def week_of_games() -> None:
    """Twenty finished games over a week in the history (Ana, Bia and the greedy bot at Sintra, every seat's
    moves made by a greedy bot), as a player who comes back sees them in Statistics."""
    from datetime import UTC, datetime, timedelta

    from boardgames.history.store import History, record_finished
    from boardgames.home import default_history

    game = get_game("sintra")
    start = datetime(2026, 11, 20, 19, 0, tzinfo=UTC)
    with History.open(default_history()) as history:
        for number in range(20):
            seats = [Seat("Ana"), Seat("Bia"), Seat("Greedy", "bot:greedy")][: 2 + number % 2]
            session = Session.new(game, seats, {"side": "A"}, seed=100 + number, autosave=False)
            bots = [make_bot("greedy", game, 100 + number + n) for n in range(len(seats))]
            while not session.state.is_over:
                seat = session.state.current_player
                session.apply(bots[seat].choose(session.state, len(session.record.actions)))
            ended = start + timedelta(hours=8 * number + number % 3)
            record_finished(history, session.record, f"sintra-{number}.json", ended)


async def shoot(session: Session | None, size: tuple[int, int], name: str, keys: tuple[str, ...] = ()) -> None:
    app = BoardgamesApp(session=session, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        app.save_screenshot(filename=name, path=str(OUT))
    print(f"wrote screenshots/{name}")


async def main() -> None:
    os.environ["BOARDGAMES_HOME"] = tempfile.mkdtemp(prefix="bg-shots-")
    OUT.mkdir(exist_ok=True)
    await shoot(sintra_session(3, 61), (80, 24), "sintra-80x24.svg")
    await shoot(sintra_session(4, 83), (120, 40), "sintra-4p-120x40.svg")
    await shoot(random_session("bluemoon", {"expansion": "true"}, "move", 4, 500), (80, 24), "bluemoon-80x24.svg")
    await shoot(random_session("lemuria", {"impact": "true"}, "turn", 4, 150), (80, 24), "lemuria-80x24.svg")
    await shoot(random_session("abovebelow", {}, "turn", 3, 120), (80, 24), "abovebelow-80x24.svg")
    await shoot(exploring_session(), (120, 40), "abovebelow-encounter-120x40.svg")
    week_of_games()
    await shoot(None, (120, 40), "statistics-120x40.svg", ("s",))
    await shoot(None, (120, 40), "statistics-chart-120x40.svg", ("s", "end"))
    # the same games read in Portuguese, for the README's "Em português"
    set_language("pt_BR")
    await shoot(None, (80, 24), "menu-80x24-pt_BR.svg")
    await shoot(sintra_session(3, 61), (80, 24), "sintra-80x24-pt_BR.svg")
    await shoot(random_session("bluemoon", {"expansion": "true"}, "move", 4, 500), (80, 24), "bluemoon-80x24-pt_BR.svg")
    await shoot(random_session("lemuria", {"impact": "true"}, "turn", 4, 150), (80, 24), "lemuria-80x24-pt_BR.svg")
    await shoot(exploring_session(), (120, 40), "abovebelow-encounter-120x40-pt_BR.svg")
    await shoot(None, (120, 40), "statistics-120x40-pt_BR.svg", ("s",))
    set_language("en")


if __name__ == "__main__":
    asyncio.run(main())
