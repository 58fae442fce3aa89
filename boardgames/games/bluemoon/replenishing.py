"""The replenish that ends a turn (rulings 1, 7, 10): ``discard <card>`` (up to 2), then ``draw``, which
brings the cards earned this turn into the hand and passes the turn on (or ends a played-out game)."""

from __future__ import annotations

from typing import Any

from boardgames.core import cards as deck_ops
from boardgames.core.decisions import Decision, Kind, by_trial
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.bluemoon.answers import Move, answer
from boardgames.games.bluemoon.log import label_of, verb
from boardgames.games.bluemoon.pieces import DRAW, MOVE, REPLENISH
from boardgames.games.bluemoon.state import BlueMoonState


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
    answer(state, d.seat, action, _MOVES, _phrase, NOT_NOW, silent=("draw",))


def _discard(state: BlueMoonState, seat: int, *args: Any) -> None:
    if state.discarded >= state.rules.components.max_discard:
        most = state.rules.components.max_discard
        if most == 1:
            raise IllegalAction("You may discard only 1 card; now draw.")
        raise IllegalAction(f"You may discard at most {most} cards; now draw.")
    if len(args) != 1:
        raise IllegalAction("Say which card to discard, such as: discard te1.")
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
NOT_NOW = "Discard up to 2 cards, then draw."


#: why an action is refused now, in the words applying it would use
refusal_replenish = by_trial(apply_replenish)


# -- words ---------------------------------------------------------------------------------------
def prompt_replenish(state: BlueMoonState, d: Decision) -> str:
    name = state.names[d.seat]
    left = state.rules.components.max_discard - state.discarded
    if left == 0:
        return f"{name}: draw to end your turn."
    return f"{name}: you may discard (up to {left} more), then draw."


def label_replenish(state: BlueMoonState, d: Decision, action: Action) -> str:
    return label_of(state, d.seat, action, _phrase)


def draw_line(state: BlueMoonState, seat: int, drawn: list[str]) -> tuple[str, dict[int, str]]:
    """The line of the end-of-turn draw, before the turn passes: the table reads how many cards,
    the drawer also which ones (they are in the drawer's hand on screen anyway)."""
    public = f"{state.names[seat]} {_phrase(state, seat, DRAW, third_person=True)}."
    if not drawn:
        return public, {}
    cards = sorted(drawn)
    listed = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]
    count = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
    return public, {seat: f"{state.names[seat]} draws {count}: {listed}."}


def _phrase(state: BlueMoonState, seat: int, action: Action, third_person: bool) -> str | None:
    if action.name == "discard":
        return f"{verb('discard', third_person)} {action.args[0]}"
    if action.name == "draw":
        drawn = state.discarded + state.rules.components.draw_more
        draws = verb("draw", third_person)
        return f"{draws} 1 card" if drawn == 1 else f"{draws} {drawn} cards"
    return None


KINDS: dict[str, Kind[BlueMoonState]] = {
    REPLENISH: Kind(legal_replenish, apply_replenish, prompt_replenish, label_replenish, refusal=refusal_replenish),
}
