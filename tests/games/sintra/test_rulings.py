"""The rulings of shared/rules/sintra.md (numbered as there), plus setup and turn order."""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.games.sintra.data import JOKER, SLOTS
from boardgames.games.sintra.game import SINTRA
from boardgames.games.sintra.rules import EMPTY, KEEP, PLACE, TAKE, end_bonus

from .positions import (
    AMANDA,
    BRUNO,
    CARLA,
    DUDA,
    colour,
    fill,
    fill_all_but,
    fill_pattern,
    hide_glass,
    hold,
    legal,
    move_bag_to_tower,
    new_position,
    play,
    play_last_turn,
    remove_strip,
    set_centre,
    set_factory,
    set_glazier,
    set_round,
    set_track,
    set_window,
    snapshot,
    take_turn,
    to_move,
    track_value,
    use_side,
)


# -- Setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("players, displays", [(2, 5), (3, 7), (4, 9)])
def test_setup_displays_bag_indicator_and_boards(players, displays):
    state = new_position(players, clear=False)
    assert len(state.factories) == displays
    assert all(sum(f) == 4 for f in state.factories)
    assert len(state.indicator) == 6
    assert sorted(state.indicator[1:]) == [0, 1, 2, 3, 4]  # one of each colour on II-VI
    assert sum(state.bag) == 100 - 6 - 4 * displays
    assert state.tower == [0] * 5 and state.centre == [0] * 5
    for palace in state.players:
        assert sorted(palace.strip_ids) == list(range(SLOTS))
        for slot in range(SLOTS):  # the joker side starts face down
            assert JOKER not in state.rules.strips[palace.strip_ids[slot]][palace.sides[slot]]
        assert palace.score == 0 and palace.track == 0
    state.check_invariants()


def test_the_first_player_of_the_game_is_seat_0_with_the_marker_in_the_centre():
    state = new_position(3, clear=False)
    assert state.current == 0 and state.first_player == 0
    assert state.marker_in_centre
    assert state.round == 1 and state.phase == TAKE


# -- Ruling 1: the glazier ---------------------------------------------------------------
def test_ruling_1_glaziers_start_above_the_leftmost_strip():
    state = new_position(4)
    assert [p.glazier for p in state.players] == [0, 0, 0, 0]


def test_ruling_1_placing_under_the_glazier_keeps_it_and_placing_right_moves_it():
    state = new_position()
    pink = colour(state, "pink")
    use_side(state, AMANDA, 3, lambda p: pink in p and JOKER not in p)
    use_side(state, AMANDA, 6, lambda p: pink in p and JOKER not in p, keep=(3,))
    set_glazier(state, AMANDA, 3)
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, "pink")
    assert {"place 3", "place 6"} <= set(legal(state))
    assert not {"place 1", "place 2"} & set(legal(state))
    keep_glazier = state.clone()
    play(keep_glazier, "place 3")
    assert keep_glazier.players[AMANDA].glazier == 2
    play(state, "place 6")
    assert state.players[AMANDA].glazier == 5


# -- Ruling 2: must place ----------------------------------------------------------------
def _joker_strip_in_reach(state, held):
    """Amanda's glazier above strip 8, which shows the joker side; only strip 8 is in reach."""
    codes = use_side(state, AMANDA, 8, lambda p: JOKER in p)
    set_glazier(state, AMANDA, 8)
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, held)
    return codes


def test_ruling_2_a_joker_space_in_reach_must_take_the_glass():
    state = new_position()
    pink = colour(state, "pink")
    codes = _joker_strip_in_reach(state, "pink pink")
    assert pink in codes
    fill(state, AMANDA, 8, " ".join("pink" if c == pink else "." for c in codes))  # the pink space is taken
    assert legal(state) == ["place 8"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="must be placed"):
        play(state, "break")
    assert snapshot(state) == before

    play(state, "place 8")

    row = state.players[AMANDA].filled[7]
    assert [row[k] for k, c in enumerate(codes) if c == JOKER] == [pink, pink]
    assert track_value(state, AMANDA) == 0
    state.check_invariants()


