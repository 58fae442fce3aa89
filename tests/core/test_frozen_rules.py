"""Loaded rules tables are deep-frozen and picklable, and no cached value is shared mutable between games."""

from __future__ import annotations

import dataclasses
import json
import pickle
import types

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.data import freeze
from boardgames.core.registry import all_games

MUTABLE = (list, dict, set, bytearray)


def mutable_parts(value, where="rules", seen=None):
    """The paths of every list, dict or set (or unfrozen dataclass) reachable from ``value``."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return []
    seen.add(id(value))
    if isinstance(value, MUTABLE):
        return [f"{where}: {type(value).__name__}"]
    found = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            found.append(f"{where}: {type(value).__name__} is not a frozen dataclass")
        for f in dataclasses.fields(value):
            found += mutable_parts(getattr(value, f.name), f"{where}.{f.name}", seen)
    elif isinstance(value, types.MappingProxyType):
        for key, item in value.items():
            found += mutable_parts(key, f"{where}[{key!r}] key", seen)
            found += mutable_parts(item, f"{where}[{key!r}]", seen)
    elif isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            found += mutable_parts(item, f"{where}[{i}]", seen)
    return found


def _midgame(game, seed=3, moves=60):
    state = game.new_state(["A", "B", "C"], {}, seed)
    bot = make_bot("random", game, seed)
    for ply in range(moves):
        if state.is_over:
            break
        state.apply(bot.choose(state, ply))
    return state


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_no_list_dict_or_set_is_reachable_from_loaded_rules(game):
    """Guards plain dicts in Rules (Blue Moon City's people/deck, Sintra's palace) that any caller could change."""
    rules = game.load_rules()
    assert rules is not None
    assert mutable_parts(rules) == []
    state = game.new_state(["A", "B", "C", "D"][:game.min_players], {}, 1)
    assert mutable_parts(state.rules) == []


def test_the_walk_finds_a_list_inside_a_frozen_table():
    @dataclasses.dataclass(frozen=True)
    class Table:
        rows: object

    assert mutable_parts(Table(types.MappingProxyType({"a": (1, [2])}))) == ["rules.rows['a'][1]: list"]
    assert mutable_parts(Table(freeze({"a": (1, [2]), "b": {3}}))) == []


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_rules_and_a_state_survive_pickling(game):
    """Guards handing a state to another process: a MappingProxyType could not be pickled."""
    rules = game.load_rules()
    assert pickle.loads(pickle.dumps(rules)) == rules
    state = _midgame(game)
    copy = pickle.loads(pickle.dumps(state))
    assert json.dumps(copy.to_json(), sort_keys=True) == json.dumps(state.to_json(), sort_keys=True)
    assert copy.legal_actions() == state.legal_actions()
    action = state.legal_actions()[0]
    state.apply(action)
    copy.apply(action)
    assert json.dumps(copy.view(0), sort_keys=True) == json.dumps(state.view(0), sort_keys=True)


def _containers(value, found):
    if isinstance(value, dict):
        found[id(value)] = value
        for item in value.values():
            _containers(item, found)
    elif isinstance(value, list):
        found[id(value)] = value
        for item in value:
            _containers(item, found)
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_views_of_two_games_share_no_list_or_dict(game):
    """Guards cached view parts: Blue Moon City's building views shared their bonus lists between games."""
    count = game.min_players
    first, second = game.new_state(list("ABCD"[:count]), {}, 1), game.new_state(list("EFGH"[:count]), {}, 2)
    view_a, view_b = first.view(0), second.view(None)
    shared = set(_containers(view_a, {})) & set(_containers(view_b, {}))
    assert not shared, f"{len(shared)} lists or dicts are shared by the views of two games"


def test_changing_one_blue_moon_view_leaves_another_games_view_alone():
    from boardgames.games.bluemoon.game import BLUEMOON

    one, other = BLUEMOON.new_state(["A", "B"], {}, 1), BLUEMOON.new_state(["C", "D"], {}, 2)
    view = one.view(0)
    before = json.dumps(other.view(0), sort_keys=True)
    for row in view["cells"]:
        for cell in row:
            if cell:
                cell["majority"].append({"kind": "crystal", "count": 99})
                cell["boxes"].clear()
    assert json.dumps(other.view(0), sort_keys=True) == before

