"""The worked examples of the rulebooks (bluemoon.rulebook.pt.txt and .es.txt), set up as positions.

The players are Natasha, Miguel, Laura and Carol (seats 0-3) as in the rulebook.
The city is arranged to match each example's picture; the figures asserted are
the rulebook's, not worked out again from the engine's tables.
"""

from __future__ import annotations

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.games.bluemoon.rules import ACT, MOVE, REPLENISH

from .positions import (
    CAROL,
    LAURA,
    MIGUEL,
    NATASHA,
    arrange,
    deal,
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
    set_obelisk,
    snapshot,
    stand,
    table,
    to_move,
    where,
)


# -- Movement and contribution (pp. 7-8) -------------------------------------------------
def natasha_on_the_hospice():
    """Natasha on the Hospice (d2) with brown cards; the City Residence is up-left of it (c1)."""
    state = new_position()
    arrange(state, {"d2": "hospice", "c1": "city_residence"})
    stand(state, NATASHA, "d2")
    deal(state, NATASHA, "mi2 mi1 mi1 vu3")
    to_move(state, NATASHA)
    return state


def test_example_natasha_moves_up_one_and_left_one_from_the_hospice_to_the_city_residence():
    state = natasha_on_the_hospice()

    play(state, "go d1", "go c1")

    assert where(state, NATASHA) == "c1"
    assert state.steps == 0  # her 2 movement points are used
    assert not any(text.startswith("go ") for text in legal(state))
    play(state, "stop")
    assert state.phase == ACT


def test_example_the_diagonal_city_residence_is_two_steps_away_not_one():
    state = natasha_on_the_hospice()
    play(state, "go c1")  # the city residence is 2 steps away, not 1
    assert state.steps == 0


def test_example_natasha_pays_the_3_of_the_city_residence_with_two_brown_cards_and_4_and_2_stay_open():
    state = natasha_on_the_hospice()
    play(state, "go d1", "go c1", "stop")
    assert {"box 1", "box 2", "box 3"} <= legal(state)  # the brown 4, 3 and 2

    play(state, "box 2", "add mi2", "add mi1")

    assert markers_on(state, "city_residence") == [None, NATASHA, None]
    assert hand(state, NATASHA) == ["mi1", "vu3"]
    assert state.discard == {"mi2": 1, "mi1": 1}
    assert state.phase == ACT

    # the next player to stop on the City Residence has only the 4 and the 2 left
    play(state, "end", "draw")
    stand(state, state.current, "c1")
    deal(state, state.current, "mi3 mi3 mi2 mi2")
    play(state, "stop")
    assert {text for text in legal(state) if text.startswith("box")} == {"box 1", "box 3"}


def test_example_miguel_makes_two_red_contributions_at_the_earth_temple_5_from_3_2_and_3_from_2_1():
    state = new_position()
    arrange(state, {"c2": "earth_temple"})
    stand(state, MIGUEL, "c2")
    deal(state, MIGUEL, "te3 te2 te2 te1")  # 8 in red
    to_move(state, MIGUEL)
    play(state, "stop")
    assert {"box 1", "box 2", "box 3"} <= legal(state)  # red 5, 4 and 3

    play(state, "box 1", "add te3", "add te2")
    assert markers_on(state, "earth_temple") == [MIGUEL, None, None]
    play(state, "box 3", "add te2", "add te1")

    assert markers_on(state, "earth_temple") == [MIGUEL, None, MIGUEL]
    assert hand(state, MIGUEL) == []
    assert state.markers_left(MIGUEL) == 8
    assert not is_rebuilt(state, "earth_temple")


def test_example_miguel_cannot_carry_leftover_value_into_the_next_contribution():
    """Each contribution is paid separately: 3+2 for the 5 leaves nothing over for the 4."""
    state = new_position()
    arrange(state, {"c2": "earth_temple"})
    stand(state, MIGUEL, "c2")
    deal(state, MIGUEL, "te3 te3 te1")
    to_move(state, MIGUEL, ACT)
    play(state, "box 1", "add te3", "add te3")  # 6 for the 5: one over, and lost
    assert hand(state, MIGUEL) == ["te1"]
    assert {text for text in legal(state) if text.startswith("box")} == set()


