"""The contract every registered game must keep, checked over seeded random games.

Per game: GAMES_PER_GAME playouts to the end, spread over every player count and
every combination of setup options, in chunks so pytest-xdist can share them
out. The checks live in ``boardgames.core.soak``; the long soak (10,000 games,
invariants after every action) is ``boardgames selfplay GAME -n 10000 --check``.
"""

from __future__ import annotations

import itertools
import json

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.registry import all_games
from boardgames.core.soak import SAMPLE, play_checked

#: playouts per game in the test command, sized so the whole suite stays within its 6 minutes on 2 cores (issue
#: 40): every player count and option set at least once per game (Blue Moon City's 12 once, the others' 3 to 6
#: four to eight times); the long soak (`selfplay --check`, README) plays thousands with every check
GAMES_PER_GAME = {"sintra": 48, "bluemoon": 12, "lemuria": 15, "abovebelow": 24}
CHUNK = {"sintra": 6, "bluemoon": 3, "lemuria": 5, "abovebelow": 4}


def _option_sets(game):
    keys = [opt.key for opt in game.options]
    for values in itertools.product(*(opt.values for opt in game.options)):
        yield dict(zip(keys, values))


def _cases():
    for game in all_games():
        counts = list(range(game.min_players, game.max_players + 1))
        combos = [(n, opts) for n in counts for opts in _option_sets(game)]
        total, chunk = GAMES_PER_GAME.get(game.id, 100), CHUNK.get(game.id, 10)
        for start in range(0, total, chunk):
            yield pytest.param(game, combos, start, chunk, id=f"{game.id}-{start}")


def _dump(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(("game", "combos", "start", "chunk"), list(_cases()))
def test_random_playouts(game, combos, start, chunk):
    pool = set()
    for seed in range(start, start + chunk):
        players, options = combos[seed % len(combos)]
        bot = make_bot("random", game, seed)
        play_checked(game, [f"P{i}" for i in range(players)], [bot] * players, options, seed, SAMPLE, pool)


def test_every_game_is_described():
    for game in all_games():
        assert game.id and game.title and game.description
        assert 1 <= game.min_players <= game.max_players
        assert game.help_text().strip()
        for opt in game.options:
            assert opt.default in opt.values


def test_same_seed_same_game():
    for game in all_games():
        names = ["A", "B", "C", "D"][:game.min_players]
        a = game.new_state(names, {}, 99)
        b = game.new_state(names, {}, 99)
        assert _dump(a) == _dump(b)
        c = game.new_state(names, {}, 100)
        assert _dump(a) != _dump(c)
