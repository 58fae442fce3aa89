"""The table's chat: plain text always, 200 characters, 10 lines in 5 seconds a player and an address, 5 for all
the spectators together."""

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


def test_guest_spectators_share_one_budget_and_the_players_keep_theirs(tmp_path):
    """20 guests watching from two addresses, each a new sender: together they get the spectators' budget, and
    the players at the table still write."""
    table = make_table(tmp_path, players=(ANA, BIA))
    sent = 0
    for n in range(chat.BURST):
        for number in range(20):
            origin = ("a" if number % 2 else "b") * 16
            try:
                chat.say(table, f"guest:{number:016x}", f"guest-{number}", f"spam {n}", 0, now=100.0 + n * 0.01,
                         origin=origin)
                sent += 1
            except TableError as exc:
                assert "spectators of this table" in str(exc)
    assert sent == chat.SPECTATOR_BURST
    chat.say(table, ANA.id, "Ana", "still here", 0, now=101.0, origin="a" * 16)
    later = 100.0 + chat.WINDOW + 0.5
    chat.say(table, "guest:0000000000000001", "guest-1", "and again", 0, now=later, origin="a" * 16)


def test_the_players_of_one_address_share_its_budget(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    for n in range(chat.BURST // 2):
        chat.say(table, ANA.id, "Ana", f"a{n}", 0, now=100.0 + n * 0.01, origin="c" * 16)
        chat.say(table, BIA.id, "Bia", f"b{n}", 0, now=100.0 + n * 0.01, origin="c" * 16)
    with pytest.raises(TableError, match="from your address"):
        chat.say(table, BIA.id, "Bia", "one more", 0, now=100.5, origin="c" * 16)
    chat.say(table, BIA.id, "Bia", "from elsewhere", 0, now=100.5, origin="d" * 16)
