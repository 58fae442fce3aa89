"""Every field of a save is checked; any damage is a RecordError naming the file, never a crash.

Guards issue 7: JSON nested ~1,000 deep raised RecursionError, ``"seed": 1e400`` an
OverflowError, a 5,000-digit seed a ValueError from json, ``"rules_version": -1e999``
an OverflowError; an unknown bot kind, duplicate or empty names loaded and stalled.
"""

from __future__ import annotations

import json

import pytest

from boardgames.core.record import (
    MAX_SEED,
    Record,
    RecordError,
    SavesFolderError,
    Seat,
    name_problem,
    read_record,
    seats_problem,
)
from boardgames.home import default_store


def good_save() -> dict:
    record = Record("sintra", 5, [Seat("Ana"), Seat("Bot 2", "bot:greedy")], {"side": "A"}, 1, ["take 1 pink"])
    return record.to_json()


def write(tmp_path, text: str, name: str = "save.json"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_save_still_reads():
    path_record = Record.from_json(good_save())
    assert path_record.seed == 5 and path_record.seats[1].bot_kind == "greedy"


RAW_DAMAGE = {
    "nested 1000 deep": '{"format": "boardgames-record", "x": ' + "[" * 1000 + "]" * 1000 + "}",
    "nested 100000 deep": "[" * 100_000,
    "seed 1e400": json.dumps(good_save()).replace('"seed": 5', '"seed": 1e400'),
    "5000-digit seed": json.dumps(good_save()).replace('"seed": 5', '"seed": ' + "9" * 5000),
    "rules_version -1e999": json.dumps(good_save()).replace('"rules_version": 1', '"rules_version": -1e999'),
    "NaN seed": json.dumps(good_save()).replace('"seed": 5', '"seed": NaN'),
}


@pytest.mark.parametrize("text", RAW_DAMAGE.values(), ids=RAW_DAMAGE.keys())
def test_hostile_json_is_a_record_error_naming_the_file(tmp_path, text):
    path = write(tmp_path, text, "odd.json")
    with pytest.raises(RecordError) as info:
        read_record(path)
    message = str(info.value)
    assert message.startswith("odd.json: ")
    assert str(tmp_path) not in message, "never a full path"


def field(key, value):
    data = good_save()
    data[key] = value
    return data


def seats(*pairs):
    return field("seats", [{"name": n, "kind": k} for n, k in pairs])


DAMAGED_FIELDS = {
    "seed float": field("seed", 1.5),
    "seed negative": field("seed", -1),
    "seed too large": field("seed", MAX_SEED + 1),
    "seed bool": field("seed", True),
    "seed text": field("seed", "5"),
    "rules_version text": field("rules_version", "1"),
    "rules_version negative": field("rules_version", -1),
    "format_version bool": field("format_version", True),
    "game empty": field("game", ""),
    "game number": field("game", 3),
    "seats not a list": field("seats", {"name": "Ana"}),
    "no seats": field("seats", []),
    "seat without kind": field("seats", [{"name": "Ana"}, {"name": "Bia", "kind": "human"}]),
    "seat name number": seats((1, "human"), ("Bia", "human")),
    "unknown bot": seats(("Ana", "human"), ("Bot", "bot:genius")),
    "alien seat": seats(("Ana", "human"), ("Bia", "alien")),
    "empty name": seats(("", "human"), ("Bia", "human")),
    "blank name": seats(("  ", "human"), ("Bia", "human")),
    "duplicate names": seats(("Ana", "human"), ("Ana", "human")),
    "names differing in case": seats(("Ana", "human"), ("ANA", "human")),
    "escape in name": seats(("\x1b[31mAna", "human"), ("Bia", "human")),
    "newline in name": seats(("A\nna", "human"), ("Bia", "human")),
    "options list": field("options", ["side", "A"]),
    "option value number": field("options", {"side": 1}),
    "actions text": field("actions", "take 1 pink"),
    "action number": field("actions", [1]),
    "finished text": field("finished", "yes"),
    "created number": field("created", 20240101),
    "no seed": {k: v for k, v in good_save().items() if k != "seed"},
}


@pytest.mark.parametrize("data", DAMAGED_FIELDS.values(), ids=DAMAGED_FIELDS.keys())
def test_every_field_is_checked(tmp_path, data):
    with pytest.raises(RecordError):
        Record.from_json(data)
    path = write(tmp_path, json.dumps(data), "bad.json")
    with pytest.raises(RecordError, match=r"^bad\.json: "):
        read_record(path)


def test_an_unknown_bot_is_named_with_the_known_ones():
    with pytest.raises(RecordError, match="genius.*greedy"):
        Record.from_json(seats(("Ana", "human"), ("Bot", "bot:genius")))


def test_unreadable_and_missing_files_are_named_without_their_folder(tmp_path):
    with pytest.raises(RecordError) as info:
        read_record(tmp_path / "gone.json")
    assert str(info.value).startswith("gone.json: ") and str(tmp_path) not in str(info.value)
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(RecordError, match=r"^dir\.json: .*cannot be read"):
        read_record(tmp_path / "dir.json")


def test_one_damaged_file_leaves_the_others_usable():
    from boardgames.core.record import save_record

    folder = default_store().folder
    save_record(Record.from_json(good_save()), folder / "good.json")
    write(folder, "[" * 5000, "deep.json")
    write(folder, json.dumps(good_save()).replace('"seed": 5', '"seed": 1e400'), "huge.json")
    entries = {entry.path.name: entry for entry in default_store().scan()}
    assert entries["good.json"].record is not None
    for name in ("deep.json", "huge.json"):
        assert entries[name].record is None and entries[name].problem.startswith(name)


def test_a_saves_folder_that_is_a_file_cannot_be_read_nor_written(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    (home / "saves").write_text("not a folder")
    monkeypatch.setenv("BOARDGAMES_HOME", str(home))
    with pytest.raises(OSError):
        default_store().scan()
    with pytest.raises(SavesFolderError, match="cannot be saved"):
        default_store().check_writable()


@pytest.mark.parametrize("name", ["", " ", "\x1b[31m", "a\tb", "a\u202eb", "x" * 41])
def test_bad_names(name):
    assert name_problem(name)


@pytest.mark.parametrize("name", ["[/]", "[b]x", "Ana[/b]", ":smile:", "Zoë", "李", "Bot 2"])
def test_names_that_only_look_like_markup_are_fine(name):
    assert name_problem(name) is None


def test_seats_problem_compares_names_without_case():
    assert "Two players" in seats_problem([Seat("A"), Seat("a")])
    assert seats_problem([Seat("A"), Seat("B", "bot:random")]) is None
