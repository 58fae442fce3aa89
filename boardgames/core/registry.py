"""Game id -> Game. Games register themselves when their package is imported."""

from __future__ import annotations

import importlib

from boardgames.core.engine import Game

#: the packages that hold a game; importing one registers it
GAME_MODULES = ("boardgames.games.sintra", "boardgames.games.bluemoon", "boardgames.games.lemuria",
                "boardgames.games.abovebelow")

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def _load_all() -> None:
    for module in GAME_MODULES:
        importlib.import_module(module)


def all_games() -> list[Game]:
    """Every game, in the order of GAME_MODULES (menus list them so), whatever was imported first."""
    _load_all()

    def place(game: Game) -> int:
        module = type(game).__module__
        for index, package in enumerate(GAME_MODULES):
            if module == package or module.startswith(package + "."):
                return index
        return len(GAME_MODULES)

    return sorted(_GAMES.values(), key=place)


def get_game(game_id: str) -> Game:
    _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"Unknown game '{game_id}'. Games: {known}.") from None