def laura_at_the_university(cards="lu3 lu3 lu1"):
    state = new_position()
    arrange(state, {"b2": "university"})
    stand(state, LAURA, "b2")
    deal(state, LAURA, cards)
    to_move(state, LAURA, ACT)
    return state


def test_example_laura_has_7_in_white_but_makes_only_the_5_at_the_university_and_the_2_stays_open():
    state = laura_at_the_university()
    assert {"box 1", "box 2"} <= legal(state)  # white 5 and 2

    play(state, "box 1", "add lu3", "add lu3")

    assert markers_on(state, "university") == [LAURA, None]
    assert hand(state, LAURA) == ["lu1"]
    assert "box 2" not in legal(state)  # the 1 left cannot pay the 2
    with pytest.raises(IllegalAction):
        play(state, "box 2")


def test_example_laura_discards_her_2_red_cards_and_draws_4():
    state = laura_at_the_university("lu3 lu3 lu1 te2 te1")
    play(state, "box 1", "add lu3", "add lu3", "end")
    assert state.phase == REPLENISH
    deck, discard = sum(state.deck.values()), sum(state.discard.values())

    play(state, "discard te2", "discard te1", "draw")

    assert len(hand(state, LAURA)) == 1 - 0 + 4  # the lu1 kept, 4 drawn
    assert "lu1" in hand(state, LAURA)
    assert sum(state.deck.values()) == deck - 4
    assert sum(state.discard.values()) == discard + 2
    assert state.current == CAROL and state.phase == MOVE


# -- Building scoring (p. 9) -------------------------------------------------------------
def test_example_carol_completes_the_water_temple_carol_gets_7_crystals_and_miguel_5():
    state = new_position()
    # the Water Temple with the Citadel and the Aqueduct (rebuilt), the Monastery Tower
    # and the Trading House (not rebuilt) on its four sides
    arrange(state, {"b2": "water_temple", "b1": "citadel", "c2": "aqueduct",
                    "a2": "monastery_tower", "b3": "trading_house"})
    rebuild(state, "citadel", "aqueduct")
    fill(state, "water_temple", [CAROL, MIGUEL, None])
    stand(state, CAROL, "b2")
    deal(state, CAROL, "aq3")
    to_move(state, CAROL, ACT)

    play(state, "box 3", "add aq3")

    assert is_rebuilt(state, "water_temple")
    assert markers_on(state, "water_temple") == [None, None, None]  # the markers go home
    assert state.markers_left(CAROL) == 10 and state.markers_left(MIGUEL) == 10
    # majority 2 + construction 3 + Citadel 1 + Aqueduct 1
    assert state.players[CAROL].crystals == 7
    # construction 3 + Citadel 1 + Aqueduct 1
    assert state.players[MIGUEL].crystals == 5
    # nothing from the Monastery Tower (1 scale) or the Trading House (1 crystal): not rebuilt
    assert state.players[CAROL].scales == 0 and state.players[MIGUEL].scales == 0
    assert where(state, CAROL) == "b2"  # the figure stays on the flipped tile


