"""The registry finds every game package by itself: each declares GAME, and menus list them by ``order``."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from boardgames.core import registry
from boardgames.core.engine import Game


def test_every_game_package_is_found_and_listed_in_menu_order():
    package = importlib.import_module(registry.GAMES_PACKAGE)
    packages = [info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg]
    games = registry.all_games()
    assert sorted(game.id for game in games) == sorted(packages)
    assert [game.id for game in games] == ["sintra", "bluemoon", "lemuria", "abovebelow"]
    assert all(registry.get_game(game.id) is game for game in games)


def test_a_game_package_that_declares_no_game_is_refused(tmp_path, monkeypatch):
    (tmp_path / "notagame").mkdir()
    (tmp_path / "notagame" / "__init__.py").write_text('"""Forgot its GAME."""\n')
    games = importlib.import_module(registry.GAMES_PACKAGE)
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "_found", False)
    monkeypatch.setattr(registry, "_GAMES", {})
    with pytest.raises(TypeError, match="boardgames.games.notagame declares no GAME"):
        registry.all_games()


def test_an_unknown_id_names_the_games_there_are():
    with pytest.raises(KeyError, match="Unknown game 'chess'. Games: abovebelow, bluemoon, lemuria, sintra."):
        registry.get_game("chess")


def test_a_game_without_an_order_comes_after_the_ordered_ones():
    assert Game.order > max(game.order for game in registry.all_games())
