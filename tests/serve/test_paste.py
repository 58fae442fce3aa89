"""The paste cap between a client and its game process (serve/paste.py)."""

from __future__ import annotations

from boardgames.serve.paste import END, START, PasteCap


def fed(cap: PasteCap, data: bytes, step: int) -> bytes:
    return b"".join(cap.feed(data[at:at + step]) for at in range(0, len(data), step))


def test_keys_and_short_pastes_pass_unchanged_however_they_are_cut():
    data = b"ab\x1b[C" + START + b"Ana \x1b[B" + END + b"q" + START + b"x" * 99 + END + b"\x1b"
    for step in (1, 2, 5, 6, 7, len(data)):
        assert fed(PasteCap(limit=100), data, step) == data


def test_a_paste_past_the_cap_is_closed_for_the_game_and_the_rest_comes_as_keys():
    data = b"k" + START + b"z" * 250 + END + b"m"
    for step in (1, 3, 6, 64, len(data)):
        out = fed(PasteCap(limit=100), data, step)
        assert out == b"k" + START + b"z" * 105 + END + b"z" * 145 + END + b"m"  # a mark's length of slack


def test_a_paste_never_closed_holds_no_more_than_the_cap():
    cap = PasteCap(limit=1000)
    out = cap.feed(START) + b"".join(cap.feed(b"z" * 4096) for _ in range(10))
    first_end = out.index(END)
    assert first_end - len(START) == 1005
    assert START not in out[first_end:]  # the rest are keys, no paste is open for the game
