import shutil
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


@pytest.mark.parametrize("text", ["- {name: x, count: 2}\n- {name: y, count: 1, kind: b}\n",
                                  "items:\n  - {name: x, count: 2}\n  - {name: y, count: 1, kind: b}\n"])
def test_a_list_file_loads_as_a_tuple_bare_or_under_its_one_key(tmp_path, text):
    path = tmp_path / "items.yaml"
    path.write_text(text)
    assert load_table(path, tuple[Item, ...], "items") == (Item("x", 2), Item("y", 1, "b"))


def test_a_wrong_item_of_a_list_file_is_named_by_file_key_and_index(tmp_path):
    path = tmp_path / "items.yaml"
    path.write_text("- {name: x, count: 2}\n- {name: y, count: two}\n")
    with pytest.raises(DataError, match=r"^items.yaml: items\[1\].count: "):
        load_table(path, tuple[Item, ...], "items")


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="nothing.yaml: cannot be read"):
        load_table(tmp_path / "nothing.yaml", Table)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"items: []\n# caf\xe9\n", "table.yaml: is not UTF-8 text"),
        (b"items: " + b"[" * 5000 + b"]" * 5000 + b"\n", "table.yaml: is nested too deeply"),
        (b"items: []\nwhen: 2021-13-45\n", "table.yaml: cannot be read as YAML"),
    ],
)
def test_any_failure_reading_a_table_is_a_data_error_naming_the_file(tmp_path, raw, message):
    """Guards issue 7: a non-UTF-8 byte or deep nesting escaped read_yaml as a traceback."""
    path = tmp_path / "table.yaml"
    path.write_bytes(raw)
    with pytest.raises(DataError) as info:
        load_table(path, Table)
    assert message in str(info.value)
    assert str(tmp_path) not in str(info.value), "the file is named by its own name, not a server path"


@pytest.fixture
def damaged_sintra(tmp_path, monkeypatch):
    """A copy of the Sintra tables whose palace.yaml the test damages; the game reads the copy."""
    from boardgames.core.data import data_dir
    from boardgames.games.sintra import data as sintra_data

    folder = tmp_path / "sintra"
    shutil.copytree(data_dir("sintra"), folder)
    monkeypatch.setattr(sintra_data, "data_dir", lambda game_id: folder)
    sintra_data.shared_rules.cache_clear()
    yield folder / "palace.yaml"
    sintra_data.shared_rules.cache_clear()


@pytest.mark.parametrize("damage", ["byte", "nesting"])
def test_check_data_play_and_selfplay_name_a_damaged_file(damaged_sintra, capsys, damage):
    """Guards issue 7: check-data, play and selfplay printed a traceback for these two damages."""
    from boardgames.cli import main

    original = damaged_sintra.read_bytes()
    if damage == "byte":
        damaged_sintra.write_bytes(original + b"# \xff\xfe\n")
    else:
        damaged_sintra.write_bytes(original + b"deep: " + b"[" * 5000 + b"]" * 5000 + b"\n")
    for argv, code in ((["check-data"], 1), (["selfplay", "sintra", "-n", "1"], 2),
                       (["play", "sintra", "--players", "bot:random,bot:random"], 2)):
        assert main(argv) == code
        err = capsys.readouterr().err
        assert "palace.yaml" in err and "Traceback" not in err, argv


def test_check_data_refuses_a_double_width_glyph_naming_file_and_key(damaged_sintra, capsys):
    """Guards issue 7: check-data accepted a glyph that takes two cells where the board draws one."""
    from boardgames.cli import main

    components = damaged_sintra.with_name("components.yaml")
    components.write_text(components.read_text(encoding="utf-8").replace('"★"', '"星"'), encoding="utf-8")
    assert main(["check-data"]) == 1
    err = capsys.readouterr().err
    assert "components.yaml: colours[2].glyph: '星' takes 2 cells on screen" in err


# Tagged effects, references and coverage, on a small made-up game's tables

from collections.abc import Mapping  # noqa: E402
from typing import Annotated  # noqa: E402

from boardgames.core.data import Ref, Tagged, check_coverage, check_references, references  # noqa: E402


@dataclass(frozen=True)
class Gain:
    goods: Mapping[Annotated[str, Ref("good")], int]


@dataclass(frozen=True)
class TurnAltar:
    max: int = 1


@dataclass(frozen=True)
class DrawCard:
    tag = "draw"


Effect = Annotated[Gain | TurnAltar | DrawCard, Tagged(Gain, TurnAltar, DrawCard)]


@dataclass(frozen=True)
class Building:
    id: str
    people: Annotated[str, Ref("people")]
    effects: tuple[Effect, ...] = ()
    helper: Annotated[str, Ref("people")] | None = None


