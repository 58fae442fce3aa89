"""A turn's menu (ruling 14): plant or harvest once, build or reform once, citizens, buys, swaps and the
Impact card in any order, then end. Each move's own work lives with its part of the turn (``planting.py``,
``builds.py``, ``citizens.py``); using the Impact card and ending the turn live here."""

from __future__ import annotations

from collections.abc import Callable

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.lemuria import builds, citizens, months, planting, powers
from boardgames.games.lemuria.state import BUILD_MOVES, MAX_BUILDINGS, TURN, LemuriaState
from boardgames.i18n import N_, _


def legal_turn(state: LemuriaState, d: Decision) -> list[Action]:
    seat, flags, player = d.seat, state.flags, state.players[d.seat]
    acts: list[Action] = []
    if not flags.planted_or_harvested:
        if state.can_plant(seat):
            acts.append(Action("plant"))
        if state.can_harvest(seat):
            acts.append(Action("harvest"))
    elif flags.extra_plants and state.can_plant(seat, altar_only=True):
        acts.append(Action("plant"))
    if (not flags.built or flags.extra_builds) and len(player.buildings) < MAX_BUILDINGS:
        acts += [Action("build", (pos, *removed)) for pos, removed in state.build_offers(seat)]
    if not flags.built and state.round >= state.comp.calendar.reform_from:
        for index in range(len(player.buildings)):
            acts += [Action("reform", (index + 1, pos, *removed))
                     for pos, removed in state.build_offers(seat, reform=index)]
    for card in sorted(set(player.hand)):
        if flags.free_citizens or player.resources["food"] >= state.rules.citizen[card].food:
            acts.append(Action("citizen", (card,)))
    if len(state.citizens):
        if flags.free_buys or player.resources["gold"] >= len(player.hand):
            acts.append(Action("buy"))
        if player.resources["gold"] >= state.comp.gold.swap:
            acts.append(Action("swap"))
    if state.impact_left and player.impact is None:
        acts.append(Action("impact"))
    if flags.planted_or_harvested or not (state.can_plant(seat) or state.can_harvest(seat)):
        acts.append(Action("end"))
    return acts


def _impact(state: LemuriaState, d: Decision) -> None:
    """Use the next Impact card, once a game."""
    number = state.impact_left.pop(0)
    card = state.rules.impact[number - 1]
    state.players[d.seat].impact = number
    state.emit(_("{name} uses the Impact card {card}.", name=state.names[d.seat], card=_(card.name)))
    powers.resolve(state, d.seat, card.effects, card.name)


def _end(state: LemuriaState, d: Decision) -> None:
    state.emit(_("{name} ends the turn.", name=state.names[d.seat]))
    months.end_turn(state)


#: the turn's moves by name: each gets the state, the decision and the action's arguments
MOVES: dict[str, Callable[..., None]] = {
    "plant": planting.plant, "harvest": planting.harvest, "build": builds.build, "reform": builds.reform,
    "citizen": citizens.play, "buy": citizens.buy, "swap": citizens.swap, "impact": _impact, "end": _end,
}


def apply_turn(state: LemuriaState, d: Decision, action: Action) -> None:
    MOVES[action.name](state, d, *action.args)


def prompt_turn(state: LemuriaState, d: Decision) -> str:
    return _("{name}: plant or harvest, build, play citizens, then end your turn.", name=state.names[d.seat])


def _label_impact(state: LemuriaState, d: Decision, action: Action) -> str:
    card = state.rules.impact[state.impact_left[0] - 1]
    return _("Impact card {n}, {card}: {effects}", n=card.number, card=_(card.name), effects=card.noun)


#: what a player reads for each move, the consequence first (about 24 characters show in the list at 80 columns)
LABELS: dict[str, Callable[[LemuriaState, Decision, Action], str]] = {
    "build": builds.label, "reform": builds.label, "citizen": citizens.label_play, "buy": citizens.label_buy,
    "impact": _label_impact,
}
WORDS = {"plant": N_("Plant matter"), "harvest": N_("Harvest"), "swap": N_("Swap a citizen card (2 gold)"),
         "end": N_("End the turn")}


def label_turn(state: LemuriaState, d: Decision, action: Action) -> str:
    label = LABELS.get(action.name)
    if label is not None:
        return label(state, d, action)
    return _(WORDS[action.name]) if action.name in WORDS else str(action)


REFUSALS = {
    "plant": N_("You cannot plant now: you have planted or harvested this turn, or have no matter that fits."),
    "harvest": N_("You have no full section of the altar holding your matter to harvest now."),
    "citizen": N_("You cannot play that citizen now: it is not in your hand or you lack the food."),
    "buy": N_("You cannot buy a citizen card now: the deck is empty or you lack the gold."),
    "swap": N_("You cannot swap a citizen card now: the deck is empty or you lack 2 gold."),
    "impact": N_("You cannot use a Lemurian Impact card now."),
    "end": N_("First plant or harvest: it is mandatory while you can."),
}


def refuse_turn(state: LemuriaState, d: Decision, action: Action) -> str:
    """A build or reform is told what is wrong with it; another move what it needs."""
    if action.name in BUILD_MOVES:
        return builds.refusal(state, d, action)
    return _(REFUSALS[action.name]) if action.name in REFUSALS else ""


KINDS: dict[str, Kind[LemuriaState]] = {
    TURN: Kind(legal_turn, apply_turn, prompt_turn, label_turn, refusal=refuse_turn, listed=True),
}
