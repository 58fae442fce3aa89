"""Final scoring (rulings 7, 17): categories, reputation position and ranking with shared ties, tie-breaks."""

from __future__ import annotations

from boardgames.games.abovebelow.pieces import Player
from boardgames.games.abovebelow.scoring import breakdown, card_bonuses, ranking_bonus, result, track_vp
from tests.games.abovebelow.helpers import RULES


def player(**kw) -> Player:
    return Player(**{"name": "P", "coins": 0, **kw})


def test_ruling_7_track_goods_score_their_stacks_space():
    p = player(track=[["fish", 2], ["ore", 1], ["fruit", 4]])  # spaces 1, 1, 2 VP a good
    assert track_vp(RULES, p) == 2 * 1 + 1 * 1 + 4 * 2


def test_ruling_7_one_point_per_building_the_starting_house_and_outposts_not_empty_caves():
    p = player(buildings=["s01", "h01", "o04"], caves=[["c01", "o04"], ["c02", None]])
    row = breakdown(RULES, [p, player()])[0]
    assert row["Buildings"] == 3


def test_ruling_17_vp_per_counts_supply_track_and_for_sale_never_goods_on_cards():
    p = player(buildings=["k01"], potions=2, goods={"ore": 1}, track=[["ore", 2]], for_sale="ore",
               card_goods={"o01": {"ore": 1}})
    assert card_bonuses(RULES, p) == 2 * (2 + 1 + 2 + 1)


def test_ruling_17_vp_per_house_counts_every_house_kind_not_outposts():
    p = player(buildings=["s01", "h01", "t02", "k02", "o04"])  # Mansion: 1 a house
    assert card_bonuses(RULES, p) == 4


def test_ruling_17_vp_per_villager_counts_every_villager_and_coin5_per_five():
    p = player(buildings=["k03", "k04"], ready=["a"], exhausted=["b"], injured=["c"], coins=14)
    assert card_bonuses(RULES, p) == 3 + 2


def test_ruling_17_ranking_bonus_ties_share_the_sum_rounded_up():
    assert ranking_bonus([4, 2, 0], [5, 3, 2]) == [5, 3, 2]
    assert ranking_bonus([4, 4, 0], [5, 3, 2]) == [4, 4, 2]
    assert ranking_bonus([1, 1, 1], [5, 3, 2]) == [4, 4, 4]
    assert ranking_bonus([1, 1, 1, 0], [5, 3, 2]) == [4, 4, 4, 0]  # unpaid places score 0
    assert ranking_bonus([2, 2], [3]) == [2, 2]
    assert ranking_bonus([3, 2], [3]) == [3, 0]


def test_ruling_17_reputation_position_points():
    rows = breakdown(RULES, [player(reputation=-3), player(reputation=8)])
    assert rows[0]["Reputation"] == -2 and rows[1]["Reputation"] == 4
    assert rows[1]["Reputation ranking"] == 3 and rows[0]["Reputation ranking"] == 0


def test_ruling_7_ties_go_to_coins_then_buildings():
    a = player(coins=3, buildings=["s01", "h01"])
    b = player(coins=3, buildings=["s02"], track=[["fish", 1]])
    c = player(coins=5, buildings=["s03"], track=[["fish", 1]])
    res = result(RULES, [a, b, c])
    assert res.scores[0] == res.scores[1] == res.scores[2]
    assert res.ranks == [2, 3, 1] and "coins" in res.tiebreak and "buildings" in res.tiebreak
    assert all(sum(row.values()) == score for row, score in zip(res.breakdown, res.scores))
