from dataclasses import FrozenInstanceError, dataclass, field
from typing import Literal

import pytest

from boardgames.core.data import DataError, load_table


@dataclass(frozen=True)
class Item:
    name: str
    count: int
    kind: Literal["a", "b"] = "a"


@dataclass(frozen=True)
class Table:
    items: tuple[Item, ...]
    sizes: dict[int, int] = field(default_factory=dict)
    ratio: float = 1.0


def _load(tmp_path, text):
    path = tmp_path / "table.yaml"
    path.write_text(text)
    return load_table(path, Table)


def test_loads_into_frozen_dataclasses(tmp_path):
    table = _load(tmp_path, "items:\n  - {name: x, count: 2, kind: b}\nsizes: {2: 5}\nratio: 2\n")
    assert table.items == (Item("x", 2, "b"),)
    assert table.sizes[2] == 5 and table.ratio == 2.0
    with pytest.raises(FrozenInstanceError):
        table.items[0].count = 3  # frozen


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("items:\n  - {name: x, count: 2, colour: red}\n", "table.yaml: items[0]: unknown key 'colour'"),
        ("items:\n  - {name: x, count: two}\n", "table.yaml: items[0].count: expected a whole number"),
        ("items:\n  - {name: x, count: true}\n", "table.yaml: items[0].count: expected a whole number"),
        ("items:\n  - {name: x}\n", "table.yaml: items[0]: missing key 'count'"),
        ("items:\n  - {name: x, count: 1, kind: c}\n", "table.yaml: items[0].kind: 'c' is not one of"),
        ("items: 5\n", "table.yaml: items: expected a list"),
        ("items: []\nsizes: {two: 5}\n", "table.yaml: sizes: expected a whole number"),
        ("items: [\n", "table.yaml: is not valid YAML at line"),
        ("- 1\n", "table.yaml: expected a mapping"),
    ],
)
def test_errors_name_file_and_key_path(tmp_path, text, message):
    with pytest.raises(DataError) as info:
        _load(tmp_path, text)
    assert message in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="nothing.yaml: cannot be read"):
        load_table(tmp_path / "nothing.yaml", Table)
