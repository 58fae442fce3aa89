"""SVG snapshots of key screens at a fixed size, seed and theme.

A changed screen fails here and leaves ``<name>.actual.svg`` beside the stored
picture to look at; if the change is wanted, rewrite the pictures with
``UPDATE_SNAPSHOTS=1 python -m pytest tests/tui/test_snapshots.py``.
Textual is pinned to one minor version in pyproject.toml so its releases
cannot change these pictures behind our back.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.tui.app import BoardgamesApp

from .helpers import SINTRA, sintra_session

SNAPSHOTS = Path(__file__).parent / "snapshots"


def played(names, moves, seed, side="A"):
    session = sintra_session(names=names, seed=seed, side=side, autosave=False)
    bot = make_bot("greedy", SINTRA, seed)
    for ply in range(moves):
        if session.state.is_over:
            break
        session.apply(bot.choose(session.state, ply))
    return session


def bluemoon_played(moves, seed, until):
    """A 4-player Blue Moon City game with the expansion, random moves until Ana (the one human) faces ``until``."""
    game = get_game("bluemoon")
    seats = [Seat("Ana"), *(Seat(name, "bot:random") for name in ("Bia", "Caio", "Duda"))]
    session = Session.new(game, seats, {"expansion": "true"}, seed=seed, autosave=False)
    bot = make_bot("random", game, seed)
    ply = 0
    while ply < moves or session.state.current_player != 0 or not until(session.state):
        session.apply(bot.choose(session.state, ply))
        ply += 1
    return session


async def check(app: BoardgamesApp, name: str, keys=(), size=(80, 24)) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        svg = app.export_screenshot(title=name)
    stored = SNAPSHOTS / f"{name}.svg"
    actual = SNAPSHOTS / f"{name}.actual.svg"
    if os.environ.get("UPDATE_SNAPSHOTS") or not stored.exists():
        stored.write_text(svg, encoding="utf-8")
        actual.unlink(missing_ok=True)
        if not os.environ.get("UPDATE_SNAPSHOTS"):
            pytest.fail(f"no stored snapshot {stored.name}; one was written, check it and run again")
        return
    if stored.read_text(encoding="utf-8") != svg:
        actual.write_text(svg, encoding="utf-8")
        pytest.fail(f"{name} differs from its snapshot; compare {stored.name} with {actual.name}")
    actual.unlink(missing_ok=True)


async def test_menu():
    await check(BoardgamesApp(bot_delay=0), "menu-80x24")


async def test_sintra_three_players_taking():
    session = played(("Ana", "Bia", "Caio"), 31, seed=7)
    await check(BoardgamesApp(session=session, bot_delay=0), "sintra-3p-take-80x24")


async def test_sintra_four_players_placing():
    session = played(("Ana", "Bia", "Caio", "Duda"), 60, seed=9, side="B")
    while session.state.phase != "take":
        session.apply(session.state.legal_actions()[0])
    session.apply(session.state.legal_actions()[0])  # now choosing a strip
    await check(BoardgamesApp(session=session, bot_delay=0), "sintra-4p-place-80x24")


async def test_sintra_ascii():
    session = played(("Ana", "Bia"), 20, seed=3)
    await check(BoardgamesApp(session=session, ascii=True, bot_delay=0), "sintra-2p-ascii-80x24")


async def test_game_over():
    session = played(("Ana", "Bia", "Caio"), 10_000, seed=5)
    assert session.state.is_over
    await check(BoardgamesApp(session=session, bot_delay=0), "sintra-game-over-80x24")


async def test_bluemoon_four_players_paying_80x24():
    def half_paid(state):
        """The first (box, card) pair after which the box still wants more cards, or None."""
        for box in (a for a in state.legal_actions() if a.name == "box"):
            paying = state.clone()
            paying.apply(box)
            for card in (a for a in paying.legal_actions() if a.name in ("add", "pair")):
                after = paying.clone()
                after.apply(card)
                if any(a.name in ("add", "pair") for a in after.legal_actions()):
                    return box, card
        return None

    session = bluemoon_played(400, seed=3, until=lambda state: half_paid(state) is not None)
    for action in half_paid(session.state):
        session.apply(action)
    await check(BoardgamesApp(session=session, bot_delay=0), "bluemoon-4p-pay-80x24")


async def test_bluemoon_four_players_moving_120x40():
    session = bluemoon_played(400, seed=3, until=lambda state: state.phase == "move")
    await check(BoardgamesApp(session=session, bot_delay=0), "bluemoon-4p-move-120x40", size=(120, 40))


def lemuria_played(moves, seed, count=4):
    """A Lemuria game with the Impact cards, random moves until Ana (the one human) is at her turn's menu."""
    game = get_game("lemuria")
    seats = [Seat("Ana"), *(Seat(name, "bot:random") for name in ("Bia", "Caio", "Duda")[:count - 1])]
    session = Session.new(game, seats, {"impact": "true"}, seed=seed, autosave=False)
    bot = make_bot("random", game, seed)
    ply = 0
    while ply < moves or session.state.current_player != 0 or session.state.phase != "turn":
        session.apply(bot.choose(session.state, ply))
        ply += 1
    return session


async def test_lemuria_four_players_80x24():
    await check(BoardgamesApp(session=lemuria_played(120, seed=5), bot_delay=0), "lemuria-4p-turn-80x24")


async def test_lemuria_three_players_120x40():
    session = lemuria_played(60, seed=6, count=3)
    await check(BoardgamesApp(session=session, bot_delay=0), "lemuria-3p-turn-120x40", size=(120, 40))
