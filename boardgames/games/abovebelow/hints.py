"""Above and Below's judge (``strategy.Evaluator.evaluate``) split into named terms, and the sentences a hint makes
of their gains.

The terms add up to the judge's value exactly: the seat's ``points`` (its score so far), ``coins``, ``income``,
``goods``, ``villagers`` (their actions to come), ``cards`` (symbols that pay later), ``drinks`` (cider and
potions), ``reputation`` (its steps and the ranking bonus), ``caves`` (open cave cards), ``explore`` (the
encounter in progress, by expectation) and ``rivals`` (minus a share of the best rival's worth); while waiting
on a seller's answer to an offer, each term is the mean of its two answers (the judge's even chance).
Sentences name only the seat's own things.
"""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.core.hints import points, templated
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import scoring
from boardgames.games.abovebelow.state import AboveBelowState
from boardgames.games.abovebelow.strategy import (
    ACCEPT,
    DRINK,
    FUTURE_COIN,
    OPEN_CAVE,
    REPUTATION_STEP,
    RIVAL,
    Evaluator,
    _Judge,
)
from boardgames.i18n import N_, _


def _own(judge: _Judge, seat: int) -> dict[str, float]:
    """``_Judge.worth(seat)`` by its parts."""
    state, rules = judge.state, judge.rules
    p = state.players[seat]
    parts = {"points": float(sum(scoring.own_points(rules, p).values()))}
    if judge.over:
        parts["coins"] = 0.001 * p.coins
        return parts
    coin = judge.coin(seat)
    drink = DRINK if judge.left else 0.05
    parts.update({
        "coins": coin * p.coins,
        "income": FUTURE_COIN * fx.income(rules, p) * judge.left,
        "goods": judge.goods_worth(seat),
        "villagers": judge.actions_worth(seat),
        "cards": judge.symbols_worth(seat),
        "drinks": p.cider * (drink + coin * fx.has(rules, p, "cider_as_coin"))
        + p.potions * (drink + coin * fx.has(rules, p, "potion_as_coin")),
        "reputation": REPUTATION_STEP * p.reputation,
        "caves": OPEN_CAVE * min(1.0, judge.left / 2) * len(fx.open_caves(p)),
    })
    return parts


def terms(state: AboveBelowState, seat: int, evaluator: Evaluator | None = None) -> dict[str, float]:
    """The judge's value for ``seat`` by its parts (``_Judge.value``'s sums, term by term)."""
    ev = evaluator if evaluator is not None else Evaluator()
    ev._tables(state)
    top = state.decisions.top
    if top is not None and top.kind == "offer" and top.args[0] == seat:
        # waiting on the seller: either answer by an even chance (``Evaluator.offer_value``), term by term
        accepted, refused = state.clone(), state.clone()
        accepted.apply(Action("accept"))
        refused.apply(Action("refuse"))
        yes, no = _terms(ev, accepted, seat), _terms(ev, refused, seat)
        return {name: ACCEPT * yes.get(name, 0.0) + (1 - ACCEPT) * no.get(name, 0.0) for name in {*yes, *no}}
    return _terms(ev, state, seat)


def _terms(ev: Evaluator, state: AboveBelowState, seat: int) -> dict[str, float]:
    """``_Judge.value`` by its parts."""
    judge = _Judge(ev, state, seat)
    count = len(state.players)
    ranking = scoring.ranking_bonus([p.reputation for p in state.players], judge.comp.reputation.ranking[count])
    explorer = state.current_player
    exploring = not judge.over and state.explore is not None and explorer is not None
    parts = _own(judge, seat)
    parts["reputation"] = parts.get("reputation", 0.0) + ranking[seat]
    parts["explore"] = judge.explore_value() if exploring and explorer == seat else 0.0
    rivals = []
    for other in range(count):
        if other == seat:
            continue
        worth = sum(_own(judge, other).values()) + ranking[other]
        if exploring and explorer == other:
            worth += judge.explore_value()
        rivals.append(worth)
    parts["rivals"] = -(1.0 if judge.over else RIVAL) * max(rivals)
    return parts


_SENTENCES = {
    "coins": N_("It gains coins to spend in the rounds to come (about {points})."),
    "income": N_("It raises your income for the rounds to come (about {points})."),
    "goods": N_("It brings goods towards your progress track (about {points})."),
    "villagers": N_("It gives you more villager actions in the rounds to come (about {points})."),
    "cards": N_("It gains a card whose symbols pay in later rounds (about {points})."),
    "drinks": N_("It stocks cider or potions to refresh your villagers (about {points})."),
    "reputation": N_("It raises your reputation (about {points})."),
    "caves": N_("It opens a cave card, a site for an outpost (about {points})."),
    "explore": N_("It gives your exploring party a good chance at the encounter's rewards (about {points})."),
    "rivals": N_("It holds back your strongest rival (about {points})."),
}


def sentence(name: str, gain: float, before: AboveBelowState, after: AboveBelowState, seat: int) -> str | None:
    """Why the move is good, for the term ``name`` that gained ``gain``."""
    if name == "points":
        return _("It scores {points} now.", points=points(gain))
    return templated(_SENTENCES, name, gain)
