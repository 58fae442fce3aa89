"""One input rule for every board: whatever is pressed, only actions from the legal list are submitted."""

from __future__ import annotations

import random

import pytest

from boardgames.tui.board import Board

from .board_screens import bluemoon_session
from .helpers import app_for, sintra_session, sized, wait_until

#: every key a board knows, and Enter and space often (the keys that submit); no leave, undo, save or help
KEYS = ["left", "right", "up", "down", "h", "j", "k", "l", "tab", "shift+tab", "1", "2", "3", "4", "5", "6", "7",
        "8", "9", "0", "c", "r", "b", "p", "o", "x", "e", "d", "s", "a", "g", "y"] + ["enter", "space"] * 12
#: keys pressed (250 in the long run): Sintra's reach the actions it once built itself (a board made to build
#: them again submits its first illegal one at the 82nd key)
PRESSES = sized(120, 250)


@pytest.mark.parametrize("game", ["sintra", "bluemoon"])
async def test_random_keys_submit_only_legal_actions(game, monkeypatch):
    """Guards: Sintra built its actions itself (``b`` with room on a strip, ``r`` with the glazier
    leftmost, Enter on a strip out of reach), so a board could hand the host an action not in the list."""
    submitted: list[tuple[object, bool]] = []
    original = Board.Submit.__init__

    def recording(message, action):
        board = app.screen.board
        submitted.append((action, board.interactive and action in board.legal))
        original(message, action)

    monkeypatch.setattr(Board.Submit, "__init__", recording)
    if game == "sintra":
        session = sintra_session(seed=4, autosave=False)
    else:
        # random bots: the keys wait for their moves, which greedy ones took longer to find
        session = bluemoon_session(seed=6, kinds=["human", "bot:random", "bot:random"])
    app = app_for(session)
    rng = random.Random(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(PRESSES):
            if session.state.is_over or not hasattr(app.screen, "board"):
                break
            # keys typed while the bots think are ignored by design: each key waits for a human decision, so the
            # keys play however slowly the bots answer on a loaded machine
            await wait_until(pilot, lambda: session.state.is_over or not hasattr(app.screen, "board")
                             or app.screen.board.interactive, timeout=60)
            await pilot.press(rng.choice(KEYS))
    assert len(submitted) >= 10  # the keys did play
    assert all(legal for _action, legal in submitted), [a for a, legal in submitted if not legal]
