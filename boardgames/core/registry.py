"""Game id -> Game.

Every package in ``boardgames/games`` is a game: its ``__init__`` declares ``GAME``, the game's :class:`Game`. The
registry finds the packages itself, so adding a game writes no list anywhere; menus list the games by their
``order``.
"""

from __future__ import annotations

import importlib
import pkgutil

from boardgames.core.engine import Game
from boardgames.i18n import _

#: the package whose sub-packages are the games
GAMES_PACKAGE = "boardgames.games"

_GAMES: dict[str, Game] = {}
_found = False


def register(game: Game) -> Game:
    """Add a game that lives outside ``boardgames/games`` (a test's small game)."""
    _GAMES[game.id] = game
    return game


def _find_games() -> None:
    global _found
    if _found:
        return
    package = importlib.import_module(GAMES_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__, GAMES_PACKAGE + "."):
        if not info.ispkg:
            continue
        game = getattr(importlib.import_module(info.name), "GAME", None)
        if not isinstance(game, Game):
            raise TypeError(f"{info.name} declares no GAME: every package in {GAMES_PACKAGE} is a game")
        _GAMES.setdefault(game.id, game)
    _found = True


def all_games() -> list[Game]:
    """Every game, in menu order (each game's ``order``, then its title)."""
    _find_games()
    return sorted(_GAMES.values(), key=lambda game: (game.order, game.title))


def get_game(game_id: str) -> Game:
    _find_games()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(_("Unknown game '{game_id}'. Games: {known}.", game_id=game_id, known=known)) from None


def game_title(game_id: str) -> str:
    """A game's title in the reader's language; the id itself for a game this version does not have (an old
    save's, a history's)."""
    try:
        return _(get_game(game_id).title)
    except KeyError:
        return game_id
