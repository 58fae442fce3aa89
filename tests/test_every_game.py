"""What every registered game must show, parametrized over the registry: its golden playthrough (the text written
by ``tests/games/<id>/golden_game.py``) is unchanged and deterministic. A new game adds its golden_game module and
is checked here without a line of its own."""

from __future__ import annotations

import importlib

import pytest

from boardgames.core.registry import all_games
from tests.golden import check_golden

GAME_IDS = [game.id for game in all_games()]


def golden_module(game_id: str):  # noqa: ANN201 - the game's golden_game module
    return importlib.import_module(f"tests.games.{game_id}.golden_game")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_golden_playthrough_is_unchanged(game_id: str):
    golden = golden_module(game_id)
    check_golden(golden.GOLDEN, golden.playthrough, golden.write)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_golden_playthrough_is_deterministic(game_id: str):
    golden = golden_module(game_id)
    assert golden.playthrough() == golden.playthrough()
