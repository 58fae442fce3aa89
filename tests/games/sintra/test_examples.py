"""The worked examples of the rulebook (sintra.rulebook.pt.txt), set up as positions.

Amanda is seat 0 in every example. The strip patterns and window values are the
reconstructed ones of rules_data/sintra; each test picks strips by what the
example needs (for instance "a side with exactly one orange space"), so a
correction of those tables by an owner of the box keeps the tests meaningful.
"""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.games.sintra.data import JOKER
from boardgames.games.sintra.rules import EMPTY, KEEP, PLACE, TAKE

from .positions import (
    AMANDA,
    BRUNO,
    colour,
    counts,
    fill_all_but,
    fill_pattern,
    hold,
    new_position,
    play,
    play_last_turn,
    set_centre,
    set_factory,
    set_glazier,
    set_round,
    set_track,
    set_window,
    snapshot,
    to_move,
    track_value,
    use_side,
)


# -- Step 1: taking glass ------------------------------------------------------------
def test_example_a_take_pink_from_a_display_moves_the_other_three_to_the_centre():
    state = new_position()
    set_factory(state, 1, "pink orange yellow blue")
    set_factory(state, 2, "green green green green")
    to_move(state, AMANDA)

    play(state, "take 1 pink")

    assert state.phase == PLACE
    assert state.held == (colour(state, "pink"), 1)
    assert state.factories[0] == [0, 0, 0, 0, 0]
    assert state.centre == counts(state, "orange yellow blue")
    # a display, not the centre: the first-player marker stays and the track does not move
    assert state.marker_in_centre
    assert track_value(state, AMANDA) == 0
    state.check_invariants()


def test_example_b_first_to_take_from_the_centre_takes_the_marker_and_steps_down_once():
    state = new_position()
    set_factory(state, 1, "green green green green")
    set_centre(state, "orange orange orange yellow", marker=True)
    state.first_player = BRUNO  # the marker was Bruno's last round
    to_move(state, AMANDA)

    play(state, "take C orange")

    assert state.held == (colour(state, "orange"), 3)
    assert state.centre == counts(state, "yellow")
    assert not state.marker_in_centre
    assert state.first_player == AMANDA
    assert track_value(state, AMANDA) == -1
    assert state.players[AMANDA].score == 0  # the track costs points only at the end (or at -18)
    state.check_invariants()


# -- Step 2: placing glass -----------------------------------------------------------
@pytest.fixture
def amanda_holds_three_orange():
    """Amanda took 3 orange; her glazier is above strip 2.

    Strip 1 (A, left of the glazier) has empty orange spaces; strip 2 (B, under the
    glazier) has exactly one orange space; strip 5 (C) has three empty orange spaces.
    """
    state = new_position()
    orange = colour(state, "orange")
    use_side(state, AMANDA, 5, lambda p: p.count(orange) >= 3 and JOKER not in p)
    use_side(state, AMANDA, 2, lambda p: p.count(orange) == 1 and JOKER not in p, keep=(5,))
    use_side(state, AMANDA, 1, lambda p: p.count(orange) >= 1 and JOKER not in p, keep=(2, 5))
    set_glazier(state, AMANDA, 2)
    set_factory(state, 1, "green green green green")
    hold(state, AMANDA, "O O O")
    state.check_invariants()
    return state


def test_example_placing_left_of_the_glazier_is_refused(amanda_holds_three_orange):
    state = amanda_holds_three_orange
    before = snapshot(state)
    assert "place 1" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="left of your glazier"):
        play(state, "place 1")
    assert snapshot(state) == before


def test_example_one_orange_space_under_the_glazier_breaks_the_other_two(amanda_holds_three_orange):
    state = amanda_holds_three_orange
    orange = colour(state, "orange")
    tower_before = state.tower[orange]

    play(state, "place 2")

    palace = state.players[AMANDA]
    assert palace.filled[1].count(orange) == 1
    assert track_value(state, AMANDA) == -2  # two steps down
    assert state.tower[orange] == tower_before + 2  # the broken pieces go to the tower
    assert palace.glazier == 1
    assert state.current == BRUNO and state.phase == TAKE
    state.check_invariants()


def test_example_moving_the_glazier_to_a_strip_with_three_orange_spaces_places_all(amanda_holds_three_orange):
    state = amanda_holds_three_orange
    orange = colour(state, "orange")

    play(state, "place 5")

    palace = state.players[AMANDA]
    assert palace.glazier == 4  # the glazier moved above strip 5 first
    assert palace.filled[4].count(orange) == 3
    assert track_value(state, AMANDA) == 0  # nothing broke
    assert state.current == BRUNO
    state.check_invariants()


