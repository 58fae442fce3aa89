"""Lemuria's star altar: planting, harvest shares (ruling 3), growth (ruling 11), the turning tile."""

from __future__ import annotations

import pytest

from boardgames.games.lemuria.altar import MINERAL, VEGETABLE, Altar, Share
from boardgames.games.lemuria.data import shared_rules

BLUE, RED, GREEN = 0, 1, 2


def altar() -> Altar:
    """The altar of the tables: sections of 3, 2, 4, 3, 2, 3, 4, 2, 3 spaces; slot 0 food / gold, slot 1
    cloth / brick, slot 2 wood / stone, slot 8 wood / brick."""
    return Altar(shared_rules().components.altar)


def test_the_altar_has_26_spaces_in_9_sections():
    a = altar()
    assert len(a.sections) == 9 and sum(s.size for s in a.sections) == 26


def test_example_blue_harvests_a_full_mineral_section_and_red_shares_in_gold():
    """The rulebook's harvest picture: blue harvests a full mineral section where red also has matter; the tile
    shows gold there. Section 2 of 4 spaces turned to slot 0 (gold): blue 1, red 1, fillers 2."""
    a = altar()
    a.turn(2)  # slot 0 (food / gold) now lies over section 2
    assert a.resource(2, MINERAL) == "gold"
    a.plant(2, BLUE, MINERAL)
    a.plant(2, RED, MINERAL)
    a.add_filler(2)
    a.add_filler(2)
    assert a.harvestable(BLUE) == [2] and a.harvestable(RED) == [2]
    shares = a.harvest(2, BLUE)
    # blue: its 1 + all 2 fillers; red: its 1 + half of 2 fillers
    assert shares == [Share(BLUE, "gold", 3, 1), Share(RED, "gold", 2, 1)]
    assert a.sections[2].used == 0 and a.sections[2].kind is None  # matter home, fillers to the supply


def test_ruling_3_other_owners_get_half_the_fillers_rounded_down():
    a = altar()
    a.plant(2, GREEN, VEGETABLE, 1)
    a.plant(2, RED, VEGETABLE, 1)
    a.add_filler(2)
    a.plant(2, GREEN, VEGETABLE)  # 4 spaces: green 2, red 1, 1 filler
    shares = {s.seat: s for s in a.shares(2, RED)}
    assert shares[RED].amount == 1 + 1 and shares[GREEN].amount == 2 + 0  # 1 filler halves to 0
    assert shares[RED].resource == "wood"  # slot 2, vegetable


def test_a_section_holds_one_kind_of_player_matter_and_fillers_fit_any():
    a = altar()
    a.add_filler(0)
    a.plant(0, BLUE, VEGETABLE)
    assert 0 not in a.plantable(MINERAL) and 0 in a.plantable(VEGETABLE)
    with pytest.raises(ValueError):
        a.plant(0, RED, MINERAL)
    a.plant(0, RED, VEGETABLE)
    assert a.sections[0].full and 0 not in a.plantable(VEGETABLE)
    with pytest.raises(ValueError):
        a.plant(0, RED, VEGETABLE)


def test_only_a_full_section_with_your_matter_can_be_harvested():
    a = altar()
    a.plant(1, BLUE, MINERAL)
    assert a.harvestable(BLUE) == []  # 1 of 2 spaces
    a.add_filler(1)
    assert a.harvestable(BLUE) == [1] and a.harvestable(RED) == []
    with pytest.raises(ValueError):
        a.harvest(1, RED)


def test_ruling_11_growth_adds_one_filler_where_there_is_room_and_a_players_matter():
    a = altar()
    a.plant(0, BLUE, VEGETABLE)  # room left: grows
    a.plant(1, RED, MINERAL, 2)  # full: does not grow
    a.add_filler(3)  # only a filler: does not grow
    assert a.grow() == [0]
    assert a.sections[0].fillers == 1 and a.sections[1].fillers == 0 and a.sections[3].fillers == 1


def test_the_tile_turns_either_way_and_wraps():
    a = altar()
    assert a.resource(0, VEGETABLE) == "food" and a.resource(0, MINERAL) == "gold"
    a.turn(1)  # slot 8 is now over section 0
    assert a.resource(0, VEGETABLE) == "wood" and a.resource(0, MINERAL) == "brick"
    a.turn(-2)  # slot 1
    assert a.resource(0, MINERAL) == "brick" and a.slot_over(0) == 1
    a.turn(10)
    assert a.slot_over(0) == 0


def test_taking_matter_back_frees_the_section_for_the_other_kind():
    a = altar()
    a.plant(4, BLUE, MINERAL)
    assert a.take_back(4, BLUE) == MINERAL
    assert a.sections[4].kind is None and 4 in a.plantable(VEGETABLE)
    with pytest.raises(ValueError):
        a.take_back(4, BLUE)


def test_json_and_clone_are_faithful_and_independent():
    a = altar()
    a.turn(3)
    a.plant(2, BLUE, MINERAL, 2)
    a.add_filler(2)
    copy = Altar.from_json(a.to_json(), a.table)
    assert copy.to_json() == a.to_json()
    clone = a.clone()
    clone.plant(2, RED, MINERAL)
    assert a.sections[2].matter == {BLUE: 2} and clone.sections[2].matter == {BLUE: 2, RED: 1}
    assert a.matter_of(BLUE) == {VEGETABLE: 0, MINERAL: 2}
    a.check()
    clone.check()