@pytest.mark.parametrize("held, on_jokers", [("pink", 0), ("pink pink", 1), ("pink pink pink", 2)])
def test_ruling_2_matching_spaces_fill_before_joker_spaces(held, on_jokers):
    state = new_position()
    pink = colour(state, "pink")
    codes = _joker_strip_in_reach(state, held)
    play(state, "place 8")
    row = state.players[AMANDA].filled[7]
    assert all(row[k] == pink for k, c in enumerate(codes) if c == pink)
    assert sum(1 for k, c in enumerate(codes) if c == JOKER and row[k] == pink) == on_jokers


def test_ruling_2_surplus_after_matching_and_joker_spaces_breaks():
    state = new_position()
    pink = colour(state, "pink")
    codes = _joker_strip_in_reach(state, "pink pink pink pink pink")
    fits = sum(1 for c in codes if c in (pink, JOKER))
    tower = state.tower[pink]
    play(state, "place 8")
    assert state.players[AMANDA].filled[7].count(pink) == fits
    assert track_value(state, AMANDA) == state.rules.components.broken_track[5 - fits]
    assert state.tower[pink] == tower + 5 - fits


def test_ruling_2_all_glass_breaks_only_when_no_strip_in_reach_fits():
    state = new_position()
    pink = colour(state, "pink")
    use_side(state, AMANDA, 1, lambda p: pink in p and JOKER not in p)  # left of the glazier: out of reach
    use_side(state, AMANDA, 8, lambda p: pink not in p and JOKER not in p, keep=(1,))
    set_glazier(state, AMANDA, 8)
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, "pink pink pink")
    assert legal(state) == ["break"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="must break"):
        play(state, "place 8")
    assert snapshot(state) == before

    play(state, "break")

    assert track_value(state, AMANDA) == -4  # three steps: 0, -1, -2, -4
    assert state.tower[pink] == 3
    assert state.current == BRUNO and state.phase == TAKE
    state.check_invariants()


def test_ruling_2_a_strip_without_room_is_refused_while_another_in_reach_has_room():
    state = new_position()
    pink = colour(state, "pink")
    use_side(state, AMANDA, 2, lambda p: pink not in p and JOKER not in p)
    use_side(state, AMANDA, 5, lambda p: pink in p and JOKER not in p, keep=(2,))
    set_glazier(state, AMANDA, 2)
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, "pink")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="another strip in reach has one"):
        play(state, "place 2")
    assert snapshot(state) == before


# -- Ruling 3: breaking and the first-player step -----------------------------------------
def test_ruling_3_only_the_first_take_from_the_centre_in_a_round_costs_a_step():
    state = new_position()
    set_factory(state, 1, "blue blue blue blue")
    set_centre(state, "orange yellow yellow", marker=True)
    to_move(state, AMANDA)
    take_turn(state, "take C orange")
    assert track_value(state, AMANDA) == -1 and state.first_player == AMANDA
    tracked = track_value(state, BRUNO)
    play(state, "take C yellow")
    assert track_value(state, BRUNO) == tracked  # the marker is gone from the centre
    assert state.first_player == AMANDA


# -- Ruling 4: -18 -----------------------------------------------------------------------
def test_ruling_4_breaking_many_pieces_can_pass_minus_18_twice():
    state = new_position()
    pink = colour(state, "pink")
    for strip in range(1, SLOTS + 1):
        remove_strip(state, AMANDA, strip)  # nothing in reach: everything breaks
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, " ".join(["pink"] * 17))
    steps = len(state.rules.components.broken_track) - 1  # 8 steps from the top to -18
    assert steps == 8

    play(state, "break")

    palace = state.players[AMANDA]
    assert palace.score == -36 and palace.reset_losses == 36
    assert track_value(state, AMANDA) == -1  # 17 = 8 + 8 + 1
    assert state.tower[pink] == 17
    state.check_invariants()


# -- Ruling 5: completion --------------------------------------------------------------------
def test_ruling_5_a_piece_on_a_joker_space_counts_by_its_own_colour_for_the_bonus():
    state = new_position()
    yellow = colour(state, "yellow")
    codes = use_side(state, AMANDA, 3, lambda p: JOKER in p)
    set_round(state, 2, "yellow")
    last = next(k for k, c in enumerate(codes, 1) if c not in (JOKER, yellow))
    fill_all_but(state, AMANDA, 3, empty=last, joker="yellow")
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, state.rules.colours[codes[last - 1]].id)
    expected = codes.count(yellow) + codes.count(JOKER)

    play(state, "place 3")

    assert state.players[AMANDA].bonus_points == expected == 3


