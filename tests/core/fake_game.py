"""A tiny game for testing the core: each turn a player may roll a die (a reveal) and then bank or pass."""

from __future__ import annotations

from boardgames.core.engine import Action, Game, IllegalAction, Result, State
from boardgames.core.rng import Rng


class DiceState(State):
    def __init__(self, names, seed):
        self.names = list(names)
        self.rng = Rng(seed)
        self.turn = 0
        self.scores = [0] * len(names)
        self.current = 0
        self.rolled = 0
        self.marks = 0  # "mark" actions this turn: undoable decisions before the roll

    @property
    def current_player(self):
        return None if max(self.scores) >= 10 else self.current

    def legal_actions(self):
        if self.current_player is None:
            return []
        if self.rolled:
            return [Action("bank"), Action("pass")]
        return [Action("mark"), Action("roll")] if self.marks < 2 else [Action("roll")]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not allowed now.")
        name = self.names[self.current]
        if action.name == "mark":
            self.marks += 1
            self.emit(f"{name} makes a mark.")
        elif action.name == "roll":
            self.rolled = 1 + self.rng.below(6)
            self.emit(f"{name} rolls {self.rolled}.")
        else:
            if action.name == "bank":
                self.scores[self.current] += self.rolled
            self.emit(f"{name} banks {self.rolled}." if action.name == "bank" else f"{name} passes.")
            self.rolled = self.marks = 0
            self.current = (self.current + 1) % len(self.names)
            self.turn += 1

    def prompt(self):
        return "Roll, then bank or pass."

    def result(self):
        ranks = [1 + sum(1 for t in self.scores if t > s) for s in self.scores]
        return Result(self.scores, [{"Dice": s} for s in self.scores], ranks)

    def view(self, seat):
        return {"scores": self.scores, "rolled": self.rolled, "current": self.current_player}

    def clone(self):
        return DiceGame().state_from_json(self.to_json())

    def to_json(self):
        return {"names": self.names, "rng": self.rng.to_json(), "turn": self.turn, "scores": self.scores[:],
                "current": self.current, "rolled": self.rolled, "marks": self.marks}


class DiceGame(Game):
    id = "dice-test"
    title = "Dice (test)"
    description = "A test game."
    min_players = 2
    max_players = 3

    def new_state(self, names, options, seed):
        return DiceState(names, seed)

    def state_from_json(self, data):
        state = DiceState(data["names"], 0)
        state.rng = Rng.from_json(data["rng"])
        for key in ("turn", "scores", "current", "rolled", "marks"):
            setattr(state, key, data[key])
        return state

    def evaluate(self, state, seat):
        return state.scores[seat]

    def help_text(self):
        return "Roll and bank."
