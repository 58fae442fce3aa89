"""The replenish that ends a turn (rulings 1, 7, 10): ``discard <card>`` (up to 2), then ``draw``, which
brings the cards earned this turn into the hand and passes the turn on (or ends a played-out game)."""

from __future__ import annotations

from typing import Any

from boardgames.core import cards as deck_ops
from boardgames.core.decisions import Decision, Kind, by_trial
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.bluemoon.answers import Move, answer
from boardgames.games.bluemoon.log import label_of
from boardgames.games.bluemoon.pieces import DRAW, MOVE, REPLENISH
from boardgames.games.bluemoon.state import BlueMoonState
from boardgames.i18n import N_, _, n_


# -- what may be done ----------------------------------------------------------------------------
def legal_replenish(state: BlueMoonState, d: Decision) -> list[Action]:
    hand = state.players[d.seat].hand
    actions: list[Action] = []
    if state.discarded < state.rules.components.max_discard:
        actions = [Action("discard", (card,)) for card in sorted(hand)]
    actions.append(DRAW)
    return actions


# -- doing it ------------------------------------------------------------------------------------
def apply_replenish(state: BlueMoonState, d: Decision, action: Action) -> None:
    answer(state, d.seat, action, _MOVES, _phrase, _(NOT_NOW), silent=("draw",))


def _discard(state: BlueMoonState, seat: int, *args: Any) -> None:
    if state.discarded >= state.rules.components.max_discard:
        most = state.rules.components.max_discard
        raise IllegalAction(n_("You may discard only {n} card; now draw.",
                               "You may discard at most {n} cards; now draw.", most))
    if len(args) != 1:
        raise IllegalAction(_("Say which card to discard, such as: discard te1."))
    card = state.take_card(seat, args[0])
    deck_ops.add(state.discard, card)
    state.discarded += 1


def _draw(state: BlueMoonState, seat: int) -> None:
    me = state.players[seat]
    count = state.discarded + state.rules.components.draw_more
    drawn = deck_ops.draw(state.deck, state.discard, count, state.rng)
    for card in drawn:
        deck_ops.add(me.hand, card)
    if state.keeps_log:
        state.emit(*draw_line(state, seat, drawn))
    for card, n in me.pending.items():
        deck_ops.add(me.hand, card, n)
    me.pending = {}
    _next_turn(state, seat)


def _next_turn(state: BlueMoonState, seat: int) -> None:
    state.turn += 1
    if state.all_rebuilt() and not any(state.can_offer(s) for s in range(len(state.players))):
        state.finish("played_out")
        return
    state.decisions.replace(Decision(MOVE, (seat + 1) % len(state.players)))
    state.steps = state.rules.components.movement
    state.contributed = state.offered = state.pillar_ready = state.extra_used = state.jumped = False
    state.discarded = 0


_MOVES: dict[str, Move] = {"discard": _discard, "draw": _draw}

#: the refusal of a move made at another point of the turn
NOT_NOW = N_("Discard up to 2 cards, then draw.")


#: why an action is refused now, in the words applying it would use
refusal_replenish = by_trial(apply_replenish)


# -- words ---------------------------------------------------------------------------------------
def prompt_replenish(state: BlueMoonState, d: Decision) -> str:
    name = state.names[d.seat]
    left = state.rules.components.max_discard - state.discarded
    if left == 0:
        return _("{name}: draw to end your turn.", name=name)
    return n_("{name}: you may discard (up to {n} more), then draw.",
              "{name}: you may discard (up to {n} more), then draw.", left, name=name)


def label_replenish(state: BlueMoonState, d: Decision, action: Action) -> str:
    return label_of(state, d.seat, action, _phrase)


def draw_line(state: BlueMoonState, seat: int, drawn: list[str]) -> tuple[str, dict[int, str]]:
    """The line of the end-of-turn draw, before the turn passes: the table reads how many cards,
    the drawer also which ones (they are in the drawer's hand on screen anyway)."""
    public = _phrase(state, seat, DRAW, log=True) or ""
    if not drawn:
        return public, {}
    cards = sorted(drawn)
    if len(cards) == 1:
        private = _("{name} draws 1 card: {card}.", name=state.names[seat], card=cards[0])
    else:
        private = n_("{name} draws {n} card: {cards} and {last}.", "{name} draws {n} cards: {cards} and {last}.",
                     len(cards), name=state.names[seat], cards=", ".join(cards[:-1]), last=cards[-1])
    return public, {seat: private}


def _phrase(state: BlueMoonState, seat: int, action: Action, log: bool) -> str | None:
    who = state.names[seat]
    if action.name == "discard":
        card = action.args[0]
        return _("{name} discards {card}.", name=who, card=card) if log else _("Discard {card}", card=card)
    if action.name == "draw":
        drawn = state.discarded + state.rules.components.draw_more
        if log:
            return n_("{name} draws {n} card.", "{name} draws {n} cards.", drawn, name=who)
        return n_("Draw {n} card", "Draw {n} cards", drawn)
    return None


KINDS: dict[str, Kind[BlueMoonState]] = {
    REPLENISH: Kind(legal_replenish, apply_replenish, prompt_replenish, label_replenish, refusal=refusal_replenish),
}