def test_ruling_5_the_keep_choice_lists_the_strip_colours_and_refuses_others():
    state = new_position()
    codes = use_side(state, AMANDA, 1, lambda p: JOKER not in p)
    fill_all_but(state, AMANDA, 1, empty=1)
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, state.rules.colours[codes[0]].id)
    play(state, "place 1")
    assert state.phase == KEEP
    assert sorted(legal(state)) == sorted(f"keep {state.rules.colours[c].id}" for c in set(codes))
    absent = next(c for c in range(5) if c not in codes) if len(set(codes)) < 5 else None
    before = snapshot(state)
    if absent is not None:
        with pytest.raises(IllegalAction, match="no piece of that colour"):
            play(state, f"keep {state.rules.colours[absent].id}")
    with pytest.raises(IllegalAction, match="no glass colour called 'purple'"):
        play(state, "keep purple")
    with pytest.raises(IllegalAction, match="which colour to keep"):
        play(state, "keep")
    assert snapshot(state) == before
    assert state.round == 1 and state.current == AMANDA


def test_ruling_5_window_scoring_counts_this_window_and_windows_to_the_right_with_one_or_two_pieces():
    state = new_position(side="B")
    values = state.rules.palace["B"].window_values
    set_window(state, AMANDA, 1, "pink", "pink")  # left: never counts
    set_window(state, AMANDA, 5, "blue")  # one piece
    set_window(state, AMANDA, 7, "green", "green")  # two pieces: counted once
    codes = use_side(state, AMANDA, 3, lambda p: JOKER not in p)
    set_round(state, 1, state.rules.colours[codes[0]].id)
    fill_all_but(state, AMANDA, 3, empty=1)
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, state.rules.colours[codes[0]].id)

    play(state, "place 3", f"keep {state.rules.colours[codes[0]].id}")

    palace = state.players[AMANDA]
    assert palace.window_points == values[2] + values[4] + values[6]
    assert palace.bonus_points == codes.count(codes[0])
    assert palace.score == palace.window_points + palace.bonus_points


def test_ruling_5_the_kept_piece_matters_on_side_b():
    state = new_position(side="B")
    orange = colour(state, "orange")
    set_window(state, AMANDA, 1, "orange", "orange")
    set_window(state, AMANDA, 2, "blue", "orange")
    codes = use_side(state, AMANDA, 4, lambda p: orange in p and JOKER not in p and len(set(p)) > 2)
    fill_all_but(state, AMANDA, 4, empty=1)
    set_window(state, AMANDA, 4, "yellow")  # this completion fills the bottom frame
    set_factory(state, 1, "blue blue blue blue")
    hold(state, AMANDA, state.rules.colours[codes[0]].id)
    play(state, "place 4")
    other = next(c for c in codes if c not in (orange, colour(state, "blue")))

    ends = {}
    for kept in (orange, other):
        game = state.clone()
        play(game, f"keep {state.rules.colours[kept].id}")
        play_last_turn(game, BRUNO)
        ends[kept] = game.players[AMANDA].final["end_bonus"]

    assert ends[orange] == 3 * 4  # 3 complete windows x 4 orange
    assert ends[other] == 3 * 3  # 3 complete windows x 3 orange
    assert ends[orange] != ends[other]


# -- Ruling 6: reset -------------------------------------------------------------------------
def test_ruling_6_reset_is_not_allowed_when_already_above_the_leftmost_strip():
    state = new_position(clear=False)
    assert "reset" not in legal(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="already above your leftmost strip"):
        play(state, "reset")
    assert snapshot(state) == before


def test_ruling_6_reset_moves_the_glazier_to_the_leftmost_present_strip_and_ends_the_turn():
    state = new_position(clear=False)
    set_window(state, AMANDA, 1, "pink", "blue")
    set_window(state, AMANDA, 2, "pink", "blue")
    set_glazier(state, AMANDA, 6)
    table = [f[:] for f in state.factories]
    assert "reset" in legal(state)

    play(state, "reset")

    assert state.players[AMANDA].glazier == 2  # strip 3: slots 1 and 2 are empty
    assert state.factories == table  # no glass was taken
    assert state.current == BRUNO and state.phase == TAKE
    assert state.turn == 1


