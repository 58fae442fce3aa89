"""Ratings per player and game with openskill's Plackett-Luce model (free-for-all, 2 to 4 seats, ties shared).

A bot kind that sits at several seats of one game (greedy against greedy) is one player: it is rated once, with
the mean of its seats' updates, so playing itself neither lifts nor sinks it by more than one game's worth.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from boardgames.history.model import Rating


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def initial() -> Rating:
    """A player's rating before their first game of a kind."""
    model = _model()
    return Rating(model.mu, model.sigma)


def rate(players: Sequence[str], before: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """Each seat's rating after a game: ``players`` are the seats' keys, ``before`` their ratings going in and
    ``ranks`` their places (1 = first, ties share). A game of fewer than two different players changes nothing."""
    if len(set(players)) < 2:
        return list(before)
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = model.rate(teams, ranks=list(ranks))
    after = [Rating(team[0].mu, team[0].sigma) for team in rated]
    merged: dict[str, Rating] = {}
    for key in set(players):
        seats = [seat for seat, player in enumerate(players) if player == key]
        if len(seats) == 1:
            merged[key] = after[seats[0]]
            continue
        start = before[seats[0]]
        mu = start.mu + sum(after[s].mu - start.mu for s in seats) / len(seats)
        sigma = start.sigma + sum(after[s].sigma - start.sigma for s in seats) / len(seats)
        merged[key] = Rating(mu, sigma)
    return [merged[key] for key in players]
