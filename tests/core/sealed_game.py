"""A tiny game of sealed bids for testing decisions that several seats answer at once (``together`` kinds).

Each of two rounds every seat bids 0 to 3 of its coins at the same time; the bids wait in escrow until the last,
then the highest bid (the lowest seat on a tie) wins a point and every bid is paid. Bidding ``all`` asks that seat
to confirm (a follow-up of one seat, not together) before the other seats are asked again.
"""

from __future__ import annotations

from typing import Any

from boardgames.core.decisions import DecidingState, Decision, Decisions, Kind
from boardgames.core.engine import Action, Game, Result
from boardgames.core.rng import Rng

BID, CONFIRM = "bid", "confirm"
ROUNDS = 2


class SealedState(DecidingState):
    def __init__(self, names: list[str], seed: int) -> None:
        super().__init__(names, Rng(seed))
        self.coins = [3] * len(names)
        self.points = [0] * len(names)
        self.bids: dict[int, int] = {}
        self.round = 1
        self.decisions = Decisions()
        self.ask_everyone()

    def ask_everyone(self) -> None:
        self.decisions.reset(*(Decision(BID, seat) for seat in reversed(range(len(self.names)))))

    def clone(self) -> SealedState:
        other = self.shallow_clone()
        other.rng = self.rng.copy()
        other.coins, other.points, other.bids = list(self.coins), list(self.points), dict(self.bids)
        return other

    def to_json(self) -> dict[str, Any]:
        return {"names": self.names, "rng": self.rng.to_json(), "turn": self.turn, "reveals": self.reveals,
                "coins": self.coins,
                "points": self.points, "bids": {str(k): v for k, v in self.bids.items()}, "round": self.round,
                "decisions": self.decisions.to_json()}

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"coins": list(self.coins), "points": list(self.points), "round": self.round,
                "bid": self.bids.get(seat) if seat is not None else None,
                "has_bid": sorted(self.bids), "current": self.current_player}

    def scramble_private(self, seat: int, rng: Rng) -> bool:
        if seat not in self.bids:
            return False
        self.bids[seat] = rng.below(self.coins[seat] + 1)
        return True

    def check_invariants(self) -> None:
        assert all(0 <= c <= 3 for c in self.coins) and all(seat in range(len(self.names)) for seat in self.bids)

    def result(self) -> Result:
        ranks = [1 + sum(1 for p in self.points if p > mine) for mine in self.points]
        return Result(list(self.points), [{"Wins": p} for p in self.points], ranks)


def _legal_bid(state: SealedState, d: Decision) -> list[Action]:
    return [Action("bid", (n,)) for n in range(state.coins[d.seat] + 1)] + [Action("all")]


def _apply_bid(state: SealedState, d: Decision, action: Action) -> None:
    if action.name == "all":
        state.decisions.push(Decision(CONFIRM, d.seat))
        state.emit(f"{state.names[d.seat]} thinks of bidding everything.")
        return
    state.bids[d.seat] = action.args[0]
    state.emit(f"{state.names[d.seat]} bids.", {d.seat: f"{state.names[d.seat]} bids {action.args[0]}."})
    if state.answered():
        _settle(state)


def _settle(state: SealedState) -> None:
    best = max(state.bids.values())
    winner = min(seat for seat, bid in state.bids.items() if bid == best)
    state.points[winner] += 1
    for seat, bid in state.bids.items():
        state.coins[seat] -= bid
    state.emit(f"{state.names[winner]} wins round {state.round}.")
    state.bids = {}
    state.round += 1
    state.reveals += 1
    if state.round <= ROUNDS:
        state.ask_everyone()


def _apply_confirm(state: SealedState, d: Decision, action: Action) -> None:
    state.decisions.pop()
    if action.name == "yes":
        _apply_bid(state, Decision(BID, d.seat), Action("bid", (state.coins[d.seat],)))
    else:
        state.emit(f"{state.names[d.seat]} thinks again.")


def _refuse(state: SealedState, d: Decision, action: Action) -> str:
    return f"Bid from 0 to {state.coins[d.seat]} coins." if action.name == "bid" else ""


SealedState.KINDS = {
    BID: Kind(_legal_bid, _apply_bid, lambda s, d: f"{s.names[d.seat]}: bid some of your coins.",
              lambda s, d, a: "Bid everything" if a.name == "all" else f"Bid {a.args[0]}",
              refusal=_refuse, listed=True, together=True),
    CONFIRM: Kind(lambda s, d: [Action("yes"), Action("no")], _apply_confirm,
                  lambda s, d: f"{s.names[d.seat]}: bid all your coins?", listed=True),
}


class SealedGame(Game):
    id = "sealed-test"
    title = "Sealed bids (test)"
    description = "A test game."
    min_players = 2
    max_players = 4
    has_private_info = True
    max_moves = 200

    def new_state(self, names: list[str], options: Any, seed: int) -> SealedState:
        return SealedState(list(names), seed)

    def state_from_json(self, data: dict[str, Any]) -> SealedState:
        state = SealedState(data["names"], 0)
        state.rng, state.turn, state.reveals = Rng.from_json(data["rng"]), data["turn"], data["reveals"]
        state.coins, state.points, state.round = list(data["coins"]), list(data["points"]), data["round"]
        state.bids = {int(k): v for k, v in data["bids"].items()}
        state.decisions = Decisions.from_json(data["decisions"])
        return state

    def evaluate(self, state: Any, seat: int) -> float:
        return float(state.points[seat] * 10 + state.coins[seat])

    def help_text(self) -> str:
        return "Bid coins in secret; the highest bid wins the round."
