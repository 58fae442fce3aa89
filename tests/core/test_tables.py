"""core/tables.py: a game's tables declared once (the files, what each becomes, the check), read from the folder
the game names when it is read, once a process for the shipped ones; ``@frozen`` table classes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from boardgames.core.data import DataError
from boardgames.core.tables import Tables, frozen


@frozen
class Town:
    name: str
    size: int = 1


@frozen
class Folk:
    name: str


def _write(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "town.yaml").write_text("name: Ur\nsize: 3\n", encoding="utf-8")
    (folder / "folks.yaml").write_text("folks:\n  - {name: elf}\n  - {name: dwarf}\n", encoding="utf-8")
    return folder


def _tables(home: list[Path]) -> Tables[tuple[Town, tuple[Folk, ...], bool]]:
    def validate(town: Town, folks: tuple[Folk, ...], strict: bool = True) -> tuple[Town, tuple[Folk, ...], bool]:
        return town, folks, strict

    return Tables(lambda: home[0], validate, {"town.yaml": Town, "folks.yaml": (tuple[Folk, ...], "folks")})


def test_a_frozen_table_class_is_a_frozen_dataclass():
    town = Town("Ur")
    assert dataclasses.is_dataclass(town) and town == Town("Ur", 1) and hash(town) == hash(Town("Ur"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        town.size = 2  # type: ignore[misc]


def test_the_tables_are_read_in_order_and_validated_with_the_loader_keywords(tmp_path):
    tables = _tables([_write(tmp_path / "a")])
    assert tables.files == ("town.yaml", "folks.yaml")
    assert tables.load() == (Town("Ur", 3), (Folk("elf"), Folk("dwarf")), True)
    assert tables.load(tmp_path / "a", strict=False)[2] is False
    assert tables.load(str(tmp_path / "a"))[0] == Town("Ur", 3)  # a folder may be given as text


def test_the_home_folder_is_asked_at_each_load_and_the_shipped_tables_are_read_once(tmp_path):
    home = [_write(tmp_path / "a")]
    tables = _tables(home)
    first = tables.shared()
    assert tables.shared() is first
    (_write(tmp_path / "b") / "town.yaml").write_text("name: Kish\n", encoding="utf-8")
    home[0] = tmp_path / "b"
    assert tables.shared() is first  # read once a process...
    assert tables.load()[0] == Town("Kish")  # ...while a load reads the folder named now
    tables.shared.cache_clear()
    assert tables.shared()[0] == Town("Kish")


def test_a_missing_table_names_its_file(tmp_path):
    folder = _write(tmp_path / "a")
    (folder / "folks.yaml").unlink()
    with pytest.raises(DataError, match=r"^folks\.yaml: cannot be read"):
        _tables([folder]).load()
