"""The log tells players what each move scored; its figures must match the score."""

import re

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action
from boardgames.core.record import Seat
from boardgames.core.session import Session
from boardgames.games.sintra.data import JOKER
from boardgames.games.sintra.game import SINTRA
from boardgames.selfplay import play_one
from tests.loglines import line_of

from .positions import AMANDA, colour, hold, new_position, set_glazier, use_side


def test_points_in_the_log_add_up_to_the_scoring_categories():
    for seed in (3, 8):
        session = Session.new(SINTRA, [Seat("Ana"), Seat("Bia"), Seat("Caio")], {"side": "B"}, seed, autosave=False)
        bot = make_bot("greedy", SINTRA, seed)
        while not session.state.is_over:
            session.apply(bot.choose(session.state, len(session.record.actions)))
        for seat, palace in enumerate(session.state.players):
            name = session.state.names[seat]
            lines = " ".join(session.log)
            windows = sum(int(n) for n in re.findall(rf"{name} glazes window \d and scores (\d+)\.", lines))
            bonus = sum(int(n) for n in re.findall(rf"{name} scores a colour bonus of (\d+)\.", lines))
            resets = lines.count(f"{name} reaches the end of the broken-glass track and loses 18.")
            assert (windows, bonus, 18 * resets) == (palace.window_points, palace.bonus_points, palace.reset_losses)
        assert sum("Round" in line and "begins" in line for line in session.log) == 5
        assert session.log[-1].endswith("The sixth round is over: final scoring.")


def test_a_full_tie_is_shared_and_said():
    state = play_one(SINTRA, ["random", "random"], {}, 4)
    for palace in state.players:
        palace.score, palace.reset_losses, palace.track = 30, 18, 2
    result = state.result()
    assert result.ranks == [1, 1]
    assert "share" in result.tiebreak


@pytest.mark.parametrize("held, line", [("pink", "Amanda breaks the one piece taken."),
                                        ("pink pink pink", "Amanda breaks all 3 pieces taken.")])
def test_breaking_glass_is_logged_in_a_whole_sentence_for_one_piece_or_several(held, line):
    """Guards issue 7: the log said 'breaks all 1 pieces'."""
    state = new_position()
    pink = colour(state, "pink")
    use_side(state, AMANDA, 1, lambda p: pink in p and JOKER not in p)  # left of the glazier: out of reach
    use_side(state, AMANDA, 8, lambda p: pink not in p and JOKER not in p, keep=(1,))
    set_glazier(state, AMANDA, 8)
    hold(state, AMANDA, held)
    assert line_of(state, Action("break")).startswith(line)