def test_ruling_6_with_every_strip_removed_there_is_no_reset_and_glass_breaks():
    state = new_position()
    for strip in range(1, SLOTS + 1):
        set_window(state, AMANDA, strip, "pink", "blue")
    set_factory(state, 1, "yellow yellow green green")
    set_factory(state, 2, "yellow")
    to_move(state, AMANDA)
    assert "reset" not in legal(state)
    play(state, "take 1 yellow")
    assert legal(state) == ["break"]


# -- Ruling 7: end of a round ---------------------------------------------------------------
def test_ruling_7_the_round_ends_at_the_end_of_the_turn_that_empties_the_table():
    state = new_position()
    set_factory(state, 1, "orange")
    state.first_player = BRUNO
    to_move(state, AMANDA)
    top = state.indicator[0]
    tower = state.tower[top]

    play(state, "take 1 orange")
    assert state.round == 1 and state.phase == PLACE  # the table is empty but the turn is not over
    assert legal(state)[0].startswith("place")
    play(state, legal(state)[0])

    assert state.round == 2
    assert len(state.indicator) == 5
    assert state.tower[top] == tower + 1  # the round colour piece; the bag had enough for the refill
    assert all(sum(f) == 4 for f in state.factories)
    assert state.marker_in_centre
    assert state.current == BRUNO  # the holder of the first-player marker
    state.check_invariants()


def test_ruling_7_the_round_waits_for_the_keep_choice():
    state = new_position()
    codes = use_side(state, AMANDA, 1, lambda p: JOKER not in p)
    fill_all_but(state, AMANDA, 1, empty=1)
    name = state.rules.colours[codes[0]].id
    set_factory(state, 1, name)
    to_move(state, AMANDA)
    play(state, f"take 1 {name}", "place 1")
    assert state.phase == KEEP and state.round == 1 and state.current == AMANDA
    play(state, legal(state)[0])
    assert state.round == 2 and state.current == AMANDA


def test_ruling_7_the_round_colour_piece_goes_to_the_tower_before_the_refill():
    state = new_position(4)
    set_factory(state, 1, "orange")
    top = state.indicator[0]
    hide_glass(state, leave=0, boards=(BRUNO, CARLA, DUDA))  # bag and tower empty: only the round colour is left
    assert sum(state.tower) == 0
    to_move(state, AMANDA)
    play(state, "take 1 orange")
    assert legal(state) != ["break"]
    play(state, legal(state)[0])
    assert state.phase != KEEP
    assert state.round == 2
    expected = [0] * 5
    expected[top] = 1
    assert [sum(f[c] for f in state.factories) for c in range(5)] == expected
    assert sum(state.bag) == 0 and sum(state.tower) == 0
    state.check_invariants()


def test_ruling_7_an_empty_bag_is_refilled_from_the_tower_during_the_refill():
    state = new_position()
    set_factory(state, 1, "orange")
    move_bag_to_tower(state, keep=6)
    to_move(state, AMANDA)
    take_turn(state, "take 1 orange")
    assert state.round == 2
    assert all(sum(f) == 4 for f in state.factories)  # 6 from the bag, the rest from the tower
    assert sum(state.tower) == 0  # all of the tower went into the bag
    state.check_invariants()


