"""What DecidingState holds for every game: the seats, the phase and the seat deciding, a turn counted as a round
of questions is answered, and a clone built on a shallow copy; and core/slots.from_slots."""

from __future__ import annotations

import pytest

from boardgames.core.decisions import DecidingState, Decision, Decisions
from boardgames.core.rng import Rng
from boardgames.core.slots import from_slots

ASK = "ask"


class Poll(DecidingState):
    """Every seat answers one question, seat 0 first; then the poll is over."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(names, Rng(3))
        self.closed = False
        self.answers: list[int] = []
        self.decisions = Decisions(Decision(ASK, seat) for seat in reversed(range(len(names))))

    def clone(self) -> Poll:
        other = self.shallow_clone()
        other.answers = list(self.answers)
        return other


def test_a_deciding_state_starts_with_the_seats_a_generator_and_no_turn():
    poll = Poll(["Ana", "Bia"])
    assert (poll.names, poll.turn, poll.rng.to_json()) == (["Ana", "Bia"], 0, Rng(3).to_json())


def test_the_phase_and_the_seat_deciding_come_from_the_stack():
    poll = Poll(["Ana", "Bia"])
    assert (poll.phase, poll.current, poll.current_player) == (ASK, 0, 0)
    poll.decisions.reset()
    assert (poll.phase, poll.current) == ("over", None)


def test_a_game_without_positions_by_phase_or_seat_refuses_to_set_them():
    poll = Poll(["Ana", "Bia"])
    with pytest.raises(NotImplementedError):
        poll.phase = ASK
    with pytest.raises(NotImplementedError):
        poll.current = 1


def test_answered_counts_a_turn_and_says_when_every_seat_has_answered():
    poll = Poll(["Ana", "Bia", "Caio"])
    assert [poll.answered() for _ in range(3)] == [False, False, True]
    assert (poll.turn, poll.phase) == (3, "over")


def test_a_shallow_clone_shares_the_fields_has_its_own_stack_and_no_log():
    poll = Poll(["Ana", "Bia"])
    poll.keeps_log = True
    poll.emit("Ana asks.")
    other = poll.clone()
    assert other.names is poll.names and other.answers == poll.answers and other.answers is not poll.answers
    assert other.keeps_log is False and other.take_log() == []
    other.answered()
    assert (poll.current, other.current) == (0, 1)
    assert len(poll.take_log()) == 1


class Board:
    __slots__ = ("spaces", "score")

    def __init__(self) -> None:
        self.spaces: list[int] = []
        self.score = 0


def test_from_slots_sets_every_slot_from_json():
    board = from_slots(Board, {"spaces": [1, 2], "score": 5})
    assert (board.spaces, board.score) == ([1, 2], 5)
    with pytest.raises(KeyError):
        from_slots(Board, {"spaces": []})
