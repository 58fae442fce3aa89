"""The table's chat: plain text always, 200 characters, 10 lines in 5 seconds a player."""

from __future__ import annotations

import pytest

from boardgames.lobby import chat
from boardgames.lobby.table import TableError
from tests.lobby.helpers import ANA, BIA, make_table


@pytest.mark.parametrize("sent, stored", [
    ("hello", "hello"),
    ("\x1b[31mred\x1b[0m", "[31mred [0m"),
    ("[b]bold[/b] [link=x]y[/]", "[b]bold[/b] [link=x]y[/]"),
    ("two\nlines\r\nhere", "two lines here"),
    ("bell\x07 and \u202eevil", "bell and evil"),
    ("  spaced   out  ", "spaced out"),
])
def test_a_message_is_kept_as_plain_text(tmp_path, sent, stored):
    table = make_table(tmp_path, players=(ANA, BIA), start=False)
    chat.say(table, ANA.id, "Ana", sent, 0)
    assert chat.read_chat(table)[-1].text == stored


def test_empty_and_long_messages_are_refused(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA), start=False)
    with pytest.raises(TableError, match="Type a message"):
        chat.say(table, ANA.id, "Ana", " \x1b ", 0)
    with pytest.raises(TableError, match="at most 200 characters"):
        chat.say(table, ANA.id, "Ana", "x" * 201, 0)
    chat.say(table, ANA.id, "Ana", "x" * 200, 0)
    assert len(chat.read_chat(table)) == 1


def test_a_flood_is_slowed_per_player(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA), start=False)
    for n in range(chat.BURST):
        chat.say(table, ANA.id, "Ana", f"line {n}", 0, now=100.0 + n * 0.1)
    with pytest.raises(TableError, match="too fast; wait"):
        chat.say(table, ANA.id, "Ana", "one more", 0, now=101.5)
    chat.say(table, BIA.id, "Bia", "I may", 0, now=101.5)  # another player is not slowed
    chat.say(table, ANA.id, "Ana", "later", 0, now=100.0 + chat.WINDOW + 0.05)
    assert [line.text for line in chat.read_chat(table)][-2:] == ["I may", "later"]


def test_a_damaged_chat_line_is_skipped(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA), start=False)
    chat.say(table, ANA.id, "Ana", "before", 0)
    with open(table.chat_path, "a", encoding="utf-8") as out:
        out.write("{not json\n[1,2]\n")
    chat.say(table, BIA.id, "Bia", "after", 0)
    assert [line.text for line in chat.read_chat(table)] == ["before", "after"]
