"""The rulings of shared/rules/bluemoon.md (numbered as there), plus the set-up table."""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction, OptionError
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.games.bluemoon.rules import ACT, CENTRE, CORNERS, COURTYARD, MOVE, NO_TILE, PAY, REPLENISH, START_CELLS
from boardgames.i18n import _ as translated
from boardgames.i18n import set_language
from tests.loglines import line_of

from .positions import (
    CAROL,
    LAURA,
    MIGUEL,
    NAMES,
    NATASHA,
    arrange,
    cell,
    deal,
    dragon_at,
    empty_deck_into_discard,
    fill,
    hand,
    is_rebuilt,
    legal,
    markers_on,
    new_position,
    pass_turn,
    play,
    put_dragon,
    rebuild,
    rebuild_all_but,
    remove_tile,
    set_obelisk,
    snapshot,
    spend_markers,
    stand,
    table,
    to_action,
    to_move,
    where,
)


def refused(state, move: str, words: str = "") -> str:
    """Apply a move that must be refused; the state stays the same. Returns the message."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        play(state, move)
    assert snapshot(state) == before
    assert words.lower() in str(error.value).lower(), str(error.value)
    return str(error.value)


def boxes(state) -> set[str]:
    return {text for text in legal(state) if text.startswith("box")}


def at(state, seat: int, building_id: str, cards: str, phase: str = ACT, on: str = "c2"):
    """``seat`` stands on ``building_id`` (put on cell ``on``) holding ``cards``, in ``phase``."""
    arrange(state, {on: building_id})
    stand(state, seat, on)
    deal(state, seat, cards)
    to_move(state, seat, phase)
    return state


# -- Set-up (bluemoon.md, Components) --------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_setup_base_game_is_a_5x5_city_without_corners_start_tiles_next_to_the_courtyard(seed):
    state = new_position(empty_hands=False, seed=seed)
    assert state.grid[CENTRE] == COURTYARD
    assert [state.grid[c] for c in CORNERS] == [NO_TILE] * 4
    placed = [b for b in state.grid if b >= 0]
    assert len(placed) == 20 and len(set(placed)) == 20
    assert not any(state.rules.buildings[b].expansion for b in placed)
    # the Royal Palace and the three temples on c2, b3, d3 and c4, next to the courtyard
    assert {state.rules.buildings[state.grid[cell(name)]].id for name in ("c2", "b3", "d3", "c4")} == {
        "royal_palace", "fire_temple", "earth_temple", "water_temple"}


@pytest.mark.parametrize("seed", range(5))
def test_setup_expansion_fills_the_corners_with_all_24_buildings(seed):
    state = new_position(expansion=True, empty_hands=False, seed=seed)
    placed = [b for b in state.grid if b >= 0]
    assert len(placed) == 24 and len(set(placed)) == 24
    assert all(state.grid[c] >= 0 for c in CORNERS)
    assert sum(state.rules.buildings[b].expansion for b in placed) == 4
    assert all(state.rules.buildings[state.grid[c]].start for c in START_CELLS)


def test_setup_expansion_shuffles_its_buildings_with_the_others_as_the_help_says():
    """Guards: the help (and the option's description) said the expansion buildings fill the corners; the
    rulebook shuffles them with the other buildings (seed 21: the Golden Temple on b2, the Theater on c5)."""
    state = new_position(expansion=True, empty_hands=False, seed=21)
    names = {state.rules.buildings[state.grid[cell(name)]].id for name in ("b2", "c5")}
    assert names == {"golden_temple", "theater"}
    cells = set()
    for seed in range(40):
        state = new_position(expansion=True, empty_hands=False, seed=seed)
        cells |= {c for c, b in enumerate(state.grid) if b >= 0 and state.rules.buildings[b].expansion}
    assert cells == {c for c in range(25) if c != CENTRE and c not in START_CELLS}
    set_language("en")
    texts = {"en": (BLUEMOON.help_text(), BLUEMOON.options[0].help)}
    set_language("pt_BR")
    texts["pt_BR"] = (BLUEMOON.help_text(), translated(BLUEMOON.options[0].help))
    for language, (page, description) in texts.items():
        expansion = next(part for part in page.split("## ") if "`expansion`" in part.splitlines()[0])
        assert "shuffled" in expansion or "embaralhadas" in expansion, language
        assert "corners" not in description and "cantos" not in description, language


def test_setup_alternative_places_every_tile_at_random_around_the_courtyard():
    start_cells_hold_only_start_tiles = []
    for seed in range(10):
        state = new_position(setup="alternative", empty_hands=False, seed=seed)
        assert state.grid[CENTRE] == COURTYARD
        assert len({b for b in state.grid if b >= 0}) == 20
        start_cells_hold_only_start_tiles.append(
            all(state.rules.buildings[state.grid[c]].start for c in START_CELLS))
    assert not all(start_cells_hold_only_start_tiles)


@pytest.mark.parametrize("players, scales, spaces, to_win", [(2, 7, 11, 6), (3, 10, 13, 5), (4, 12, 13, 4)])
def test_setup_hands_markers_scales_obelisk_and_goal(players, scales, spaces, to_win):
    state = new_position(players, empty_hands=False)
    assert [len(hand(state, s)) for s in range(players)] == [8] * players
    assert sum(state.deck.values()) == 80 - 8 * players
    assert state.scale_supply() == scales
    assert len(state.obelisk_costs) == spaces
    assert state.obelisk_costs[0] == 7 and state.obelisk_costs[-1] == 12
    assert state.to_win == to_win
    assert all(where(state, s) == "c3" for s in range(players))  # every figure on the courtyard
    assert [dragon_at(state, d) for d in ("red", "green", "blue")] == [None] * 3  # beside the city
    assert all(state.markers_left(s) == 10 for s in range(players))
    assert all(p.crystals == 0 and p.scales == 0 for p in state.players)
    state.check_invariants()


@pytest.mark.parametrize("players", [1, 5])
def test_setup_is_for_2_to_4_players(players):
    with pytest.raises(OptionError, match="2 to 4 players"):
        BLUEMOON.new_state([f"P{i}" for i in range(players)], {}, 1)


def test_setup_the_first_player_is_chosen_at_random():
    firsts = {BLUEMOON.new_state(NAMES, {}, seed).current for seed in range(20)}
    assert len(firsts) > 1


# -- Ruling 1: the turn ------------------------------------------------------------------------
def test_ruling_1_movement_is_up_to_2_orthogonal_steps_over_tiles_only():
    state = new_position()
    stand(state, NATASHA, "b2")
    goes = {text for text in legal(state) if text.startswith("go ")}
    # a1 is no tile: b1 and a2 are 1 step, c1 2, a3 2 (through a2), c3 2; nothing 3 away
    assert goes == {"go b1", "go c1", "go a2", "go c2", "go d2", "go a3", "go b3", "go c3", "go b4"}
    refused(state, "go d1", "not within")
    refused(state, "go a1", "tile")


def test_ruling_1_a_path_cannot_cross_a_hole_in_the_city():
    state = new_position()
    stand(state, NATASHA, "b1")
    remove_tile(state, "b2")
    # a2 is diagonal (1 + 1) but both ways run over a1 (a corner) or b2 (now a hole)
    assert "go a2" not in legal(state)
    refused(state, "go a2", "not within")


def test_ruling_1_steps_may_be_split_and_movement_is_optional():
    state = new_position()
    play(state, "go c2")
    assert state.steps == 1
    play(state, "go c1")
    assert state.steps == 0
    assert legal(state) == {"stop"}
    state = new_position()
    play(state, "stop")  # no movement at all
    assert where(state, NATASHA) == "c3" and state.phase == ACT


def test_ruling_1_replenish_is_mandatory_discard_0_to_2_then_draw_2_more_and_pass_left():
    state = new_position()
    deal(state, NATASHA, "te1 te2 te3")
    play(state, "stop", "end")
    assert state.phase == REPLENISH
    assert "end" not in legal(state) and "stop" not in legal(state)
    play(state, "discard te1", "discard te2")
    refused(state, "discard te3", "at most 2")
    assert legal(state) == {"draw"}
    play(state, "draw")
    assert len(hand(state, NATASHA)) == 1 + 4
    assert state.current == MIGUEL and state.phase == MOVE

    play(state, "stop", "end", "draw")  # no discard: 2 cards
    assert len(hand(state, MIGUEL)) == 2
    assert state.current == LAURA
    for _ in range(2):
        pass_turn(state)
    assert state.current == NATASHA  # after Carol, back to Natasha


def test_ruling_1_the_discards_are_shuffled_into_a_new_deck_when_it_runs_out():
    state = new_position()
    empty_deck_into_discard(state)
    pile = sum(state.discard.values())
    play(state, "stop", "end", "draw")
    assert len(hand(state, NATASHA)) == 2
    assert sum(state.deck.values()) == pile - 2
    assert state.discard == {}


# -- Ruling 2: contributions ---------------------------------------------------------------
def test_ruling_2_a_box_takes_cards_of_its_colour_and_leftover_value_is_lost():
    state = at(new_position(), MIGUEL, "earth_temple", "aq3 te3 te3")
    assert boxes(state) == {"box 1", "box 2", "box 3"}  # red 5, 4, 3: 6 in red pays any one
    play(state, "box 3")
    assert state.phase == PAY
    refused(state, "add aq3", "does not match")
    play(state, "add te3")
    assert markers_on(state, "earth_temple") == [None, None, MIGUEL]
    assert boxes(state) == set()  # te3 alone cannot pay the 5 or the 4
    refused(state, "box 3", "already filled")


def test_ruling_2_several_contributions_to_the_same_building_in_one_turn():
    state = at(new_position(), MIGUEL, "earth_temple", "te3 te2 te3 te1")
    play(state, "box 1", "add te3", "add te2", "box 2", "add te3", "add te1")
    assert markers_on(state, "earth_temple") == [MIGUEL, MIGUEL, None]


def test_ruling_2_cancel_gives_every_card_back():
    state = at(new_position(), MIGUEL, "earth_temple", "te3 te1 lu1 aq1")
    before = hand(state, MIGUEL)
    play(state, "box 2", "add te3", "play lu1 aq", "cancel")
    assert hand(state, MIGUEL) == before
    assert state.phase == ACT and markers_on(state, "earth_temple") == [None, None, None]


def test_ruling_2_a_royal_palace_contribution_uses_one_colour_but_wilds_may_join():
    state = at(new_position(), LAURA, "royal_palace", "te2 te1 aq2 kh1")
    assert table(state, "royal_palace").boxes[3].value == 3
    play(state, "box 4", "add te2")
    refused(state, "add aq2", "does not match")
    play(state, "add kh1")
    assert markers_on(state, "royal_palace") == [None, None, None, LAURA]
    assert hand(state, LAURA) == ["aq2", "te1"]


def test_ruling_2_the_royal_palace_takes_any_colour_per_contribution():
    state = at(new_position(), LAURA, "royal_palace", "aq3 te3 vu3 pi3")
    assert boxes(state) == {"box 4"}  # one 3 of a colour pays only the 3
    play(state, "box 4", "add pi3")
    assert markers_on(state, "royal_palace") == [None, None, None, LAURA]


# -- Ruling 3: Khind, Mimix, Lux ----------------------------------------------------------
def test_ruling_3_khinds_are_wild_1s_and_any_number_may_join():
    state = at(new_position(), MIGUEL, "earth_temple", "kh1 kh1 kh1 kh1 te1")
    play(state, "box 2", "add kh1", "add kh1", "add te1", "add kh1")  # red 4 from 3 Khind and a red 1
    assert markers_on(state, "earth_temple") == [None, MIGUEL, None]
    assert hand(state, MIGUEL) == ["kh1"]


def test_ruling_3_khinds_alone_pay_a_box():
    state = at(new_position(), MIGUEL, "earth_temple", "kh1 kh1 kh1")
    play(state, "box 3", "add kh1", "add kh1", "add kh1")
    assert markers_on(state, "earth_temple") == [None, None, MIGUEL]


def test_ruling_3_two_mimix_1_or_2_are_one_wild_3():
    state = at(new_position(), MIGUEL, "earth_temple", "mi1 mi1 mi2 te2 te2")
    assert boxes(state) == {"box 1", "box 2", "box 3"}  # 3 + 4 reaches the 5
    play(state, "box 3", "pair mi1 mi1")
    assert markers_on(state, "earth_temple") == [None, None, MIGUEL]
    play(state, "box 2")
    refused(state, "add mi2", "does not match")  # a single Mimix is only brown
    play(state, "add te2")
    refused(state, "pair mi1 mi2", "do not hold")
    play(state, "add te2")
    assert markers_on(state, "earth_temple") == [None, MIGUEL, MIGUEL]
    assert hand(state, MIGUEL) == ["mi2"]


def test_ruling_3_a_mimix_3_does_not_pair():
    state = at(new_position(), MIGUEL, "earth_temple", "mi3 mi1 te3")
    play(state, "box 3")
    assert not any(text.startswith("pair") for text in legal(state))
    refused(state, "pair mi3 mi1", "value 1 or 2")


def test_ruling_3_a_mimix_is_also_a_plain_brown_card():
    state = at(new_position(), NATASHA, "city_residence", "mi2 mi1 mi1")
    play(state, "box 3", "add mi2")  # the brown 2
    assert markers_on(state, "city_residence") == [None, None, NATASHA]
    play(state, "box 2", "pair mi1 mi1")  # the brown 3 with the pair as a wild 3
    assert markers_on(state, "city_residence") == [None, NATASHA, NATASHA]


def test_ruling_3_a_mimix_3_pays_a_brown_box():
    state = at(new_position(), NATASHA, "city_residence", "mi3")
    assert "box 2" in boxes(state)  # the brown 3
    play(state, "box 2", "add mi3")
    assert markers_on(state, "city_residence") == [None, NATASHA, None]


def test_ruling_3_lux_1_recolours_up_to_4_cards_of_one_people():
    state = at(new_position(), MIGUEL, "earth_temple", "lu1 aq1 aq1 aq1 aq1 aq2 vu1 kh1")
    play(state, "box 1", "play lu1 aq")
    refused(state, "add vu1", "does not match")  # all the recoloured cards are of one people
    play(state, "add aq1", "add aq1", "add aq1", "add aq1")
    assert state.pay.total == 4
    refused(state, "add aq2", "does not match")  # a fifth card is not recoloured
    play(state, "add kh1")
    assert markers_on(state, "earth_temple") == [MIGUEL, None, None]
    assert state.discard.get("lu1") == 1  # the Lux was discarded for its power


def test_ruling_3_lux_2_recolours_one_card():
    state = at(new_position(), MIGUEL, "earth_temple", "lu2 aq3 aq1 te1")
    play(state, "box 2", "play lu2 aq", "add aq3")
    refused(state, "add aq1", "does not match")
    play(state, "add te1")
    assert markers_on(state, "earth_temple") == [None, MIGUEL, None]
    assert hand(state, MIGUEL) == ["aq1"]


def test_ruling_3_otherwise_a_lux_is_a_plain_white_card():
    state = at(new_position(), LAURA, "university", "lu1 lu1")
    play(state, "box 2", "add lu1", "add lu1")
    assert markers_on(state, "university") == [None, LAURA]


def test_ruling_3_on_the_royal_palace_a_lux_recolours_into_the_chosen_colour():
    state = at(new_position(), LAURA, "royal_palace", "te1 lu2 aq2")
    play(state, "box 4")
    refused(state, "play lu2 aq", "first card")
    play(state, "add te1", "play lu2 aq", "add aq2")
    assert markers_on(state, "royal_palace") == [None, None, None, LAURA]


# -- Ruling 4: dragons and Venti --------------------------------------------------------------
def test_ruling_4_each_dragon_here_gives_a_scale_for_the_first_contribution_only():
    state = at(new_position(), MIGUEL, "earth_temple", "te3 te3 te2 te2")
    put_dragon(state, "green", "c2")
    put_dragon(state, "blue", "c2")
    play(state, "box 1", "add te3", "add te2")
    assert state.players[MIGUEL].scales == 2
    play(state, "box 2", "add te3", "add te2")
    assert state.players[MIGUEL].scales == 2


def test_ruling_4_no_scale_for_an_offering_in_a_dragons_presence():
    state = new_position()
    put_dragon(state, "red", "c3")
    state.players[NATASHA].crystals = 7
    play(state, "stop", "offer")
    assert state.players[NATASHA].offerings == 1
    assert state.players[NATASHA].scales == 0


@pytest.mark.parametrize("card, colour", [("vu1", "red"), ("te1", "green"), ("aq1", "blue")])
def test_ruling_4_a_value_1_puts_its_peoples_dragon_anywhere_or_off_the_board(card, colour):
    state = new_position()
    deal(state, NATASHA, f"{card} {card}")
    play(state, f"play {card} e4")
    assert dragon_at(state, colour) == "e4"
    refused(state, f"play {card} e4", "already there")
    play(state, f"play {card} off")
    assert dragon_at(state, colour) is None
    assert state.discard == {card: 2}
    assert where(state, NATASHA) == "c3" and state.steps == 2  # the figure did not move


@pytest.mark.parametrize("card, colour", [("vu2", "red"), ("te2", "green"), ("aq2", "blue")])
def test_ruling_4_a_value_2_moves_its_dragon_up_to_3_steps_only_when_on_the_board(card, colour):
    state = new_position()
    deal(state, NATASHA, f"{card} {card}")
    assert not any(text.startswith(f"play {card}") for text in legal(state))
    refused(state, f"play {card} c2", "not in the city")
    put_dragon(state, colour, "b2")
    refused(state, f"play {card} e4", "1 to 3 steps")  # 5 steps away
    play(state, f"play {card} d3")  # 3 steps
    assert dragon_at(state, colour) == "d3"
    refused(state, f"play {card} d3", "1 to 3 steps")  # 0 steps is no move


def test_ruling_4_venti_1_flies_anywhere_and_venti_2_gives_2_more_steps():
    state = new_position()
    deal(state, NATASHA, "ve1 ve2")
    play(state, "play ve1 e4")
    assert where(state, NATASHA) == "e4" and state.steps == 2
    play(state, "play ve2")
    assert state.steps == 4
    play(state, "go d1")  # 4 steps: e4 e3 e2 d2 d1
    assert where(state, NATASHA) == "d1" and state.steps == 0
    assert state.discard == {"ve1": 1, "ve2": 1}


def test_ruling_4_movement_powers_are_played_in_the_movement_phase():
    state = new_position()
    deal(state, NATASHA, "ve2 vu1")
    play(state, "stop")
    refused(state, "play ve2", "pillar")
    refused(state, "play vu1 b2", "pillar")


# -- Ruling 5: golden scales ---------------------------------------------------------------------
def contribute_with_dragon(state, seat: int) -> None:
    """``seat`` pays the Earth Temple's red 3 with the green dragon there (one scale)."""
    at(state, seat, "earth_temple", "te3")
    put_dragon(state, "green", "c2")
    play(state, "box 3", "add te3")


def test_ruling_5_scales_score_only_when_the_supply_runs_out():
    state = new_position(2)
    state.players[NATASHA].scales = 3
    state.players[MIGUEL].scales = 2
    assert state.scale_supply() == 2
    contribute_with_dragon(state, NATASHA)
    assert state.players[NATASHA].scales == 4 and state.players[NATASHA].crystals == 0


def test_ruling_5_the_most_scales_score_6_others_with_3_score_3_the_rest_keep_theirs():
    state = new_position(4)
    for seat, scales in ((NATASHA, 4), (MIGUEL, 3), (LAURA, 2), (CAROL, 2)):
        state.players[seat].scales = scales
    assert state.scale_supply() == 1
    contribute_with_dragon(state, NATASHA)
    assert [p.crystals for p in state.players] == [6, 3, 0, 0]
    assert [p.scales for p in state.players] == [0, 0, 2, 2]
    assert state.scale_supply() == 8


def test_ruling_5_players_tied_for_the_most_scales_score_3_each():
    state = new_position(3)
    for seat, scales in ((NATASHA, 3), (MIGUEL, 4), (LAURA, 2)):
        state.players[seat].scales = scales
    contribute_with_dragon(state, NATASHA)  # Natasha 4, Miguel 4
    assert [p.crystals for p in state.players] == [3, 3, 0]
    assert [p.scales for p in state.players] == [0, 0, 2]


def test_ruling_5_scales_owed_when_the_supply_is_empty_still_count():
    state = new_position(2)
    state.players[NATASHA].scales = 3
    state.players[MIGUEL].scales = 3
    assert state.scale_supply() == 1
    at(state, NATASHA, "earth_temple", "te3")
    for colour in ("red", "green", "blue"):
        put_dragon(state, colour, "c2")
    play(state, "box 3", "add te3")  # owed 3 with 1 left: Natasha counts 6
    assert [p.crystals for p in state.players] == [6, 3]
    assert [p.scales for p in state.players] == [0, 0]


def test_ruling_5_scales_score_before_the_completed_buildings_bonuses():
    """The Water Temple's neighbourhood scales come after the scoring, into a refilled supply."""
    state = new_position(2)
    arrange(state, {"c2": "hospice", "d2": "water_temple"})
    rebuild(state, "water_temple")
    state.players[NATASHA].scales = 3
    state.players[MIGUEL].scales = 3
    at(state, NATASHA, "hospice", "te3 te1")
    put_dragon(state, "green", "c2")
    play(state, "box 1", "add te3", "add te1")
    assert is_rebuilt(state, "hospice")
    hospice = table(state, "hospice")
    # scoring: Natasha 4 most, 6; Miguel 3, 3. Then the bonuses of the Hospice and the Water Temple's 2
    assert state.players[NATASHA].crystals == 6 + hospice.majority.crystal + hospice.construction.crystal
    assert state.players[NATASHA].scales == hospice.majority.scale + hospice.construction.scale + 2
    assert state.players[MIGUEL].crystals == 3 and state.players[MIGUEL].scales == 0


# -- Ruling 6: completion ------------------------------------------------------------------------
def test_ruling_6_the_most_markers_win_the_majority_whatever_their_place():
    state = new_position()
    arrange(state, {"c2": "earth_temple"})
    fill(state, "earth_temple", [CAROL, MIGUEL, None])
    at(state, MIGUEL, "earth_temple", "te3")
    play(state, "box 3", "add te3")
    # Miguel 2 markers, Carol 1 (leftmost): Miguel has the majority 2 + construction 3
    assert state.players[MIGUEL].crystals == 2 + 3
    assert state.players[CAROL].crystals == 3


def test_ruling_6_a_tied_majority_goes_to_the_leftmost_marker():
    state = new_position()
    fill(state, "royal_palace", [LAURA, CAROL, CAROL, None])
    at(state, LAURA, "royal_palace", "vu3")
    play(state, "box 4", "add vu3")
    # Laura 2 (boxes 1 and 4), Carol 2 (boxes 2, 3): Laura's box 1 is leftmost: the 2 crystals
    palace = table(state, "royal_palace")
    assert state.players[LAURA].crystals == palace.majority.crystal + palace.construction.crystal
    assert state.players[CAROL].crystals == palace.construction.crystal


def test_ruling_6_the_neighbourhood_bonus_comes_once_per_contributor_per_rebuilt_neighbour():
    state = new_position()
    arrange(state, {"b2": "earth_temple", "b1": "library", "c2": "flight_tower",
                    "a2": "citadel", "b3": "great_hall"})
    rebuild(state, "library", "flight_tower")  # 3 and 2 crystals next door; Citadel and Great Hall not rebuilt
    fill(state, "earth_temple", [MIGUEL, MIGUEL, None])
    at(state, CAROL, "earth_temple", "te3", on="b2")
    play(state, "box 3", "add te3")
    assert state.players[MIGUEL].crystals == 2 + 3 + 3 + 2  # two markers, one neighbourhood each
    assert state.players[CAROL].crystals == 3 + 3 + 2
    assert state.players[NATASHA].crystals == 0


def test_ruling_6_markers_return_and_figures_and_dragons_stay_on_the_flipped_tile():
    state = new_position()
    arrange(state, {"c2": "hospice"})
    put_dragon(state, "blue", "c2")
    stand(state, LAURA, "c2")
    at(state, MIGUEL, "hospice", "te3 te1")
    play(state, "box 1", "add te3", "add te1")
    assert is_rebuilt(state, "hospice")
    assert state.markers_left(MIGUEL) == 10
    assert dragon_at(state, "blue") == "c2"
    assert where(state, LAURA) == "c2" and where(state, MIGUEL) == "c2"
    assert boxes(state) == set()  # a rebuilt tile takes no more contributions
    refused(state, "box 1", "already filled")


# -- Ruling 7: card rewards ------------------------------------------------------------------------
def test_ruling_7_cards_earned_on_your_own_turn_reach_your_hand_after_the_turn_others_at_once():
    state = new_position()
    fill(state, "royal_palace", [CAROL, LAURA, LAURA, None])
    at(state, LAURA, "royal_palace", "pi3")
    play(state, "box 4", "add pi3")  # the palace gives every contributor 1 card
    assert hand(state, LAURA) == []
    assert sum(state.players[LAURA].pending.values()) == 1
    assert len(hand(state, CAROL)) == 1  # on Laura's turn: at once
    assert state.view(LAURA)["players"][LAURA]["pending_cards"] == 1
    play(state, "end")
    assert legal(state) == {"draw"}  # the earned card cannot be discarded this turn
    play(state, "draw")
    assert len(hand(state, LAURA)) == 1 + 2
    assert state.players[LAURA].pending == {}


# -- Ruling 8: offerings ------------------------------------------------------------------------
def test_ruling_8_an_offering_is_made_only_on_the_courtyard():
    state = new_position()
    state.players[NATASHA].crystals = 20
    play(state, "go c2", "stop")
    assert "offer" not in legal(state)
    refused(state, "offer", "courtyard")


def test_ruling_8_one_offering_a_turn_for_the_lowest_open_space_and_its_marker_stays():
    state = new_position()
    set_obelisk(state, [MIGUEL, LAURA, CAROL, MIGUEL])  # the four 7s
    state.players[NATASHA].crystals = 20
    play(state, "stop", "offer")
    assert state.players[NATASHA].crystals == 12  # an 8
    refused(state, "offer", "already")
    assert state.markers_left(NATASHA) == 9
    play(state, "end", "draw")
    for _ in range(3):
        pass_turn(state)
    assert state.markers_left(NATASHA) == 9  # the obelisk keeps it


def test_ruling_8_a_pillar_after_the_offering_adds_one_at_plus_1_or_plus_2():
    state = new_position()
    deal(state, NATASHA, "pi1 pi2")
    state.players[NATASHA].crystals = 7 + 8 + 9 + 2
    play(state, "stop")
    assert "play pi1" not in legal(state)  # only after an offering
    refused(state, "play pi1", "right after")
    play(state, "offer")  # 7
    assert state.players[NATASHA].crystals == 19
    play(state, "play pi1")  # the next 7, plus 1
    assert state.players[NATASHA].crystals == 11
    play(state, "play pi2")  # the next 7, plus 2
    assert state.players[NATASHA].crystals == 2
    assert state.players[NATASHA].offerings == 3
    assert state.discard == {"pi1": 1, "pi2": 1}


def test_ruling_8_a_pillar_needs_the_crystals_for_its_surcharge():
    state = new_position()
    deal(state, NATASHA, "pi2")
    state.players[NATASHA].crystals = 7 + 8
    play(state, "stop", "offer")
    assert "play pi2" not in legal(state)
    refused(state, "play pi2", "2 more crystals")


def test_ruling_8_without_a_marker_no_offering_and_no_contribution():
    state = new_position()
    arrange(state, {"c2": "earth_temple"})
    spend_markers(state, NATASHA, 10, spare=["earth_temple"])
    assert state.markers_left(NATASHA) == 0
    state.players[NATASHA].crystals = 20
    play(state, "stop")
    assert "offer" not in legal(state)
    refused(state, "offer", "marker")
    at(state, NATASHA, "earth_temple", "te3 te3")
    assert boxes(state) == set()
    refused(state, "box 3", "no marker")


# -- Ruling 9: the expansion buildings ------------------------------------------------------------
def test_ruling_9_the_hospital_draws_2_straight_to_hand_before_contributing():
    state = at(new_position(expansion=True), LAURA, "hospital", "kh1")
    deck = sum(state.deck.values())
    play(state, "extra")
    assert len(hand(state, LAURA)) == 3 and state.players[LAURA].pending == {}
    assert sum(state.deck.values()) == deck - 2
    assert "extra" not in legal(state)  # once a turn
    refused(state, "extra", "used")


def test_ruling_9_an_extra_action_may_follow_a_contribution_there():
    state = at(new_position(expansion=True), LAURA, "hospital", "lu2")
    play(state, "box 2", "add lu2")
    assert "extra" in legal(state)
    play(state, "extra")
    assert len(hand(state, LAURA)) == 2


def test_ruling_9_the_extra_action_works_on_the_rebuilt_side_too():
    state = at(new_position(expansion=True), LAURA, "hospital", "")
    rebuild(state, "hospital")
    assert legal(state) == {"extra", "end"}
    play(state, "extra")
    assert len(hand(state, LAURA)) == 2


def test_ruling_9_the_golden_temple_makes_an_offering_at_the_next_cost_without_pillars():
    state = at(new_position(expansion=True), MIGUEL, "golden_temple", "pi1 pi3")
    set_obelisk(state, [LAURA])
    state.players[MIGUEL].crystals = 20
    assert "offer" not in legal(state)  # not the courtyard
    play(state, "extra")
    assert state.players[MIGUEL].offerings == 1 and state.players[MIGUEL].crystals == 13
    assert "play pi1" not in legal(state)
    refused(state, "play pi1", "right after")
    play(state, "box 2", "add pi3")  # and it may still be contributed to
    assert markers_on(state, "golden_temple") == [None, MIGUEL]


def test_ruling_9_the_theater_has_no_extra_action():
    state = at(new_position(expansion=True), CAROL, "theater", "")
    assert "extra" not in legal(state)
    refused(state, "extra", "no extra action")


def test_ruling_9_the_main_hall_goes_anywhere_and_nothing_more_happens_there():
    state = new_position(expansion=True)
    arrange(state, {"e5": "hospital", "a1": "earth_temple"})
    at(state, NATASHA, "main_hall", "te3 te3", on="b2")
    play(state, "extra e5")  # to the Hospital: no extra action there
    assert where(state, NATASHA) == "e5"
    assert legal(state) == {"end"}
    refused(state, "extra", "used")
    state = new_position(expansion=True)
    arrange(state, {"a1": "earth_temple"})
    at(state, NATASHA, "main_hall", "te3 te3", on="b2")
    play(state, "extra a1")  # to the Earth Temple: no contribution there
    assert legal(state) == {"end"}
    refused(state, "box 3", "main hall")


def test_ruling_9_base_game_tiles_have_no_extra_action():
    state = at(new_position(), MIGUEL, "earth_temple", "")
    refused(state, "extra", "no extra action")


# -- Ruling 10: the end ----------------------------------------------------------------------------
@pytest.mark.parametrize("players, to_win, ranks", [(2, 6, [1, 2]), (3, 5, [1, 2, 3]), (4, 4, [1, 2, 3, 3])])
def test_ruling_10_the_offering_that_reaches_the_goal_wins_at_once(players, to_win, ranks):
    state = new_position(players)
    set_obelisk(state, [NATASHA] * (to_win - 1) + [MIGUEL])
    state.players[NATASHA].crystals = 12
    play(state, "stop", "offer")
    assert state.is_over and state.current is None
    result = state.result()
    assert result.winners == [NATASHA]
    assert result.scores[NATASHA] == to_win
    # the others by offerings (Miguel made 1), then crystals; Laura and Carol tie
    assert result.ranks == ranks


def test_ruling_10_one_offering_short_of_the_goal_plays_on():
    state = new_position(3)
    set_obelisk(state, [NATASHA] * 3)
    state.players[NATASHA].crystals = 12
    play(state, "stop", "offer")
    assert not state.is_over and state.players[NATASHA].offerings == 4


def test_ruling_10_after_the_last_building_play_goes_on_while_someone_can_offer():
    state = new_position(3)
    rebuild_all_but(state, "hospice")
    arrange(state, {"c2": "hospice"})
    state.players[MIGUEL].crystals = 7 + 3
    state.players[LAURA].crystals = 7 + 5
    at(state, NATASHA, "hospice", "te3 te1")
    play(state, "box 1", "add te3", "add te1", "end", "draw")
    assert not state.is_over  # Miguel and Laura can still offer
    play(state, "stop", "offer", "end", "draw")  # Miguel: 7, 3 left
    assert not state.is_over  # Laura can make the second 7
    play(state, "stop", "offer", "end", "draw")  # Laura: 7, 5 left
    assert state.is_over
    result = state.result()
    # one offering each for Miguel and Laura; Laura has more crystals left
    assert result.scores == [0, 1, 1]
    assert result.ranks == [3, 2, 1]
    assert "crystals" in result.tiebreak


def test_ruling_10_tied_offerings_and_crystals_share_the_victory():
    state = new_position(2)
    rebuild_all_but(state)
    set_obelisk(state, [NATASHA, MIGUEL])
    state.players[NATASHA].crystals = 4
    state.players[MIGUEL].crystals = 4
    pass_turn(state)
    assert state.is_over
    result = state.result()
    assert result.ranks == [1, 1]
    assert "share" in result.tiebreak


def test_ruling_10_no_marker_left_for_anyone_is_a_draw():
    state = new_position(2)
    arrange(state, {"c2": "earth_temple"})
    spend_markers(state, MIGUEL, 10, spare=["earth_temple"])
    spend_markers(state, NATASHA, 9, spare=["earth_temple"])
    at(state, NATASHA, "earth_temple", "te3")
    play(state, "box 3", "add te3")
    assert state.is_over
    assert state.outcome == "draw"
    assert state.result().ranks == [1, 1]


def test_ruling_10_a_winning_offering_with_the_last_marker_is_a_win_not_a_draw():
    state = new_position(2)
    set_obelisk(state, [NATASHA] * 5)
    spend_markers(state, MIGUEL, 10)
    spend_markers(state, NATASHA, 4)
    assert state.markers_left(NATASHA) == 1
    state.players[NATASHA].crystals = 12
    play(state, "stop", "offer")
    assert state.is_over and state.result().winners == [NATASHA]


# -- Ruling 11: hidden information -----------------------------------------------------------------
def test_ruling_11_a_hand_and_a_crystal_total_are_seen_only_by_their_owner():
    state = new_position(3, empty_hands=False)
    state.players[MIGUEL].crystals = 5
    for seat in (NATASHA, LAURA, None):
        miguel = state.view(seat)["players"][MIGUEL]
        assert miguel["hand"] is None and miguel["crystals"] is None
        assert miguel["hand_size"] == 8  # the size is public
    mine = state.view(MIGUEL)["players"][MIGUEL]
    assert mine["hand"] == hand(state, MIGUEL) and mine["crystals"] == 5


def test_ruling_11_the_log_of_a_draw_names_no_card():
    state = new_position()
    play(state, "stop", "end")
    assert line_of(state, to_action("draw")) == "Natasha draws 2 cards."


def test_ruling_11_everything_is_shown_once_the_game_is_over():
    state = new_position(2)
    set_obelisk(state, [NATASHA] * 5)
    state.players[NATASHA].crystals = 12
    state.players[MIGUEL].crystals = 3
    play(state, "stop", "offer")
    assert state.view(NATASHA)["players"][MIGUEL]["crystals"] == 3

