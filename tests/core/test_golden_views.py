"""The view lines of golden playthroughs (tests/golden.py) show each change once, with who sees it."""

from tests.core.fake_game import DiceGame
from tests.golden import SeenViews, flatten


class Private:
    """A stand-in state whose view holds a public score and one secret per seat."""

    def __init__(self):
        self.score, self.secrets = 0, [1, 2]

    def view(self, seat):
        view = {"score": self.score, "cards": [{"n": 1}]}
        if seat is not None:
            view["secret"] = self.secrets[seat]
        return view


def test_flatten_opens_mappings_and_lists_of_mappings_only():
    assert flatten({"a": {"b": [1, 2]}, "c": [{"d": None}], "e": {}}) == {
        "a.b": "[1, 2]", "c[0].d": "null", "e": "{}"}


def test_each_change_is_written_once_with_the_viewers_who_see_it():
    state = Private()
    views = SeenViews(state, ["Ana", "Bia"])
    assert views.start() == ["== what everyone sees (public view)", "   score = 0", "   cards[0].n = 1",
                             "== what Ana sees beyond it", "   secret = 1",
                             "== what Bia sees beyond it", "   secret = 2"]
    state.score, state.secrets = 4, [1, 7]
    assert views.after_move(state, "") == ["all: score = 4", "Bia: secret = 7"]
    assert views.after_move(state, "") == []


def test_a_real_game_writes_lines_after_a_move():
    state = DiceGame().new_state(["A", "B"], {}, 1)
    views = SeenViews(state, ["A", "B"])
    state.apply(state.legal_actions()[-1])
    assert views.after_move(state, "") == [f"all: rolled = {state.rolled}"]
