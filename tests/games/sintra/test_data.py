"""Sintra's YAML tables: the shipped ones load, and a broken copy of each names file and key path."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgames.core.data import DataError
from boardgames.games.sintra.data import FILES, JOKER, load_rules
from tests.tabledits import append_at, copy_tables, delete_at, edit, put


@pytest.fixture
def tables(tmp_path):
    return copy_tables("sintra", FILES, tmp_path)


# -- the shipped tables ------------------------------------------------------------------
def test_the_shipped_tables_hold_the_five_colours_and_the_broken_glass_track():
    rules = load_rules()
    assert [c.id for c in rules.colours] == ["pink", "orange", "yellow", "green", "blue"]
    assert rules.components.broken_track[-1] == -18 and -8 in rules.components.broken_track


def test_the_reconstructed_strips_follow_the_rulings_page():
    rules = load_rules()
    spaces = Counter(code for pair in rules.strips for side in pair for code in side)
    assert spaces[JOKER] == 2
    assert sum(n for code, n in spaces.items() if code != JOKER) == 78
    assert all(spaces[c] in (15, 16) for c in range(5))
    joker_sides = [(sid, side) for sid, pair in enumerate(rules.strips) for side, codes in enumerate(pair)
                   if JOKER in codes]
    assert len(joker_sides) == 1
    # the rulebook's placement example needs a strip with three orange spaces
    orange = 1
    assert any(codes.count(orange) >= 3 for pair in rules.strips for codes in pair)


def test_a_window_worth_2_can_score_5_on_both_sides():
    """sintra.md: the rulebook's example has a window worth 2 scoring 5 with glass to its right."""
    rules = load_rules()
    for side in rules.palace.values():
        values = side.window_values
        assert values != tuple(sorted(values)) and values != tuple(sorted(values, reverse=True))
        sums = set()
        for w, value in enumerate(values):
            if value != 2:
                continue
            right = values[w + 1:]
            for mask in range(1 << len(right)):
                sums.add(value + sum(v for i, v in enumerate(right) if mask >> i & 1))
        assert 5 in sums


# -- broken copies --------------------------------------------------------------------------
def _recolour_strips(old, new):
    """Every ``old`` space of every strip becomes ``new``, so ``old`` is on no strip at all."""
    def change(raw):
        raw["strips"] = [[[new if c == old else c for c in side] for side in strip] for strip in raw["strips"]]
    return change


def _truncate(path, length):
    def change(raw):
        target = raw
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = target[path[-1]][:length]
    return change


