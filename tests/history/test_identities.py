"""Over SSH a player's games count under the server's identity alone; at home every seat under its name."""

from __future__ import annotations

from boardgames.core.record import Seat
from boardgames.history.identities import served_identities

SEATS = [Seat("ana"), Seat("Bob"), Seat("Bot", "bot:greedy")]


def test_at_ones_own_terminal_every_seat_goes_by_its_name():
    assert served_identities(SEATS, None) == {}
    assert served_identities(SEATS, "local:Ana", "Ana") == {}


def test_a_friend_at_a_served_keyboard_cannot_play_as_another_user():
    assert served_identities(SEATS, "user:ana", "ana") == {0: "user:ana", 1: "seat:user:ana/bob"}
    assert served_identities(SEATS, "user:bob", "bob") == {0: "seat:user:bob/ana", 1: "user:bob"}


def test_a_lone_human_seat_is_the_players_whatever_it_is_called():
    seats = [Seat("Queen"), Seat("Bot", "bot:random")]
    assert served_identities(seats, "name:zoe", "zoe") == {0: "name:zoe"}


def test_at_a_shared_table_each_seat_is_its_owners():
    owners = ["user:ana", "guest:1f2e", None]
    seats = [Seat("ana"), Seat("guest-1f2e"), Seat("Bot", "bot:greedy")]
    assert served_identities(seats, "user:ana", "ana", owners) == {0: "user:ana", 1: "guest:1f2e"}
    assert served_identities(seats, "guest:1f2e", "guest-1f2e", owners) == {0: "user:ana", 1: "guest:1f2e"}
