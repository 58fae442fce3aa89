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
from boardgames.games.bluemoon.log import dragon_colour, label_of, tile_label
from boardgames.games.bluemoon.pieces import ACT, GRID, MOVE, OFF, STOP, is_card, people_of, value_of
from boardgames.games.bluemoon.state import BlueMoonState
from boardgames.i18n import N_, _, n_


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
    answer(state, d.seat, action, _MOVES, _phrase, _(NOT_NOW))


def _go(state: BlueMoonState, seat: int, *args: Any) -> None:
    if len(args) != 1:
        raise IllegalAction(_("Say where to go, such as: go c2."))
    me = state.players[seat]
    cell = state.tile(args[0], "go")
    dist = dict(state.reach_from(me.pos, state.steps)).get(cell)
    if dist is None:
        raise IllegalAction(n_("{cell} is not within the {n} step you have left.",
                               "{cell} is not within your {n} steps left.", state.steps, cell=GRID.name(cell)))
    me.pos = cell
    state.steps -= dist


def _play(state: BlueMoonState, seat: int, *args: Any) -> None:
    if not args:
        raise IllegalAction(_("Say which card to play, such as: play ve2."))
    card = args[0]
    if not is_card(card) or people_of(card) not in state.rules.people:
        raise IllegalAction(_("{card} is not a card.", card=card))
    people = state.rules.people[people_of(card)]
    value = value_of(card)
    me = state.players[seat]
    if people.power == "fly" and value == 1:
        _one_target(args, "play ve1 b2")
        cell = state.tile(args[1], "fly")
        if cell == me.pos:
            raise IllegalAction(_("You are already there."))
        state.take_card(seat, card)
        me.pos = cell
    elif people.power == "fly" and value == 2:
        if len(args) != 1:
            raise IllegalAction(_("A Venti 2 needs no target."))
        state.take_card(seat, card)
        state.steps += state.rules.components.fly_steps
    elif people.power == "dragon" and value in (1, 2):
        _one_target(args, f"play {card} c2")
        _move_dragon(state, seat, card, args[1])
    else:
        raise IllegalAction(_("{card} has no power to play while moving.", card=card))
    deck_ops.add(state.discard, card)


def _move_dragon(state: BlueMoonState, seat: int, card: str, to: Any) -> None:
    """A Vulca, Terrah or Aqua card puts its dragon on a tile or off the city (1) or moves it (2)."""
    people = state.rules.people[people_of(card)]
    d = DRAGONS.index(people.dragon)
    where = state.dragons[d]
    if value_of(card) == 1:
        target = OFF if to == "off" else state.tile(to, "dragon")
        if target == where:
            raise IllegalAction(_("The {dragon} dragon is already there.", dragon=dragon_colour(people.dragon)))
    else:
        if where == OFF:
            raise IllegalAction(_("The {dragon} dragon is not in the city yet; a value 1 card brings it in.",
                                  dragon=dragon_colour(people.dragon)))
        target = state.tile(to, "dragon")
        dist = dict(state.reach_from(where, state.rules.components.dragon_steps)).get(target)
        if not dist:
            raise IllegalAction(_("The {dragon} dragon can move only 1 to {most} steps.",
                                  dragon=dragon_colour(people.dragon), most=state.rules.components.dragon_steps))
    state.take_card(seat, card)
    state.dragons[d] = target


def _one_target(args: tuple[Any, ...], example: str) -> None:
    if len(args) != 2:
        raise IllegalAction(_("This card needs one target, such as: {example}.", example=example))


def _stop(state: BlueMoonState, seat: int) -> None:
    state.decisions.replace(Decision(ACT, seat))


_MOVES: dict[str, Move] = {"go": _go, "play": _play, "stop": _stop}

#: the refusal of a move made at another point of the turn
NOT_NOW = N_("You are moving now: go to a tile, play a power, or stop.")


#: why an action is refused now, in the words applying it would use
refusal_move = by_trial(apply_move)


# -- words ---------------------------------------------------------------------------------------
def prompt_move(state: BlueMoonState, d: Decision) -> str:
    return _("{name}: move or play a power, then stop (steps left: {n}).", name=state.names[d.seat], n=state.steps)


def label_move(state: BlueMoonState, d: Decision, action: Action) -> str:
    return label_of(state, d.seat, action, _phrase)


def _phrase(state: BlueMoonState, seat: int, action: Action, log: bool) -> str | None:
    name, args = action.name, action.args
    who = state.names[seat]
    if name == "go":
        tile = tile_label(state, args[0])
        return _("{name} moves to {tile}.", name=who, tile=tile) if log else _("Move to {tile}", tile=tile)
    if name == "stop":
        tile = tile_label(state, GRID.name(state.players[seat].pos))
        return _("{name} stops on {tile}.", name=who, tile=tile) if log else _("Stop on {tile}", tile=tile)
    if name != "play":
        return None
    card = args[0]
    if people_of(card) in ("vu", "te", "aq"):
        dragon = dragon_colour(state.rules.people[people_of(card)].dragon)
        if args[1] == "off":
            if log:
                return _("{name} plays {card}: the {dragon} dragon goes beside the city.", name=who, card=card,
                         dragon=dragon)
            return _("Play {card}: the {dragon} dragon goes beside the city", card=card, dragon=dragon)
        tile = tile_label(state, args[1])
        if log:
            return _("{name} plays {card}: the {dragon} dragon goes to {tile}.", name=who, card=card, dragon=dragon,
                     tile=tile)
        return _("Play {card}: the {dragon} dragon goes to {tile}", card=card, dragon=dragon, tile=tile)
    if card == "ve1":
        tile = tile_label(state, args[1])
        if log:
            return _("{name} plays ve1 and flies to {tile}.", name=who, tile=tile)
        return _("Play ve1 and fly to {tile}", tile=tile)
    if card == "ve2":
        steps = state.rules.components.fly_steps
        if log:
            return n_("{name} plays ve2 for {n} more step.", "{name} plays ve2 for {n} more steps.", steps, name=who)
        return n_("Play ve2 for {n} more step", "Play ve2 for {n} more steps", steps)
    return None


KINDS: dict[str, Kind[BlueMoonState]] = {
    MOVE: Kind(legal_move, apply_move, prompt_move, label_move, refusal=refusal_move),
}