# -- Step 3: completing a strip --------------------------------------------------------
def test_example_colour_bonus_round_3_yellow_two_yellow_pieces_score_2():
    state = new_position()
    yellow = colour(state, "yellow")
    set_round(state, 3, "yellow")
    assert state.round == 3 and state.indicator[0] == yellow and len(state.indicator) == 4
    codes = use_side(state, AMANDA, 4, lambda p: p.count(yellow) == 2 and JOKER not in p)
    last = next(k for k, c in enumerate(codes, 1) if c != yellow)
    fill_all_but(state, AMANDA, 4, empty=last)
    set_factory(state, 1, "green green green green")
    hold(state, AMANDA, state.rules.colours[codes[last - 1]].id)

    play(state, "place 4")

    palace = state.players[AMANDA]
    # 3a comes first: the bonus is on the score before the piece for the window is chosen
    assert state.phase == KEEP
    assert palace.score == 2 and palace.bonus_points == 2
    state.check_invariants()


def test_example_first_completion_fills_the_top_frame_flips_the_strip_and_scores_5():
    state = new_position(side="A")
    values = state.rules.palace["A"].window_values
    # palace.yaml side A: window 4 is worth 2; to its right window 6 is worth 1 and window 8 is
    # worth 2, both holding glass (windows 5 and 7 are empty): 2 + 1 + 2 = 5. Window 2 also holds
    # glass but is to the left, so it does not count.
    assert (values[3], values[5], values[7]) == (2, 1, 2)
    set_window(state, AMANDA, 2, "blue")
    set_window(state, AMANDA, 6, "pink")
    set_window(state, AMANDA, 8, "green")
    orange = colour(state, "orange")
    codes = use_side(state, AMANDA, 4, lambda p: len(set(p)) < 5 and JOKER not in p and orange in p)
    missing = next(c for c in range(5) if c not in codes)
    set_round(state, 2, state.rules.colours[missing].id)  # no colour bonus in this example
    fill_all_but(state, AMANDA, 4, empty=1)
    set_glazier(state, AMANDA, 4)
    set_factory(state, 1, "green green green green")
    hold(state, AMANDA, state.rules.colours[codes[0]].id)
    palace = state.players[AMANDA]
    side_before, tower_before = palace.sides[3], sum(state.tower)

    play(state, "place 4")
    assert state.phase == KEEP
    assert sorted(str(a) for a in state.legal_actions()) == sorted(
        f"keep {state.rules.colours[c].id}" for c in set(codes))
    play(state, "keep orange")

    assert palace.windows[3] == [orange, EMPTY]  # the kept piece is in the top frame
    assert sum(state.tower) == tower_before + 4  # the other four went to the tower
    assert palace.filled[3] == [EMPTY] * 5
    assert palace.sides[3] == 1 - side_before  # the strip was flipped
    assert palace.strip_ids[3] is not None
    assert palace.glazier == 3  # the glazier stays above it
    assert palace.score == 5 and palace.window_points == 5
    assert state.current == BRUNO
    state.check_invariants()


def test_example_second_completion_fills_the_bottom_frame_removes_the_strip_and_reset_skips_the_slot():
    state = new_position(side="A")
    values = state.rules.palace["A"].window_values
    green = colour(state, "green")
    # strip 1 was completed once already: its window has a piece in the top frame
    codes = use_side(state, AMANDA, 1, lambda p: len(set(p)) < 5 and JOKER not in p)
    set_window(state, AMANDA, 1, "pink")
    set_window(state, AMANDA, 3, "blue")  # a window to the right holding glass
    # strip 5 has room for green, so Amanda can move her glazier there later
    use_side(state, AMANDA, 5, lambda p: green in p and JOKER not in p, keep=(1,))
    missing = next(c for c in range(5) if c not in codes)
    set_round(state, 1, state.rules.colours[missing].id)  # no colour bonus
    fill_all_but(state, AMANDA, 1, empty=1)
    set_glazier(state, AMANDA, 1)
    set_factory(state, 1, "green")
    set_factory(state, 2, "green green")
    set_factory(state, 3, "yellow yellow")
    set_factory(state, 4, "blue")
    hold(state, AMANDA, state.rules.colours[codes[0]].id)
    palace = state.players[AMANDA]

    play(state, "place 1", f"keep {state.rules.colours[codes[1]].id}")

    assert palace.windows[0] == [colour(state, "pink"), codes[1]]  # the bottom frame
    assert palace.strip_ids[0] is None  # the strip went back to the box
    assert palace.glazier == 0  # the glazier stays above the empty slot
    assert palace.window_points == values[0] + values[2]  # this window and window 3 to its right
    assert state.current == BRUNO

    play(state, "take 4 blue")  # Bruno
    play(state, str(state.legal_actions()[0]))
    # Amanda's glazier is above the empty slot, left of every strip: nowhere back to go
    assert "reset" not in [str(a) for a in state.legal_actions()]
    play(state, "take 1 green", "place 5")
    assert palace.glazier == 4
    play(state, "take 3 yellow")  # Bruno
    play(state, str(state.legal_actions()[0]))

    play(state, "reset")

    assert palace.glazier == 1  # above strip 2: the empty slot 1 is skipped
    assert state.current == BRUNO and state.round == 1
    state.check_invariants()


