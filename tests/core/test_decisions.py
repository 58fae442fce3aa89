"""The decision stack of core/decisions.py, on a small auction game written only for these tests.

A seller's turn is ``offer <price>`` or ``pass``. An offer pushes a question to the next
seat (an out-of-turn answer): ``accept`` or ``refuse``. Accepting pushes a choice inside
that choice, ``pay <coin>`` (a coin of the buyer's purse), popped once paid.
"""

from __future__ import annotations

import json

import pytest

from boardgames.core.decisions import DecidingState, Decision, Decisions, Kind, by_trial, merge
from boardgames.core.engine import Action, IllegalAction
from boardgames.core.rng import Rng

SELL, ANSWER, PAY = "sell", "answer", "pay"


class AuctionState(DecidingState):
    def __init__(self, players: int = 3) -> None:
        self.rng = Rng(1)
        self.turn = 0
        self.purses = [[1, 2, 5] for _ in range(players)]
        self.paid = [0] * players
        self.decisions = Decisions([Decision(SELL, 0)])

    def clone(self) -> AuctionState:
        other = AuctionState.__new__(AuctionState)
        other.rng, other.turn = self.rng.copy(), self.turn
        other.purses = [p[:] for p in self.purses]
        other.paid = self.paid[:]
        other.decisions = self.decisions.copy()
        return other

    def to_json(self) -> dict:
        return {"turn": self.turn, "purses": self.purses, "paid": self.paid, "decisions": self.decisions.to_json()}

    @classmethod
    def from_json(cls, data: dict) -> AuctionState:
        state = cls(len(data["purses"]))
        state.turn, state.purses, state.paid = data["turn"], data["purses"], data["paid"]
        state.decisions = Decisions.from_json(data["decisions"])
        return state

    def end_turn(self, seller: int) -> None:
        self.turn += 1
        self.decisions.reset(Decision(SELL, (seller + 1) % len(self.purses)))

    # handlers, called as (state, *args)
    def offer(self, price: int) -> None:
        seller = self.decisions.seat
        buyer = (seller + 1) % len(self.purses)
        self.decisions.push(Decision(ANSWER, buyer, (seller, price)))

    def pass_(self) -> None:
        self.end_turn(self.decisions.seat)

    def accept(self) -> None:
        top = self.decisions.top
        self.decisions.push(Decision(PAY, top.seat, top.args))

    def refuse(self) -> None:
        self.decisions.pop()

    def pay(self, coin: int) -> None:
        top = self.decisions.top
        if coin not in self.purses[top.seat]:
            raise IllegalAction(f"You have no coin of {coin}.")
        self.purses[top.seat].remove(coin)
        self.paid[top.seat] += coin
        seller = top.args[0]
        self.decisions.pop()  # the payment is made
        self.decisions.pop()  # the offer is answered
        self.end_turn(seller)


def by_name(moves: dict, refusal):
    """An ``apply`` calling ``moves[action.name](state, *action.args)``, refusing other names with ``refusal`` (a
    sentence, or a function of state, decision and action), as a game's apply dispatches on the action's name."""

    def apply(state: AuctionState, decision: Decision, action: Action) -> None:
        move = moves.get(action.name)
        if move is None:
            raise IllegalAction(refusal if isinstance(refusal, str) else refusal(state, decision, action))
        move(state, *action.args)

    return apply


AuctionState.KINDS = {
    SELL: Kind(lambda s, d: [Action("offer", (3,)), Action("pass")],
               by_name({"offer": AuctionState.offer, "pass": AuctionState.pass_}, "Offer or pass."),
               lambda s, d: f"Seat {d.seat}: offer or pass.",
               lambda s, d, a: "Pass" if a.name == "pass" else f"Offer for {a.args[0]}"),
    ANSWER: Kind(lambda s, d: [Action("accept"), Action("refuse")],
                 by_name({"accept": AuctionState.accept, "refuse": AuctionState.refuse},
                         lambda s, d, a: f"Seat {d.seat}: answer seat {d.args[0]}'s offer first."),
                 lambda s, d: f"Seat {d.seat}: accept seat {d.args[0]}'s offer at {d.args[1]}?"),
    PAY: Kind(lambda s, d: [Action("pay", (c,)) for c in s.purses[d.seat]],
              by_name({"pay": AuctionState.pay}, "Pay with a coin."),
              lambda s, d: f"Seat {d.seat}: pay {d.args[1]}."),
}


def play(state: AuctionState, *moves: str) -> None:
    for text in moves:
        state.apply(Action.parse(text))


def test_an_offer_asks_the_next_seat_out_of_turn_and_its_answer_gives_the_turn_back():
    state = AuctionState()
    play(state, "offer 3")
    assert state.current_player == 1  # the buyer decides now, though it is seat 0's turn
    assert state.turn == 0
    assert [d.kind for d in state.decisions] == [SELL, ANSWER]
    assert state.prompt() == "Seat 1: accept seat 0's offer at 3?"
    play(state, "refuse")  # popped: the seller decides again
    assert state.current_player == 0 and state.decisions.top == Decision(SELL, 0)


def test_a_choice_inside_a_choice_is_pushed_and_both_pop_when_answered():
    state = AuctionState()
    play(state, "offer 3", "accept")
    assert [(d.kind, d.seat) for d in state.decisions] == [(SELL, 0), (ANSWER, 1), (PAY, 1)]
    assert state.legal_actions() == [Action("pay", (1,)), Action("pay", (2,)), Action("pay", (5,))]
    play(state, "pay 5")
    assert state.paid == [0, 5, 0]
    assert list(state.decisions) == [Decision(SELL, 1)] and state.turn == 1


