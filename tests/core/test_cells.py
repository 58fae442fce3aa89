"""core/cells.py measures texts as Rich does, without Rich: proven over every text of every rules table."""

import pytest
import yaml
from rich.cells import cell_len

from boardgames.core.cells import cell_width
from boardgames.core.data import DATA_ROOT

TABLES = sorted(DATA_ROOT.rglob("*.yaml"))


def texts(node: yaml.Node) -> list[str]:
    """Every scalar of a YAML document as written (keys, values, numbers and all)."""
    found, stack = [], [node]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            found.append(node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in node.value for part in pair)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return found


def test_there_are_tables_to_compare():
    assert len(TABLES) >= 10


@pytest.mark.parametrize("table", TABLES, ids=[str(t.relative_to(DATA_ROOT)) for t in TABLES])
def test_every_text_of_a_table_measures_as_rich_measures_it(table):
    found = texts(yaml.compose(table.read_text(encoding="utf-8")))
    assert found
    differ = [(text, cell_width(text), cell_len(text)) for text in found if cell_width(text) != cell_len(text)]
    assert differ == []


@pytest.mark.parametrize("text", [
    "", "Sintra", "■●★♣♥✱", "─│┌", "é", "e\u0301", "漢字", "ｶﾅ", "ＡＢ", "\x1b[0m", "a\tb", "\u200b",
    "👍", "👨\u200d👩\u200d👧", "ok\u200d", "한", "\u1100\u1161\u11a8", "👍🏽", "\u00ad", "\u0600",
])
def test_known_texts_measure_as_rich_measures_them(text):
    assert cell_width(text) == cell_len(text)
