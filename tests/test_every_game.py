"""What every registered game must show, parametrized over the registry: its golden playthrough (the text written
by ``tests/games/<id>/golden_game.py``) is unchanged and deterministic, and its tables load, load once, and a broken
or missing table is reported by file. A new game adds its golden_game module and is checked here without a line of
its own; what its tables must hold (their counts, the rulings) stays in ``tests/games/<id>/test_data.py``."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from boardgames.core.data import DataError
from boardgames.core.registry import all_games, get_game
from tests.golden import check_golden
from tests.tabledits import copy_tables

GAME_IDS = [game.id for game in all_games()]


def golden_module(game_id: str):  # noqa: ANN201 - the game's golden_game module
    return importlib.import_module(f"tests.games.{game_id}.golden_game")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_golden_playthrough_is_unchanged(game_id: str):
    golden = golden_module(game_id)
    check_golden(golden.GOLDEN, golden.playthrough, golden.write)


#: moves of the golden game played twice in one process: nothing a game or its bots keep between games may change
#: them (the whole game is compared with its file above, and the long soak plays its first game twice)
STRETCH = 60


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_golden_playthrough_is_deterministic(game_id: str):
    golden = golden_module(game_id)
    first = golden.playthrough(moves=STRETCH)
    assert first.count("\n") > STRETCH  # the stretch was played, not cut short
    assert golden.playthrough(moves=STRETCH) == first


# -- the tables: every game's data module has FILES, load_rules(folder=None) and shared_rules() ----------------
def tables_of(game_id: str):  # noqa: ANN201 - the game's data module
    return importlib.import_module(f"boardgames.games.{game_id}.data")


@pytest.fixture
def copied(tmp_path):  # noqa: ANN201 - copies one game's shipped tables: copied(game_id) -> (module, folder)
    def copy(game_id: str) -> tuple[object, Path]:
        data = tables_of(game_id)
        return data, copy_tables(game_id, data.FILES, tmp_path)

    return copy


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_unchanged_copy_of_the_tables_loads_like_the_shipped_ones(game_id: str, copied):
    data, folder = copied(game_id)
    assert data.load_rules(folder) == data.load_rules()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_tables_are_read_once_a_process(game_id: str):
    data = tables_of(game_id)
    assert data.shared_rules() is data.shared_rules()
    assert data.shared_rules() == data.load_rules()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_check_data_lists_every_table_it_read(game_id: str):
    assert get_game(game_id).check_data() == sorted(tables_of(game_id).FILES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_file_that_is_not_yaml_names_the_file_and_line(game_id: str, copied):
    data, folder = copied(game_id)
    name = data.FILES[-1]
    (folder / name).write_text("rows:\n  - {id: x, list: [1, 2\n", encoding="utf-8")
    with pytest.raises(DataError, match=rf"^{re.escape(name)}: is not valid YAML at line \d+"):
        data.load_rules(folder)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_missing_file_names_the_file(game_id: str, copied):
    data, folder = copied(game_id)
    name = data.FILES[1]
    (folder / name).unlink()
    with pytest.raises(DataError, match=rf"^{re.escape(name)}: cannot be read"):
        data.load_rules(folder)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_table_that_is_not_a_mapping_names_the_file(game_id: str, copied):
    data, folder = copied(game_id)
    (folder / "components.yaml").write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"^components\.yaml: expected a mapping, found list"):
        data.load_rules(folder)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_check_data_reads_the_folder_the_game_uses(game_id: str, copied, monkeypatch):
    """``boardgames check-data`` and the game read the same folder: a broken table there is reported."""
    data, folder = copied(game_id)
    (folder / "components.yaml").write_text("- 1\n", encoding="utf-8")
    monkeypatch.setattr(data, "data_dir", lambda _game_id: folder)
    with pytest.raises(DataError, match=r"^components\.yaml: expected a mapping"):
        get_game(game_id).check_data()
