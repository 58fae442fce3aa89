"""The contract every registered game must keep, checked over many seeded random games.

Per game: 500 or more playouts to the end, spread over every player count and
every combination of setup options, in chunks so pytest-xdist can share them out.
"""

from __future__ import annotations

import itertools
import json

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action, IllegalAction, Result
from boardgames.core.record import Record, Seat
from boardgames.core.registry import all_games
from boardgames.core.rng import Rng
from boardgames.core.session import Session

GAMES_PER_GAME = 500
CHUNK = 25
#: moves of each game checked at full density; later moves are sampled (Sintra games end before this)
DENSE_STEPS = 200


def _option_sets(game):
    keys = [opt.key for opt in game.options]
    for values in itertools.product(*(opt.choices for opt in game.options)):
        yield dict(zip(keys, values))


def _cases():
    for game in all_games():
        counts = list(range(game.min_players, game.max_players + 1))
        combos = [(n, opts) for n in counts for opts in _option_sets(game)]
        for start in range(0, GAMES_PER_GAME, CHUNK):
            yield pytest.param(game, combos, start, id=f"{game.id}-{start}")


def _dump(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)



def _all_views(state, players: int) -> list[str]:
    return [json.dumps(state.view(seat), sort_keys=True) for seat in (None, *range(players))]


def _check_hidden_information(state, players: int) -> bool:
    """No view may change when the hidden random future or another seat's secrets change."""
    before = _all_views(state, players)
    stirred = state.clone()
    stirred.rng = Rng(stirred.rng.state ^ 0x5DEECE66D, stirred.rng.calls)
    assert _all_views(stirred, players) == before, "a view depends on the hidden random generator"
    own_view_changed = False
    for seat in range(players):
        secret = state.clone()
        if not secret.scramble_private(seat, Rng(seat + 1)):
            continue
        after = _all_views(secret, players)
        for index, viewer in enumerate((None, *range(players))):
            if viewer != seat:
                assert after[index] == before[index], f"seat {viewer} sees a secret of seat {seat}"
            elif after[index] != before[index]:
                own_view_changed = True
    return own_view_changed


def _probe_illegal(state, pool: set[Action]) -> None:
    """Actions seen elsewhere but not legal now are refused and change nothing."""
    legal = set(state.legal_actions())
    before = _dump(state)
    probes = [a for a in sorted(pool, key=str)[:40] if a not in legal][:6]
    probes.append(Action("no-such-move", (1, 2)))
    for action in probes:
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert str(info.value).strip(), "an IllegalAction must say why"
        assert _dump(state) == before, f"refused action {action} changed the state"


@pytest.mark.parametrize(("game", "combos", "start"), list(_cases()))
def test_random_playouts(game, combos, start):
    pool: set[Action] = set()
    for seed in range(start, start + CHUNK):
        players, options = combos[seed % len(combos)]
        names = [f"P{i}" for i in range(players)]
        state = game.new_state(names, options, seed)
        bot = make_bot("random", game, seed)
        record = Record(game.id, seed, [Seat(n, "bot:random") for n in names], game.resolve_options(options),
                        game.rules_version)
        step = 0
        while not state.is_over:
            # every check runs at its own cadence, twenty times sparser after the first DENSE_STEPS
            # so long games (Blue Moon City random playouts run to thousands of moves) stay affordable
            stride = 1 if step < DENSE_STEPS else 20
            legal = state.legal_actions()
            assert legal, f"no legal action before the end (seed {seed}, step {step})"
            pool.update(legal)
            if step % stride == 0:
                assert len(set(legal)) == len(legal), "legal actions repeat"
                assert isinstance(state.prompt(), str) and state.prompt()
                for action in legal:
                    assert game.parse_action(str(action)) == action, f"notation does not parse back: {action}"
            if step % (5 * stride) == 0:
                _probe_illegal(state, pool)
            if step % (11 * stride) == 0:
                for action in legal:
                    trial = state.clone()
                    trial.apply(action)
                    trial.check_invariants()
            if step % (7 * stride) == 0:
                copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
                assert _dump(copy) == _dump(state), "JSON round trip changed the state"
            if step % (13 * stride) == 0:
                _check_hidden_information(state, players)
            action = bot.choose(state, step)
            if step % stride == 0:
                before = _dump(state)
                clone = state.clone()
                state.apply(action)
                assert _dump(clone) == before, "clone() shares data with the original"
                state.check_invariants()
            else:
                state.apply(action)
            record.actions.append(str(action))
            step += 1
        assert state.current_player is None and state.legal_actions() == []
        result = state.result()
        assert isinstance(result, Result)
        assert len(result.scores) == players and len(result.ranks) == players
        for seat in range(players):
            assert sum(result.breakdown[seat].values()) == result.scores[seat], "breakdown must add up to the score"
        assert min(result.ranks) == 1
        best = max(result.scores)
        if len(result.winners) < players:  # a game may end in a draw for everyone whatever the scores
            assert all(result.scores[s] == best for s in result.winners), "a winner without the best score"
        replayed = Session.from_record(record)
        assert _dump(replayed.state) == _dump(state), "replaying the record gives another state"


def test_every_game_is_described():
    for game in all_games():
        assert game.id and game.title and game.description
        assert 1 <= game.min_players <= game.max_players
        assert game.help_text().strip()
        for opt in game.options:
            assert opt.default in opt.choices


def test_same_seed_same_game():
    for game in all_games():
        a = game.new_state(["A", "B"], {}, 99)
        b = game.new_state(["A", "B"], {}, 99)
        assert _dump(a) == _dump(b)
        c = game.new_state(["A", "B"], {}, 100)
        assert _dump(a) != _dump(c)
