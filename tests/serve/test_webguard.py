"""The web server's limits as pure functions: Host names, window sizes (read here, clamped by serve/sizes.py),
the input allowance."""

from __future__ import annotations

import pytest

from boardgames.serve.sizes import MAX_COLS, MAX_ROWS
from boardgames.serve.throttle import Throttle
from boardgames.serve.webguard import (
    InputBucket,
    allowed_hosts,
    host_allowed,
    host_name,
    is_loopback,
    page_size,
)


@pytest.mark.parametrize(("header", "name"), [
    ("127.0.0.1:8000", "127.0.0.1"), ("LocalHost", "localhost"), ("[::1]:8000", "::1"),
    ("games.example.org.:443", "games.example.org"), ("", None), (None, None), ("[::1", None),
])
def test_host_name(header, name):
    assert host_name(header) == name


def test_only_names_we_chose_or_the_address_a_request_came_to_are_answered():
    local = allowed_hosts("127.0.0.1", None)
    for header in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "localhost"):
        assert host_allowed(header, local, "127.0.0.1")
    for header in ("evil.example:8000", "127.0.0.1.evil.example", "", None, "localhost.evil.example:8000"):
        assert not host_allowed(header, local, "127.0.0.1")

    proxied = allowed_hosts("127.0.0.1", "https://Games.Example.org/boardgames/")
    assert host_allowed("games.example.org", proxied, "127.0.0.1")
    assert not host_allowed("evil.example", proxied, "127.0.0.1")

    everywhere = allowed_hosts("0.0.0.0", None)
    assert "0.0.0.0" not in everywhere
    assert host_allowed("192.0.2.5:8000", everywhere, "192.0.2.5")  # reached by the address it listens on
    assert host_allowed("192.0.2.5:8000", everywhere, "::ffff:192.0.2.5")
    assert not host_allowed("192.0.2.9:8000", everywhere, "192.0.2.5")
    assert not host_allowed("evil.example:8000", everywhere, "192.0.2.5")
    assert host_allowed("games.lan:8000", allowed_hosts("games.lan", None), "192.0.2.5")


@pytest.mark.parametrize(("asked", "given"), [
    ((100, 30), (100, 30)), (("120", "40"), (120, 40)), ((65536, 65536), (MAX_COLS, MAX_ROWS)),
    ((10**30, -5), (MAX_COLS, 1)), ((0, 0), (1, 1)), (("wide", None), (80, 24)),
    ((float("nan"), float("inf")), (80, 24)), ((True, [3]), (80, 24)), ((99.7, 30.2), (99, 30)),
])
def test_window_sizes_a_page_sends_are_read_as_numbers_and_clamped(asked, given):
    assert page_size(*asked) == given


def test_the_input_allowance_lets_a_burst_through_then_paces_to_its_rate():
    now = [0.0]
    bucket = InputBucket(rate=1000, burst=4000, clock=lambda: now[0])
    assert [bucket.delay(1000) for _ in range(4)] == [0, 0, 0, 0]
    assert bucket.delay(1000) == pytest.approx(1.0)
    assert bucket.delay(500) == pytest.approx(1.5)  # debts add up: a flood waits longer and longer
    now[0] = 1.5
    assert bucket.delay(0) == pytest.approx(0.0)
    now[0] = 100.0
    assert bucket.delay(4000) == 0 and bucket.delay(1) > 0  # idle time earns no more than one burst


@pytest.mark.parametrize(("host", "local"), [
    ("127.0.0.1", True), ("127.0.0.2", True), ("localhost", True), ("::1", True), ("[::1]", True),
    ("0.0.0.0", False), ("::", False), ("192.0.2.5", False), ("games.example.org", False),
])
def test_is_loopback(host, local):
    assert is_loopback(host) is local


def test_due_spends_only_what_is_there():
    now = [0.0]
    sizes = InputBucket(rate=0.5, burst=2, clock=lambda: now[0])
    assert sizes.due(1) == 0 and sizes.due(1) == 0
    assert sizes.due(1) == pytest.approx(2.0)
    assert sizes.due(1) == pytest.approx(2.0)  # asking again costs nothing
    now[0] = 2.0
    assert sizes.due(1) == 0 and sizes.due(1) == pytest.approx(2.0)


def test_a_flood_of_refusals_makes_one_log_line_a_second():
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])
    assert throttle.allow() == 0
    assert [throttle.allow() for _ in range(1000)] == [None] * 1000
    now[0] = 1.0
    assert throttle.allow() == 1000 and throttle.allow() is None


def test_at_the_cap_in_all_an_idle_connection_of_the_busiest_address_makes_room():
    from dataclasses import dataclass

    from boardgames.serve.webguard import ConnectionCount

    @dataclass(eq=False)
    class Held:
        address: str
        started: float
        busy: bool = False

        def idle(self) -> bool:
            return not self.busy

    count = ConnectionCount(total=4, per_address=3)
    first = [Held("10.0.0.1", n) for n in range(3)]
    tab = Held("10.0.0.2", 3, busy=True)  # a websocket: a request under way for the tab's whole life
    assert [count.admit(held) for held in [*first, tab]] == [(True, None)] * 4
    assert count.admit(Held("10.0.0.1", 4)) == (False, None)  # its address's cap
    newcomer = Held("10.0.0.3", 5)
    assert count.admit(newcomer) == (True, first[0])  # the oldest idle one of the address with the most
    assert count.total == 4 and len(count.by_address["10.0.0.1"]) == 2
    count.release(first[0])  # its own end, later: counted once
    assert count.total == 4
    assert count.admit(Held("10.0.0.2", 6, busy=True)) == (True, first[1])
    assert count.admit(Held("10.0.0.4", 7)) == (True, first[2])  # a new address: from one with any idle
    assert count.admit(Held("10.0.0.3", 8)) == (False, None)  # only the busy tabs' address has more than it