@dataclass(frozen=True)
class Town:
    buildings: tuple[Building, ...]


def _town(tmp_path, text):
    path = tmp_path / "town.yaml"
    path.write_text(text)
    return load_table(path, Town)


def test_tagged_effects_are_read_into_their_own_classes(tmp_path):
    town = _town(tmp_path, "buildings:\n  - {id: mill, people: elf, effects: "
                           "[{gain: {brick: 1}}, {turn_altar: {max: 2}}, turn_altar, draw, {draw: null}]}\n")
    assert town.buildings[0].effects == (Gain({"brick": 1}), TurnAltar(2), TurnAltar(1), DrawCard(), DrawCard())
    with pytest.raises(TypeError):
        town.buildings[0].effects[0].goods["brick"] = 5  # read-only like every other mapping of a table


@pytest.mark.parametrize(
    ("effects", "message"),
    [
        ("[{gian: {brick: 1}}]",
         "town.yaml: buildings[0].effects[0]: unknown effect 'gian' (known: gain, turn_altar, draw)"),
        ("[{gain: {brick: 1}, draw: null}]", "town.yaml: buildings[0].effects[0]: expected one effect written as"),
        ("[5]", "town.yaml: buildings[0].effects[0]: expected one effect"),
        ("[{turn_altar: {max: two}}]", "town.yaml: buildings[0].effects[0].turn_altar.max: expected a whole number"),
        ("[{turn_altar: {most: 2}}]", "town.yaml: buildings[0].effects[0].turn_altar: unknown key 'most'"),
        ("[{gain: {brick: x}}]", "town.yaml: buildings[0].effects[0].gain.goods.brick: expected a whole number"),
    ],
)
def test_a_wrong_tagged_effect_names_file_key_and_the_known_effects(tmp_path, effects, message):
    with pytest.raises(DataError) as info:
        _town(tmp_path, f"buildings:\n  - {{id: mill, people: elf, effects: {effects}}}\n")
    assert str(info.value).startswith(message)


def test_two_effect_classes_cannot_share_a_tag():
    @dataclass(frozen=True)
    class Draw:
        pass

    with pytest.raises(TypeError):
        Tagged(DrawCard, Draw)


TOWN = """buildings:
  - {id: mill, people: elf, effects: [{gain: {brick: 1}}]}
  - {id: forge, people: dwarf, helper: elf, effects: [{gain: {iron: 2, brick: 1}}]}
"""


def test_references_are_found_with_their_key_paths(tmp_path):
    found = references(_town(tmp_path, TOWN))
    assert found == [
        ("buildings[0].people", "people", "elf"),
        ("buildings[0].effects[0].goods", "good", "brick"),
        ("buildings[1].people", "people", "dwarf"),
        ("buildings[1].effects[0].goods", "good", "iron"),
        ("buildings[1].effects[0].goods", "good", "brick"),
        ("buildings[1].helper", "people", "elf"),
    ]


def test_an_unknown_reference_names_file_key_and_the_known_ids(tmp_path):
    town = _town(tmp_path, TOWN)
    known = {"people": ("elf", "dwarf"), "good": ("brick", "iron")}
    assert len(check_references("town.yaml", town, known)) == 6
    with pytest.raises(DataError, match=r"^town.yaml: buildings\[1\].people: unknown people 'dwarf' \(known: elf\)$"):
        check_references("town.yaml", town, {**known, "people": ("elf",)})


def test_coverage_refuses_a_known_id_nothing_refers_to(tmp_path):
    used = [ref for _, kind, ref in references(_town(tmp_path, TOWN)) if kind == "people"]
    check_coverage("people", ["elf", "dwarf"], used, "peoples.yaml: peoples", "building of town.yaml")
    with pytest.raises(DataError, match="^peoples.yaml: peoples: people 'orc' appears in no building of town.yaml$"):
        check_coverage("people", ["elf", "orc", "dwarf"], used, "peoples.yaml: peoples", "building of town.yaml")


def test_check_data_lists_only_the_files_it_read(tmp_path, monkeypatch):
    """Guards check-data naming every .yaml of the folder, read or not (a stray file looked checked)."""
    from boardgames.games.sintra import data as sintra_data
    from boardgames.games.sintra.game import SINTRA

    folder = tmp_path / "sintra"
    shutil.copytree(sintra_data.data_dir("sintra"), folder)
    (folder / "notes.yaml").write_text("nothing: here\n")
    monkeypatch.setattr(sintra_data, "data_dir", lambda game_id: folder)
    monkeypatch.setattr("boardgames.core.engine.data_dir", lambda game_id: folder, raising=False)
    assert SINTRA.check_data() == ["components.yaml", "palace.yaml", "strips.yaml"]