# -- Golden scales (p. 10) ---------------------------------------------------------------
def test_example_golden_scales_are_scored_before_the_bonuses_of_the_monastery_tower_with_three_contributors():
    """Miguel 5 scales, Natasha 3, Laura 2, Carol 1: one scale left in the supply of 12.

    Miguel makes the last contribution to the Monastery Tower with the blue and the
    red dragon there and is owed 2 scales though only 1 is left. Carol, Natasha and
    Miguel each hold one of the tower's three boxes (grey 4, 3, 2; bluemoon.md), Carol
    the leftmost. Guards issue 7: the table gave the tower two boxes, so the example's
    three equal contributors could not be set up.
    """
    state = new_position()
    arrange(state, {"b2": "monastery_tower", "b3": "water_temple"})
    assert [(box.colour, box.value) for box in table(state, "monastery_tower").boxes] == [
        ("ve", 4), ("ve", 3), ("ve", 2)]
    rebuild(state, "water_temple")
    fill(state, "monastery_tower", [CAROL, NATASHA, None])
    for seat, scales in ((MIGUEL, 5), (NATASHA, 3), (LAURA, 2), (CAROL, 1)):
        state.players[seat].scales = scales
    assert state.scale_supply() == 1
    put_dragon(state, "blue", "b2")
    put_dragon(state, "red", "b2")
    stand(state, MIGUEL, "b2")
    deal(state, MIGUEL, "ve2")
    to_move(state, MIGUEL, ACT)
    construction = table(state, "monastery_tower").construction.crystal  # reconstructed value

    play(state, "box 3", "add ve2")

    assert is_rebuilt(state, "monastery_tower")
    # scoring first: Miguel 5 + 2 = 7, the most, 6 crystals; Natasha 3, 3 crystals; both return them
    assert state.players[MIGUEL].crystals == 6 + construction
    assert state.players[NATASHA].crystals == 3 + construction
    # Laura and Carol have fewer than 3: no crystals, and they keep their scales
    assert state.players[LAURA].crystals == 0 and state.players[LAURA].scales == 2
    # then the bonuses: all three contributed once, so the majority goes to Carol's leftmost
    # marker (1 scale); the Water Temple's neighbourhood bonus gives each contributor 2 scales
    assert state.players[CAROL].scales == 1 + 1 + 2
    assert state.players[MIGUEL].scales == 0 + 2
    assert state.players[NATASHA].scales == 0 + 2
    assert state.players[CAROL].crystals == construction


# -- The obelisk (Spanish rulebook) ------------------------------------------------------
def test_example_laura_offers_9_crystals_when_the_7s_and_8s_are_taken():
    state = new_position()
    arrange(state, {"b3": "royal_palace"})
    set_obelisk(state, [NATASHA, MIGUEL, CAROL, NATASHA, MIGUEL, CAROL])  # four 7s and two 8s
    stand(state, LAURA, "b3")
    state.players[LAURA].crystals = 11
    to_move(state, LAURA)

    play(state, "go c3", "stop", "offer")

    assert state.players[LAURA].crystals == 2
    assert state.obelisk == [NATASHA, MIGUEL, CAROL, NATASHA, MIGUEL, CAROL, LAURA]
    assert state.obelisk_costs[6] == 9
    assert state.players[LAURA].offerings == 1
    assert state.markers_left(LAURA) == 9
    assert "offer" not in legal(state)  # one offering a turn


# -- Expansion: the Main Hall (p. 14) ----------------------------------------------------
def test_example_natasha_contributes_to_the_main_hall_then_goes_to_the_courtyard_and_offers_next_turn():
    state = new_position(expansion=True)
    arrange(state, {"b2": "main_hall"})
    set_obelisk(state, [MIGUEL, LAURA, CAROL, MIGUEL, LAURA, CAROL])  # the next space is a 9
    stand(state, NATASHA, "b2")
    deal(state, NATASHA, "te1")
    state.players[NATASHA].crystals = 9
    to_move(state, NATASHA)
    play(state, "stop")
    red_box = 1 + [box.colour for box in table(state, "main_hall").boxes].index("te")

    play(state, f"box {red_box}", "add te1", "extra c3")

    assert markers_on(state, "main_hall").count(NATASHA) == 1
    assert where(state, NATASHA) == "c3"
    assert legal(state) == {"end"}  # no offering where the Main Hall took her
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "offer")
    assert snapshot(state) == before

    play(state, "end", "draw")
    for _ in range(3):
        pass_turn(state)
    assert state.current == NATASHA
    play(state, "stop", "offer")
    assert state.players[NATASHA].crystals == 0
    assert state.players[NATASHA].offerings == 1
