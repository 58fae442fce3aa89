"""The conformance suite's hidden-information checks must catch a leaky game.

Sintra has no secrets, so these checks pass trivially there; here a test game
is made to leak on purpose and the checks have to fail.
"""

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action
from boardgames.core.rng import Rng
from boardgames.core.soak import SOAK, ContractBroken, check_log_lines, play_checked, probe_illegal
from boardgames.core.soak import check_hidden_information as _check_hidden_information
from tests.core.fake_game import DiceGame, DiceState


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


class LaxState(DiceState):
    """Accepts any action at all: the probe of illegal actions must notice."""

    def apply(self, action):
        self.marks += 1


class BrokenAfterThreeTurns(DiceState):
    def check_invariants(self):
        assert self.turn < 3, "turn counter ran past three"

    def clone(self):
        copy = super().clone()
        copy.__class__ = type(self)
        return copy


def test_an_accepted_illegal_action_is_caught():
    state = LaxState(["A", "B"], 1)
    with pytest.raises(ContractBroken, match="was accepted"):
        probe_illegal(state, {Action("bank")})


def test_a_broken_invariant_is_reported_with_its_seed_and_move():
    game = DiceGame()
    game.new_state = lambda names, options, seed: BrokenAfterThreeTurns(names, seed)
    bots = [make_bot("random", game, 4)] * 2
    with pytest.raises(ContractBroken, match=r"dice-test, seed 4, 2 players, move \d+: turn counter ran past three"):
        play_checked(game, ["A", "B"], bots, {}, 4, SOAK)


class EndlessState(DiceState):
    """Never ends: rolling and passing forever, as a game whose end condition is broken would."""

    @property
    def current_player(self):
        return self.current

    def clone(self):
        copy = super().clone()
        copy.__class__ = type(self)
        return copy


def test_a_game_that_never_ends_is_stopped_at_its_move_cap_with_its_seed():
    """Guards the conformance run hanging forever on a game whose end never comes (no move cap before)."""
    game = DiceGame()
    game.max_moves = 60
    game.new_state = lambda names, options, seed: EndlessState(names, seed)
    bots = [make_bot("random", game, 8)] * 2
    with pytest.raises(ContractBroken, match=r"dice-test, seed 8, 2 players, move 60: .*not over after 60 moves"):
        play_checked(game, ["A", "B"], bots, {}, 8, SOAK)


def test_every_game_sets_its_own_move_cap():
    from boardgames.core.engine import Game
    from boardgames.core.registry import all_games

    for game in all_games():
        assert "max_moves" in vars(type(game)), f"{game.id} keeps the default move cap"
        assert game.max_moves != Game.max_moves


class RewardState(DiceState):
    """A face-down reward fixed in advance and shown to nobody; ``leak`` names who sees it anyway."""

    leak = "none"

    def __init__(self, names, seed):
        super().__init__(names, seed)
        self.reward = 3

    def clone(self):
        copy = super().clone()
        copy.__class__ = type(self)
        copy.reward, copy.leak = self.reward, self.leak
        return copy

    def scramble_hidden(self, rng):
        self.reward = 1 + (self.reward + rng.below(5)) % 6
        return True

    def view(self, seat):
        view = super().view(seat)
        if self.leak == "owner" and seat == 1 or self.leak == "public" and seat is None:
            view["reward"] = self.reward
        return view


def _reward_state(leak):
    state = RewardState(["A", "B", "C"], 5)
    state.leak = leak
    return state


def test_a_secret_hidden_from_everyone_that_no_view_shows_passes():
    assert _check_hidden_information(_reward_state("none"), 3) is False


@pytest.mark.parametrize(("leak", "who"), [("owner", "seat 1"), ("public", "the public view")])
def test_a_view_showing_a_secret_hidden_from_everyone_is_caught(leak, who):
    """Guards the check that was missing: a face-down reward leaking into one view went unnoticed."""
    with pytest.raises(ContractBroken, match=f"{who} sees a secret hidden from everyone"):
        _check_hidden_information(_reward_state(leak), 3)


def test_the_engine_default_hides_nothing_from_everyone():
    assert DiceGame().new_state(["A", "B"], {}, 1).scramble_hidden(Rng(1)) is False


class LoggingHandState(HandState):
    """The hand game whose rolls log according to ``log``: properly, not at all, as notation or naming a hand."""

    log = "proper"

    def clone(self):
        copy = super().clone()
        copy.log = self.log
        return copy

    def apply(self, action):
        DiceState.apply(self, action)
        if action.name == "roll" and self.log != "proper":
            self.take_log()
            me = self.names[self.current]
            if self.log == "notation":
                self.emit(str(action))
            elif self.log == "hand":
                self.emit(f"{me} rolls with {self.hands[self.current]} in hand.")
            elif self.log == "own hand":  # the mover alone reads its hand: fine
                self.emit(f"{me} rolls.", {self.current: f"{me} rolls with {self.hands[self.current]} in hand."})


def _logging_state(log):
    state = LoggingHandState(["A", "B", "C"], 5)
    state.log = log
    return state


@pytest.mark.parametrize("log", ["proper", "own hand"])
def test_a_move_logging_a_sentence_that_hides_other_seats_secrets_passes(log):
    check_log_lines(_logging_state(log), Action("roll"), 3)


@pytest.mark.parametrize(("log", "caught"), [
    ("silent", "logs nothing"),
    ("notation", "bare notation 'roll'"),
    ("hand", "for seat None names a secret of seat 0"),
])
def test_a_move_whose_log_line_is_missing_bare_or_leaky_is_caught(log, caught):
    """Guards issue 18 items 1 and 21: Lemuria's pass logged nothing, so every seat read 'pass scribe'."""
    with pytest.raises(ContractBroken, match=caught):
        check_log_lines(_logging_state(log), Action("roll"), 3)


def test_the_conformance_run_checks_the_log():
    game = DiceGame()
    game.new_state = lambda names, options, seed: _logging_state("hand")
    bots = [make_bot("random", game, 2)] * 3
    with pytest.raises(ContractBroken, match="names a secret of seat"):
        play_checked(game, ["A", "B", "C"], bots, {}, 2, SOAK)
