"""Above and Below's final scoring (rulings 7, 17, 18): small pure functions of the tables and the players."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core.engine import Result
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow.data import Rules
from boardgames.games.abovebelow.pieces import Player
from boardgames.i18n import N_, _

CATEGORIES = ("Progress track", "Buildings", "Printed VP", "Card bonuses", "Reputation", "Reputation ranking")
#: the categories as the result screen shows them, for the catalogue (the keys above stay English)
SHOWN_CATEGORIES = (N_("Progress track"), N_("Buildings"), N_("Printed VP"), N_("Card bonuses"), N_("Reputation"),
                    N_("Reputation ranking"))


def track_vp(rules: Rules, player: Player) -> int:
    """Each good on the progress track scores its stack's space (ruling 7)."""
    spaces = rules.components.progress.spaces
    return sum(count * spaces[i][0] for i, (_good, count) in enumerate(player.track))


def card_bonuses(rules: Rules, player: Player) -> int:
    """``vp_per`` bonuses (supply, track and for-sale only, ruling 17) and ``vp_per_empty_cave``."""
    points = 0
    for card in player.buildings:
        e = rules.building[card].effects
        if e.vp_per is not None:
            points += e.vp_per.points * sum(fx.vp_things(rules, player, t) for t in e.vp_per.things)
        points += e.vp_per_empty_cave * len(fx.open_caves(player))
    return points


def ranking_bonus(reputations: Sequence[int], bonuses: Sequence[int]) -> list[int]:
    """The reputation ranking bonus (ruling 17): places paid ``bonuses`` (5/3/2, or 3 for two players), the rest
    0; tied players share the sum of their places, divided and rounded up."""
    order = sorted(range(len(reputations)), key=lambda s: -reputations[s])
    result = [0] * len(reputations)
    place = 0
    while place < len(order):
        tied = [s for s in order if reputations[s] == reputations[order[place]]]
        paid = sum(bonuses[p] for p in range(place, place + len(tied)) if p < len(bonuses))
        share = -(-paid // len(tied))
        for seat in tied:
            result[seat] = share
        place += len(tied)
    return result


def own_points(rules: Rules, player: Player) -> dict[str, int]:
    """A player's points by category, without the reputation ranking (which compares players)."""
    return {
        "Progress track": track_vp(rules, player),
        "Buildings": len(player.buildings),
        "Printed VP": sum(rules.building[c].effects.vp for c in player.buildings),
        "Card bonuses": card_bonuses(rules, player),
        "Reputation": rules.components.reputation.vp[player.reputation],
    }


def breakdown(rules: Rules, players: Sequence[Player]) -> list[dict[str, int]]:
    """Every seat's points by category (the final score is their sum)."""
    rep = rules.components.reputation
    ranking = ranking_bonus([p.reputation for p in players], rep.ranking[len(players)])
    return [{**own_points(rules, p), "Reputation ranking": ranking[seat]} for seat, p in enumerate(players)]


def result(rules: Rules, players: Sequence[Player]) -> Result:
    """Scores, breakdown and ranks; ties go to the most coins, then the most buildings (ruling 7)."""
    rows = breakdown(rules, players)
    scores = [sum(row.values()) for row in rows]
    keys = [(scores[s], players[s].coins, len(players[s].buildings)) for s in range(len(players))]
    ranks = [1 + sum(other > keys[s] for other in keys) for s in range(len(players))]
    tiebreak = ""
    if len(set(scores)) < len(scores):
        tied = [s for s in range(len(scores)) if scores.count(scores[s]) > 1]
        if len({keys[s][:2] for s in tied}) < len(tied):
            tiebreak = _("Tied players are ranked by their coins, then by their buildings.")
        else:
            tiebreak = _("Tied players are ranked by their coins.")
    return Result(scores=scores, breakdown=rows, ranks=ranks, tiebreak=tiebreak)
