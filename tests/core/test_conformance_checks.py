"""The conformance suite's hidden-information checks must catch a leaky game.

Sintra has no secrets, so these checks pass trivially there; here a test game
is made to leak on purpose and the checks have to fail.
"""

import pytest

from boardgames.core.rng import Rng
from tests.core.fake_game import DiceGame, DiceState
from tests.core.test_conformance import _check_hidden_information


class HandState(DiceState):
    """Each seat holds a secret number; ``leak`` decides who may see whose."""

    leak = "none"

    def __init__(self, names, seed):
        super().__init__(names, seed)
        self.hands = [10 + i for i in range(len(names))]

    def clone(self):
        copy = super().clone()
        copy.__class__ = type(self)
        copy.hands = self.hands[:]
        copy.leak = self.leak
        return copy

    def scramble_private(self, seat, rng):
        self.hands[seat] = 100 + rng.below(50)
        return True

    def view(self, seat):
        view = super().view(seat)
        if self.leak == "hands":
            view["hands"] = self.hands
        elif seat is not None:
            view["hand"] = self.hands[seat]
        if self.leak == "future":
            view["next_roll"] = self.rng.copy().below(6)
        return view


def _state(leak):
    state = HandState(["A", "B", "C"], 5)
    state.leak = leak
    return state


def test_a_proper_private_view_passes_and_shows_the_owner_their_secret():
    assert _check_hidden_information(_state("none"), 3) is True


def test_a_view_showing_every_hand_is_caught():
    with pytest.raises(AssertionError, match="sees a secret"):
        _check_hidden_information(_state("hands"), 3)


def test_a_view_depending_on_the_random_future_is_caught():
    with pytest.raises(AssertionError, match="hidden random generator"):
        _check_hidden_information(_state("future"), 3)


def test_the_dice_game_itself_is_clean():
    state = DiceGame().new_state(["A", "B"], {}, 1)
    assert _check_hidden_information(state, 2) is False
    assert isinstance(state.rng, Rng)
