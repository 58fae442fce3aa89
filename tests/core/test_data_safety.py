"""Hostile or careless rules tables (issue 18, item 15): alias bombs, repeated keys, empty names, absurd counts."""

from __future__ import annotations

import re
import shutil

import pytest

from boardgames.cli import main
from boardgames.core.data import MAX_ALIAS_EXPANSION, DataError, data_dir, load_table
from boardgames.games.sintra import data as sintra_data

from .test_data import Table


def _bomb(levels: int) -> str:
    """A billion-laughs table: each level is a list of ten aliases of the level below."""
    lines = ['a0: &a0 {name: x, count: 1}']
    for level in range(1, levels + 1):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    lines.append(f"items: *a{levels}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("levels", [8, 9])
def test_an_alias_bomb_is_refused_with_a_short_message_naming_file_and_key(tmp_path, levels):
    """Guards: the message printed the whole expanded value (351 MB at 8 levels, a MemoryError at 9)."""
    path = tmp_path / "table.yaml"
    path.write_text(_bomb(levels))
    with pytest.raises(DataError) as info:
        load_table(path, Table)
    message = str(info.value)
    assert message.startswith("table.yaml: ") and "aliases" in message and len(message) < 300
    assert re.match(r"table\.yaml: a\d[][0-9]*: aliases", message), message  # where it went too far


def test_a_few_aliases_are_still_fine(tmp_path):
    path = tmp_path / "table.yaml"
    path.write_text("items:\n  - &one {name: x, count: 2}\n  - *one\n  - *one\n")
    assert len(load_table(path, Table).items) == 3


def test_aliases_beyond_the_limit_are_refused_even_without_nesting(tmp_path):
    item = "{name: x, count: 1, kind: a}"  # 7 values: the mapping, three keys, three values
    uses = MAX_ALIAS_EXPANSION // 7 + 1
    path = tmp_path / "table.yaml"
    path.write_text(f"items:\n  - &one {item}\n" + "  - *one\n" * uses)
    with pytest.raises(DataError, match=r"table\.yaml: items\[\d+\]: aliases"):
        load_table(path, Table)


@pytest.mark.parametrize("text", [
    "items:\n  - {name: x, count: 2}\nitems: []\n",
    "items:\n  - name: x\n    count: 2\n    name: y\n",
    "items:\n  - {name: x, count: 2, count: 3}\n",
])
def test_a_key_given_twice_is_refused_naming_file_key_and_lines(tmp_path, text):
    """Guards: duplicate keys were accepted, the last one silently winning."""
    path = tmp_path / "table.yaml"
    path.write_text(text)
    with pytest.raises(DataError, match=r"^table\.yaml: .*the key '\w+' is given twice \(lines \d+ and \d+\)"):
        load_table(path, Table)


@pytest.mark.parametrize(("text", "message"), [
    ("items:\n  - {name: '', count: 2}\n", r"items\[0\]\.name: is empty"),
    ("items:\n  - {name: '   ', count: 2}\n", r"items\[0\]\.name: is empty"),
    ("items:\n  - {name: x, count: 1000000000}\n", r"items\[0\]\.count: 1000000000 is far too large"),
    ("items: []\nsizes: {2: -1000000000}\n", r"sizes\.2: -1000000000 is far too large"),
    ("items: []\nratio: .inf\n", r"ratio: inf is far too large"),
])
def test_empty_names_and_absurd_numbers_are_refused(tmp_path, text, message):
    path = tmp_path / "table.yaml"
    path.write_text(text)
    with pytest.raises(DataError, match=message):
        load_table(path, Table)


@pytest.fixture
def sintra_tables(tmp_path, monkeypatch):
    """A copy of Sintra's tables that the game reads instead of its own."""
    folder = tmp_path / "sintra"
    shutil.copytree(data_dir("sintra"), folder)
    monkeypatch.setattr(sintra_data, "data_dir", lambda game_id: folder)
    sintra_data.shared_rules.cache_clear()
    yield folder
    sintra_data.shared_rules.cache_clear()


@pytest.mark.parametrize(("old", "new", "message"), [
    ("{id: pink, name: Pink,", "{id: pink, name: '',", "colours[0].name: is empty"),
    ("pieces_per_colour: 20", "pieces_per_colour: 1000000000", "pieces_per_colour: 1000000000 is far too large"),
    ("rounds: 6", "rounds: 6\nrounds: 7", "the key 'rounds' is given twice"),
])
def test_check_data_refuses_empty_names_absurd_counts_and_repeated_keys(sintra_tables, capsys, old, new, message):
    path = sintra_tables / "components.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert main(["check-data"]) == 1
    err = capsys.readouterr().err
    assert f"sintra: components.yaml: {message}" in err, err
