"""The generic board lists each legal move by the phrase of ``State.label``, not by its notation."""

from __future__ import annotations

from boardgames.core.engine import Action, Game, IllegalAction, Result, State
from boardgames.core.record import Seat
from boardgames.core.rng import Rng
from boardgames.core.session import Session
from boardgames.tui.board import GenericBoard

from .helpers import app_for


class LabelState(State):
    """One move, 'take 2 red' or 'take 1 blue'; the game ends after it."""

    def __init__(self):
        self.rng = Rng(1)
        self.turn = 0
        self.taken = ""

    @property
    def current_player(self):
        return None if self.taken else 0

    def legal_actions(self):
        return [] if self.taken else [Action("take", (2, "red")), Action("take", (1, "blue"))]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not allowed now.")
        self.taken = str(action)
        self.turn += 1

    def label(self, action):
        count, colour = action.args
        return f"Take {count} {colour} glass from the [bold]centre[/bold]"

    def prompt(self):
        return "Take glass."

    def result(self):
        return Result([0], [{"Nothing": 0}], [1])

    def view(self, seat):
        return {"prompt": self.prompt()}

    def clone(self):
        other = LabelState()
        other.rng, other.turn, other.taken = self.rng.copy(), self.turn, self.taken
        return other

    def to_json(self):
        return {"taken": self.taken}


class LabelGame(Game):
    id = "label-test"
    title = "Label (test)"
    description = "A test game whose moves have labels."
    min_players = 1
    max_players = 1

    def new_state(self, names, options, seed):
        return LabelState()


async def test_the_generic_board_lists_labels_and_submits_the_notation():
    """Guards the generic board listing moves by their notation ('take 2 red') instead of State.label."""
    session = Session.new(LabelGame(), [Seat("Ana")], {}, seed=1, autosave=False)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert isinstance(board, GenericBoard)
        shown = str(board.text())
        # the label is plain text: its brackets are shown as written, never read as markup
        assert "1. Take 2 red glass from the [bold]centre[/bold]" in shown
        assert "2. Take 1 blue glass from the [bold]centre[/bold]" in shown
        assert "take 2 red" not in shown
        await pilot.press("down", "enter")
        assert session.record.actions == ["take 1 blue"]