BROKEN = [
    # unknown keys
    ("components.yaml", put(["extra"], 1), "components.yaml: unknown key 'extra'"),
    ("components.yaml", put(["colours", 2, "shade"], "dark"), "components.yaml: colours[2]: unknown key 'shade'"),
    ("components.yaml", put(["joker", "size"], 3), "components.yaml: joker: unknown key 'size'"),
    ("strips.yaml", put(["patterns"], []), "strips.yaml: unknown key 'patterns'"),
    ("palace.yaml", put(["sides", "A", "bonus"], 3), "palace.yaml: sides.A: unknown key 'bonus'"),
    # missing keys
    ("components.yaml", delete_at(["rounds"]), "components.yaml: missing key 'rounds'"),
    ("components.yaml", delete_at(["colours", 0, "glyph"]), "components.yaml: colours[0]: missing key 'glyph'"),
    ("palace.yaml", delete_at(["sides", "B", "window_values"]), "palace.yaml: sides.B: missing key 'window_values'"),
    # wrong types
    ("components.yaml", put(["pieces_per_colour"], "twenty"),
     "components.yaml: pieces_per_colour: expected a whole number, found 'twenty'"),
    ("components.yaml", put(["factory_size"], True), "components.yaml: factory_size: expected a whole number"),
    ("components.yaml", put(["factories", 2], "five"), "components.yaml: factories.2: expected a whole number"),
    ("components.yaml", put(["colours"], "pink"), "components.yaml: colours: expected a list, found str"),
    ("components.yaml", put(["broken_track", 3], "-4"), "components.yaml: broken_track[3]: expected a whole number"),
    ("components.yaml", put(["colours", 1, "name"], 7), "components.yaml: colours[1].name: expected text"),
    ("strips.yaml", put(["strips", 0, 0], "pink"), "strips.yaml: strips[0][0]: expected a list, found str"),
    ("strips.yaml", append_at(["strips", 2], ["pink"] * 5), "strips.yaml: strips[2]: expected 2 items, found 3"),
    ("palace.yaml", put(["sides", "A", "window_values", 2], "3"),
     "palace.yaml: sides.A.window_values[2]: expected a whole number"),
    ("palace.yaml", put(["sides", "B", "end_bonus"], "stars"),
     "palace.yaml: sides.B.end_bonus: 'stars' is not one of"),
    ("palace.yaml", put(["sides", "A", "ornaments", 0], [1, 2, 3]),
     "palace.yaml: sides.A.ornaments[0]: expected 2 items, found 3"),
    ("palace.yaml", put(["sides"], [1, 2]), "palace.yaml: sides: expected a mapping, found list"),
    # wrong counts and impossible values
    ("components.yaml", put(["factories", 2], 6), "components.yaml: factories: the rulebook uses 5/7/9 displays"),
    ("components.yaml", delete_at(["factories", 4]), "components.yaml: factories:"),
    ("components.yaml", delete_at(["colours", 4]), "components.yaml: colours: the rulebook has 5 glass colours"),
    ("components.yaml", append_at(["colours"], {"id": "red", "name": "Red", "letter": "R", "glyph": "R"}),
     "components.yaml: colours: the rulebook has 5 glass colours"),
    ("components.yaml", put(["colours", 4, "id"], "pink"), "components.yaml: colours: colour ids must differ"),
    ("components.yaml", put(["colours", 3, "glyph"], "♥"), "components.yaml: colours: every glyph must differ"),
    ("components.yaml", put(["joker", "letter"], "P"), "components.yaml: colours: every letter must differ"),
    ("components.yaml", put(["pieces_per_colour"], 19), "components.yaml: pieces_per_colour:"),
    ("components.yaml", put(["factory_size"], 3), "components.yaml: factory_size: each display holds 4 pieces"),
    ("components.yaml", put(["rounds"], 5), "components.yaml: rounds:"),
    ("components.yaml", put(["broken_track"], [0, -1, -2, -4, -6, -8, -11, -14, -17]),
     "components.yaml: broken_track:"),
    ("components.yaml", put(["broken_track"], [0, -1, -1, -4, -6, -8, -11, -14, -18]),
     "components.yaml: broken_track: must fall step by step"),
    ("components.yaml", put(["leftover_divisor"], 2), "components.yaml: leftover_divisor:"),
    ("strips.yaml", _truncate(["strips"], 7), "strips.yaml: strips: a player has 8 strips"),
    ("strips.yaml", _truncate(["strips", 3, 1], 4), "strips.yaml: strips[3][1]: a side has 5 spaces"),
    ("strips.yaml", put(["strips", 0, 0, 2], "violet"), "strips.yaml: strips[0][0][2]: unknown colour 'violet'"),
    # the general reference and coverage checks of core/data.py
    ("strips.yaml", put(["strips", 0, 0, 2], "violet"),
     "strips.yaml: strips[0][0][2]: unknown colour 'violet' (known: pink, orange, yellow, green, blue, joker)"),
    ("strips.yaml", _recolour_strips("blue", "pink"), "components.yaml: colours: colour 'blue' appears in no strip"),
    ("strips.yaml", put(["strips", 1, 0], ["pink"] * 5), "strips.yaml: strips[1][0]: no side is a single colour"),
    ("strips.yaml", put(["strips", 0, 0], ["joker", "pink", "yellow", "joker", "orange"]),
     "strips.yaml: strips: exactly one side of one strip holds the 2 joker spaces"),
    ("strips.yaml", put(["strips", 7, 1], ["blue", "pink", "yellow", "green", "orange"]),
     "strips.yaml: strips: exactly one side"),
    ("strips.yaml", put(["strips", 7, 1, 1], "joker"), "strips.yaml: strips[7][1]: a joker side has exactly 2"),
    ("palace.yaml", delete_at(["sides", "B"]), "palace.yaml: sides: the palace has sides A and B"),
    ("palace.yaml", _truncate(["sides", "A", "window_values"], 7), "palace.yaml: sides.A.window_values: 8 windows"),
    ("palace.yaml", put(["sides", "B", "window_values", 0], 5),
     "palace.yaml: sides.B.window_values: values are 1 to 4"),
    ("palace.yaml", put(["sides", "A", "ornaments", 3], [7, 9]),
     "palace.yaml: sides.A.ornaments[3]: windows are 1 to 8"),
    ("palace.yaml", _truncate(["sides", "A", "ornaments"], 3),
     "palace.yaml: sides.A.ornaments: side A has 4 ornaments"),
    ("palace.yaml", put(["sides", "A", "ornaments"], []),
     "palace.yaml: sides.A.ornaments: side A needs its ornaments"),
    ("palace.yaml", put(["sides", "A", "ornament_points", 5], 12), "palace.yaml: sides.A.ornament_points.5:"),
    # issue 7: symbols that would not draw as one character in one cell, and negative points
    ("components.yaml", put(["colours", 2, "glyph"], ""), "components.yaml: colours[2].glyph: is empty"),
    ("components.yaml", put(["joker", "glyph"], " "), "components.yaml: joker.glyph: is empty"),
    ("components.yaml", put(["colours", 0, "glyph"], "字"),
     "components.yaml: colours[0].glyph: '字' takes 2 cells on screen"),
    ("components.yaml", put(["colours", 4, "glyph"], "♥♥"), "components.yaml: colours[4].glyph: '♥♥' takes 2 cells"),
    ("components.yaml", put(["colours", 1, "letter"], "OR"),
     "components.yaml: colours[1].letter: 'OR' must be one plain ASCII character"),
    ("components.yaml", put(["colours", 1, "letter"], ""), "components.yaml: colours[1].letter: is empty"),
    ("components.yaml", put(["colours", 1, "letter"], "Ö"),
     "components.yaml: colours[1].letter: 'Ö' must be one plain ASCII character"),
    ("components.yaml", put(["colours", 1, "letter"], "p"), "components.yaml: colours: every letter must differ"),
    ("components.yaml", put(["colours", 3, "name"], ""), "components.yaml: colours[3].name: is empty"),
    ("palace.yaml", put(["sides", "A", "ornament_points", 3], -6),
     "palace.yaml: sides.A.ornament_points.3: points cannot be negative"),
]


@pytest.mark.parametrize("name, change, message", BROKEN, ids=[m.split(":", 1)[1].strip() for _, _, m in BROKEN])
def test_a_broken_table_gives_a_data_error_naming_file_and_key(tables, name, change, message):
    edit(tables, name, change)
    with pytest.raises(DataError) as error:
        load_rules(tables)
    assert str(error.value).startswith(message), str(error.value)
