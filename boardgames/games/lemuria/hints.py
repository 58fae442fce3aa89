"""Lemuria's judge (``strategy.evaluate``) split into named terms, and the sentences a hint makes of their gains.

The terms add up to ``strategy.evaluate(state, seat)`` (with nothing unseen: the position as the seat holds it):
the seat's ``vp``, ``resources``, ``matter`` (supply and altar), ``festivals``, ``areas`` (bonuses of the
markers), ``buildings`` (empty ones ready for a citizen), ``hand`` (its citizens), ``trend`` (the pull towards
a trend building it can almost afford), ``food`` (what its citizens will cost), ``impact`` (an Impact card kept)
and ``rivals`` (minus a share of the best rival's public worth). A sentence names only the seat's own things
and public ones: never a card of another hand.
"""

from __future__ import annotations

from boardgames.core.hints import templated
from boardgames.games.lemuria.rules import LemuriaState
from boardgames.games.lemuria.strategy import (
    FOOD_NEED,
    HAND_SHARE,
    IMPACT_CARD,
    RIVAL,
    _Judge,
    _resource_value,
    _turns_left,
)
from boardgames.i18n import N_, n_


def _public(judge: _Judge, seat: int, occupied: list[dict[str, int]]) -> dict[str, float]:
    """``_Judge.public_worth`` by its parts."""
    player = judge.state.players[seat]
    if judge.over:
        return {"vp": float(player.vp)}
    turns = _turns_left(judge.state, seat)
    res = _resource_value(turns)
    parts = {
        "vp": float(player.vp),
        "resources": res * sum(player.resources.values()),
        "matter": judge.matter_worth(seat, res, turns),
        "festivals": judge.festivals_worth(seat, occupied),
        "areas": judge.areas_worth(seat, res),
        "buildings": 0.0,
    }
    if turns > 0:
        empty = sum(1 for o in player.buildings if o.citizen is None)
        parts["buildings"] = min(empty, len(player.hand) + turns // 2) * (1.0 + 0.5 * judge.festival_weight)
    return parts


def terms(state: LemuriaState, seat: int) -> dict[str, float]:
    """``strategy.evaluate(state, seat)`` by its parts (``_Judge.value``'s sums, term by term)."""
    judge = _Judge(state, seat, None)
    occupied = [judge.occupied(s) for s in range(len(state.players))]
    parts = _public(judge, seat, occupied)
    if not judge.over:
        turns = _turns_left(state, seat)
        res = _resource_value(turns)
        parts["hand"] = judge.hand_worth(turns, res)
        parts["trend"] = judge.build_pull(res, turns)
        parts["food"] = 0.0
        if turns > 0:
            food = state.players[seat].resources.get("food", 0)
            parts["food"] = FOOD_NEED * min(food, judge.food_need())
        player = state.players[seat]
        parts["impact"] = IMPACT_CARD if state.impact_left and player.impact is None and turns >= 2 else 0.0
    rivals = []
    for other in range(len(state.players)):
        if other == seat:
            continue
        worth = sum(_public(judge, other, occupied).values())
        if not judge.over and _turns_left(state, other) > 0:
            worth += HAND_SHARE * 2.5 * len(state.players[other].hand)
        rivals.append(worth)
    parts["rivals"] = -RIVAL * max(rivals) - (0.0 if judge.over else 0.1 * sum(rivals) / len(rivals))
    return parts


_SENTENCES = {  # translated where shown (core.hints.templated)
    "resources": N_("It gains resources worth about {points} while you still have turns to spend them."),
    "matter": N_("It puts matter to work in your supply and on the altar (about {points})."),
    "festivals": N_("It strengthens your occupied buildings for the festivals to come (about {points})."),
    "areas": N_("It places markers that should earn area bonuses in the months to come (about {points})."),
    "buildings": N_("It gives you an empty building ready to house a citizen (about {points})."),
    "hand": N_("It improves the citizens in your hand (about {points})."),
    "trend": N_("It brings a building of the trend line within your reach (about {points})."),
    "food": N_("It gathers the food your citizens will cost (about {points})."),
    "impact": N_("It keeps your Impact card for a better moment (about {points})."),
    "rivals": N_("It holds back your strongest rival (about {points})."),
}


def sentence(name: str, gain: float, before: LemuriaState, after: LemuriaState, seat: int) -> str | None:
    """Why the move is good, for the term ``name`` that gained ``gain``."""
    if name == "vp":
        vp = after.players[seat].vp - before.players[seat].vp
        return n_("It scores {n} victory point now.", "It scores {n} victory points now.", vp)
    return templated(_SENTENCES, name, gain)
