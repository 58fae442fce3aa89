"""Moving, a turn's first part (ruling 1): ``go <cell>`` (a tile within the steps left), the movement powers
(ruling 4: ``play ve1 <cell>``, ``play ve2``, ``play vu1|te1|aq1 <cell|off>``, ``play vu2|te2|aq2 <cell>``),
and ``stop``, which hands the turn to acting on the tile reached."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardgames.core import cards as deck_ops
from boardgames.core.decisions import Decision, Kind, by_trial
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.bluemoon.answers import Move, answer
from boardgames.games.bluemoon.data import DRAGONS
from boardgames.games.bluemoon.log import label_of, tile_label, verb
from boardgames.games.bluemoon.pieces import ACT, GRID, MOVE, OFF, STOP, is_card, people_of, value_of
from boardgames.games.bluemoon.state import BlueMoonState


# -- what may be done ----------------------------------------------------------------------------
def legal_move(state: BlueMoonState, d: Decision) -> list[Action]:
    me = state.players[d.seat]
    hand = me.hand
    actions = [_act("go", GRID.name(c)) for c, _ in state.reach_from(me.pos, state.steps)]
    if hand.get("ve1"):
        here = GRID.name(me.pos)
        actions += [a for a in _target_actions(state, "ve1") if a.args[1] != here]
    if hand.get("ve2"):
        actions.append(_act("play", "ve2"))
    for dragon, colour in enumerate(DRAGONS):
        people = state.rules.dragon_people[colour]
        where = state.dragons[dragon]
        if hand.get(f"{people}1"):
            if where == OFF:
                actions += _target_actions(state, f"{people}1")
            else:
                here = GRID.name(where)
                actions += [a for a in _target_actions(state, f"{people}1") if a.args[1] != here]
                actions.append(_act("play", f"{people}1", "off"))
        if hand.get(f"{people}2") and where != OFF:
            actions += [_act("play", f"{people}2", GRID.name(c))
                        for c, _ in state.reach_from(where, state.rules.components.dragon_steps)]
    actions.append(STOP)
    return actions


def _target_actions(state: BlueMoonState, card: str) -> list[Action]:
    """``play <card> <tile>`` for every tile, built once per city."""
    return list(_targets(card, tuple(state.tile_names())))


@lru_cache(maxsize=4096)
def _act(name: str, *args: Any) -> Action:
    """A shared Action object: legal lists are rebuilt often and actions never change."""
    return Action(name, args)


@lru_cache(maxsize=256)
def _targets(card: str, names: tuple[str, ...]) -> tuple[Action, ...]:
    """Cached, so a tuple: callers copy it into their own list."""
    return tuple(_act("play", card, name) for name in names)


# -- doing it ------------------------------------------------------------------------------------
def apply_move(state: BlueMoonState, d: Decision, action: Action) -> None:
    answer(state, d.seat, action, _MOVES, _phrase, NOT_NOW)


def _go(state: BlueMoonState, seat: int, *args: Any) -> None:
    if len(args) != 1:
        raise IllegalAction("Say where to go, such as: go c2.")
    me = state.players[seat]
    cell = state.tile(args[0], "The place to go")
    dist = dict(state.reach_from(me.pos, state.steps)).get(cell)
    if dist is None:
        if state.steps == 1:
            raise IllegalAction(f"{GRID.name(cell)} is not within the 1 step you have left.")
        raise IllegalAction(f"{GRID.name(cell)} is not within your {state.steps} steps left.")
    me.pos = cell
    state.steps -= dist


def _play(state: BlueMoonState, seat: int, *args: Any) -> None:
    if not args:
        raise IllegalAction("Say which card to play, such as: play ve2.")
    card = args[0]
    if not is_card(card) or people_of(card) not in state.rules.people:
        raise IllegalAction(f"{card} is not a card.")
    people = state.rules.people[people_of(card)]
    value = value_of(card)
    me = state.players[seat]
    if people.power == "fly" and value == 1:
        _one_target(args, "play ve1 b2")
        cell = state.tile(args[1], "The place to fly to")
        if cell == me.pos:
            raise IllegalAction("You are already there.")
        state.take_card(seat, card)
        me.pos = cell
    elif people.power == "fly" and value == 2:
        if len(args) != 1:
            raise IllegalAction("A Venti 2 needs no target.")
        state.take_card(seat, card)
        state.steps += state.rules.components.fly_steps
    elif people.power == "dragon" and value in (1, 2):
        _one_target(args, f"play {card} c2")
        _move_dragon(state, seat, card, args[1])
    else:
        raise IllegalAction(f"{card} has no power to play while moving.")
    deck_ops.add(state.discard, card)


def _move_dragon(state: BlueMoonState, seat: int, card: str, to: Any) -> None:
    """A Vulca, Terrah or Aqua card puts its dragon on a tile or off the city (1) or moves it (2)."""
    people = state.rules.people[people_of(card)]
    d = DRAGONS.index(people.dragon)
    where = state.dragons[d]
    if value_of(card) == 1:
        target = OFF if to == "off" else state.tile(to, "The dragon's place")
        if target == where:
            raise IllegalAction(f"The {people.dragon} dragon is already there.")
    else:
        if where == OFF:
            raise IllegalAction(
                f"The {people.dragon} dragon is not in the city yet; a value 1 card brings it in.")
        target = state.tile(to, "The dragon's place")
        dist = dict(state.reach_from(where, state.rules.components.dragon_steps)).get(target)
        if not dist:
            raise IllegalAction(f"The {people.dragon} dragon can move only 1 to "
                                f"{state.rules.components.dragon_steps} steps.")
    state.take_card(seat, card)
    state.dragons[d] = target


def _one_target(args: tuple[Any, ...], example: str) -> None:
    if len(args) != 2:
        raise IllegalAction(f"This card needs one target, such as: {example}.")


def _stop(state: BlueMoonState, seat: int) -> None:
    state.decisions.replace(Decision(ACT, seat))


_MOVES: dict[str, Move] = {"go": _go, "play": _play, "stop": _stop}

#: the refusal of a move made at another point of the turn
NOT_NOW = "You are moving now: go to a tile, play a power, or stop."


#: why an action is refused now, in the words applying it would use
refusal_move = by_trial(apply_move)


# -- words ---------------------------------------------------------------------------------------
def prompt_move(state: BlueMoonState, d: Decision) -> str:
    return f"{state.names[d.seat]}: move or play a power, then stop (steps left: {state.steps})."


def label_move(state: BlueMoonState, d: Decision, action: Action) -> str:
    return label_of(state, d.seat, action, _phrase)


def _phrase(state: BlueMoonState, seat: int, action: Action, third_person: bool) -> str | None:
    name, args = action.name, action.args
    if name == "go":
        return f"{verb('move', third_person)} to {tile_label(state, args[0])}"
    if name == "stop":
        return f"{verb('stop', third_person)} on {tile_label(state, GRID.name(state.players[seat].pos))}"
    if name != "play":
        return None
    play = verb("play", third_person)
    if people_of(args[0]) in ("vu", "te", "aq"):
        colour = state.rules.people[people_of(args[0])].dragon
        place = "beside the city" if args[1] == "off" else f"to {tile_label(state, args[1])}"
        return f"{play} {args[0]}: the {colour} dragon goes {place}"
    if args[0] == "ve1":
        return f"{play} ve1 and {verb('fly', third_person)} to {tile_label(state, args[1])}"
    if args[0] == "ve2":
        steps = state.rules.components.fly_steps
        return f"{play} ve2 for 1 more step" if steps == 1 else f"{play} ve2 for {steps} more steps"
    return None


KINDS: dict[str, Kind[BlueMoonState]] = {
    MOVE: Kind(legal_move, apply_move, prompt_move, label_move, refusal=refusal_move),
}
