"""What connections that gave nothing back cost their address (serve/penalties.py), on a clock of the test's own."""

from __future__ import annotations

import pytest

from boardgames.serve.penalties import GRACE_EXCEEDED, NOAUTH, Penalties, PenaltyRates, parse_penalties


def clocked(rates: PenaltyRates | None = None, **settings) -> tuple[Penalties, list[float]]:
    now = [100.0]
    return Penalties(rates or PenaltyRates(), clock=lambda: now[0], **settings), now


def test_penalties_count_only_once_more_than_min_lies_ahead_then_refuse_until_they_run_out():
    penalties, now = clocked()
    for _ in range(15):  # 15 s ahead: not more than min
        penalties.penalise("10.0.0.1", NOAUTH)
    assert penalties.refused_for("10.0.0.1") == 0
    penalties.penalise("10.0.0.1", NOAUTH)
    assert penalties.refused_for("10.0.0.1") == 16
    assert penalties.refused_for("10.0.0.2") == 0  # another address is not concerned
    now[0] += 10
    assert penalties.refused_for("10.0.0.1") == 6  # enforced to its end, below min too
    now[0] += 6
    assert penalties.refused_for("10.0.0.1") == 0


def test_penalties_run_out_while_they_are_spread_out_in_time():
    penalties, now = clocked()
    for _ in range(100):  # a connection now and then, each ending without a session: never refused
        penalties.penalise("10.0.0.1", NOAUTH)
        now[0] += 2
    assert penalties.refused_for("10.0.0.1") == 0


def test_timed_out_connections_cost_more_and_penalties_stop_at_max():
    penalties, now = clocked()
    penalties.penalise("10.0.0.1", GRACE_EXCEEDED)
    assert penalties.refused_for("10.0.0.1") == 0  # 10 s ahead
    penalties.penalise("10.0.0.1", GRACE_EXCEEDED)
    assert penalties.refused_for("10.0.0.1") == 20
    for _ in range(100):
        penalties.penalise("10.0.0.1", GRACE_EXCEEDED)
    assert penalties.refused_for("10.0.0.1") == 600


def test_penalties_can_be_turned_off():
    penalties, _now = clocked(PenaltyRates(on=False))
    for _ in range(100):
        penalties.penalise("10.0.0.1", GRACE_EXCEEDED)
    assert penalties.refused_for("10.0.0.1") == 0 and not penalties.table


def test_the_table_keeps_the_most_recent_addresses_and_forgets_those_run_out():
    penalties, now = clocked(max_addresses=100)
    for number in range(1000):
        penalties.penalise(f"10.0.{number // 256}.{number % 256}", NOAUTH)
    assert len(penalties.table) == 100 and "10.0.3.231" in penalties.table
    now[0] += 2
    penalties.penalise("10.9.9.9", NOAUTH)
    assert list(penalties.table) == ["10.9.9.9"]


@pytest.mark.parametrize(("text", "expected"), [
    ("", PenaltyRates()),
    ("off", PenaltyRates(on=False)),
    ("noauth:2s max:5m", PenaltyRates(noauth=2.0, longest=300.0)),
    ("grace-exceeded:1h,min:0.5", PenaltyRates(grace_exceeded=3600.0, least=0.5)),
])
def test_per_source_penalties_are_read_as_openssh_writes_them(text, expected):
    assert parse_penalties(text) == expected


@pytest.mark.parametrize("text", ["noauth", "noauth:-1s", "crash:90s", "noauth:1d", "min:20m max:10m"])
def test_a_wrong_per_source_penalties_is_refused_with_a_sentence(text):
    with pytest.raises(ValueError, match="--per-source-penalties"):
        parse_penalties(text)