def test_ruling_7_when_bag_and_tower_run_out_the_round_starts_with_what_there_is():
    state = new_position(4)
    set_factory(state, 1, "orange")
    hide_glass(state, leave=5)
    move_bag_to_tower(state, keep=0)
    state.first_player = CARLA
    to_move(state, DUDA)
    take_turn(state, "take 1 orange")

    dealt = [sum(f) for f in state.factories]
    loose = sum(dealt)
    # the 5 in the tower, the round colour piece, and what Duda's turn sent to the tower
    assert 6 <= loose < 4 * 9
    assert dealt == [4] * (loose // 4) + [loose % 4] * (loose % 4 > 0) + [0] * (9 - (loose + 3) // 4)
    assert sum(state.bag) == 0 and sum(state.tower) == 0
    assert state.round == 2 and state.current == CARLA and state.phase == TAKE
    assert state.legal_actions()
    state.check_invariants()


# -- First-player marker ----------------------------------------------------------------------
def test_the_first_to_take_from_the_centre_starts_the_next_round():
    state = new_position(3)
    set_factory(state, 1, "orange orange blue blue")
    to_move(state, AMANDA)
    take_turn(state, "take 1 orange")  # the blues go to the centre
    take_turn(state, "take C blue")  # Bruno: first from the centre
    assert state.first_player == BRUNO
    assert state.round == 2
    assert state.current == BRUNO and state.marker_in_centre


def test_when_nobody_takes_from_the_centre_the_same_player_starts_again():
    state = new_position(3)
    set_factory(state, 1, "orange orange orange orange")
    set_factory(state, 2, "blue blue blue blue")
    to_move(state, BRUNO)
    state.first_player = AMANDA
    take_turn(state, "take 1 orange")
    take_turn(state, "take 2 blue")
    assert state.round == 2
    assert state.current == AMANDA and state.first_player == AMANDA


# -- Ruling 8: end scoring --------------------------------------------------------------------
def test_ruling_8_leftover_pieces_are_counted_over_all_strips_together():
    state = new_position()
    fill_pattern(state, AMANDA, 1, (1, 2))
    fill_pattern(state, AMANDA, 4, (3, 4))
    fill_pattern(state, AMANDA, 7, (5,))
    play_last_turn(state, BRUNO)
    final = state.players[AMANDA].final
    assert final == {"leftover": 1, "track": 0, "end_bonus": 0}  # 5 pieces: 1 point, not 0 per strip


def test_ruling_8_the_score_is_the_sum_of_the_breakdown():
    state = new_position(side="A")
    set_window(state, AMANDA, 1, "pink", "blue")
    set_window(state, AMANDA, 2, "pink")
    fill_pattern(state, AMANDA, 5, (1, 2, 3))
    set_track(state, AMANDA, -6)
    state.players[AMANDA].score = 12
    state.players[AMANDA].window_points = 9
    state.players[AMANDA].bonus_points = 3
    play_last_turn(state, BRUNO)
    result = state.result()
    row = result.breakdown[AMANDA]
    assert row == {"Windows": 9, "Colour bonus": 3, "Track resets (-18)": 0, "Leftover pieces": 1,
                   "Broken-glass track": -6, "Ornaments": 6}
    assert result.scores[AMANDA] == sum(row.values()) == 13


# -- Ruling 9: side A ornaments ---------------------------------------------------------------
@pytest.mark.parametrize("filled, points", [(0, 0), (1, 0), (2, 3), (3, 6), (4, 10)])
def test_ruling_9_an_ornament_scores_by_its_filled_frame_spaces(filled, points):
    state = new_position(side="A")
    side = state.rules.palace["A"]
    for pair in side.ornaments:
        windows = [[EMPTY, EMPTY] for _ in range(SLOTS)]
        frames = [(pair[0] - 1, 0), (pair[1] - 1, 0), (pair[0] - 1, 1), (pair[1] - 1, 1)]
        for w, f in frames[:filled]:
            windows[w][f] = 0
        assert end_bonus(side, windows) == (points, EMPTY)


def test_ruling_9_side_a_has_four_ornaments_between_neighbouring_windows():
    side = SINTRA.new_state(["a", "b"], {"side": "A"}, 1).rules.palace["A"]
    assert [tuple(p) for p in side.ornaments] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert dict(side.ornament_points) == {4: 10, 3: 6, 2: 3}


# -- Ruling 10: side B ------------------------------------------------------------------------
def test_ruling_10_side_b_picks_the_best_colour_and_says_which():
    state = new_position(side="B")
    set_window(state, AMANDA, 1, "blue", "blue")
    set_window(state, AMANDA, 2, "orange", "blue")
    set_window(state, AMANDA, 3, "orange")
    play_last_turn(state, BRUNO)
    assert state.players[AMANDA].final["end_bonus"] == 2 * 3  # 2 complete windows x 3 blue
    assert "Amanda: 2 complete windows x 3 blue = 6." in state.result().notes


def test_ruling_10_side_b_without_complete_windows_scores_nothing():
    state = new_position(side="B")
    set_window(state, AMANDA, 1, "blue")
    set_window(state, AMANDA, 2, "blue")
    play_last_turn(state, BRUNO)
    assert state.players[AMANDA].final["end_bonus"] == 0


# -- Ruling 11: scores below zero -------------------------------------------------------------
def test_ruling_11_scores_go_below_zero_during_the_game_and_at_the_end():
    state = new_position()
    state.players[AMANDA].score = 5
    set_track(state, AMANDA, -14)
    set_factory(state, 1, "blue blue blue blue")
    set_centre(state, "orange", marker=True)
    to_move(state, AMANDA)
    play(state, "take C orange")
    assert state.players[AMANDA].score == -13
    play(state, legal(state)[0])
    set_track(state, AMANDA, -6)
    play_last_turn(state, BRUNO)
    assert state.players[AMANDA].score < -13
    result = state.result()
    assert result.scores[AMANDA] < 0
    assert result.ranks[AMANDA] == 2


# -- Ruling 12: ties ----------------------------------------------------------------------------
def _finished(players, scores, resets, tracks):
    state = new_position(players)
    for seat in range(players):
        palace = state.players[seat]
        palace.score = scores[seat]
        palace.reset_losses = resets[seat]
        set_track(state, seat, tracks[seat])
        palace.final = {"leftover": 0, "track": tracks[seat], "end_bonus": 0}
    state.current = None
    return state


def test_ruling_12_a_tie_goes_to_the_fewest_points_lost_to_broken_glass():
    state = _finished(3, [30, 30, 25], [0, 0, 0], [-2, -1, 0])
    result = state.result()
    assert result.ranks == [2, 1, 3]
    assert result.winners == [BRUNO]
    assert "fewest points lost to broken glass" in result.tiebreak


def test_ruling_12_the_minus_18_losses_count_as_points_lost_to_broken_glass():
    state = _finished(2, [30, 30], [18, 0], [0, -14])
    assert state.lost_to_broken_glass(AMANDA) == 18
    assert state.lost_to_broken_glass(BRUNO) == 14
    assert state.result().winners == [BRUNO]


def test_ruling_12_an_unbroken_tie_shares_the_victory():
    state = _finished(3, [30, 30, 12], [0, 0, 0], [-4, -4, 0])
    result = state.result()
    assert result.ranks == [1, 1, 3]
    assert result.winners == [AMANDA, BRUNO]


def test_ruling_12_no_tie_needs_no_tiebreak():
    result = _finished(2, [31, 30], [0, 0], [-4, 0]).result()
    assert result.ranks == [1, 2] and result.tiebreak == ""


# -- Ruling 13: colours never by colour alone -------------------------------------------------
def test_ruling_13_every_colour_has_its_own_glyph_and_ascii_letter():
    rules = new_position().rules
    shown = [*rules.colours, rules.components.joker]
    assert len({c.glyph for c in shown}) == len(shown)
    assert len({c.letter for c in shown}) == len(shown)
    assert all(c.letter.isascii() and len(c.letter) == 1 for c in shown)


def test_ruling_13_the_help_names_every_glyph_and_letter():
    text = SINTRA.help_text()
    rules = new_position().rules
    for c in (*rules.colours, rules.components.joker):
        assert c.glyph in text and c.name in text, c.id


# -- Rounds and counts over whole games ----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_glass_and_last_six_rounds(players):
    from boardgames.core.bots import make_bot

    for seed in range(3):
        state = SINTRA.new_state(["a", "b", "c", "d"][:players], {"side": "AB"[seed % 2]}, seed)
        bot = make_bot("random", SINTRA, seed)
        rounds, ply = set(), 0
        while not state.is_over:
            rounds.add(state.round)
            actions = state.legal_actions()
            assert actions
            state.apply(bot.choose(state, ply))
            ply += 1
            state.check_invariants()
        assert rounds == {1, 2, 3, 4, 5, 6}
        assert state.indicator == []
        result = state.result()
        assert [sum(row.values()) for row in result.breakdown] == result.scores