# -- End of the game -------------------------------------------------------------------
def test_example_end_7_leftover_pieces_give_2_points_and_the_marker_at_minus_8_loses_8():
    state = new_position(side="A")
    fill_pattern(state, AMANDA, 2, (1, 2, 3))
    fill_pattern(state, AMANDA, 3, (2, 4, 5))
    fill_pattern(state, AMANDA, 6, (3,))
    palace = state.players[AMANDA]
    assert palace.pieces_on_strips() == 7
    set_track(state, AMANDA, -8)
    score_before = palace.score

    play_last_turn(state, BRUNO)

    assert state.is_over
    assert palace.final == {"leftover": 2, "track": -8, "end_bonus": 0}
    assert palace.score == score_before + 2 - 8
    result = state.result()
    assert result.breakdown[AMANDA]["Leftover pieces"] == 2
    assert result.breakdown[AMANDA]["Broken-glass track"] == -8
    assert sum(result.breakdown[AMANDA].values()) == result.scores[AMANDA]
    state.check_invariants()


def test_example_side_a_two_ornaments_with_4_pieces_and_the_last_with_2_score_23():
    state = new_position(side="A")
    # ornaments sit between windows 1-2, 3-4, 5-6 and 7-8
    for window in (1, 2, 3, 4):
        set_window(state, AMANDA, window, "orange", "blue")  # 4 frame spaces round ornaments 1 and 2
    set_window(state, AMANDA, 5, "pink")  # ornament 3: one piece only, worth nothing
    set_window(state, AMANDA, 7, "yellow")
    set_window(state, AMANDA, 8, "green")  # ornament 4: 2 pieces
    set_track(state, AMANDA, 0)

    play_last_turn(state, BRUNO)

    palace = state.players[AMANDA]
    assert palace.final["end_bonus"] == 23  # 2 x 10 + 3
    assert state.result().breakdown[AMANDA]["Ornaments"] == 23
    state.check_invariants()


def test_example_side_b_4_complete_windows_and_5_orange_pieces_score_20():
    state = new_position(side="B")
    set_window(state, AMANDA, 1, "orange", "orange")
    set_window(state, AMANDA, 2, "orange", "blue")
    set_window(state, AMANDA, 4, "orange", "yellow")
    set_window(state, AMANDA, 7, "green", "pink")
    set_window(state, AMANDA, 8, "orange")  # a top frame only: not a complete window

    play_last_turn(state, BRUNO)

    palace = state.players[AMANDA]
    assert palace.final["end_bonus"] == 20  # 4 complete windows x 5 orange
    result = state.result()
    assert result.breakdown[AMANDA]["Windows x colour"] == 20
    assert "Amanda: 4 complete windows x 5 orange = 20." in result.notes
    state.check_invariants()


# -- The broken-glass track ------------------------------------------------------------
def test_example_reaching_minus_18_loses_18_at_once_and_the_remaining_steps_go_on_from_the_top():
    state = new_position()
    orange = colour(state, "orange")
    use_side(state, AMANDA, 5, lambda p: p.count(orange) == 1 and JOKER not in p)
    set_glazier(state, AMANDA, 5)
    set_track(state, AMANDA, -11)
    state.players[AMANDA].score = 10
    set_factory(state, 1, "green green green green")
    hold(state, AMANDA, "O O O O")

    play(state, "place 5")  # 1 placed, 3 break: -14, -18 (lose 18, back to the top), then -1

    palace = state.players[AMANDA]
    assert palace.score == 10 - 18
    assert palace.reset_losses == 18
    assert track_value(state, AMANDA) == -1
    assert state.lost_to_broken_glass(AMANDA) == 19
    state.check_invariants()


def test_example_the_first_player_marker_step_can_reach_minus_18():
    state = new_position()
    set_track(state, AMANDA, -14)
    set_factory(state, 1, "green green green green")
    set_centre(state, "orange", marker=True)
    to_move(state, AMANDA)

    play(state, "take C orange")

    palace = state.players[AMANDA]
    assert palace.score == -18  # at once, before any placing
    assert track_value(state, AMANDA) == 0
    assert state.phase == PLACE
    state.check_invariants()