def test_a_refused_answer_leaves_the_stack_and_the_state_as_they_were():
    state = AuctionState()
    play(state, "offer 3", "accept")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no coin of 4"):
        play(state, "pay 4")
    with pytest.raises(IllegalAction, match="Pay with a coin"):
        play(state, "offer 3")
    assert state.to_json() == before


def test_the_refusal_may_be_worded_from_the_decision():
    state = AuctionState()
    play(state, "offer 3")
    with pytest.raises(IllegalAction, match="Seat 1: answer seat 0's offer first"):
        play(state, "pass")


def test_labels_come_from_the_kind_and_default_to_the_notation():
    state = AuctionState()
    assert [state.label(a) for a in state.legal_actions()] == ["Offer for 3", "Pass"]
    play(state, "offer 3")
    assert [state.label(a) for a in state.legal_actions()] == ["accept", "refuse"]


def test_an_empty_stack_is_the_end_of_the_game():
    state = AuctionState()
    state.decisions.reset()
    assert state.is_over and state.current_player is None
    assert state.legal_actions() == [] and state.prompt() == "The game is over."
    with pytest.raises(IllegalAction, match="over"):
        play(state, "pass")
    with pytest.raises(IndexError):
        state.decisions.pop()


def test_the_stack_survives_a_json_round_trip():
    state = AuctionState()
    play(state, "pass", "offer 3", "accept")
    text = json.dumps(state.to_json())
    copy = AuctionState.from_json(json.loads(text))
    assert copy.decisions == state.decisions
    assert copy.decisions.top == Decision(PAY, 2, (1, 3))  # the arguments come back as a tuple
    assert copy.legal_actions() == state.legal_actions() and copy.prompt() == state.prompt()
    play(copy, "pay 2")
    play(state, "pay 2")
    assert copy.to_json() == state.to_json()


def test_a_clone_decides_independently_of_its_original():
    state = AuctionState()
    play(state, "offer 3")
    copy = state.clone()
    play(copy, "accept", "pay 1")
    assert [d.kind for d in state.decisions] == [SELL, ANSWER]  # the original still waits for the answer
    assert state.current_player == 1 and state.purses[1] == [1, 2, 5]
    play(state, "refuse")
    assert copy.decisions.top == Decision(SELL, 1)


def test_replace_answers_the_top_and_puts_its_follow_up_in_its_place():
    stack = Decisions()
    assert stack.top is None and stack.seat is None and len(stack) == 0
    stack.replace(Decision("move", 2))  # on an empty stack, replace starts it
    stack.push(Decision("pay", 2))
    stack.replace(Decision("discard", 3))
    assert list(stack) == [Decision("move", 2), Decision("discard", 3)] and stack.seat == 3


def test_merging_kind_tables_refuses_a_name_defined_twice():
    turn = {SELL: AuctionState.KINDS[SELL]}
    answers = {ANSWER: AuctionState.KINDS[ANSWER], PAY: AuctionState.KINDS[PAY]}
    assert list(merge(turn, answers)) == [SELL, ANSWER, PAY]
    with pytest.raises(ValueError, match="'answer' is defined twice"):
        merge(turn, answers, {ANSWER: AuctionState.KINDS[SELL]})


def _bid_kind(listed: bool) -> Kind:
    def legal(state: AuctionState, d: Decision) -> list[Action]:
        return [Action("bid", (c,)) for c in state.purses[d.seat]]

    def apply(state: AuctionState, d: Decision, action: Action) -> None:
        state.paid[d.seat] += action.args[0]

    def why(state: AuctionState, d: Decision, action: Action) -> str:
        if action.name != "bid":
            return ""  # the kind's general sentence
        return f"You have no coin of {action.args[0]}; your coins: {state.purses[d.seat]}."

    return Kind(legal, apply, lambda s, d: "Bid a coin.", refusal=why, listed=listed)


def test_a_listed_kind_refuses_an_unlisted_action_with_its_reason_for_that_very_action():
    state = AuctionState()
    state.KINDS = {SELL: _bid_kind(listed=True)}
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match=r"no coin of 4; your coins: \[1, 2, 5\]"):
        state.apply(Action("bid", (4,)))
    with pytest.raises(IllegalAction, match="'offer 3' is not a move now: Bid a coin."):
        state.apply(Action("offer", (3,)))
    assert json.dumps(state.to_json()) == before
    assert state.refusal(Action("bid", (4,))) == "You have no coin of 4; your coins: [1, 2, 5]."
    assert state.refusal(Action("bid", (5,))) is None
    state.apply(Action("bid", (5,)))
    assert state.paid[0] == 5


def test_an_unlisted_kind_leaves_checking_to_its_apply():
    state = AuctionState()
    state.KINDS = {SELL: _bid_kind(listed=False)}
    state.apply(Action("bid", (4,)))  # this kind's apply trusts its caller
    assert state.paid[0] == 4


def test_a_kind_with_one_refusal_sentence_gives_it_for_every_refused_action():
    kind = Kind(lambda s, d: [], lambda s, d, a: None, lambda s, d: "Wait.", refusal="Not now.")
    assert kind.refuse(AuctionState(), Decision(SELL, 0), Action("x")) == "Not now."


def test_a_refusal_by_trial_gives_the_sentence_apply_raises_and_leaves_the_state_alone():
    kind = AuctionState.KINDS[PAY]
    state = AuctionState()
    play(state, "offer 3", "accept")
    before = json.dumps(state.to_json())
    why = by_trial(kind.apply)
    assert why(state, state.decisions.top, Action("pay", (4,))) == "You have no coin of 4."
    assert why(state, state.decisions.top, Action("pay", (2,))) == ""  # a legal payment: nothing to say
    assert json.dumps(state.to_json()) == before
