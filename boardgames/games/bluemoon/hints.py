"""Blue Moon City's judge (``strategy.Evaluator.evaluate``) split into named terms, and the sentences a hint makes
of their gains.

The terms add up to the judge's value exactly: ``offerings``, ``crystals``, ``scales`` (golden scales, by what
they should score), ``hand`` (the cards in hand, unseen ones at a drawn card's mean), ``markers`` (the risk of
running short of markers), ``building:B`` (the seat's markers on unfinished building B, by its bonuses),
``this_turn`` (what the rest of the turn can still bring) and ``next_turn`` (a glance at next turn). A finished
game is one term, ``result``. Sentences name public things (buildings, offerings) and the seat's own
(crystals, scales): never a card of another hand or of the deck.
"""

from __future__ import annotations

from boardgames.core.hints import points
from boardgames.games.bluemoon.log import building_named
from boardgames.games.bluemoon.rules import BlueMoonState
from boardgames.games.bluemoon.strategy import NEXT_TURN, OFFERING, Evaluator, Plan, _final, _Judge, _short, _worth
from boardgames.i18n import N_, _


def terms(state: BlueMoonState, seat: int, evaluator: Evaluator | None = None) -> dict[str, float]:
    """The judge's value for ``seat`` by its parts (``_Judge.value``'s sums, term by term)."""
    if state.current is None:
        return {"result": _final(state, seat)}
    judge = _Judge(state, seat, evaluator if evaluator is not None else Evaluator())
    me = judge.me
    markers_left = state.markers_left(seat)
    parts = {
        "offerings": OFFERING * me.offerings,
        "crystals": float(me.crystals),
        "scales": judge.scales(0),
        "hand": _worth(judge.hand_total(me.hand)),
        "markers": _short(markers_left),
    }
    for b in state.grid:
        if b >= 0 and not state.rebuilt[b] and seat in state.markers[b]:
            parts[f"building:{b}"] = parts.get(f"building:{b}", 0.0) + judge.building_value(b, state.markers[b])
    hand_key = tuple(sorted(me.hand.items()))
    plan: Plan = (me.pos, hand_key, markers_left, None)
    parts["this_turn"] = 0.0
    if state.current == seat:
        parts["this_turn"], plan = judge.this_turn(hand_key, markers_left)
    parts["next_turn"] = NEXT_TURN * judge.next_turn(plan)
    return parts


_SENTENCES = {
    "crystals": N_("It earns you crystals for offerings (about {points})."),
    "scales": N_("It wins golden scales from a dragon (about {points})."),
    "hand": N_("It keeps a stronger hand of cards for the turns to come (about {points})."),
    "markers": N_("It brings markers back to your supply for the contributions to come (about {points})."),
    "this_turn": N_("It sets up a good contribution for the rest of this turn (about {points})."),
    "next_turn": N_("It leaves your figure near buildings your hand can pay next turn (about {points})."),
}


def sentence(name: str, gain: float, before: BlueMoonState, after: BlueMoonState, seat: int) -> str | None:
    """Why the move is good, for the term ``name`` that gained ``gain``."""
    if name == "offerings":
        made = after.players[seat].offerings - before.players[seat].offerings
        if made == 1:
            return _("It makes an offering at the obelisk (about {points}).", points=points(gain))
        return _("It makes {count} offerings at the obelisk (about {points}).", count=made,
                 points=points(gain))
    if name.startswith("building:"):
        building = building_named(before, int(name.partition(":")[2]))
        return _("It puts your marker on the {building}, for its bonuses when it is rebuilt (about {points}).",
                 building=building, points=points(gain))
    if name == "result":
        return _("It wins the game.")
    template = _SENTENCES.get(name)
    return _(template, points=points(gain)) if template else None
